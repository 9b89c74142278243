#include "footwork/cook/cook_character.h"

#include <algorithm>

#include <gtest/gtest.h>

#include "cook/cook_test_character.h"
#include "footwork/anim/curve.h"
#include "footwork/anim/curve_names.h"
#include "footwork/cook/settle_step.h"
#include "support/procedural_humanoid.h"

namespace footwork::cook {
namespace {

namespace fwt = footwork::testing;
namespace names = anim::curve_names;

const anim::Clip* Find(const CookedCharacter& character, const std::string& name) {
  for (const anim::Clip& clip : character.clips) {
    if (clip.name == name)
      return &clip;
  }
  return nullptr;
}

const ClipReport* Report(const CookedCharacter& character, const std::string& name) {
  for (const ClipReport& report : character.reports) {
    if (report.name == name)
      return &report;
  }
  return nullptr;
}

class CookHumanoidTest : public ::testing::Test {
 protected:
  void SetUp() override {
    Result<CharacterDescription> description =
        ParseCharacterDescription(testing::HumanoidDescriptionJson(), "humanoid.json");
    ASSERT_TRUE(description.ok()) << description.error().message;
    description_ = *description;
    scene_ = fwt::HumanoidScene();
  }

  CharacterDescription description_;
  io::Scene scene_;
};

TEST_F(CookHumanoidTest, CooksEveryRoleAndDerivedClip) {
  Result<CookedCharacter> character =
      CookCharacter(description_, scene_, fwt::HumanoidRigProfile());
  ASSERT_TRUE(character.ok()) << character.error().message;
  ASSERT_EQ(character->clips.size(), character->reports.size());
  for (const char* name : {"idle", "walk", "run", "walk_authored", "jump", "overlay",
                           "walk_mirrored", "walk_stop_l", "walk_stop_r", "walk_start_fwd",
                           "walk_start_90_l", "run_stop_l", "run_stop_r", "run_start_fwd"}) {
    EXPECT_NE(Find(*character, name), nullptr) << name;
  }
  EXPECT_EQ(character->meshes.size(), scene_.meshes.size());
  EXPECT_NEAR(Report(*character, "walk")->ground_speed_m_s, fwt::WalkGait().speed_m_s,
              0.02f * fwt::WalkGait().speed_m_s);
  EXPECT_NEAR(Report(*character, "run")->ground_speed_m_s, fwt::RunGait().speed_m_s,
              0.02f * fwt::RunGait().speed_m_s);
  EXPECT_EQ(EvaluateCurve(*Find(*character, "idle")->FindCurve(names::kEnableTurnInPlace), 0.5f),
            1.0f);
  EXPECT_NE(Find(*character, "overlay")->FindCurve("Layering_Arm_L_LS"), nullptr);
  EXPECT_EQ(Find(*character, "overlay")->FindCurve(names::kFootLockLeft), nullptr);
}

TEST_F(CookHumanoidTest, MirroredWalkSwapsTheFeet) {
  Result<CookedCharacter> character =
      CookCharacter(description_, scene_, fwt::HumanoidRigProfile());
  ASSERT_TRUE(character.ok()) << character.error().message;
  const anim::Clip& walk = *Find(*character, "walk");
  const anim::Clip& mirrored = *Find(*character, "walk_mirrored");
  const anim::FloatCurve& lock_l = *walk.FindCurve(names::kFootLockLeft);
  const anim::FloatCurve& mirrored_lock_r = *mirrored.FindCurve(names::kFootLockRight);
  int agree = 0;
  for (std::size_t i = 0; i < lock_l.times.size(); ++i) {
    agree += (lock_l.values[i] >= 0.999f) ==
                     (anim::EvaluateCurve(mirrored_lock_r, lock_l.times[i]) >= 0.999f)
                 ? 1
                 : 0;
  }
  EXPECT_GE(agree, static_cast<int>(lock_l.times.size()) - 2);
  const ClipReport& report = *Report(*character, "walk_mirrored");
  EXPECT_NEAR(report.ground_speed_m_s, Report(*character, "walk")->ground_speed_m_s, 0.01f);
  EXPECT_TRUE(report.quality_miss.empty()) << report.quality_miss;
}

TEST_F(CookHumanoidTest, StopsComeToRestWithADistanceCurve) {
  Result<CookedCharacter> character =
      CookCharacter(description_, scene_, fwt::HumanoidRigProfile());
  ASSERT_TRUE(character.ok()) << character.error().message;
  for (const char* name : {"walk_stop_l", "walk_stop_r", "run_stop_l"}) {
    const anim::Clip& stop = *Find(*character, name);
    const anim::FloatCurve* distance = stop.FindCurve(names::kDistance);
    ASSERT_NE(distance, nullptr) << name;
    EXPECT_EQ(anim::FindMonotonicity(*distance), anim::Monotonicity::kNonDecreasing) << name;
    EXPECT_LT(distance->values.front(), -0.2f) << name;
    // 0 where the root comes to rest (within StopFrame's 5 mm), so at most 5 mm at the end.
    EXPECT_NEAR(distance->values.back(), 0.0f, 0.005f) << name;
    const anim::FloatCurve* speed = stop.FindCurve(names::kMotionSpeed);
    ASSERT_NE(speed, nullptr);
    EXPECT_GT(speed->values[1], 0.5f) << name;
    EXPECT_NEAR(speed->values.back(), 0.0f, 0.01f) << name;
    // Uniform deceleration from v0 over T covers v0 * T / 2; a settle step (settle_step.h) then
    // moves the body over the last foot down, less than a step.
    const float cycle_s = Find(*character, name[0] == 'w' ? "walk" : "run")->duration_s;
    const float v0 = Report(*character, name[0] == 'w' ? "walk" : "run")->ground_speed_m_s;
    const float at_rest = anim::EvaluateCurve(*distance, cycle_s);
    EXPECT_NEAR(at_rest - distance->values.front(), v0 * cycle_s * 0.5f, 0.15f * v0 * cycle_s)
        << name;
    if (HasSettleStep(*Report(*character, name)))
      EXPECT_LT(-at_rest, v0 * cycle_s * 0.5f) << name;
    else
      EXPECT_NEAR(at_rest, 0.0f, 0.005f) << name;
    EXPECT_EQ(stop.FindCurve(names::kRotateAlpha), nullptr);
  }
  // Left- and right-foot variants start at different phases of the cycle, and both carry foot
  // markers.
  const anim::Clip& stop_l = *Find(*character, "walk_stop_l");
  const anim::Clip& stop_r = *Find(*character, "walk_stop_r");
  EXPECT_FALSE(stop_l.markers.empty());
  EXPECT_FALSE(stop_r.markers.empty());
  // The first foot to go down after the clip starts differs (both may be down at time 0).
  const auto first_step = [](const anim::Clip& clip) {
    for (const anim::SyncMarker& marker : clip.markers) {
      if (marker.time_s > 0.0f)
        return marker.name;
    }
    return std::string();
  };
  EXPECT_NE(first_step(stop_l), first_step(stop_r));
}

TEST_F(CookHumanoidTest, TurningStartHasRotateAlphaAndDistance) {
  Result<CookedCharacter> character =
      CookCharacter(description_, scene_, fwt::HumanoidRigProfile());
  ASSERT_TRUE(character.ok()) << character.error().message;
  const anim::Clip& start = *Find(*character, "walk_start_90_l");
  const ClipReport& report = *Report(*character, "walk_start_90_l");
  EXPECT_NEAR(report.root_yaw_deg, 90.0f, 0.5f);
  const anim::FloatCurve* alpha = start.FindCurve(names::kRotateAlpha);
  ASSERT_NE(alpha, nullptr);
  EXPECT_NEAR(alpha->values.front(), 1.0f, 1e-4f);
  EXPECT_NEAR(alpha->values.back(), 0.0f, 1e-4f);
  EXPECT_EQ(anim::FindMonotonicity(*alpha), anim::Monotonicity::kNonIncreasing);
  ASSERT_NE(start.FindCurve(names::kRemainingTurnYaw), nullptr);
  EXPECT_NEAR(start.FindCurve(names::kRemainingTurnYaw)->values.front(), 90.0f, 0.5f);
  const anim::FloatCurve* distance = start.FindCurve(names::kDistance);
  ASSERT_NE(distance, nullptr);
  EXPECT_EQ(distance->values.front(), 0.0f);
  EXPECT_GT(distance->values.back(), 0.3f);
  EXPECT_EQ(anim::FindMonotonicity(*distance), anim::Monotonicity::kNonDecreasing);
  // The forward start does not turn and ends at the cycle's speed.
  const anim::Clip& forward = *Find(*character, "walk_start_fwd");
  EXPECT_EQ(forward.FindCurve(names::kRotateAlpha), nullptr);
  EXPECT_NEAR(forward.FindCurve(names::kMotionSpeed)->values.front(), 0.0f, 0.05f);
  EXPECT_NEAR(forward.FindCurve(names::kMotionSpeed)->values.back(), fwt::WalkGait().speed_m_s,
              0.15f);
}

TEST(QualityWaiverTest, AWaivedMissIsPrintedAsWaivedAndDoesNotFail) {
  std::vector<ClipReport> reports(3);
  reports[0].name = "walk";
  reports[0].quality_miss = "walk: a joint turns 16.0 deg in one 60 Hz frame (bar 15.0)";
  reports[1].name = "run";
  reports[1].quality_miss = "run: a joint turns 21.5 deg in one 60 Hz frame (bar 15.0)";
  reports[2].name = "idle";
  ASSERT_TRUE(ApplyQualityWaivers(
                  {{"walk", "source knee turns 41 deg per key"}, {"idle", "not needed"}}, reports)
                  .ok());
  EXPECT_FALSE(reports[0].FailsQuality());
  EXPECT_TRUE(reports[1].FailsQuality());
  EXPECT_FALSE(reports[2].FailsQuality());
  const std::string walk = FormatReport(reports[0]);
  EXPECT_NE(walk.find("[waived (source knee turns 41 deg per key): walk: a joint turns 16.0 deg"),
            std::string::npos)
      << walk;
  EXPECT_EQ(walk.find("[ok]"), std::string::npos) << walk;
  EXPECT_NE(FormatReport(reports[1]).find("[MISS: run: a joint turns 21.5"), std::string::npos);
  // A waiver on a clip that passes is kept but flagged as unneeded.
  EXPECT_NE(FormatReport(reports[2]).find("quality waiver not needed"), std::string::npos);
}

TEST_F(CookHumanoidTest, AWaiverForAClipThatIsNotCookedIsAnError) {
  // Checked after the cook, against every clip it made (derived clips can be waived too).
  description_.quality_waivers["walk_typo"] = "a reason";
  Result<CookedCharacter> character =
      CookCharacter(description_, scene_, fwt::HumanoidRigProfile());
  ASSERT_FALSE(character.ok());
  EXPECT_NE(character.error().message.find("quality_waivers.walk_typo: no cooked clip"),
            std::string::npos)
      << character.error().message;
}

TEST_F(CookHumanoidTest, UnknownSourceClipIsAnError) {
  description_.roles[1].clip = "Walk_Loop_Typo";
  Result<CookedCharacter> character =
      CookCharacter(description_, scene_, fwt::HumanoidRigProfile());
  ASSERT_FALSE(character.ok());
  EXPECT_NE(character.error().message.find("roles.walk.clip: no clip named 'Walk_Loop_Typo'"),
            std::string::npos)
      << character.error().message;
}

TEST_F(CookHumanoidTest, UnknownJointInTheRigProfileIsAnError) {
  anim::RigProfile profile = fwt::HumanoidRigProfile();
  profile.roles["foot_l"] = "DEF-foot.L";
  Result<CookedCharacter> character = CookCharacter(description_, scene_, profile);
  ASSERT_FALSE(character.ok());
  EXPECT_NE(character.error().message.find("DEF-foot.L"), std::string::npos)
      << character.error().message;
}

}  // namespace
}  // namespace footwork::cook
