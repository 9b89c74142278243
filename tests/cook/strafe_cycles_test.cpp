// Strafing cycles on the procedural humanoid: backward and sideways walks and runs travel the
// right way at the forward cycle's speed, loop, keep planted feet still, and the sideways cycles
// turn the hips toward the travel direction while the chest keeps facing forward.
#include "footwork/cook/strafe_cycles.h"

#include <gtest/gtest.h>

#include "cook/cook_test_character.h"
#include "footwork/anim/sampling.h"
#include "footwork/cook/cook_character.h"
#include "footwork/cook/derived_pose.h"
#include "footwork/core/angles.h"
#include "support/procedural_humanoid.h"

namespace footwork::cook {
namespace {

namespace fwt = footwork::testing;

class StrafeCyclesTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { character_ = &testing::CookedHumanoid(); }
  static int Index(const std::string& name) { return testing::ClipIndex(*character_, name); }
  static const CookedCharacter* character_;
};
const CookedCharacter* StrafeCyclesTest::character_ = nullptr;

TEST_F(StrafeCyclesTest, TravelTheRightWayAtTheCycleSpeed) {
  struct Case {
    const char* name;
    const char* gait;
    glm::vec3 direction;
  };
  for (const Case& c :
       {Case{"walk_backward", "walk", {0, 0, -1}}, Case{"walk_strafe_left", "walk", {1, 0, 0}},
        Case{"walk_strafe_right", "walk", {-1, 0, 0}}, Case{"run_backward", "run", {0, 0, -1}},
        Case{"run_strafe_left", "run", {1, 0, 0}}, Case{"run_strafe_right", "run", {-1, 0, 0}}}) {
    const int i = Index(c.name);
    ASSERT_GE(i, 0) << c.name;
    const anim::Clip& clip = character_->clips[i];
    const ClipReport& report = character_->reports[i];
    const ClipReport& forward = character_->reports[Index(c.gait)];
    EXPECT_TRUE(clip.looping) << c.name;
    EXPECT_NEAR(report.ground_speed_m_s, forward.ground_speed_m_s, 0.02f * forward.ground_speed_m_s)
        << c.name;
    EXPECT_TRUE(report.quality_miss.empty()) << c.name << ": " << report.quality_miss;
    const glm::vec3 end =
        anim::SampleRootMotion(clip, clip.duration_s, anim::WrapMode::kClamp).translation;
    EXPECT_GT(glm::dot(end, c.direction), 0.95f * glm::length(end)) << c.name;
    EXPECT_NEAR(report.root_yaw_deg, 0.0f, 0.1f) << c.name;
    EXPECT_FALSE(clip.markers.empty()) << c.name;
  }
}

TEST_F(StrafeCyclesTest, SidewaysTurnsTheHipsButNotTheChest) {
  const anim::Skeleton& skeleton = character_->skeleton;
  const anim::RigBinding binding = *anim::Bind(fwt::HumanoidRigProfile(), skeleton);
  const int pelvis = binding.Joint("pelvis");
  const int chest = binding.spine_chain.back();
  PosePair forward(skeleton);
  PosePair left(skeleton);
  const anim::Clip& walk = character_->clips[Index("walk")];
  const anim::Clip& strafe = character_->clips[Index("walk_strafe_left")];
  for (const float t : {0.1f, 0.4f, 0.7f}) {
    ASSERT_TRUE(forward.Sample(skeleton, walk, t, anim::WrapMode::kLoop).ok());
    ASSERT_TRUE(left.Sample(skeleton, strafe, t, anim::WrapMode::kLoop).ok());
    const float hips_yaw = NormalizedDeltaAngle(YawFromQuat(left.model[pelvis].rotation),
                                                YawFromQuat(forward.model[pelvis].rotation));
    EXPECT_NEAR(Degrees(hips_yaw), SidewaysSettings{}.pelvis_yaw_deg, 1.0f) << t;
    EXPECT_LT(Degrees(AngleBetween(left.model[chest].rotation, forward.model[chest].rotation)),
              1.0f)
        << t;
  }
}

TEST(StrafeSynthesisTest, NeedsALoopingCycleWithRootMotion) {
  const anim::Skeleton skeleton = fwt::HumanoidSkeleton();
  const anim::RigBinding binding = *anim::Bind(fwt::HumanoidRigProfile(), skeleton);
  const fwt::HumanoidClip idle = fwt::MakeIdle();
  Result<anim::Clip> backward = SynthesizeBackwardCycle(skeleton, idle.clip, "idle_back", 60.0f);
  ASSERT_FALSE(backward.ok());
  EXPECT_NE(backward.error().message.find("idle_back"), std::string::npos);
  Result<anim::Clip> sideways =
      SynthesizeSidewaysCycle(skeleton, binding, idle.clip, 90.0f, {}, "idle_side", 60.0f);
  EXPECT_FALSE(sideways.ok());
}

}  // namespace
}  // namespace footwork::cook
