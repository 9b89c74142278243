#include "footwork/cook/foot_pinning.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "footwork/anim/local_to_model.h"

namespace footwork::cook {
namespace {

float Smoothstep(float u) {
  u = std::clamp(u, 0.0f, 1.0f);
  return u * u * (3.0f - 2.0f * u);
}

// Added to the knee's offset from the hip-ankle midline to form the IK pole (m).
constexpr float kForwardPoleBias_m = 0.05f;

// Floor division and modulo for unrolled frame indices of a loop.
int FloorDiv(int a, int b) {
  return a >= 0 ? a / b : -((-a + b - 1) / b);
}

// The root transform at an unrolled frame: a loop's frame u = r + k * m is frame r moved by k
// whole cycles (the root's displacement from first to last frame, applied k times).
class UnrolledRoot {
 public:
  UnrolledRoot(const std::vector<Transform>& root, int unique_frames, bool looping)
      : root_(root), m_(unique_frames), looping_(looping) {
    if (looping_ && !root.empty()) {
      cycle_ = root.back() * root.front().Inverse();
      cycle_inverse_ = cycle_.Inverse();
    }
  }
  Transform At(int u) const {
    const int n = static_cast<int>(root_.size());
    if (!looping_)
      return root_[std::clamp(u, 0, n - 1)];
    const int k = FloorDiv(u, m_);
    Transform t = root_[u - k * m_];
    for (int i = 0; i < k; ++i)
      t = cycle_ * t;
    for (int i = 0; i > k; --i)
      t = cycle_inverse_ * t;
    return t;
  }

 private:
  const std::vector<Transform>& root_;
  int m_;
  bool looping_;
  Transform cycle_ = Transform::Identity();
  Transform cycle_inverse_ = Transform::Identity();
};

struct Run {
  int begin = 0;  // unrolled
  int length = 0;
};

// Runs of planted frames among the first m flags (circular when looping).
std::vector<Run> PlantedRuns(const ContactFlags& flags, int m, bool looping) {
  std::vector<Run> runs;
  if (std::all_of(flags.begin(), flags.begin() + m, [](bool f) { return f; })) {
    runs.push_back({0, m});
    return runs;
  }
  // Start scanning right after an unplanted frame so no run is split by the clip's end.
  int start = 0;
  if (looping) {
    while (flags[start])
      ++start;
  }
  for (int i = 0; i < m;) {
    const int index = start + i;
    if (!flags[index % m]) {
      ++i;
      continue;
    }
    int length = 0;
    while (i + length < m && flags[(index + length) % m])
      ++length;
    runs.push_back({index, length});
    i += length;
  }
  return runs;
}

// What one frame of one foot is pinned to: the strongest of the overlapping contact blends.
// Inside a contact the point is held at `world`; in the blends around it, the point follows its
// own path moved by `offset` (the correction at the nearest contact edge), faded by the weight, so
// a lifting foot keeps lifting instead of being pulled back to the ground.
struct FramePin {
  float weight = 0.0f;
  bool inside = false;
  glm::vec3 world{0.0f};
  glm::vec3 offset{0.0f};
  int unrolled = 0;
};

}  // namespace

Status PinFeet(const anim::Skeleton& skeleton, SampledPoses& poses,
               const std::vector<Transform>& root, const std::vector<FootPin>& feet, bool looping,
               const FootPinningSettings& settings) {
  const int n = poses.frames();
  const int joints = poses.joints;
  if (n == 0)
    return Status::Ok();
  if (static_cast<int>(root.size()) != n || joints != skeleton.num_joints()) {
    return Error{
        fmt::format("foot pinning: {} frames of {} joints but {} root transforms and a "
                    "{}-joint skeleton",
                    n, joints, root.size(), skeleton.num_joints())};
  }
  const int m = looping && n > 1 ? n - 1 : n;
  std::vector<Transform> model(static_cast<std::size_t>(n) * joints);
  const auto frame_span = [&](std::vector<Transform>& v, int f) {
    return std::span<Transform>(v.data() + static_cast<std::size_t>(f) * joints,
                                static_cast<std::size_t>(joints));
  };
  for (int f = 0; f < n; ++f) {
    anim::LocalToModelJob job{&skeleton, frame_span(poses.locals, f), Transform::Identity(),
                              frame_span(model, f)};
    if (Status status = job.Run(); !status)
      return status;
  }
  const UnrolledRoot unrolled(root, m, looping);
  const int blend_frames =
      std::max(1, static_cast<int>(std::lround(settings.blend_s * poses.rate_hz)));

  for (const FootPin& foot : feet) {
    if (static_cast<int>(foot.planted.size()) != n)
      return Error{
          fmt::format("foot pinning: {} contact flags for {} frames", foot.planted.size(), n)};
    const int point_joint = foot.pin_ball ? foot.ball : foot.chain.end;
    if (point_joint < 0 || point_joint >= joints || foot.chain.end < 0 || foot.chain.end >= joints)
      return Error{"foot pinning: the foot has no pinned joint"};
    const auto point_model = [&](int u) {
      const int f = looping ? u - FloorDiv(u, m) * m : u;
      return model[static_cast<std::size_t>(f) * joints + point_joint].translation;
    };
    std::vector<FramePin> pins(static_cast<std::size_t>(m));
    for (const Run& run : PlantedRuns(foot.planted, m, looping)) {
      const auto world_at = [&](int u) { return unrolled.At(u).TransformPoint(point_model(u)); };
      // Horizontally the mean position (the smallest correction); vertically the highest, so
      // the leg only ever shortens to reach it (a straight leg at heel strike cannot reach lower).
      glm::vec3 sum(0.0f);
      float highest = -std::numeric_limits<float>::infinity();
      for (int u = run.begin; u < run.begin + run.length; ++u) {
        const glm::vec3 p = world_at(u);
        sum += p;
        highest = std::max(highest, p.y);
      }
      glm::vec3 pinned = sum / static_cast<float>(run.length);
      pinned.y = highest;
      const int run_last = run.begin + run.length - 1;
      const glm::vec3 offset_in = pinned - world_at(run.begin);
      const glm::vec3 offset_out = pinned - world_at(run_last);
      const bool whole_clip = run.length == m;
      const int first = whole_clip ? run.begin : run.begin - blend_frames;
      const int last = whole_clip ? run.begin + m - 1 : run_last + blend_frames;
      for (int u = first; u <= last; ++u) {
        if (!looping && (u < 0 || u >= n))
          continue;
        const int outside = std::max(run.begin - u, u - run_last);
        const float weight = outside <= 0
                                 ? 1.0f
                                 : Smoothstep(1.0f - static_cast<float>(outside) /
                                                         static_cast<float>(blend_frames + 1));
        FramePin& pin = pins[looping ? u - FloorDiv(u, m) * m : u];
        if (weight > pin.weight)
          pin = {weight, outside <= 0, pinned, u < run.begin ? offset_in : offset_out, u};
      }
    }
    for (int f = 0; f < m; ++f) {
      const FramePin& pin = pins[f];
      if (pin.weight <= 0.0f)
        continue;
      std::span<Transform> frame_model = frame_span(model, f);
      const Transform root_u = unrolled.At(pin.unrolled);
      const glm::vec3 point = frame_model[point_joint].translation;
      const glm::vec3 target_point =
          pin.inside ? root_u.InverseTransformPoint(pin.world)
                     : root_u.InverseTransformPoint(root_u.TransformPoint(point) +
                                                    pin.weight * pin.offset);
      const glm::vec3 ankle = frame_model[foot.chain.end].translation;
      const glm::vec3 target = foot.pin_ball ? ankle + (target_point - point) : target_point;
      // Bend the knee the way the source bends it, biased forward so that a nearly straight
      // source leg (whose own bend direction is noise) bends forward instead of flipping.
      const glm::vec3 hip = frame_model[foot.chain.upper].translation;
      const glm::vec3 knee = frame_model[foot.chain.lower].translation;
      const glm::vec3 pole =
          knee - 0.5f * (hip + ankle) + glm::vec3(0.0f, 0.0f, kForwardPoleBias_m);
      anim::TwoBoneIkGoal goal;
      goal.target = target;
      goal.pole = pole;
      goal.weight = pin.weight;
      goal.max_extension = settings.max_extension;
      if (Status status = anim::ApplyTwoBoneIk(skeleton, foot.chain, goal,
                                               frame_span(poses.locals, f), frame_model);
          !status) {
        return WithContext(fmt::format("foot pinning, frame {}", f), status.error());
      }
    }
  }
  if (looping && n > 1) {
    std::copy(poses.locals.begin(), poses.locals.begin() + joints,
              poses.locals.begin() + static_cast<std::ptrdiff_t>(n - 1) * joints);
  }
  return Status::Ok();
}

}  // namespace footwork::cook
