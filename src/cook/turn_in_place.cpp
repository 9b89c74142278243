#include "footwork/cook/turn_in_place.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include <fmt/format.h>

#include "footwork/cook/clip_from_poses.h"
#include "footwork/cook/derived_pose.h"
#include "footwork/cook/sample_motion.h"
#include "footwork/core/angles.h"

namespace footwork::cook {
namespace {

// One step of one foot: it lifts at begin_s, lands at end_s, and turns from yaw_from to yaw_to
// about the root (world yaw of the foot, radians).
struct Step {
  bool left = true;
  float begin_s = 0.0f;
  float end_s = 0.0f;
  float yaw_from = 0.0f;
  float yaw_to = 0.0f;
};

// Where a foot is at time t: its world yaw about the root and its lift progress (0 = planted).
struct FootState {
  float yaw = 0.0f;
  float swing = 0.0f;  // 0..1 through the step, 0 when planted
  bool swinging = false;
};

FootState FootAt(const std::vector<Step>& steps, bool left, float t) {
  FootState state;
  for (const Step& step : steps) {
    if (step.left != left)
      continue;
    if (t >= step.end_s) {
      state.yaw = step.yaw_to;
      continue;
    }
    if (t > step.begin_s) {
      const float s = (t - step.begin_s) / (step.end_s - step.begin_s);
      state.yaw = step.yaw_from + (step.yaw_to - step.yaw_from) * Smoothstep(s);
      state.swing = s;
      state.swinging = true;
    }
    break;
  }
  return state;
}

// A planted foot twists against the hips by about 90 / n degrees when n steps share each 90
// degrees. Wide stances (the Knight's) cannot reach their planted foot at 45 degrees, so take the
// fewest steps (2 to 4) for which both hips, dipped, reach their idle foot turned either way.
int StepsPer90(const LegChains& legs, const PosePair& pose, float dip_m, float max_reach) {
  for (int n = 2; n < 4; ++n) {
    bool reach = true;
    for (const anim::TwoBoneIkChain& chain : {legs.left, legs.right}) {
      const glm::vec3 hip = pose.model[chain.upper].translation - glm::vec3(0.0f, dip_m, 0.0f);
      const glm::vec3 knee = pose.model[chain.lower].translation;
      const glm::vec3 ankle = pose.model[chain.end].translation;
      const float length = glm::length(knee - hip) + glm::length(ankle - knee);
      for (const float sign : {1.0f, -1.0f}) {
        const float twist = sign * Radians(90.0f / static_cast<float>(n));
        reach = reach && glm::length(YawPoint(twist, hip) - ankle) <= max_reach * length;
      }
    }
    if (reach)
      return n;
  }
  return 4;
}

}  // namespace

int TurnInPlaceSteps(float turn_deg, int steps_per_90) {
  return std::max(2,
                  static_cast<int>(std::ceil(std::fabs(turn_deg) / 90.0f * steps_per_90 - 0.01f)));
}

Result<anim::Clip> SynthesizeTurnInPlace(const anim::Skeleton& skeleton,
                                         const anim::RigBinding& binding, const anim::Clip& idle,
                                         float turn_deg, const TurnInPlaceSettings& settings,
                                         const std::string& name, float rate_hz,
                                         float idle_start_s) {
  if (!std::isfinite(turn_deg) || std::fabs(turn_deg) < 1.0f)
    return Error{fmt::format("{}: turn of {} degrees is not a turn", name, turn_deg)};
  Result<LegChains> legs = LegChainsOf(binding);
  if (!legs)
    return WithContext(name, legs.error());

  PosePair pose(skeleton);
  if (Status status = pose.Sample(skeleton, idle, idle_start_s, anim::WrapMode::kLoop); !status)
    return WithContext(name, status.error());
  const float leg_m = LegLength(*legs, pose);
  const float lift_m = settings.step_height_fraction * leg_m;
  const float dip_m = settings.pelvis_dip_fraction * leg_m;
  const int steps_per_90 = StepsPer90(*legs, pose, dip_m, settings.max_reach_fraction);

  const float total = Radians(turn_deg);
  const int count = TurnInPlaceSteps(turn_deg, steps_per_90);
  const float turn_s = std::max(settings.seconds_per_90_deg * std::fabs(turn_deg) / 90.0f,
                                settings.min_step_s * static_cast<float>(count));
  const float begin_s = settings.lead_in_s;
  const auto root_yaw = [&](float t) { return total * Smoothstep((t - begin_s) / turn_s); };

  // Steps alternate, the foot on the turning side first. Each lands at the root yaw reached half
  // way through the foot's next planted spell (so the leg twists as little one way as the other),
  // and each foot's last step lands on the final yaw, giving the idle stance turned.
  const float slot_s = turn_s / static_cast<float>(count);
  const float gap_s = 0.5f * settings.double_support_fraction * slot_s;
  std::vector<Step> steps;
  float yaw_left = 0.0f;
  float yaw_right = 0.0f;
  for (int k = 0; k < count; ++k) {
    Step step;
    step.left = (k % 2 == 0) == (turn_deg > 0.0f);
    step.begin_s = begin_s + k * slot_s + gap_s;
    step.end_s = begin_s + (k + 1) * slot_s - gap_s;
    float& yaw = step.left ? yaw_left : yaw_right;
    step.yaw_from = yaw;
    step.yaw_to = k >= count - 2 ? total : root_yaw(begin_s + (k + 1.5f) * slot_s);
    yaw = step.yaw_to;
    steps.push_back(step);
  }

  const float duration_s = begin_s + turn_s + settings.settle_s;
  const int frames = FrameCount(duration_s, rate_hz);
  const int joints = skeleton.num_joints();
  SampledPoses poses;
  poses.joints = joints;
  poses.rate_hz = rate_hz;
  poses.locals.reserve(static_cast<std::size_t>(frames) * joints);
  std::vector<Transform> root(static_cast<std::size_t>(frames));
  const int pelvis = binding.Joint("pelvis");
  // The dip eases in over the first step and out over the last.
  const auto dip_weight = [&](float t) {
    return Smoothstep((t - begin_s) / slot_s) *
           (1.0f - Smoothstep((t - begin_s - turn_s + slot_s) / slot_s));
  };
  for (int f = 0; f < frames; ++f) {
    const float t = static_cast<float>(f) / rate_hz;
    if (Status status = pose.Sample(skeleton, idle, idle_start_s + t, anim::WrapMode::kLoop);
        !status) {
      return WithContext(name, status.error());
    }
    // The idle's feet, before the pelvis moves.
    const Transform idle_feet[2] = {pose.model[legs->left.end], pose.model[legs->right.end]};
    if (pelvis >= 0 && dip_m > 0.0f) {
      SetModelTranslation(
          skeleton, pose, pelvis,
          pose.model[pelvis].translation - glm::vec3(0.0f, dip_m * dip_weight(t), 0.0f));
      if (Status status = pose.Refresh(skeleton); !status)
        return WithContext(name, status.error());
    }
    const float yaw = root_yaw(t);
    root[f].rotation = QuatFromYaw(yaw);
    for (const bool left : {true, false}) {
      const anim::TwoBoneIkChain& chain = left ? legs->left : legs->right;
      const FootState foot = FootAt(steps, left, t);
      // The idle's ankle, carried to the foot's world yaw, seen from the turned root.
      const float relative = foot.yaw - yaw;
      const Transform& idle_foot = idle_feet[left ? 0 : 1];
      glm::vec3 ankle = YawPoint(relative, idle_foot.translation);
      if (foot.swinging)
        ankle.y += lift_m * std::sin(kPi * foot.swing);
      const glm::quat turn = QuatFromYaw(relative);
      const glm::quat rotation = turn * idle_foot.rotation;
      if (Status status =
              PlaceFoot(skeleton, chain, ankle, rotation, turn * glm::vec3(0.0f, 0.0f, 1.0f), pose);
          !status) {
        return WithContext(name, status.error());
      }
    }
    poses.locals.insert(poses.locals.end(), pose.local.begin(), pose.local.end());
  }
  return ClipFromPoses(name, poses, root, /*looping=*/false);
}

}  // namespace footwork::cook
