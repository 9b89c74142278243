// Pivots on the procedural humanoid: brake, turn 180 on the spot, go back the way it came, with a
// Distance curve to the pivot point and the turn curves.
#include "footwork/cook/pivot.h"

#include <algorithm>

#include <gtest/gtest.h>

#include "cook/cook_test_character.h"
#include "footwork/anim/curve.h"
#include "footwork/anim/curve_names.h"
#include "footwork/anim/sampling.h"
#include "footwork/cook/cook_character.h"
#include "support/procedural_humanoid.h"

namespace footwork::cook {
namespace {

namespace fwt = footwork::testing;
namespace names = anim::curve_names;

TEST(PivotTest, BrakesTurnsAndHeadsBack) {
  const CookedCharacter* character = &testing::CookedHumanoid();
  for (const auto& [name, yaw_deg] :
       {std::pair{"walk_pivot_180_l", 180.0f}, std::pair{"walk_pivot_180_r", -180.0f},
        std::pair{"run_pivot_180_l", 180.0f}, std::pair{"run_pivot_180_r", -180.0f}}) {
    const anim::Clip* clip = nullptr;
    const ClipReport* report = nullptr;
    for (std::size_t i = 0; i < character->clips.size(); ++i) {
      if (character->clips[i].name == name) {
        clip = &character->clips[i];
        report = &character->reports[i];
      }
    }
    ASSERT_NE(clip, nullptr) << name;
    EXPECT_NEAR(report->root_yaw_deg, yaw_deg, 0.5f) << name;
    // The re-acceleration is the gait's forward start: the pivot's locked feet are as still as
    // that start's (which carries its own figure), and no joint pops at the seams.
    const ClipReport* start = nullptr;
    for (const ClipReport& r : character->reports) {
      if (r.name == std::string(name).substr(0, 4) + "_start_fwd" ||
          r.name == std::string(name).substr(0, 3) + "_start_fwd") {
        start = &r;
      }
    }
    ASSERT_NE(start, nullptr) << name;
    const float start_lock = std::max({start->quality.locked_foot_speed_cm_s_left,
                                       start->quality.locked_foot_speed_cm_s_right, 1.0f});
    EXPECT_LE(report->quality.locked_foot_speed_cm_s_left, start_lock) << name;
    EXPECT_LE(report->quality.locked_foot_speed_cm_s_right, start_lock) << name;
    EXPECT_LE(report->quality.max_joint_step_deg, 15.0f) << name;
    const anim::FloatCurve* distance = clip->FindCurve(names::kDistance);
    ASSERT_NE(distance, nullptr) << name;
    EXPECT_EQ(anim::FindMonotonicity(*distance), anim::Monotonicity::kNonDecreasing) << name;
    EXPECT_LT(distance->values.front(), -0.1f) << name;
    EXPECT_GT(distance->values.back(), 0.1f) << name;
    // The character brakes moving +Z and leaves moving -Z.
    const glm::vec3 early = anim::SampleRootMotion(*clip, 0.1f, anim::WrapMode::kClamp).translation;
    const glm::vec3 late_a =
        anim::SampleRootMotion(*clip, clip->duration_s - 0.2f, anim::WrapMode::kClamp).translation;
    const glm::vec3 late_b =
        anim::SampleRootMotion(*clip, clip->duration_s, anim::WrapMode::kClamp).translation;
    EXPECT_GT(early.z, 0.0f) << name;
    EXPECT_LT(late_b.z - late_a.z, -0.05f) << name;
    const anim::FloatCurve* alpha = clip->FindCurve(names::kRotateAlpha);
    ASSERT_NE(alpha, nullptr) << name;
    EXPECT_NEAR(alpha->values.front(), 1.0f, 1e-4f) << name;
    EXPECT_NEAR(alpha->values.back(), 0.0f, 1e-4f) << name;
    EXPECT_NE(clip->FindCurve(names::kRemainingTurnYaw), nullptr) << name;
  }
}

}  // namespace
}  // namespace footwork::cook
