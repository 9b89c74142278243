#include "footwork/cook/sole_floor_guard.h"

#include <algorithm>
#include <cmath>
#include <span>

#include <fmt/format.h>


namespace footwork::cook {
namespace {

// Added to the knee's offset from the hip-ankle midline to form the IK pole (m), as foot pinning.
constexpr float kForwardPole_m = 0.05f;

}  // namespace

std::vector<float> LiftEnvelope(const std::vector<float>& depth, float max_step_m, bool looping) {
  const int n = static_cast<int>(depth.size());
  std::vector<float> lift(depth.size(), 0.0f);
  if (!(max_step_m > 0.0f))
    return depth;
  for (int g = 0; g < n; ++g) {
    if (!(depth[g] > 0.0f))
      continue;
    // The cone around this sinking reaches zero this many frames away.
    const int reach = static_cast<int>(std::ceil(depth[g] / max_step_m));
    for (int k = -reach; k <= reach; ++k) {
      int f = g + k;
      if (looping)
        f = ((f % n) + n) % n;
      else if (f < 0 || f >= n)
        continue;
      lift[f] = std::max(lift[f], depth[g] - max_step_m * static_cast<float>(std::abs(k)));
    }
  }
  return lift;
}

Result<SoleFloorLift> LiftSolesOutOfFloor(const anim::Skeleton& skeleton, SampledPoses& poses,
                                          const std::vector<Transform>& root,
                                          const GuardedLegs& legs, const StandingFeet& standing,
                                          bool looping, const SoleFloorGuardSettings& settings) {
  const int n = poses.frames();
  const int joints = poses.joints;
  SoleFloorLift result;
  if (n == 0)
    return result;
  if (static_cast<int>(root.size()) != n || joints != skeleton.num_joints()) {
    return Error{
        fmt::format("sole floor guard: {} frames of {} joints but {} root transforms "
                    "and a {}-joint skeleton",
                    n, joints, root.size(), skeleton.num_joints())};
  }
  for (const anim::TwoBoneIkChain& leg : legs) {
    if (std::min({leg.upper, leg.lower, leg.end}) < 0 ||
        std::max({leg.upper, leg.lower, leg.end}) >= joints)
      return Error{"sole floor guard: a leg chain names a joint the skeleton lacks"};
  }
  const int m = looping && n > 1 ? n - 1 : n;
  Result<std::vector<Transform>> modeled = ModelPoses(skeleton, poses, m);
  if (!modeled)
    return WithContext("sole floor guard", modeled.error());
  std::vector<Transform>& model = *modeled;
  const auto span_of = [&](std::vector<Transform>& v, int f) {
    return std::span<Transform>(v.data() + static_cast<std::size_t>(f) * joints,
                                static_cast<std::size_t>(joints));
  };
  const float max_step = settings.max_lift_speed_m_s / poses.rate_hz;
  for (int side = 0; side < 2; ++side) {
    const anim::TwoBoneIkChain& leg = legs[side];
    std::vector<float> depth(static_cast<std::size_t>(m), 0.0f);
    for (int f = 0; f < m; ++f) {
      const Transform foot = root[f] * span_of(model, f)[leg.end];
      const float lowest = LowestSoleHeight(standing[side], foot);
      if (-lowest > settings.tolerance_m)
        depth[f] = -lowest;
      result.deepest_m = std::max(result.deepest_m, depth[f]);
    }
    const std::vector<float> lift = LiftEnvelope(depth, max_step, looping);
    for (int f = 0; f < m; ++f) {
      if (!(lift[f] > 0.0f))
        continue;
      result.largest_lift_m = std::max(result.largest_lift_m, lift[f]);
      const std::span<Transform> frame_model = span_of(model, f);
      const glm::vec3 hip = frame_model[leg.upper].translation;
      const glm::vec3 knee = frame_model[leg.lower].translation;
      const glm::vec3 ankle = frame_model[leg.end].translation;
      anim::TwoBoneIkGoal goal;
      // Up in the world is up in the model: root motion turns about the vertical only.
      goal.target = ankle + glm::inverse(root[f].rotation) * glm::vec3(0.0f, lift[f], 0.0f);
      goal.pole = knee - 0.5f * (hip + ankle) + glm::vec3(0.0f, 0.0f, kForwardPole_m);
      if (Status solved =
              anim::ApplyTwoBoneIk(skeleton, leg, goal, span_of(poses.locals, f), frame_model);
          !solved) {
        return WithContext(fmt::format("sole floor guard, frame {}", f), solved.error());
      }
    }
  }
  if (looping && n > 1) {
    std::copy(poses.locals.begin(), poses.locals.begin() + joints,
              poses.locals.begin() + static_cast<std::ptrdiff_t>(n - 1) * joints);
  }
  return result;
}

}  // namespace footwork::cook
