// Sole geometry measured from the standing pose, and the heights of the sole points over the floor.
#include "footwork/cook/foot_soles.h"

#include <cmath>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>

#include "footwork/anim/mirror.h"
#include "support/procedural_humanoid.h"

namespace footwork::cook {
namespace {

namespace fwt = footwork::testing;

TEST(FootSolesTest, MeasuresTheStandingHeightsOfAnkleAndBall) {
  const anim::Skeleton skeleton = fwt::HumanoidSkeleton();
  const anim::RigBinding binding = *anim::Bind(fwt::HumanoidRigProfile(), skeleton);
  const fwt::HumanoidClip idle = fwt::MakeIdle();
  for (const anim::Clip* standing : {static_cast<const anim::Clip*>(nullptr), &idle.clip}) {
    Result<FootSoles> soles = MeasureFootSoles(skeleton, binding, standing);
    ASSERT_TRUE(soles.ok()) << soles.error().message;
    for (const FootSole& sole : {soles->left, soles->right}) {
      EXPECT_NEAR(sole.ankle_height_m, fwt::kAnkleHeight_m, 2e-3f);
      EXPECT_NEAR(sole.ball_height_m, fwt::kAnkleHeight_m + fwt::kAnkleToBall_m.y, 2e-3f);
    }
  }
}

TEST(FootSolesTest, AClipNotStandingOnTheFloorFallsBackToTheRestPose) {
  const anim::Skeleton skeleton = fwt::HumanoidSkeleton();
  const anim::RigBinding binding = *anim::Bind(fwt::HumanoidRigProfile(), skeleton);
  // The idle lifted 0.5 m off the floor (its root joint raised): not a standing pose.
  anim::Clip airborne = fwt::MakeIdle().clip;
  anim::Vec3Channel& root = airborne.tracks[0].translation;
  root.times = {0.0f};
  root.values = {skeleton.rest_pose[0].translation + glm::vec3(0.0f, 0.5f, 0.0f)};
  Result<FootSoles> rest = MeasureFootSoles(skeleton, binding, nullptr);
  Result<FootSoles> soles = MeasureFootSoles(skeleton, binding, &airborne);
  ASSERT_TRUE(rest.ok() && soles.ok());
  EXPECT_NEAR(soles->left.ankle_height_m, rest->left.ankle_height_m, 1e-4f);
  EXPECT_NEAR(soles->right.ball_height_m, rest->right.ball_height_m, 1e-4f);
}

TEST(FootSolesTest, APitchedFootLiftsItsHeelPoint) {
  FootSole sole;
  sole.ankle_height_m = 0.1f;
  sole.ball_height_m = 0.02f;
  // Level: the sole under the ankle is on the floor.
  std::vector<float> level = SoleHeights({{0.0f, 0.1f, 0.0f}}, {}, sole, sole.ankle_height_m);
  EXPECT_NEAR(level[0], 0.0f, 1e-6f);
  // Toes down 40 degrees about the ankle, ankle at the same height: the heel point is up.
  const glm::quat pitch = glm::angleAxis(glm::radians(40.0f), glm::vec3(1.0f, 0.0f, 0.0f));
  std::vector<float> pitched =
      SoleHeights({{0.0f, 0.1f, 0.0f}}, {pitch}, sole, sole.ankle_height_m);
  EXPECT_NEAR(pitched[0], 0.1f * (1.0f - std::cos(glm::radians(40.0f))), 1e-5f);
  EXPECT_GT(pitched[0], 0.02f);
}

}  // namespace
}  // namespace footwork::cook
