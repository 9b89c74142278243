#include "footwork/cook/curve_modifiers.h"

#include <gtest/gtest.h>

#include "footwork/cook/clip_quality.h"
#include "footwork/core/angles.h"

namespace footwork::cook {
namespace {

// A stop: the root decelerates uniformly from v0 to rest over stop_s, then stays.
SampledMotion UniformStop(float v0, float stop_s, float duration_s, float rate_hz = 60.0f) {
  SampledMotion motion;
  motion.rate_hz = rate_hz;
  motion.duration_s = duration_s;
  const int frames = static_cast<int>(std::lround(duration_s * rate_hz)) + 1;
  const float a = v0 / stop_s;
  for (int i = 0; i < frames; ++i) {
    const float t = std::min(static_cast<float>(i) / rate_hz, stop_s);
    Transform root;
    root.translation = {0.0f, 0.0f, v0 * t - 0.5f * a * t * t};
    motion.root.push_back(root);
  }
  return motion;
}

// A turn in place: yaw grows linearly to total_rad over turn_s.
SampledMotion LinearTurn(float total_rad, float turn_s, float duration_s) {
  SampledMotion motion;
  motion.rate_hz = 60.0f;
  motion.duration_s = duration_s;
  const int frames = static_cast<int>(std::lround(duration_s * 60.0f)) + 1;
  for (int i = 0; i < frames; ++i) {
    const float t = std::min(static_cast<float>(i) / 60.0f, turn_s);
    Transform root;
    root.rotation = QuatFromYaw(total_rad * t / turn_s);
    motion.root.push_back(root);
  }
  return motion;
}

TEST(CurveModifiersTest, DistanceIsSignedPathLengthToTheStop) {
  const SampledMotion motion = UniformStop(3.0f, 0.8f, 1.2f);
  const int stop = StopFrame(motion);
  EXPECT_NEAR(motion.TimeOf(stop), 0.8f, 0.1f);  // 5 mm tolerance stops a few frames early
  const std::vector<float> distance = DistanceValues(motion, stop);
  // Total stopping distance v0^2 / 2a = v0 * t / 2 = 1.2 m.
  EXPECT_NEAR(distance.front(), -1.2f, 0.006f);
  EXPECT_FLOAT_EQ(distance[stop], 0.0f);
  for (std::size_t i = 1; i < distance.size(); ++i)
    EXPECT_GE(distance[i], distance[i - 1]);
  // At t = 0.4 s the root has covered 3*0.4 - 0.5*3.75*0.16 = 0.9 m, so 0.3 m remain.
  EXPECT_NEAR(distance[24], -0.3f, 0.006f);
}

TEST(CurveModifiersTest, MotionSpeedFollowsTheRoot) {
  const SampledMotion motion = UniformStop(3.0f, 0.8f, 1.2f);
  const std::vector<float> speed = MotionSpeedValues(motion);
  EXPECT_NEAR(speed[0], 3.0f, 0.05f);
  EXPECT_NEAR(speed[24], 1.5f, 0.01f);  // halfway through the deceleration
  EXPECT_NEAR(speed.back(), 0.0f, 1e-5f);
}

TEST(CurveModifiersTest, RotateAlphaAndRotationAmountOfATurn) {
  const SampledMotion motion = LinearTurn(Radians(90.0f), 1.0f, 1.5f);
  const std::vector<float> alpha = RotateAlphaValues(motion);
  EXPECT_NEAR(alpha.front(), 1.0f, 1e-5f);
  EXPECT_NEAR(alpha[30], 0.5f, 1e-3f);
  EXPECT_NEAR(alpha.back(), 0.0f, 1e-5f);
  const std::vector<float> amount = RotationAmountValues(motion);
  // 90 deg/s, applied as RotationAmount * 45 deg/s.
  EXPECT_NEAR(amount[30], 2.0f, 1e-2f);
  EXPECT_NEAR(amount.back(), 0.0f, 1e-4f);
  const std::vector<float> remaining = RemainingTurnYawValues(motion);
  EXPECT_NEAR(remaining.front(), 90.0f, 1e-3f);
  EXPECT_NEAR(remaining[30], 45.0f, 1e-2f);
  const std::vector<float> weight = TurnYawWeightValues(motion);
  EXPECT_EQ(weight[30], 1.0f);
  EXPECT_EQ(weight.back(), 0.0f);
}

TEST(CurveModifiersTest, TurnAcrossTheYawWrapIsContinuous) {
  const SampledMotion motion = LinearTurn(Radians(-270.0f), 1.0f, 1.0f);
  const std::vector<float> yaw = UnwrappedRootYaw(motion);
  EXPECT_NEAR(Degrees(yaw.back()), -270.0f, 1e-2f);
  EXPECT_NEAR(RotateAlphaValues(motion)[30], 0.5f, 1e-3f);
}

TEST(CurveModifiersTest, StraightClipHasNoRotateAlpha) {
  const SampledMotion motion = UniformStop(1.0f, 0.5f, 1.0f);
  for (float a : RotateAlphaValues(motion))
    EXPECT_EQ(a, 0.0f);
}

// With a rise, a touchdown's first frame is half locked; a contact under way at a non-looping
// clip's first frame (the foot already down) and one too short to keep a fully locked frame
// between its rise and release are not ramped in.
TEST(CurveModifiersTest, FootLockRisesOverItsFirstFrameAtATouchdown) {
  ContactFlags contact(60, false);
  for (int i = 0; i < 10; ++i)
    contact[i] = contact[30 + i] = true;
  contact[50] = contact[51] = contact[52] = true;  // 3 frames: release 1 (half of 3), rise 1
  const std::vector<float> lock = FootLockValues(contact, 60.0f, 3.0f / 60.0f, false, 1.0f / 60.0f);
  EXPECT_EQ(lock[0], 1.0f);            // already down at frame 0
  EXPECT_NEAR(lock[30], 0.5f, 1e-6f);  // a touchdown
  EXPECT_EQ(lock[31], 1.0f);
  EXPECT_NEAR(lock[39], 0.25f, 1e-6f);  // the release is unchanged
  EXPECT_NEAR(lock[50], 0.5f, 1e-6f);
  EXPECT_EQ(lock[51], 1.0f);
  contact[52] = false;  // 2 frames: no fully locked frame would be left
  const std::vector<float> short_lock =
      FootLockValues(contact, 60.0f, 3.0f / 60.0f, false, 1.0f / 60.0f);
  EXPECT_EQ(short_lock[50], 1.0f);
  // Looping, a contact starting at frame 0 is a touchdown too.
  const std::vector<float> looping =
      FootLockValues(contact, 60.0f, 3.0f / 60.0f, true, 1.0f / 60.0f);
  EXPECT_NEAR(looping[30], 0.5f, 1e-6f);
}

TEST(CurveModifiersTest, FootLockAndMarkers) {
  // Planted frames 0-9 and 30-39 of 60 (not looping).
  ContactFlags contact(60, false);
  for (int i = 0; i < 10; ++i)
    contact[i] = contact[30 + i] = true;
  const std::vector<float> lock = FootLockValues(contact, 60.0f, 3.0f / 60.0f, false);
  // Fully locked, then released over the last 3 planted frames: 0 at lift-off (frame 10).
  EXPECT_EQ(lock[0], 1.0f);
  EXPECT_EQ(lock[6], 1.0f);
  EXPECT_NEAR(lock[7], 0.75f, 1e-6f);
  EXPECT_NEAR(lock[9], 0.25f, 1e-6f);
  EXPECT_EQ(lock[10], 0.0f);
  EXPECT_EQ(lock[29], 0.0f);
  EXPECT_EQ(lock[30], 1.0f);
  const auto markers = FootDownMarkers(contact, 60.0f, "Foot_L", false);
  ASSERT_EQ(markers.size(), 2u);
  EXPECT_FLOAT_EQ(markers[0].time_s, 0.0f);
  EXPECT_FLOAT_EQ(markers[1].time_s, 0.5f);
  // Looping, the same contacts give the same markers.
  ContactFlags loop_contact = contact;
  loop_contact.push_back(contact.front());
  const auto loop_markers = FootDownMarkers(loop_contact, 60.0f, "Foot_L", true);
  ASSERT_EQ(loop_markers.size(), 2u);
  EXPECT_TRUE(loop_markers[0].time_s == 0.0f || loop_markers[1].time_s == 0.0f);
}

TEST(CurveModifiersTest, LoopingContactAcrossTheSeamIsOneFootstep) {
  // 61 frames, last repeats the first; planted at frames 50..60 and 0..9.
  ContactFlags contact(61, false);
  for (int i = 50; i < 61; ++i)
    contact[i] = true;
  for (int i = 0; i < 10; ++i)
    contact[i] = true;
  const auto markers = FootDownMarkers(contact, 60.0f, "Foot_R", true);
  ASSERT_EQ(markers.size(), 1u);
  EXPECT_NEAR(markers[0].time_s, 50.0f / 60.0f, 1e-6f);
}

TEST(CurveModifiersTest, SetCurveReplacesByName) {
  anim::Clip clip;
  SetCurve(clip, MakeUniformCurve("MotionSpeed", {1, 2, 3}, 30.0f));
  SetCurve(clip, MakeUniformCurve("MotionSpeed", {4, 5}, 30.0f));
  ASSERT_EQ(clip.curves.size(), 1u);
  EXPECT_EQ(clip.curves[0].values.size(), 2u);
  EXPECT_FLOAT_EQ(clip.curves[0].times[1], 1.0f / 30.0f);
}

TEST(ClipQualityTest, ReportsEveryMissedBar) {
  ClipQuality quality;
  quality.locked_foot_speed_cm_s_left = 1.4f;
  quality.max_joint_step_deg = 20.0f;
  quality.loop_gap_deg = 3.0f;
  const Status status = CheckQuality("Walk_Loop", quality, {}, true);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.error().message.find("left foot moves 1.40"), std::string::npos);
  EXPECT_NE(status.error().message.find("20.0 deg"), std::string::npos);
  EXPECT_NE(status.error().message.find("loop does not close"), std::string::npos);
  EXPECT_TRUE(CheckQuality("Fine", ClipQuality{}, {}, true).ok());
  // Where the step is measured, the miss names the joint and the time.
  quality.max_joint_step_joint = "calf_l";
  quality.max_joint_step_time_s = 0.5f;
  const Status named = CheckQuality("Walk_Loop", quality, {}, true);
  ASSERT_FALSE(named.ok());
  EXPECT_NE(named.error().message.find("joint calf_l (at 0.50 s) turns 20.0 deg"),
            std::string::npos)
      << named.error().message;
}

// A locked foot standing over the floor misses the bar when the cook grounds planted feet; with
// no bar (a character the cook does not ground) the height is reported, not a miss.
TEST(ClipQualityTest, ALockedSoleOverTheFloorMissesOnlyWithItsBar) {
  ClipQuality quality;
  quality.locked_sole_height_cm_left = 1.5f;
  quality.locked_sole_height_cm_right = 10.5f;
  const Status status = CheckQuality("walk_start_90_l", quality, {}, false);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.error().message.find("locked right foot stands 10.50 cm over the floor"),
            std::string::npos)
      << status.error().message;
  EXPECT_EQ(status.error().message.find("left foot stands"), std::string::npos);
  ClipQualityBars no_bar;
  no_bar.max_locked_sole_height_cm.reset();
  EXPECT_TRUE(CheckQuality("walk_start_90_l", quality, no_bar, false).ok());
}

TEST(ClipQualityTest, JointStepAndPoseGap) {
  const glm::quat a(1, 0, 0, 0);
  const glm::quat b = glm::angleAxis(Radians(10.0f), glm::vec3(0, 1, 0));
  const std::vector<glm::quat> frames = {a, a, b, b};  // 2 frames x 2 joints
  EXPECT_NEAR(Degrees(MaxJointStep(frames, 2)), 10.0f, 1e-2f);
  const JointStep step = LargestJointStep({a, a, a, b}, 2);  // only joint 1 turns
  EXPECT_EQ(step.joint, 1);
  EXPECT_EQ(step.frame, 1);
  EXPECT_EQ(LargestJointStep({a, a}, 2).joint, -1) << "one frame has no step";
  EXPECT_NEAR(Degrees(PoseGap({a, a}, {a, b})), 10.0f, 1e-2f);
}

}  // namespace
}  // namespace footwork::cook
