#include "footwork/anim/clip.h"

#include <cmath>

#include <fmt/format.h>

namespace footwork::anim {
namespace {

bool Finite(const glm::vec3& v) { return IsFinite(v); }
bool Finite(const glm::quat& q) { return IsFinite(q); }

template <typename T>
Status ValidateChannel(const Channel<T>& channel, float duration, const std::string& where) {
  if (channel.times.size() != channel.values.size()) {
    return Error{fmt::format("{}: {} times but {} values", where, channel.times.size(),
                             channel.values.size())};
  }
  for (std::size_t k = 0; k < channel.times.size(); ++k) {
    const float t = channel.times[k];
    if (!std::isfinite(t) || t < 0.0f || t > duration + 1e-4f) {
      return Error{fmt::format("{}: key {} time {} outside [0, {}]", where, k, t, duration)};
    }
    if (k > 0 && !(t > channel.times[k - 1])) {
      return Error{fmt::format("{}: key {} time {} does not increase", where, k, t)};
    }
    if (!Finite(channel.values[k])) {
      return Error{fmt::format("{}: key {} value is not finite", where, k)};
    }
    if constexpr (std::is_same_v<T, glm::quat>) {
      if (std::fabs(glm::length(channel.values[k]) - 1.0f) > 1e-3f) {
        return Error{fmt::format("{}: key {} is not a unit quaternion", where, k)};
      }
    }
  }
  return Status::Ok();
}

}  // namespace

const FloatCurve* Clip::FindCurve(std::string_view curve_name) const {
  for (const FloatCurve& curve : curves) {
    if (curve.name == curve_name) return &curve;
  }
  return nullptr;
}

FloatCurve* Clip::FindCurve(std::string_view curve_name) {
  for (FloatCurve& curve : curves) {
    if (curve.name == curve_name) return &curve;
  }
  return nullptr;
}

std::size_t Clip::CountKeys() const {
  std::size_t keys = 0;
  for (const JointTrack& track : tracks) {
    keys += track.translation.size() + track.rotation.size() + track.scale.size();
  }
  return keys;
}

Status Clip::Validate(int num_joints) const {
  const std::string where = fmt::format("clip '{}'", name);
  if (!std::isfinite(duration_s) || duration_s < 0.0f) {
    return Error{fmt::format("{}: duration {} is not a finite non-negative number", where,
                             duration_s)};
  }
  if (static_cast<int>(tracks.size()) != num_joints) {
    return Error{fmt::format("{}: {} joint tracks for a {}-joint skeleton", where, tracks.size(),
                             num_joints)};
  }
  for (int j = 0; j < num_joints; ++j) {
    const JointTrack& track = tracks[j];
    const std::string joint = fmt::format("{} joint {}", where, j);
    if (Status s = ValidateChannel(track.translation, duration_s, joint + " translation"); !s) {
      return s;
    }
    if (Status s = ValidateChannel(track.rotation, duration_s, joint + " rotation"); !s) return s;
    if (Status s = ValidateChannel(track.scale, duration_s, joint + " scale"); !s) return s;
  }
  if (Status s = ValidateChannel(root_motion.translation, duration_s,
                                 where + " root motion translation");
      !s) {
    return s;
  }
  if (Status s = ValidateChannel(root_motion.rotation, duration_s, where + " root motion rotation");
      !s) {
    return s;
  }
  for (const FloatCurve& curve : curves) {
    const std::string curve_where = fmt::format("{} curve '{}'", where, curve.name);
    if (curve.name.empty()) return Error{where + ": a curve has an empty name"};
    if (curve.times.size() != curve.values.size() || curve.times.empty()) {
      return Error{fmt::format("{}: {} times, {} values (need the same non-zero count)",
                               curve_where, curve.times.size(), curve.values.size())};
    }
    for (std::size_t k = 0; k < curve.times.size(); ++k) {
      if (!std::isfinite(curve.times[k]) || !std::isfinite(curve.values[k])) {
        return Error{fmt::format("{}: key {} is not finite", curve_where, k)};
      }
      if (k > 0 && !(curve.times[k] > curve.times[k - 1])) {
        return Error{fmt::format("{}: key {} time does not increase", curve_where, k)};
      }
    }
  }
  for (std::size_t m = 0; m < markers.size(); ++m) {
    const SyncMarker& marker = markers[m];
    if (!std::isfinite(marker.time_s) || marker.time_s < 0.0f ||
        marker.time_s > duration_s + 1e-4f) {
      return Error{fmt::format("{}: marker '{}' at {} outside the clip", where, marker.name,
                               marker.time_s)};
    }
    if (m > 0 && marker.time_s < markers[m - 1].time_s) {
      return Error{fmt::format("{}: markers are not sorted by time", where)};
    }
  }
  for (const Notify& notify : notifies) {
    if (!std::isfinite(notify.time_s) || !std::isfinite(notify.duration_s) ||
        notify.duration_s < 0.0f || notify.time_s < 0.0f) {
      return Error{fmt::format("{}: notify '{}' has an invalid time", where, notify.name)};
    }
  }
  return Status::Ok();
}

}  // namespace footwork::anim
