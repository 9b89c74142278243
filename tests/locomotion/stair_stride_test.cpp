#include "footwork/locomotion/stair_stride.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "footwork/world/bullet_collision_world.h"

namespace footwork::locomotion {
namespace {

// A floor, the default level's stairs (8 steps of 15 cm by 30 cm from z = 5) and a 25-degree ramp
// beside them.
class StairStrideTest : public ::testing::Test {
 protected:
  void SetUp() override {
    world_.AddBox({"ground", {40.0f, 1.0f, 40.0f}, {0.0f, -0.5f, 0.0f}, 0.0f});
    world::StairsDesc stairs;
    stairs.position_m = {0.0f, 0.0f, 5.0f};
    stairs.width_m = 3.0f;
    world_.AddStairs(stairs);
    world::RampDesc ramp;
    ramp.position_m = {-6.0f, 0.0f, 5.0f};
    ramp.slope_deg = 25.0f;
    ramp.length_m = 4.0f;
    ramp.width_m = 3.0f;
    world_.AddRamp(ramp);
  }
  world::BulletCollisionWorld world_;
  StairSettings settings_;
};

// Bullet's rays read the stairs' treads up to a centimetre high in places (the shapes' margins).
constexpr float kRayToleranceM = 0.01f;

TEST_F(StairStrideTest, TheSurveyMeasuresTreadsAndRisersAhead) {
  // 0.6 m short of the first riser, looking 1.2 m ahead: the risers at z = 5.0, 5.3 and 5.6.
  const auto stairs = SurveyStairs(world_, {0.0f, 0.0f, 4.4f}, {0.0f, 0.0f, 1.0f}, settings_);
  ASSERT_TRUE(stairs);
  EXPECT_EQ(stairs->risers, 3);
  EXPECT_NEAR(stairs->tread_m, 0.3f, settings_.survey_spacing_m);
  EXPECT_NEAR(stairs->riser_m, 0.15f, kRayToleranceM);
  // Going down from the landing, backwards along the same line: the same stairs.
  const auto down = SurveyStairs(world_, {0.0f, 1.2f, 7.8f}, {0.0f, 0.0f, -1.0f}, settings_);
  ASSERT_TRUE(down);
  EXPECT_NEAR(down->tread_m, 0.3f, settings_.survey_spacing_m);
  EXPECT_NEAR(down->riser_m, 0.15f, kRayToleranceM);
  EXPECT_TRUE(down->down);
  EXPECT_FALSE(stairs->down);
  // Where the edges are, from the feet along the way: up, 0.6, 0.9 and 1.2 m ahead; down from
  // z 7.8, the top step's edge (z 7.1, the eighth step is level with the landing) 0.7 m ahead,
  // then 1.0.
  ASSERT_EQ(stairs->edges_m.size(), 3u);
  for (int i = 0; i < 3; ++i) {
    EXPECT_NEAR(stairs->edges_m[static_cast<std::size_t>(i)], 0.6f + 0.3f * static_cast<float>(i),
                settings_.survey_spacing_m);
  }
  ASSERT_EQ(down->edges_m.size(), 2u);
  EXPECT_NEAR(down->edges_m[0], 0.7f, settings_.survey_spacing_m);
  EXPECT_NEAR(down->edges_m[1], 1.0f, settings_.survey_spacing_m);
}

// The survey traces every 10 cm first and fills in only where the ground changes: treads
// shorter than that (9 cm, 6 cm risers) are all found, each edge within a trace's spacing.
TEST_F(StairStrideTest, TreadsShorterThanTheSparseTracesAreAllFound) {
  world::StairsDesc steep;
  steep.position_m = {6.0f, 0.0f, 5.0f};
  steep.step_count = 10;
  steep.step_height_m = 0.06f;
  steep.step_depth_m = 0.09f;
  steep.width_m = 1.0f;
  world_.AddStairs(steep);
  const auto stairs = SurveyStairs(world_, {6.0f, 0.0f, 4.5f}, {0.0f, 0.0f, 1.0f}, settings_);
  ASSERT_TRUE(stairs);
  // The risers within the survey's 1.2 m: 0.5, 0.59, ... 1.13 m ahead.
  EXPECT_EQ(stairs->risers, 8);
  EXPECT_NEAR(stairs->tread_m, 0.09f, settings_.survey_spacing_m);
  EXPECT_NEAR(stairs->riser_m, 0.06f, kRayToleranceM);
  ASSERT_EQ(stairs->edges_m.size(), 8u);
  for (std::size_t i = 0; i < stairs->edges_m.size(); ++i)
    EXPECT_NEAR(stairs->edges_m[i], 0.5f + 0.09f * static_cast<float>(i),
                settings_.survey_spacing_m);
}

TEST_F(StairStrideTest, ARampTheFlatOrASingleRiserAreNoStairs) {
  const glm::vec3 forward(0.0f, 0.0f, 1.0f);
  EXPECT_FALSE(SurveyStairs(world_, {-6.0f, 0.0f, 4.5f}, forward, settings_));  // the ramp
  EXPECT_FALSE(SurveyStairs(world_, {0.0f, 0.0f, 0.0f}, forward, settings_));   // the floor
  // One riser within reach: the first step only, the survey ending before the second.
  StairSettings short_reach = settings_;
  short_reach.survey_ahead_m = 0.3f;
  short_reach.survey_behind_m = 0.0f;
  EXPECT_FALSE(SurveyStairs(world_, {0.0f, 0.0f, 4.85f}, forward, short_reach));
  // Beside the stairs, along them: nothing.
  EXPECT_FALSE(SurveyStairs(world_, {2.0f, 0.0f, 4.4f}, forward, settings_));
}

TEST_F(StairStrideTest, BadInputFindsNoStairs) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_FALSE(SurveyStairs(world_, {0.0f, 0.0f, 4.4f}, {0.0f, 0.0f, 0.0f}, settings_));
  EXPECT_FALSE(SurveyStairs(world_, {nan, 0.0f, 4.4f}, {0.0f, 0.0f, 1.0f}, settings_));
  EXPECT_FALSE(SurveyStairs(world_, {0.0f, 0.0f, 4.4f}, {0.0f, 0.0f, nan}, settings_));
}

TEST(StairStrideFactor, AStepCoversAsManyTreadsAsTheLegsClimb) {
  StairSettings settings;
  const StairProfile stairs{0.3f, 0.15f, 4, false, {}};
  // Off by default.
  EXPECT_EQ(StairStrideFactor(stairs, 0.52f, settings, GroundGait::kWalk), 1.0f);
  // One tread a step (16 cm of rise): a 52 cm step is cut to 30 cm.
  settings.max_rise_per_step_m = 0.16f;
  EXPECT_NEAR(StairStrideFactor(stairs, 0.52f, settings, GroundGait::kWalk), 0.52f / 0.3f, 1e-5f);
  // Two treads a step (30 cm of rise exactly): to 60 cm, which a 52 cm step already is within.
  settings.max_rise_per_step_m = 0.3f;
  EXPECT_EQ(StairStrideFactor(stairs, 0.52f, settings, GroundGait::kWalk), 1.0f);
  EXPECT_NEAR(StairStrideFactor(stairs, 0.9f, settings, GroundGait::kWalk), 1.5f, 1e-5f);
  // Risers taller than the limit: still one tread a step.
  settings.max_rise_per_step_m = 0.1f;
  EXPECT_NEAR(StairStrideFactor(stairs, 0.45f, settings, GroundGait::kWalk), 1.5f, 1e-5f);
  // No more than max_stride_factor.
  settings.max_stride_factor = 1.25f;
  EXPECT_EQ(StairStrideFactor(stairs, 0.9f, settings, GroundGait::kWalk), 1.25f);
  // Going down, max_drop_per_step_m rules: off (0) by itself, two treads at 0.3.
  settings.max_stride_factor = 2.0f;
  const StairProfile down{0.3f, 0.15f, 4, true, {}};
  EXPECT_EQ(StairStrideFactor(down, 0.9f, settings, GroundGait::kWalk), 1.0f);
  settings.max_drop_per_step_m = 0.3f;
  EXPECT_NEAR(StairStrideFactor(down, 0.9f, settings, GroundGait::kWalk), 1.5f, 1e-5f);
  // Bad input: no change.
  EXPECT_EQ(StairStrideFactor(stairs, std::numeric_limits<float>::quiet_NaN(), settings,
                              GroundGait::kWalk),
            1.0f);
  EXPECT_EQ(
      StairStrideFactor(StairProfile{0.0f, 0.15f, 2, false, {}}, 0.5f, settings, GroundGait::kWalk),
      1.0f);
}

TEST(StairSurveyAheadM, ReachesFurtherAtSpeedWithinItsBound) {
  StairSettings settings;
  settings.survey_ahead_m = 1.2f;
  // Off: the same at any speed.
  EXPECT_EQ(StairSurveyAheadM(settings, 4.0f), 1.2f);
  settings.survey_ahead_s = 0.55f;
  EXPECT_EQ(StairSurveyAheadM(settings, 1.75f), 1.2f);              // a walk: 0.96 m is short of it
  EXPECT_NEAR(StairSurveyAheadM(settings, 3.75f), 2.0625f, 1e-5f);  // a run
  EXPECT_NEAR(StairSurveyAheadM(settings, -3.75f), 2.0625f, 1e-5f);
  EXPECT_EQ(StairSurveyAheadM(settings, 100.0f), kMaxStairSurveyAheadM);
  EXPECT_EQ(StairSurveyAheadM(settings, std::numeric_limits<float>::infinity()), 1.2f);
  EXPECT_EQ(StairSurveyAheadM(settings, std::numeric_limits<float>::quiet_NaN()), 1.2f);
}

TEST(StairStrideFactor, EachGaitHasItsOwnLimit) {
  StairSettings settings;
  settings.max_rise_per_step_m = 0.16f;
  const StairProfile up{0.3f, 0.15f, 4, false, {}};
  const StairProfile down{0.3f, 0.15f, 4, true, {}};
  // The walk's limit leaves the run's step alone, and idle has none.
  EXPECT_TRUE(StairStrideOn(settings, GroundGait::kWalk));
  EXPECT_FALSE(StairStrideOn(settings, GroundGait::kRun));
  EXPECT_FALSE(StairStrideOn(settings, GroundGait::kIdle));
  EXPECT_EQ(StairStrideFactor(up, 1.2f, settings, GroundGait::kRun), 1.0f);
  // Two treads a step up at the run: a 1.2 m step is cut to 60 cm; going down it keeps its own.
  settings.run_max_rise_per_step_m = 0.3f;
  EXPECT_TRUE(StairStrideOn(settings, GroundGait::kRun));
  EXPECT_NEAR(StairStrideFactor(up, 1.2f, settings, GroundGait::kRun), 2.0f, 1e-5f);
  EXPECT_EQ(StairStrideFactor(down, 1.2f, settings, GroundGait::kRun), 1.0f);
  EXPECT_EQ(MaxStairStep(settings, GroundGait::kRun, false), 0.3f);
  EXPECT_EQ(MaxStairStep(settings, GroundGait::kRun, true), 0.0f);
  settings.run_max_drop_per_step_m = 0.45f;
  EXPECT_NEAR(StairStrideFactor(down, 1.2f, settings, GroundGait::kRun), 1.2f / 0.9f, 1e-5f);
  // The walk's limits are its own still.
  EXPECT_EQ(StairStrideFactor(up, 1.2f, settings, GroundGait::kWalk), 2.0f);  // max_stride_factor
  EXPECT_EQ(StairStrideFactor(up, 1.2f, settings, GroundGait::kIdle), 1.0f);
}

}  // namespace
}  // namespace footwork::locomotion
