// Stride warping's pelvis drop over frames (StrideWarpState) and the swinging foot that goes down
// with it, on the procedural humanoid's run. The drop a frame asks for follows the lower foot and
// can change by most of max_pelvis_drop_m in a frame (a run's flight phase: 6 cm, a 22 degree
// shin snap in the sideways sprint); carried over frames it moves with its half-life, exactly
// (independent of the frame rate), and eases out once the warp ends.
#include <cmath>
#include <optional>
#include <vector>

#include <gtest/gtest.h>

#include "footwork/core/spring.h"
#include "footwork/ik/ik_rig.h"
#include "footwork/ik/stride_warping.h"
#include "support/pose_eval.h"
#include "support/procedural_humanoid.h"

namespace footwork::ik {
namespace {

namespace humanoid = ::footwork::testing;

constexpr float kDt = 1.0f / 60.0f;

using Pose = humanoid::SampledPose;

class StrideWarpDropTest : public ::testing::Test {
 protected:
  void SetUp() override {
    skeleton_ = humanoid::HumanoidSkeleton();
    auto rig = BuildIkRig(skeleton_, humanoid::HumanoidRigProfile());
    ASSERT_TRUE(rig.ok()) << rig.error().message;
    rig_ = *rig;
    run_ = humanoid::MakeCycleInPlace(humanoid::RunGait());
    settings_.enabled = true;
    settings_.max_ratio = 1.5f;
    settings_.max_pelvis_drop_m = 0.2f;
    settings_.pelvis_drop_half_life_s = 0.05f;
  }

  Pose At(float time_s) const { return humanoid::SamplePose(skeleton_, run_.clip, time_s); }

  float FootY(const Pose& pose, Side side) const {
    return pose.model[rig_.legs[side].chain.end].translation.y;
  }

  // The drop a frame asks for (no state: applied at once).
  float WantedDrop(float time_s, float ratio) const {
    Pose pose = At(time_s);
    auto warped =
        ApplyStrideWarping(skeleton_, rig_, {0, 0, 1}, ratio, settings_, pose.local, pose.model);
    EXPECT_TRUE(warped.ok());
    return warped.ok() ? warped->pelvis_drop_m : 0.0f;
  }

  // One frame with the state: the result, and the pose left in `pose`.
  StrideWarpResult Step(Pose& pose, float ratio, StrideWarpState& state, float dt) const {
    auto warped = ApplyStrideWarping(skeleton_, rig_, {0, 0, 1}, ratio, settings_, state, dt,
                                     pose.local, pose.model);
    EXPECT_TRUE(warped.ok()) << warped.error().message;
    return warped.ok() ? *warped : StrideWarpResult{};
  }

  // A run time whose stride at `ratio` asks for a drop of at least `at_least` metres.
  std::optional<float> TimeWithDrop(float ratio, float at_least) const {
    for (float t = 0.0f; t < run_.truth.duration_s; t += kDt) {
      if (WantedDrop(t, ratio) >= at_least)
        return t;
    }
    return std::nullopt;
  }

  anim::Skeleton skeleton_;
  IkRig rig_;
  humanoid::HumanoidClip run_;
  StrideWarpingSettings settings_;
};

TEST_F(StrideWarpDropTest, TheDropMovesTowardItsGoalWithTheHalfLifeWhateverTheFrameRate) {
  const std::optional<float> t = TimeWithDrop(1.5f, 0.03f);
  ASSERT_TRUE(t.has_value());
  const float goal = WantedDrop(*t, 1.5f);
  const float animated_pelvis = At(*t).model[rig_.pelvis].translation.y;

  StrideWarpState one_frame;
  Pose pose = At(*t);
  const StrideWarpResult warped = Step(pose, 1.5f, one_frame, kDt);
  const float expected = DamperExact(0.0f, goal, settings_.pelvis_drop_half_life_s, kDt);
  EXPECT_NEAR(warped.pelvis_drop_m, expected, 1e-6f);
  EXPECT_LT(warped.pelvis_drop_m, 0.5f * goal);  // not the whole drop at once
  EXPECT_FLOAT_EQ(one_frame.pelvis_drop_m, warped.pelvis_drop_m);
  EXPECT_NEAR(pose.model[rig_.pelvis].translation.y, animated_pelvis - expected, 1e-5f);

  // Two half frames of the same pose land where one whole frame does.
  StrideWarpState halves;
  for (int i = 0; i < 2; ++i) {
    Pose half = At(*t);
    Step(half, 1.5f, halves, 0.5f * kDt);
  }
  EXPECT_NEAR(halves.pelvis_drop_m, one_frame.pelvis_drop_m, 1e-6f);

  // A half-life of 0 takes the whole drop at once, as without a state.
  settings_.pelvis_drop_half_life_s = 0.0f;
  StrideWarpState instant;
  Pose at_once = At(*t);
  EXPECT_NEAR(Step(at_once, 1.5f, instant, kDt).pelvis_drop_m, goal, 1e-6f);

  // A bad time step is an error and leaves the pose alone.
  settings_.pelvis_drop_half_life_s = 0.05f;
  Pose untouched = At(*t);
  StrideWarpState state;
  EXPECT_FALSE(ApplyStrideWarping(skeleton_, rig_, {0, 0, 1}, 1.5f, settings_, state, 0.0f,
                                  untouched.local, untouched.model)
                   .ok());
  const Pose animated = At(*t);
  for (std::size_t j = 0; j < untouched.local.size(); ++j)
    EXPECT_TRUE(humanoid::SameBits(untouched.local[j], animated.local[j])) << j;
}

TEST_F(StrideWarpDropTest, ADropLeftWhenTheWarpEndsEasesOutThenThePoseIsUntouched) {
  StrideWarpState state;
  state.pelvis_drop_m = 0.08f;
  float drop = state.pelvis_drop_m;
  int frames = 0;
  for (; frames < 240 && state.pelvis_drop_m > 0.0f; ++frames) {
    const float t = std::fmod(frames * kDt, run_.truth.duration_s);
    const Pose animated = At(t);
    Pose pose = animated;
    const StrideWarpResult warped = Step(pose, 1.0f, state, kDt);
    const float expected = DamperExact(drop, 0.0f, settings_.pelvis_drop_half_life_s, kDt);
    if (state.pelvis_drop_m == 0.0f)
      break;  // eased out: checked below
    EXPECT_NEAR(warped.pelvis_drop_m, expected, 1e-6f) << frames;
    // At most what the half-life allows in a frame (from 8 cm: 1.6 cm, not 8).
    EXPECT_LT(drop - warped.pelvis_drop_m, 0.25f * drop) << frames;
    EXPECT_NEAR(pose.model[rig_.pelvis].translation.y,
                animated.model[rig_.pelvis].translation.y - warped.pelvis_drop_m, 1e-5f);
    // Ratio 1: the feet stay where the animation has them, under the lower hip.
    for (const Side side : {kLeft, kRight})
      EXPECT_NEAR(FootY(pose, side), FootY(animated, side), 1e-4f) << frames;
    drop = warped.pelvis_drop_m;
  }
  EXPECT_LT(frames, 240);
  EXPECT_EQ(state.pelvis_drop_m, 0.0f);
  // From then on ratio 1 is the identity again, bit for bit.
  const Pose animated = At(0.3f);
  Pose pose = animated;
  Step(pose, 1.0f, state, kDt);
  for (std::size_t j = 0; j < pose.local.size(); ++j) {
    EXPECT_TRUE(humanoid::SameBits(pose.local[j], animated.local[j])) << j;
    EXPECT_TRUE(humanoid::SameBits(pose.model[j], animated.model[j])) << j;
  }
}

TEST_F(StrideWarpDropTest, ASwingingFootGoesDownWithThePelvisAndAPlantedOneStays) {
  settings_.pelvis_drop_half_life_s = 0.0f;
  settings_.swing_follow_lift_m = 0.05f;
  // Exact reach: the feet's heights are then the warp's targets.
  settings_.reach_limit = 1.0f;
  settings_.reach_soft_band = 0.0f;
  int checked = 0;
  for (float t = 0.0f; t < run_.truth.duration_s; t += kDt) {
    const Pose animated = At(t);
    const float lift_left = FootY(animated, kLeft) - rig_.foot_height_m;
    const float lift_right = FootY(animated, kRight) - rig_.foot_height_m;
    const Side swinging = lift_left > lift_right ? kLeft : kRight;
    const Side planted = swinging == kLeft ? kRight : kLeft;
    if (std::max(lift_left, lift_right) < settings_.swing_follow_lift_m ||
        std::min(lift_left, lift_right) > 0.005f)
      continue;
    StrideWarpState state;
    Pose pose = animated;
    const StrideWarpResult warped = Step(pose, 1.5f, state, kDt);
    if (warped.pelvis_drop_m < 0.01f || !warped.reached)
      continue;
    ++checked;
    EXPECT_NEAR(warped.feet[swinging].y, FootY(animated, swinging) - warped.pelvis_drop_m, 1e-5f)
        << t;
    EXPECT_NEAR(FootY(pose, swinging), warped.feet[swinging].y, 1e-3f) << t;
    EXPECT_NEAR(warped.feet[planted].y, FootY(animated, planted), 1e-5f) << t;
    EXPECT_NEAR(FootY(pose, planted), FootY(animated, planted), 1e-3f) << t;
  }
  EXPECT_GT(checked, 3);
}

TEST_F(StrideWarpDropTest, NegativeOrNonFiniteDropSettingsAreRejected) {
  EXPECT_TRUE(ValidateStrideWarpingSettings(settings_).ok());
  StrideWarpingSettings bad = settings_;
  bad.pelvis_drop_half_life_s = -0.1f;
  EXPECT_FALSE(ValidateStrideWarpingSettings(bad).ok());
  bad = settings_;
  bad.swing_follow_lift_m = std::nanf("");
  EXPECT_FALSE(ValidateStrideWarpingSettings(bad).ok());
}

}  // namespace
}  // namespace footwork::ik
