// Turn in place on the procedural humanoid: the root turns by the requested yaw with the turn
// curves, the feet step (each foot is unlocked at some point and both are locked at the ends),
// planted feet do not slide, and the clip ends in the idle stance, turned.
#include "footwork/cook/turn_in_place.h"

#include <algorithm>

#include <gtest/gtest.h>

#include "cook/cook_test_character.h"
#include "footwork/anim/curve.h"
#include "footwork/anim/curve_names.h"
#include "footwork/cook/cook_character.h"
#include "footwork/cook/sample_motion.h"
#include "footwork/core/angles.h"
#include "support/procedural_humanoid.h"

namespace footwork::cook {
namespace {

namespace fwt = footwork::testing;
namespace names = anim::curve_names;

class TurnInPlaceTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { character_ = &testing::CookedHumanoid(); }
  static int Index(const std::string& name) { return testing::ClipIndex(*character_, name); }
  static const CookedCharacter* character_;
};
const CookedCharacter* TurnInPlaceTest::character_ = nullptr;

TEST_F(TurnInPlaceTest, EveryTurnYawsTheRootWithTheTurnCurves) {
  for (const auto& [name, yaw_deg] :
       {std::pair{"turn_in_place_90_l", 90.0f}, std::pair{"turn_in_place_90_r", -90.0f},
        std::pair{"turn_in_place_180_l", 180.0f}, std::pair{"turn_in_place_180_r", -180.0f}}) {
    const int i = Index(name);
    ASSERT_GE(i, 0) << name;
    const anim::Clip& clip = character_->clips[i];
    const ClipReport& report = character_->reports[i];
    EXPECT_NEAR(report.root_yaw_deg, yaw_deg, 0.5f) << name;
    EXPECT_NEAR(report.root_distance_m, 0.0f, 1e-4f) << name;
    EXPECT_TRUE(report.quality_miss.empty()) << report.quality_miss;
    // RotationAmount is yaw per second / 45: integrating it gives the turn.
    const anim::FloatCurve* amount = clip.FindCurve(names::kRotationAmount);
    ASSERT_NE(amount, nullptr) << name;
    float integral = 0.0f;
    for (std::size_t k = 1; k < amount->values.size(); ++k) {
      integral += 0.5f * (amount->values[k] + amount->values[k - 1]) *
                  (amount->times[k] - amount->times[k - 1]) * 45.0f;
    }
    EXPECT_NEAR(integral, yaw_deg, 2.0f) << name;
    const anim::FloatCurve* remaining = clip.FindCurve(names::kRemainingTurnYaw);
    const anim::FloatCurve* weight = clip.FindCurve(names::kTurnYawWeight);
    const anim::FloatCurve* enable = clip.FindCurve(names::kEnableTurnInPlace);
    ASSERT_TRUE(remaining && weight && enable) << name;
    EXPECT_NEAR(remaining->values.front(), yaw_deg, 0.5f) << name;
    EXPECT_NEAR(remaining->values.back(), 0.0f, 1e-3f) << name;
    EXPECT_EQ(weight->values.front(), 1.0f) << name;
    EXPECT_EQ(weight->values.back(), 0.0f) << name;
    EXPECT_EQ(enable->values.front(), 0.0f) << name;
    EXPECT_EQ(enable->values.back(), 1.0f) << name;
  }
}

TEST_F(TurnInPlaceTest, FeetStepAndEndInTheTurnedIdleStance) {
  const anim::Clip& turn = character_->clips[Index("turn_in_place_90_l")];
  for (const char* lock_name : {names::kFootLockLeft, names::kFootLockRight}) {
    const anim::FloatCurve* lock = turn.FindCurve(lock_name);
    ASSERT_NE(lock, nullptr);
    EXPECT_EQ(lock->values.front(), 1.0f) << lock_name;
    // Each foot lifts for a step.
    EXPECT_EQ(*std::min_element(lock->values.begin(), lock->values.end()), 0.0f) << lock_name;
  }
  // The left foot (the turning side) steps first.
  const anim::FloatCurve& lock_l = *turn.FindCurve(names::kFootLockLeft);
  const anim::FloatCurve& lock_r = *turn.FindCurve(names::kFootLockRight);
  const auto first_lift = [](const anim::FloatCurve& lock) {
    return std::find(lock.values.begin(), lock.values.end(), 0.0f) - lock.values.begin();
  };
  EXPECT_LT(first_lift(lock_l), first_lift(lock_r));

  // The last pose's feet, relative to the root, are the idle's.
  const anim::RigBinding binding = *anim::Bind(fwt::HumanoidRigProfile(), character_->skeleton);
  Result<SampledMotion> turned = SampleMotion(character_->skeleton, turn, binding, 60.0f);
  Result<SampledMotion> idle =
      SampleMotion(character_->skeleton, character_->clips[Index("idle")], binding, 60.0f);
  ASSERT_TRUE(turned.ok() && idle.ok());
  const int last = turned->frames() - 1;
  const int idle_frame = last % idle->frames();
  EXPECT_LT(glm::length(turned->left.ankle[last] - idle->left.ankle[idle_frame]), 0.01f);
  EXPECT_LT(glm::length(turned->right.ankle[last] - idle->right.ankle[idle_frame]), 0.01f);
  // ... and in the world they stand turned by 90 degrees about the root.
  const glm::vec3 world = turned->root[last].TransformPoint(turned->left.ankle[last]);
  const glm::vec3 expected = QuatFromYaw(Radians(90.0f)) * idle->left.ankle[0];
  EXPECT_LT(glm::length(world - expected), 0.01f);
}

TEST(TurnInPlaceSynthesisTest, RejectsANonTurn) {
  const anim::Skeleton skeleton = fwt::HumanoidSkeleton();
  const anim::RigBinding binding = *anim::Bind(fwt::HumanoidRigProfile(), skeleton);
  const fwt::HumanoidClip idle = fwt::MakeIdle();
  Result<anim::Clip> turn =
      SynthesizeTurnInPlace(skeleton, binding, idle.clip, 0.2f, {}, "tiny", 60.0f);
  ASSERT_FALSE(turn.ok());
  EXPECT_NE(turn.error().message.find("tiny"), std::string::npos);
  EXPECT_EQ(TurnInPlaceSteps(90.0f, 2), 2);
  EXPECT_EQ(TurnInPlaceSteps(-180.0f, 2), 4);
  EXPECT_EQ(TurnInPlaceSteps(180.0f, 3), 6);
}

}  // namespace
}  // namespace footwork::cook
