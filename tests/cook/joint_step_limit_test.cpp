#include "footwork/cook/joint_step_limit.h"

#include <gtest/gtest.h>

#include "footwork/core/angles.h"
#include "footwork/core/transform.h"

namespace footwork::cook {
namespace {

// One joint yawing through the given angles (degrees), one frame each.
SampledPoses YawFrames(const std::vector<float>& degrees) {
  SampledPoses poses;
  poses.joints = 1;
  for (const float d : degrees) {
    Transform t = Transform::Identity();
    t.rotation = QuatFromYaw(Radians(d));
    poses.locals.push_back(t);
  }
  return poses;
}

float MaxStepDeg(const SampledPoses& poses) {
  float largest = 0.0f;
  for (int f = 1; f < poses.frames(); ++f)
    largest = std::max(
        largest, Degrees(AngleBetween(poses.locals[f - 1].rotation, poses.locals[f].rotation)));
  return largest;
}

TEST(JointStepLimitTest, SpreadsAPopOverItsNeighboursAndKeepsTheEnds) {
  // 0 degrees for 10 frames, then a 40-degree jump, then 40 degrees for 10 frames.
  std::vector<float> degrees(20, 0.0f);
  std::fill(degrees.begin() + 10, degrees.end(), 40.0f);
  SampledPoses poses = YawFrames(degrees);
  const SampledPoses before = poses;
  EXPECT_EQ(LimitJointSteps(poses, Radians(13.5f), /*looping=*/false), 1);
  EXPECT_LE(MaxStepDeg(poses), 13.5f + 1e-3f);
  EXPECT_FLOAT_EQ(AngleBetween(poses.locals.front().rotation, before.locals.front().rotation),
                  0.0f);
  EXPECT_FLOAT_EQ(AngleBetween(poses.locals.back().rotation, before.locals.back().rotation), 0.0f);
  // Frames far from the pop are untouched.
  EXPECT_NEAR(Degrees(AngleBetween(poses.locals[1].rotation, before.locals[1].rotation)), 0.0f,
              1e-3f);
  EXPECT_NEAR(Degrees(AngleBetween(poses.locals[18].rotation, before.locals[18].rotation)), 0.0f,
              1e-3f);
}

TEST(JointStepLimitTest, LoopsStayClosed) {
  // Up to 40 degrees in one frame and back down gently; the last frame repeats the first.
  std::vector<float> degrees = {0, 40, 35, 30, 25, 20, 15, 10, 5, 0};
  SampledPoses poses = YawFrames(degrees);
  EXPECT_EQ(LimitJointSteps(poses, Radians(13.5f), /*looping=*/true), 1);
  EXPECT_LE(MaxStepDeg(poses), 13.5f + 1e-3f);
  EXPECT_NEAR(AngleBetween(poses.locals.front().rotation, poses.locals.back().rotation), 0.0f,
              1e-5f);
}

TEST(JointStepLimitTest, FrozenFramesKeepTheirRotation) {
  std::vector<float> degrees(20, 0.0f);
  std::fill(degrees.begin() + 10, degrees.end(), 40.0f);
  SampledPoses poses = YawFrames(degrees);
  const SampledPoses before = poses;
  // Frames 10-19 are frozen (a pinned leg): the pop is spread over frames 1-9 only.
  std::vector<char> frozen(poses.locals.size(), 0);
  std::fill(frozen.begin() + 10, frozen.end(), 1);
  EXPECT_EQ(LimitJointSteps(poses, Radians(13.5f), false, frozen), 1);
  EXPECT_LE(MaxStepDeg(poses), 13.5f + 1e-3f);
  for (int f = 10; f < 20; ++f)
    EXPECT_EQ(poses.locals[f].rotation, before.locals[f].rotation) << f;
  // A pop between two frozen frames cannot be smoothed: it is left for the quality check.
  SampledPoses stuck = YawFrames({0, 0, 40, 40});
  EXPECT_EQ(LimitJointSteps(stuck, Radians(13.5f), false, std::vector<char>(4, 1)), 0);
  EXPECT_NEAR(MaxStepDeg(stuck), 40.0f, 1e-3f);
}

TEST(JointStepLimitTest, SmoothMotionIsLeftAlone) {
  SampledPoses poses = YawFrames({0, 5, 10, 15, 20, 25});
  const SampledPoses before = poses;
  EXPECT_EQ(LimitJointSteps(poses, Radians(13.5f), false), 0);
  for (int f = 0; f < poses.frames(); ++f)
    EXPECT_EQ(poses.locals[f].rotation, before.locals[f].rotation);
}

}  // namespace
}  // namespace footwork::cook
