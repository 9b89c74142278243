// Strafing starts and stops on the procedural humanoid: every strafing cycle of walk and run gets
// a start and a stop per foot, travelling its cycle's direction with the forward ones' curves
// (Distance, MotionSpeed, FootLock, Enable_FootIK), foot markers and quality; an existing clip of
// that name is not derived again.
#include "footwork/cook/strafe_transitions.h"

#include <tuple>

#include <gtest/gtest.h>

#include "cook/cook_test_character.h"
#include "footwork/anim/curve.h"
#include "footwork/anim/curve_names.h"
#include "footwork/anim/root_motion.h"
#include "footwork/cook/character_description.h"
#include "footwork/cook/settle_step.h"
#include "support/procedural_humanoid.h"

namespace footwork::cook {
namespace {

namespace fwt = footwork::testing;
namespace names = anim::curve_names;

struct Direction {
  const char* cycle;
  const char* gait;
  // Travel in the character's frame (+Z forward, +X its left).
  glm::vec3 travel;
};

constexpr Direction kDirections[] = {
    {"walk_backward", "walk", {0, 0, -1}},     {"walk_strafe_left", "walk", {1, 0, 0}},
    {"walk_strafe_right", "walk", {-1, 0, 0}}, {"run_backward", "run", {0, 0, -1}},
    {"run_strafe_left", "run", {1, 0, 0}},     {"run_strafe_right", "run", {-1, 0, 0}}};

class StrafeTransitionsTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { character_ = &testing::CookedHumanoid(); }
  static int Index(const std::string& name) { return testing::ClipIndex(*character_, name); }
  static const anim::Clip& Clip(const std::string& name) { return character_->clips[Index(name)]; }
  static const CookedCharacter* character_;
};
const CookedCharacter* StrafeTransitionsTest::character_ = nullptr;

bool HasMarker(const anim::Clip& clip, const char* name) {
  for (const anim::SyncMarker& marker : clip.markers) {
    if (marker.name == name)
      return true;
  }
  return false;
}

TEST_F(StrafeTransitionsTest, EveryDirectionHasAStartAndAStopPerFootWithTheForwardCurves) {
  for (const Direction& d : kDirections) {
    for (const std::string suffix : {"_start", "_stop_l", "_stop_r"}) {
      const std::string name = d.cycle + suffix;
      const int i = Index(name);
      ASSERT_GE(i, 0) << name;
      const anim::Clip& clip = character_->clips[i];
      const ClipReport& report = character_->reports[i];
      EXPECT_FALSE(clip.looping) << name;
      EXPECT_TRUE(report.quality_miss.empty()) << name << ": " << report.quality_miss;
      for (const char* curve :
           {names::kDistance, names::kMotionSpeed, names::kFootLockLeft, names::kFootLockRight,
            names::kEnableFootIkLeft, names::kEnableFootIkRight, names::kDisableSwitchGroundGait}) {
        EXPECT_NE(clip.FindCurve(curve), nullptr) << name << " " << curve;
      }
      EXPECT_TRUE(HasMarker(clip, names::kMarkerFootLeft)) << name;
      EXPECT_TRUE(HasMarker(clip, names::kMarkerFootRight)) << name;
      // No turn: strafing keeps facing the camera, so the clip travels its cycle's direction.
      EXPECT_NEAR(report.root_yaw_deg, 0.0f, 0.1f) << name;
      EXPECT_EQ(clip.FindCurve(names::kRotateAlpha), nullptr) << name;
      const glm::vec3 end =
          anim::SampleRootMotion(clip, clip.duration_s, anim::WrapMode::kClamp).translation;
      EXPECT_GT(glm::length(end), 0.2f) << name;
      EXPECT_GT(glm::dot(end, d.travel), 0.95f * glm::length(end)) << name;
    }
  }
}

TEST_F(StrafeTransitionsTest, StartsAccelerateToTheCycleAndStopsComeToRestAtDistanceZero) {
  for (const Direction& d : kDirections) {
    const float cycle_speed = character_->reports[Index(d.cycle)].ground_speed_m_s;
    const anim::Clip& start = Clip(std::string(d.cycle) + "_start");
    const anim::FloatCurve& start_speed = *start.FindCurve(names::kMotionSpeed);
    EXPECT_NEAR(start_speed.values.front(), 0.0f, 0.05f * cycle_speed) << d.cycle;
    EXPECT_NEAR(start_speed.values.back(), cycle_speed, 0.15f * cycle_speed) << d.cycle;
    const anim::FloatCurve& start_distance = *start.FindCurve(names::kDistance);
    EXPECT_EQ(start_distance.values.front(), 0.0f) << d.cycle;
    EXPECT_EQ(anim::FindMonotonicity(start_distance), anim::Monotonicity::kNonDecreasing)
        << d.cycle;
    // The gait may not switch mid-start, as for the forward starts.
    EXPECT_EQ(anim::EvaluateCurve(*start.FindCurve(names::kDisableSwitchGroundGait), 0.1f), 1.0f);
    for (const char* foot : {"_stop_l", "_stop_r"}) {
      const std::string name = d.cycle + std::string(foot);
      const anim::Clip& stop = Clip(name);
      const anim::FloatCurve& distance = *stop.FindCurve(names::kDistance);
      EXPECT_EQ(anim::FindMonotonicity(distance), anim::Monotonicity::kNonDecreasing) << name;
      // Uniform deceleration from the cycle's speed over one cycle covers v0 * T / 2; a settle
      // step (settle_step.h) then moves the body over the last foot down, less than a step.
      const float cycle_s = Clip(d.cycle).duration_s;
      const float at_rest = anim::EvaluateCurve(distance, cycle_s);
      EXPECT_NEAR(at_rest - distance.values.front(), cycle_speed * cycle_s * 0.5f,
                  0.15f * cycle_speed * cycle_s)
          << name;
      if (HasSettleStep(character_->reports[Index(name)]))
        EXPECT_LT(-at_rest, cycle_speed * cycle_s * 0.5f) << name;
      else
        EXPECT_NEAR(at_rest, 0.0f, 0.005f) << name;
      EXPECT_NEAR(distance.values.back(), 0.0f, 0.005f) << name;
      EXPECT_NEAR(stop.FindCurve(names::kMotionSpeed)->values.back(), 0.0f, 0.01f) << name;
      EXPECT_EQ(anim::EvaluateCurve(*stop.FindCurve(names::kDisableSwitchGroundGait), 0.1f), 0.0f);
    }
  }
}

TEST_F(StrafeTransitionsTest, EachStopIsEnteredAsItsFootGoesDown) {
  // <cycle>_stop_l begins where the cycle's left foot touches down (it is the last to plant),
  // <cycle>_stop_r where the right one does: a tenth of a second in, the named foot is planted
  // (FootLock past half way in over the touchdown) and the other one is not.
  constexpr float kPlantedBy_s = 0.1f;
  for (const Direction& d : kDirections) {
    for (const auto& [suffix, planted, swinging] :
         {std::tuple{"_stop_l", names::kFootLockLeft, names::kFootLockRight},
          std::tuple{"_stop_r", names::kFootLockRight, names::kFootLockLeft}}) {
      const anim::Clip& stop = Clip(std::string(d.cycle) + suffix);
      EXPECT_GT(anim::EvaluateCurve(*stop.FindCurve(planted), kPlantedBy_s), 0.5f)
          << d.cycle << suffix;
      EXPECT_LT(anim::EvaluateCurve(*stop.FindCurve(swinging), kPlantedBy_s), 0.5f)
          << d.cycle << suffix;
    }
  }
}

TEST_F(StrafeTransitionsTest, AClipThatExistsIsNotDerivedAgainAndNoIdleDerivesNothing) {
  Result<CharacterDescription> description =
      ParseCharacterDescription(testing::HumanoidDescriptionJson(), "humanoid.json");
  ASSERT_TRUE(description.ok()) << description.error().message;
  const ClipCookSettings settings = SettingsOf(*description);
  const anim::RigBinding binding = *anim::Bind(fwt::HumanoidRigProfile(), character_->skeleton);
  // One clip missing: only that one is derived (again), the others are kept as they are.
  CookedCharacter again = *character_;
  const int removed = Index("walk_backward_start");
  again.clips.erase(again.clips.begin() + removed);
  again.reports.erase(again.reports.begin() + removed);
  ASSERT_TRUE(CookStrafeTransitions(*description, binding, settings, again).ok());
  EXPECT_EQ(again.clips.size(), character_->clips.size());
  EXPECT_EQ(again.clips.back().name, "walk_backward_start");
  EXPECT_EQ(again.reports.back().source, "start into walk_backward");

  // Without the strafing starts and stops and without an idle: nothing to start from.
  CookedCharacter no_idle;
  no_idle.skeleton = character_->skeleton;
  for (const anim::Clip& clip : character_->clips) {
    if (clip.name != "idle" && clip.name.find("_start") == std::string::npos &&
        clip.name.find("_stop_") == std::string::npos) {
      no_idle.clips.push_back(clip);
    }
  }
  const std::size_t before = no_idle.clips.size();
  ASSERT_TRUE(CookStrafeTransitions(*description, binding, settings, no_idle).ok());
  EXPECT_EQ(no_idle.clips.size(), before);
}

}  // namespace
}  // namespace footwork::cook
