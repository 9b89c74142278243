#include "footwork/anim/root_motion.h"

#include <numbers>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "anim/anim_test_util.h"

namespace footwork::anim {
namespace {

using testing::AxisAngle;

constexpr float kPi = std::numbers::pi_v<float>;
constexpr float kSpeed = 1.2f;           // m/s along +Z
constexpr float kTurnRate = kPi / 2.0f;  // rad/s about +Y

// A 1 s loop whose root moves at constant velocity along +Z (in clip space).
Clip MakeWalk() {
  Clip clip;
  clip.name = "walk";
  clip.duration_s = 1.0f;
  clip.looping = true;
  clip.root_motion.translation.times = {0.0f, 0.5f, 1.0f};
  clip.root_motion.translation.values = {{0, 0, 0}, {0, 0, 0.5f * kSpeed}, {0, 0, kSpeed}};
  return clip;
}

// A 1 s loop turning in place at a constant rate, keys every 1/30 s.
Clip MakeTurn() {
  Clip clip;
  clip.name = "turn";
  clip.duration_s = 1.0f;
  clip.looping = true;
  for (int k = 0; k <= 30; ++k) {
    const float t = static_cast<float>(k) / 30.0f;
    clip.root_motion.rotation.times.push_back(t);
    clip.root_motion.rotation.values.push_back(AxisAngle({0, 1, 0}, kTurnRate * t));
  }
  return clip;
}

TEST(ExtractRootMotionTest, WithinOneLoop) {
  const Transform delta = ExtractRootMotion(MakeWalk(), 0.2f, 0.5f, WrapMode::kLoop);
  EXPECT_TRUE(testing::VecNear(delta.translation, {0, 0, 0.6f}, 1e-5f));
}

TEST(ExtractRootMotionTest, AcrossOneWrap) {
  // 0.9 s -> 0.3 s of the next loop is 0.4 s of walking: 0.48 m.
  const Transform delta = ExtractRootMotion(MakeWalk(), 0.9f, 0.4f, WrapMode::kLoop);
  EXPECT_TRUE(testing::VecNear(delta.translation, {0, 0, 0.4f * kSpeed}, 1e-5f));
}

TEST(ExtractRootMotionTest, AcrossSeveralWraps) {
  const Transform delta = ExtractRootMotion(MakeWalk(), 0.9f, 2.4f, WrapMode::kLoop);
  EXPECT_TRUE(testing::VecNear(delta.translation, {0, 0, 2.4f * kSpeed}, 1e-4f));
  // The start time may itself be outside the clip.
  const Transform shifted = ExtractRootMotion(MakeWalk(), 5.9f, 2.4f, WrapMode::kLoop);
  EXPECT_TRUE(testing::VecNear(shifted.translation, {0, 0, 2.4f * kSpeed}, 1e-4f));
}

TEST(ExtractRootMotionTest, BackwardsAcrossAWrap) {
  const Transform delta = ExtractRootMotion(MakeWalk(), 0.1f, -0.4f, WrapMode::kLoop);
  EXPECT_TRUE(testing::VecNear(delta.translation, {0, 0, -0.4f * kSpeed}, 1e-5f));
}

TEST(ExtractRootMotionTest, ClampedClipStopsAtTheEnd) {
  const Transform delta = ExtractRootMotion(MakeWalk(), 0.9f, 0.4f, WrapMode::kClamp);
  EXPECT_TRUE(testing::VecNear(delta.translation, {0, 0, 0.1f * kSpeed}, 1e-5f));
}

TEST(ExtractRootMotionTest, TurnAcrossWrapAddsAngles) {
  const Transform delta = ExtractRootMotion(MakeTurn(), 0.9f, 1.4f, WrapMode::kLoop);
  EXPECT_TRUE(testing::QuatNear(delta.rotation, AxisAngle({0, 1, 0}, 1.4f * kTurnRate), 2e-3f));
}

TEST(ExtractRootMotionTest, MotionIsInTheStartFrame) {
  // Turning while walking forward: the delta over a quarter turn is expressed in the root's
  // frame at the start, so forward stays +Z for a short step wherever the clip starts.
  Clip clip = MakeTurn();
  clip.root_motion.translation.times = {0.0f, 1.0f};
  clip.root_motion.translation.values = {{0, 0, 0}, {0, 0, 0}};
  const Transform from_start = ExtractRootMotion(clip, 0.0f, 0.2f, WrapMode::kLoop);
  const Transform later = ExtractRootMotion(clip, 0.6f, 0.2f, WrapMode::kLoop);
  EXPECT_TRUE(testing::QuatNear(from_start.rotation, later.rotation, 2e-3f));
}

TEST(ExtractRootMotionTest, NoTrackGivesIdentity) {
  Clip clip = MakeWalk();
  clip.root_motion = {};
  EXPECT_TRUE(testing::TransformNear(ExtractRootMotion(clip, 0.9f, 0.4f, WrapMode::kLoop),
                                     Transform::Identity()));
}

// Summing per-frame deltas over several loops gives the same motion as one extraction.
RC_GTEST_PROP(RootMotionProperties, FrameDeltasComposeToTheWholeStep, ()) {
  Clip clip = MakeTurn();
  clip.root_motion.translation.times = {0.0f, 0.5f, 1.0f};
  clip.root_motion.translation.values = {{0, 0, 0}, {0.3f, 0, 0.6f}, {0, 0, 1.2f}};
  const float start = static_cast<float>(*rc::gen::inRange(0, 1000)) / 1000.0f;
  const int frames = *rc::gen::inRange(1, 200);
  const float step = 1.0f / 60.0f;
  Transform accumulated = Transform::Identity();
  SamplingCache cache(0);
  for (int frame = 0; frame < frames; ++frame) {
    accumulated = accumulated * ExtractRootMotion(clip, start + static_cast<float>(frame) * step,
                                                  step, WrapMode::kLoop, &cache);
  }
  const Transform whole =
      ExtractRootMotion(clip, start, static_cast<float>(frames) * step, WrapMode::kLoop);
  RC_ASSERT(testing::TransformNear(accumulated, whole, 5e-3f));
}

}  // namespace
}  // namespace footwork::anim
