#include "footwork/ik/look_at.h"

#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "anim/anim_test_util.h"

namespace footwork::ik {
namespace {

using namespace footwork::anim::testing;  // NOLINT(google-build-using-namespace)

// Character axes in model space: forward +Z, left +X, so right is -X.
const glm::vec3 kForward(0, 0, 1);
const glm::vec3 kRight(-1, 0, 0);

float DegreesBetween(const glm::vec3& a, const glm::vec3& b) {
  return std::acos(std::clamp(glm::dot(glm::normalize(a), glm::normalize(b)), -1.0f, 1.0f)) *
         180.0f / 3.14159265f;
}

TEST(LookAt, SeedMappingFromRightDotDirection) {
  EXPECT_NEAR(LookAmountFromDirection(kRight, kForward, kForward), 0.5f, 1e-6f);
  EXPECT_NEAR(LookAmountFromDirection(kRight, kForward, kRight), 1.0f, 1e-6f);
  EXPECT_NEAR(LookAmountFromDirection(kRight, kForward, -kRight), 0.0f, 1e-6f);
  const glm::vec3 front_right = glm::normalize(kForward + kRight);
  EXPECT_NEAR(LookAmountFromDirection(kRight, kForward, front_right), 0.5f + 0.5f * 0.70710678f,
              1e-5f);
  // Behind (even behind on the right): neutral.
  EXPECT_NEAR(LookAmountFromDirection(kRight, kForward, glm::normalize(kRight - kForward)), 0.5f,
              1e-6f);
}

struct Posed {
  anim::Skeleton skeleton = MakeHumanoid(/*odd_rest_orientations=*/true);
  IkRig rig;
  std::vector<Transform> local;
  std::vector<Transform> model;
  Posed() {
    rig = *BuildIkRig(skeleton, MakeHumanoidProfile());
    local = skeleton.rest_pose;
    model = ToModel(skeleton, local);
  }
};

TEST(LookAt, HeadConvergesOnAReachableTarget) {
  Posed posed;
  const LookAtSettings settings;
  LookAtState state;
  const glm::vec3 head = posed.model[kHead].translation;
  const glm::vec3 target = head + glm::vec3(1.0f, 0.3f, 1.5f);  // front-left, a little up
  for (int frame = 0; frame < 120; ++frame)
    UpdateLookAt(state, target, head, settings, 1.0f / 60.0f);
  EXPECT_TRUE(state.reachable);
  std::vector<Transform> local = posed.local;
  std::vector<Transform> model = posed.model;
  ASSERT_TRUE(ApplyLookAt(posed.skeleton, posed.rig, state, settings, local, model).ok());
  EXPECT_LT(DegreesBetween(HeadForward(posed.rig, model), target - head), 0.5f);
  // Model transforms written agree with the local pose.
  EXPECT_TRUE(TransformNear(model[kHead], ToModel(posed.skeleton, local)[kHead], 1e-4f));
}

TEST(LookAt, LimitsClampAndMarkTheTargetUnreachable) {
  const LookAtSettings settings;
  LookAtState state;
  const glm::vec3 head(0, 1.7f, 0);
  const glm::vec3 target = head + glm::vec3(1.0f, 0.0f, 0.1f);  // ~84 degrees left
  for (int frame = 0; frame < 120; ++frame)
    UpdateLookAt(state, target, head, settings, 1.0f / 60.0f);
  EXPECT_FALSE(state.reachable);
  EXPECT_NEAR(state.yaw.x, settings.max_yaw_rad, 1e-3f);
}

TEST(LookAt, HysteresisKeepsTheHeadFromFlippingBehind) {
  const LookAtSettings settings;
  LookAtState state;
  const glm::vec3 head(0, 1.7f, 0);
  // A target circling from the left, around the back, to the right, and back again.
  std::vector<float> yaws;
  float previous_goal_side = 1.0f;
  int flips = 0;
  for (int frame = 0; frame <= 360; ++frame) {
    const float angle = 1.0f + 4.28f * static_cast<float>(frame) / 360.0f;  // 57 -> 302 degrees
    const glm::vec3 target = head + glm::vec3(std::sin(angle), 0.0f, std::cos(angle));
    UpdateLookAt(state, target, head, settings, 1.0f / 60.0f);
    if (state.yaw.x * previous_goal_side < -0.05f) {
      ++flips;
      previous_goal_side = -previous_goal_side;
    }
    yaws.push_back(state.yaw.x);
  }
  // The head went back to centre while the target was behind and never snapped across.
  for (std::size_t i = 1; i < yaws.size(); ++i)
    EXPECT_LT(std::fabs(yaws[i] - yaws[i - 1]), 0.15f) << i;
  EXPECT_LE(flips, 1);
  // Entering and leaving "behind" at different angles.
  LookAtState hysteresis;
  const auto look_at_yaw = [&](float yaw) {
    UpdateLookAt(hysteresis, head + glm::vec3(std::sin(yaw), 0, std::cos(yaw)), head, settings,
                 1.0f / 60.0f);
    return hysteresis.behind;
  };
  EXPECT_FALSE(look_at_yaw(1.8f));
  EXPECT_TRUE(look_at_yaw(2.0f));
  EXPECT_TRUE(look_at_yaw(1.8f));  // between exit and enter: still behind
  EXPECT_FALSE(look_at_yaw(1.5f));
}

TEST(LookAt, SpringDoesNotDependOnTheFrameRate) {
  const LookAtSettings settings;
  LookAtState at_30;
  LookAtState at_120;
  const glm::vec3 head(0, 1.7f, 0);
  const glm::vec3 target(0.8f, 1.2f, 1.0f);
  for (int frame = 0; frame < 6; ++frame)
    UpdateLookAt(at_30, target, head, settings, 1.0f / 30.0f);
  for (int frame = 0; frame < 24; ++frame)
    UpdateLookAt(at_120, target, head, settings, 1.0f / 120.0f);
  EXPECT_NEAR(at_30.yaw.x, at_120.yaw.x, 1e-4f);
  EXPECT_NEAR(at_30.pitch.x, at_120.pitch.x, 1e-4f);
  EXPECT_NEAR(at_30.weight, at_120.weight, 1e-4f);
}

TEST(LookAt, NoTargetFadesOutAndLeavesThePose) {
  Posed posed;
  const LookAtSettings settings;
  LookAtState state;
  for (int frame = 0; frame < 10; ++frame)
    UpdateLookAt(state, std::nullopt, glm::vec3(0, 1.7f, 0), settings, 1.0f / 60.0f);
  EXPECT_EQ(state.weight, 0.0f);
  std::vector<Transform> local = posed.local;
  std::vector<Transform> model = posed.model;
  ASSERT_TRUE(ApplyLookAt(posed.skeleton, posed.rig, state, settings, local, model).ok());
  EXPECT_TRUE(PoseNear(local, posed.local, 0.0f));
  std::vector<Transform> short_pose(3);
  EXPECT_FALSE(ApplyLookAt(posed.skeleton, posed.rig, state, settings, short_pose, model).ok());
}

}  // namespace
}  // namespace footwork::ik
