#include "footwork/cook/curve_modifiers.h"

#include <algorithm>
#include <cmath>

#include "footwork/cook/foot_contacts.h"
#include "footwork/core/angles.h"

namespace footwork::cook {
namespace {

glm::vec3 Horizontal(const glm::vec3& v) {
  return {v.x, 0.0f, v.z};
}

// Central difference of per-frame values (one-sided at the ends), per second.
std::vector<float> Derivative(const std::vector<float>& values, float rate_hz) {
  const int n = static_cast<int>(values.size());
  std::vector<float> result(n, 0.0f);
  if (n < 2)
    return result;
  for (int i = 0; i < n; ++i) {
    const int prev = std::max(i - 1, 0);
    const int next = std::min(i + 1, n - 1);
    result[i] = (values[next] - values[prev]) * rate_hz / static_cast<float>(next - prev);
  }
  return result;
}

}  // namespace

anim::FloatCurve MakeUniformCurve(const std::string& name, const std::vector<float>& values,
                                  float rate_hz) {
  anim::FloatCurve curve;
  curve.name = name;
  curve.values = values;
  curve.times.resize(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    curve.times[i] = static_cast<float>(i) / rate_hz;
  }
  return curve;
}

std::vector<float> MotionSpeedValues(const SampledMotion& motion) {
  const int n = motion.frames();
  std::vector<float> speed(n, 0.0f);
  if (n < 2)
    return speed;
  for (int i = 0; i < n; ++i) {
    const int prev = std::max(i - 1, 0);
    const int next = std::min(i + 1, n - 1);
    const glm::vec3 delta =
        Horizontal(motion.root[next].translation - motion.root[prev].translation);
    speed[i] = glm::length(delta) * motion.rate_hz / static_cast<float>(next - prev);
  }
  return speed;
}

std::vector<float> DistanceValues(const SampledMotion& motion, int marker_frame) {
  const int n = motion.frames();
  std::vector<float> path(n, 0.0f);
  for (int i = 1; i < n; ++i) {
    path[i] = path[i - 1] +
              glm::length(Horizontal(motion.root[i].translation - motion.root[i - 1].translation));
  }
  const float at_marker = n > 0 ? path[std::clamp(marker_frame, 0, n - 1)] : 0.0f;
  for (float& d : path)
    d -= at_marker;
  return path;
}

int StopFrame(const SampledMotion& motion, float tolerance_m) {
  const int n = motion.frames();
  if (n == 0)
    return 0;
  const glm::vec3 final_position = Horizontal(motion.root[n - 1].translation);
  int frame = n - 1;
  while (frame > 0 && glm::length(Horizontal(motion.root[frame - 1].translation) -
                                  final_position) <= tolerance_m) {
    --frame;
  }
  return frame;
}

std::vector<float> UnwrappedRootYaw(const SampledMotion& motion) {
  const int n = motion.frames();
  std::vector<float> yaw(n, 0.0f);
  if (n == 0)
    return yaw;
  float previous = YawFromQuat(motion.root[0].rotation);
  for (int i = 1; i < n; ++i) {
    const float current = YawFromQuat(motion.root[i].rotation);
    yaw[i] = yaw[i - 1] + NormalizedDeltaAngle(current, previous);
    previous = current;
  }
  return yaw;
}

std::vector<float> RotateAlphaValues(const SampledMotion& motion, float min_turn_rad) {
  const std::vector<float> yaw = UnwrappedRootYaw(motion);
  std::vector<float> alpha(yaw.size(), 0.0f);
  if (yaw.empty())
    return alpha;
  const float total = yaw.back();
  if (std::fabs(total) < min_turn_rad)
    return alpha;
  for (std::size_t i = 0; i < yaw.size(); ++i) {
    alpha[i] = std::clamp(1.0f - yaw[i] / total, 0.0f, 1.0f);
  }
  return alpha;
}

std::vector<float> RotationAmountValues(const SampledMotion& motion) {
  std::vector<float> rate = Derivative(UnwrappedRootYaw(motion), motion.rate_hz);
  for (float& r : rate)
    r = Degrees(r) / 45.0f;
  return rate;
}

std::vector<float> RemainingTurnYawValues(const SampledMotion& motion) {
  const std::vector<float> yaw = UnwrappedRootYaw(motion);
  std::vector<float> remaining(yaw.size(), 0.0f);
  if (yaw.empty())
    return remaining;
  for (std::size_t i = 0; i < yaw.size(); ++i)
    remaining[i] = Degrees(yaw.back() - yaw[i]);
  return remaining;
}

std::vector<float> TurnYawWeightValues(const SampledMotion& motion, float done_tolerance_deg) {
  std::vector<float> weight = RemainingTurnYawValues(motion);
  for (float& w : weight)
    w = std::fabs(w) > done_tolerance_deg ? 1.0f : 0.0f;
  return weight;
}

std::vector<float> FootLockValues(const ContactFlags& contact, float rate_hz, float release_s,
                                  bool looping, float rise_s) {
  const int n = static_cast<int>(contact.size());
  std::vector<float> lock(n, 0.0f);
  const int release_frames = std::max(1, static_cast<int>(std::lround(release_s * rate_hz)));
  const int rise_frames = std::max(0, static_cast<int>(std::lround(rise_s * rate_hz)));
  for (const ContactInterval& interval : ContactIntervals(contact, looping)) {
    const int length = (interval.end - interval.begin + n) % n + 1;
    // The release ends at lift-off: the last `ramp` planted frames fall toward 0, so the runtime
    // has let go of the foot by the time it leaves the ground. At least half the contact stays
    // fully locked.
    const int ramp = length >= n ? 0 : std::min(release_frames, length / 2);
    for (int k = 0; k < length; ++k) {
      const int i = (interval.begin + k) % n;
      const int from_end = length - 1 - k;  // 0 on the last planted frame
      lock[i] =
          from_end >= ramp ? 1.0f : static_cast<float>(from_end + 1) / static_cast<float>(ramp + 1);
      // Not a contact under way at a non-looping clip's first frame (that foot is already
      // down: a turn in place starts standing), and only where a fully locked frame is left
      // between the rise and the release.
      const bool touchdown = looping || interval.begin > 0;
      if (touchdown && k < rise_frames && length < n && length > rise_frames + ramp)
        lock[i] =
            std::min(lock[i], static_cast<float>(k + 1) / static_cast<float>(rise_frames + 1));
    }
  }
  // A looping clip's last frame repeats its first.
  if (looping && n > 1)
    lock[n - 1] = lock[0] = std::max(lock[0], lock[n - 1]);
  return lock;
}

std::vector<anim::SyncMarker> FootDownMarkers(const ContactFlags& contact, float rate_hz,
                                              const std::string& name, bool looping) {
  std::vector<anim::SyncMarker> markers;
  const int n = static_cast<int>(contact.size());
  for (const ContactInterval& interval : ContactIntervals(contact, looping)) {
    // A looping clip's last frame repeats its first: a contact starting there starts at time 0.
    const int frame = (looping && interval.begin == n - 1) ? 0 : interval.begin;
    markers.push_back({name, static_cast<float>(frame) / rate_hz});
  }
  return markers;
}

void SetCurve(anim::Clip& clip, anim::FloatCurve curve) {
  if (anim::FloatCurve* existing = clip.FindCurve(curve.name)) {
    *existing = std::move(curve);
    return;
  }
  clip.curves.push_back(std::move(curve));
}

void AddMarkers(anim::Clip& clip, const std::vector<anim::SyncMarker>& markers) {
  clip.markers.insert(clip.markers.end(), markers.begin(), markers.end());
  std::stable_sort(
      clip.markers.begin(), clip.markers.end(),
      [](const anim::SyncMarker& a, const anim::SyncMarker& b) { return a.time_s < b.time_s; });
}

}  // namespace footwork::cook
