// Gait transitions on the procedural humanoid: the speed ramps from one gait's to the other's,
// the feet keep stepping (markers on both feet), and the gait may not switch mid-blend.
#include "footwork/cook/gait_transition.h"

#include <algorithm>

#include <gtest/gtest.h>

#include "cook/cook_test_character.h"
#include "footwork/anim/curve.h"
#include "footwork/anim/curve_names.h"
#include "footwork/cook/cook_character.h"
#include "support/procedural_humanoid.h"

namespace footwork::cook {
namespace {

namespace fwt = footwork::testing;
namespace names = anim::curve_names;

TEST(GaitTransitionTest, SpeedRampsBetweenTheGaitsWithTheFeetInStep) {
  const CookedCharacter* character = &testing::CookedHumanoid();
  const float walk = fwt::WalkGait().speed_m_s;
  const float run = fwt::RunGait().speed_m_s;
  for (const auto& [name, from, to] :
       {std::tuple{"walk_to_run", walk, run}, std::tuple{"run_to_walk", run, walk}}) {
    const anim::Clip* clip = nullptr;
    const ClipReport* report = nullptr;
    for (std::size_t i = 0; i < character->clips.size(); ++i) {
      if (character->clips[i].name == name) {
        clip = &character->clips[i];
        report = &character->reports[i];
      }
    }
    ASSERT_NE(clip, nullptr) << name;
    EXPECT_TRUE(report->quality_miss.empty()) << report->quality_miss;
    const anim::FloatCurve* speed = clip->FindCurve(names::kMotionSpeed);
    ASSERT_NE(speed, nullptr);
    EXPECT_NEAR(speed->values[2], from, 0.05f * from) << name;
    EXPECT_NEAR(speed->values[speed->values.size() - 3], to, 0.05f * to) << name;
    // The last key too (a short last step once made it a fraction of the second gait's speed).
    EXPECT_NEAR(speed->values.back(), to, 0.05f * to) << name;
    EXPECT_EQ(anim::FindMonotonicity(*speed),
              from < to ? anim::Monotonicity::kNonDecreasing : anim::Monotonicity::kNonIncreasing)
        << name;
    const anim::FloatCurve* disable = clip->FindCurve(names::kDisableSwitchGroundGait);
    ASSERT_NE(disable, nullptr);
    EXPECT_EQ(disable->values.front(), 0.0f) << name;
    EXPECT_EQ(disable->values.back(), 0.0f) << name;
    EXPECT_EQ(anim::EvaluateCurve(*disable, clip->duration_s * 0.5f), 1.0f) << name;
    for (const char* foot : {names::kMarkerFootLeft, names::kMarkerFootRight}) {
      EXPECT_GE(std::count_if(clip->markers.begin(), clip->markers.end(),
                              [&](const anim::SyncMarker& m) { return m.name == foot; }),
                2)
          << name << " " << foot;
    }
  }
}

TEST(GaitTransitionTest, NeedsLoopingCycles) {
  const anim::Skeleton skeleton = fwt::HumanoidSkeleton();
  const fwt::HumanoidClip jump = fwt::MakeJump();
  const fwt::HumanoidClip walk = fwt::MakeCycleInPlace(fwt::WalkGait());
  Result<GaitTransition> transition =
      SynthesizeGaitTransition(skeleton, walk.clip, jump.clip, {}, "walk_to_jump", 60.0f);
  ASSERT_FALSE(transition.ok());
  EXPECT_NE(transition.error().message.find("walk_to_jump"), std::string::npos);
}

}  // namespace
}  // namespace footwork::cook
