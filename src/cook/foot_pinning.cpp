#include "footwork/cook/foot_pinning.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "footwork/core/angles.h"

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
  // A grounded foot's held height inside the contact (world).
  float held_y = 0.0f;
};

// Raises corrections so that none is more than `step` below its neighbours: the lowest cone
// over them. A grounded foot whose leg cannot reach the floor on one frame (a straight leg at heel
// strike) then comes down over a few frames instead of dropping the whole way on the next, and a
// ball about to sink is lifted a few frames ahead.
void LimitCorrectionSpeed(std::vector<float>& corrections, float step) {
  for (std::size_t k = 1; k < corrections.size(); ++k)
    corrections[k] = std::max(corrections[k], corrections[k - 1] - step);
  for (std::size_t k = corrections.size(); k-- > 1;)
    corrections[k - 1] = std::max(corrections[k - 1], corrections[k] - step);
}

constexpr int kMaxProjectionPasses = 64;
// The plant search: a joint-step excess of one radian weighs as much as this many metres of
// moving the plant away from its preferred point.
constexpr float kStepCostPerRad = 10.0f;
constexpr float kPlantSearchStart_m = 0.02f;
constexpr float kPlantSearchEnd_m = 0.001f;
constexpr float kReachTolerance_m = 1e-5f;

}  // namespace

glm::vec3 NearestReachablePoint(const glm::vec3& wanted, const std::vector<glm::vec3>& centers,
                                const std::vector<float>& reach) {
  glm::vec3 point = wanted;
  const std::size_t count = std::min(centers.size(), reach.size());
  for (int pass = 0; pass < kMaxProjectionPasses; ++pass) {
    bool inside = true;
    for (std::size_t i = 0; i < count; ++i) {
      const glm::vec3 from_center = point - centers[i];
      const float distance = glm::length(from_center);
      if (distance <= reach[i] + kReachTolerance_m)
        continue;
      inside = false;
      point = centers[i] + from_center * (reach[i] / distance);
    }
    if (inside)
      break;
  }
  return point;
}

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
  Result<std::vector<Transform>> modeled = ModelPoses(skeleton, poses, n);
  if (!modeled)
    return modeled.error();
  std::vector<Transform>& model = *modeled;
  const auto frame_span = [&](std::vector<Transform>& v, int f) {
    return std::span<Transform>(v.data() + static_cast<std::size_t>(f) * joints,
                                static_cast<std::size_t>(joints));
  };
  const UnrolledRoot unrolled(root, m, looping);
  const int blend_frames =
      std::max(1, static_cast<int>(std::lround(settings.blend_s * poses.rate_hz)));

  const auto wrap = [&](int u) { return looping ? u - FloorDiv(u, m) * m : u; };
  for (const FootPin& foot : feet) {
    if (static_cast<int>(foot.planted.size()) != n)
      return Error{
          fmt::format("foot pinning: {} contact flags for {} frames", foot.planted.size(), n)};
    const int point_joint = foot.pin_ball ? foot.ball : foot.chain.end;
    if (point_joint < 0 || point_joint >= joints || foot.chain.end < 0 || foot.chain.end >= joints)
      return Error{"foot pinning: the foot has no pinned joint"};
    const auto point_model = [&](int u) {
      return model[static_cast<std::size_t>(wrap(u)) * joints + point_joint].translation;
    };
    const auto world_at = [&](int u) { return unrolled.At(u).TransformPoint(point_model(u)); };
    // The height a grounded foot's point is held at in frame u (unrolled), given where it is held
    // sideways and along: where the frame's lowest sole point (heel or ball) is on the floor (the
    // root's height), raised as far as the leg needs to reach it (a straight leg at heel strike).
    const auto grounded_height = [&](int u, std::span<const Transform> frame_model,
                                     const glm::vec3& held) {
      const Transform root_u = unrolled.At(u);
      const float lowest = LowestSoleHeight(*foot.ground, root_u * frame_model[foot.chain.end]);
      const glm::vec3 point = frame_model[point_joint].translation;
      float height = root_u.TransformPoint(point).y + (root_u.translation.y - lowest);
      const glm::vec3 hip = frame_model[foot.chain.upper].translation;
      const glm::vec3 knee = frame_model[foot.chain.lower].translation;
      const glm::vec3 ankle = frame_model[foot.chain.end].translation;
      const glm::vec3 center = root_u.TransformPoint(hip + (point - ankle));
      const float reach =
          settings.max_extension * (glm::length(knee - hip) + glm::length(ankle - knee));
      const glm::vec2 across(held.x - center.x, held.z - center.z);
      const float reach2 = reach * reach - glm::dot(across, across);
      if (reach2 > 0.0f)
        height = std::max(height, center.y - std::sqrt(reach2) + kReachTolerance_m);
      return height;
    };
    const auto frame_at = [&](int u) {
      return std::span<const Transform>(&model[static_cast<std::size_t>(wrap(u)) * joints],
                                        static_cast<std::size_t>(joints));
    };
    // Solves frame u (unrolled) for `pin` into the given local and model spans (a copy of the
    // frame's source pose).
    const auto solve = [&](int u, const FramePin& pin, std::span<Transform> local,
                           std::span<Transform> frame_model) -> Status {
      const Transform root_u = unrolled.At(pin.unrolled);
      const glm::vec3 point = frame_model[point_joint].translation;
      glm::vec3 held = pin.world;
      if (pin.inside && foot.ground)
        held.y = pin.held_y;
      const glm::vec3 target_point =
          pin.inside ? root_u.InverseTransformPoint(held)
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
      if (Status status = anim::ApplyTwoBoneIk(skeleton, foot.chain, goal, local, frame_model);
          !status) {
        return WithContext(fmt::format("foot pinning, frame {}", wrap(u)), status.error());
      }
      return Status::Ok();
    };
    std::vector<FramePin> pins(static_cast<std::size_t>(m));
    for (const Run& run : PlantedRuns(foot.planted, m, looping)) {
      const int run_last = run.begin + run.length - 1;
      const bool whole_clip = run.length == m;
      const int first = whole_clip ? run.begin : run.begin - blend_frames;
      const int last = whole_clip ? run.begin + m - 1 : run_last + blend_frames;
      // A grounded foot's height over the contact for a plant held at `world` (empty if the
      // foot is not grounded).
      const auto grounded_heights = [&](const glm::vec3& world) {
        std::vector<float> heights;
        if (!foot.ground)
          return heights;
        for (int u = run.begin; u <= run_last; ++u)
          heights.push_back(grounded_height(u, frame_at(u), world) - world_at(u).y);
        LimitCorrectionSpeed(heights, settings.max_grounding_speed_m_s / poses.rate_hz);
        for (int u = run.begin; u <= run_last; ++u)
          heights[u - run.begin] += world_at(u).y;
        return heights;
      };
      // The pin of frame u for a plant held at `world`.
      const auto pin_at = [&](int u, const glm::vec3& world, const std::vector<float>& heights) {
        const int outside = std::max(run.begin - u, u - run_last);
        const float weight = outside <= 0
                                 ? 1.0f
                                 : Smoothstep(1.0f - static_cast<float>(outside) /
                                                         static_cast<float>(blend_frames + 1));
        const int edge = u < run.begin ? run.begin : run_last;
        glm::vec3 offset = world - world_at(edge);
        float held_y = world.y;
        if (!heights.empty()) {
          offset.y = heights[edge - run.begin] - world_at(edge).y;
          held_y = heights[std::clamp(u - run.begin, 0, run.length - 1)];
        }
        return FramePin{weight, outside <= 0, world, offset, u, held_y};
      };
      // Horizontally the mean position (the smallest correction); vertically the highest, so
      // the leg only ever shortens to reach it (a straight leg at heel strike cannot reach lower).
      // A grounded foot's height comes from grounded_heights instead, frame by frame.
      glm::vec3 sum(0.0f);
      float highest = -std::numeric_limits<float>::infinity();
      for (int u = run.begin; u <= run_last; ++u) {
        const glm::vec3 p = world_at(u);
        sum += p;
        highest = std::max(highest, p.y);
      }
      glm::vec3 preferred = sum / static_cast<float>(run.length);
      preferred.y = highest;
      // Every frame of the contact must reach the plant, or the foot slides where it cannot.
      std::vector<glm::vec3> centers;
      std::vector<float> reach;
      for (int u = run.begin; u <= run_last; ++u) {
        const Transform* frame_model = &model[static_cast<std::size_t>(wrap(u)) * joints];
        const glm::vec3 hip = frame_model[foot.chain.upper].translation;
        const glm::vec3 knee = frame_model[foot.chain.lower].translation;
        const glm::vec3 ankle = frame_model[foot.chain.end].translation;
        centers.push_back(unrolled.At(u).TransformPoint(hip + (point_model(u) - ankle)));
        reach.push_back(settings.max_extension *
                        (glm::length(knee - hip) + glm::length(ankle - knee)));
      }
      preferred = NearestReachablePoint(preferred, centers, reach);
      glm::vec3 pinned = preferred;
      if (settings.max_joint_step_rad > 0.0f && !whole_clip) {
        // The plant decides the leg's pose over the contact: pick, near the preferred point, the
        // one whose leg turns no joint faster than the bar between frames (a plant just behind
        // where a fast-compressing leg wants it makes its knee pop).
        const int window = last - first + 3;
        std::vector<Transform> local(static_cast<std::size_t>(joints));
        std::vector<Transform> frame_model(static_cast<std::size_t>(joints));
        std::vector<glm::quat> chain(static_cast<std::size_t>(window) * 3);
        const auto step_excess = [&](const glm::vec3& world) {
          const std::vector<float> heights = grounded_heights(world);
          for (int k = 0; k < window; ++k) {
            const int u = first - 1 + k;
            const int f = wrap(u);
            const bool in_clip = f >= 0 && f < n;
            const int clamped = std::clamp(f, 0, n - 1);
            std::copy_n(poses.locals.begin() + static_cast<std::ptrdiff_t>(clamped) * joints,
                        joints, local.begin());
            std::copy_n(model.begin() + static_cast<std::ptrdiff_t>(clamped) * joints, joints,
                        frame_model.begin());
            if (in_clip && u >= first && u <= last)
              (void)solve(u, pin_at(u, world, heights), local, frame_model);
            chain[k * 3 + 0] = local[foot.chain.upper].rotation;
            chain[k * 3 + 1] = local[foot.chain.lower].rotation;
            chain[k * 3 + 2] = local[foot.chain.end].rotation;
          }
          float step = 0.0f;
          for (int k = 1; k < window; ++k) {
            for (int j = 0; j < 3; ++j)
              step = std::max(step, AngleBetween(chain[(k - 1) * 3 + j], chain[k * 3 + j]));
          }
          return std::max(0.0f, step - settings.max_joint_step_rad);
        };
        const auto cost = [&](const glm::vec3& world, float excess_there) {
          return kStepCostPerRad * excess_there + glm::length(world - preferred);
        };
        float excess = step_excess(pinned);
        // Pattern search, halving the step size.
        const auto search = [&](std::initializer_list<glm::vec3> axes) {
          float best = cost(pinned, excess);
          for (float size = kPlantSearchStart_m; size >= kPlantSearchEnd_m; size *= 0.5f) {
            bool improved = true;
            while (improved) {
              improved = false;
              for (const glm::vec3& axis : axes) {
                for (const float sign : {1.0f, -1.0f}) {
                  const glm::vec3 candidate =
                      NearestReachablePoint(pinned + sign * size * axis, centers, reach);
                  const float excess_there = step_excess(candidate);
                  const float c = cost(candidate, excess_there);
                  if (c < best - 1e-6f) {
                    best = c;
                    pinned = candidate;
                    excess = excess_there;
                    improved = true;
                  }
                }
              }
            }
          }
        };
        if (excess > 0.0f && settings.vertical_plant_search)
          search({glm::vec3(1, 0, 0), glm::vec3(0, 1, 0), glm::vec3(0, 0, 1)});
        else if (excess > 0.0f)
          search({glm::vec3(1, 0, 0), glm::vec3(0, 0, 1)});
      }
      const std::vector<float> heights = grounded_heights(pinned);
      for (int u = first; u <= last; ++u) {
        if (!looping && (u < 0 || u >= n))
          continue;
        const FramePin pin = pin_at(u, pinned, heights);
        FramePin& strongest = pins[wrap(u)];
        if (pin.weight > strongest.weight)
          strongest = pin;
      }
    }
    for (int f = 0; f < m; ++f) {
      const FramePin& pin = pins[f];
      if (pin.weight <= 0.0f)
        continue;
      if (Status status =
              solve(pin.unrolled, pin, frame_span(poses.locals, f), frame_span(model, f));
          !status) {
        return status;
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
