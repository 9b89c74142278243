#include "footwork/cook/pose_cleanup.h"

#include <fmt/format.h>

#include "footwork/cook/clip_quality.h"
#include "footwork/cook/joint_step_limit.h"
#include "footwork/core/angles.h"

namespace footwork::cook {
namespace {

// Smooth-then-pin passes at most; each one costs a full pin of the clip.
constexpr int kMaxRepinPasses = 4;

float MaxStep(const SampledPoses& poses) {
  std::vector<glm::quat> rotations;
  rotations.reserve(poses.locals.size());
  for (const Transform& t : poses.locals)
    rotations.push_back(t.rotation);
  return MaxJointStep(rotations, poses.joints);
}

// The planted legs' rotations, which smoothing must leave to the IK.
std::vector<char> FrozenLegs(const SampledPoses& poses, const std::vector<FootPin>& pins) {
  std::vector<char> frozen(poses.locals.size(), 0);
  for (const FootPin& pin : pins) {
    for (int f = 0; f < poses.frames() && f < static_cast<int>(pin.planted.size()); ++f) {
      if (!pin.planted[f])
        continue;
      for (const int joint : {pin.chain.upper, pin.chain.lower, pin.chain.end, pin.ball}) {
        if (joint >= 0)
          frozen[static_cast<std::size_t>(f) * poses.joints + joint] = 1;
      }
    }
  }
  return frozen;
}

// How hard the cleanup works on the planted legs; each level is tried only when the one before
// leaves a joint over the bar, so clips that were clean stay exactly as they were.
enum class Effort {
  // Pin at the preferred plants, smooth around them with the planted legs frozen.
  kPin,
  // Also move plants sideways and along to keep the legs under the limit; smooth the planted
  // legs too and pin again.
  kMovePlants,
  // Also move plants up and down.
  kMovePlantsVertically,
};

Result<PoseCleanup> CleanUpOnce(const anim::Skeleton& skeleton, SampledPoses& poses,
                                const std::vector<Transform>& root,
                                const std::vector<FootPin>& pins, bool looping,
                                const PoseCleanupSettings& settings, Effort effort) {
  PoseCleanup cleanup;
  const std::vector<char> frozen = FrozenLegs(poses, pins);
  if (const int smoothed = LimitJointSteps(poses, settings.step_limit_rad, looping, frozen);
      smoothed > 0) {
    cleanup.changed = true;
    cleanup.notes.push_back(
        fmt::format("smoothed {} joint(s) turning more than {:.1f} deg in one frame", smoothed,
                    Degrees(settings.step_limit_rad)));
  }
  if (pins.empty())
    return cleanup;
  FootPinningSettings pinning;
  pinning.blend_s = settings.foot_pin_blend_s;
  pinning.max_joint_step_rad = effort == Effort::kPin ? 0.0f : settings.step_limit_rad;
  pinning.vertical_plant_search = effort == Effort::kMovePlantsVertically;
  if (Status pinned = PinFeet(skeleton, poses, root, pins, looping, pinning); !pinned)
    return pinned.error();
  cleanup.changed = true;
  cleanup.notes.push_back(effort == Effort::kPin ? "planted feet pinned with two-bone IK"
                          : effort == Effort::kMovePlants
                              ? "planted feet pinned with two-bone IK, plants moved sideways or "
                                "along to keep the legs under the joint-step bar"
                              : "planted feet pinned with two-bone IK, plants moved in any "
                                "direction to keep the legs under the joint-step bar");
  // The IK can turn a knee fast at the contact edges: smooth again, the planted legs frozen.
  if (const int smoothed = LimitJointSteps(poses, settings.step_limit_rad, looping, frozen);
      smoothed > 0) {
    cleanup.notes.push_back(
        fmt::format("smoothed {} joint(s) around the pinned contacts", smoothed));
  }
  // Pops left inside the planted legs: smooth every joint, then pin the feet again (the plant
  // search keeps the re-pinned legs under the limit where it can), a few times if need be.
  if (effort == Effort::kPin)
    return cleanup;
  int passes = 0;
  while (passes < kMaxRepinPasses && MaxStep(poses) > settings.step_bar_rad &&
         LimitJointSteps(poses, settings.step_limit_rad, looping, {}) > 0) {
    if (Status pinned = PinFeet(skeleton, poses, root, pins, looping, pinning); !pinned)
      return pinned.error();
    LimitJointSteps(poses, settings.step_limit_rad, looping, frozen);
    ++passes;
  }
  if (passes > 0) {
    cleanup.notes.push_back(
        fmt::format("smoothed the planted legs and pinned the feet again ({}x)", passes));
  }
  return cleanup;
}

}  // namespace

Result<PoseCleanup> CleanUpPoses(const anim::Skeleton& skeleton, SampledPoses& poses,
                                 const std::vector<Transform>& root,
                                 const std::vector<FootPin>& pins, bool looping,
                                 const PoseCleanupSettings& settings) {
  const SampledPoses input = poses;
  Result<PoseCleanup> best =
      CleanUpOnce(skeleton, poses, root, pins, looping, settings, Effort::kPin);
  if (!best || pins.empty())
    return best;
  float best_step = MaxStep(poses);
  for (const Effort effort : {Effort::kMovePlants, Effort::kMovePlantsVertically}) {
    if (best_step <= settings.step_bar_rad)
      break;
    SampledPoses attempt = input;
    Result<PoseCleanup> cleanup =
        CleanUpOnce(skeleton, attempt, root, pins, looping, settings, effort);
    if (!cleanup)
      return cleanup;
    const float step = MaxStep(attempt);
    if (step < best_step) {
      best_step = step;
      best = std::move(cleanup);
      poses = std::move(attempt);
    }
  }
  return best;
}

}  // namespace footwork::cook
