#include "footwork/ik/foot_placement.h"
#include "footwork/ik/ik_rig.h"

#include <array>
#include <cmath>
#include <limits>
#include <optional>

#include "footwork/core/spring.h"

#include <gtest/gtest.h>

#include "anim/anim_test_util.h"
#include "ik/ik_test_util.h"

namespace footwork::ik {
namespace {

using anim::testing::VecNear;
using testing::PlaneWorld;
using testing::StepWorld;

constexpr float kFootHeight = 0.1f;

TEST(FootPlacement, FlatStepMovesTheFootByTheHeightDifference) {
  const PlaneWorld world(0.3f);
  const FootPlacementSettings settings;
  const glm::vec3 foot(0.1f, kFootHeight, 0.2f);  // animated ankle over a root at y = 0
  const FootTrace trace = TraceFoot(world, foot, 0.0f, settings);
  ASSERT_TRUE(trace.hit);
  EXPECT_NEAR(trace.point.y, 0.3f, 1e-5f);
  EXPECT_TRUE(VecNear(FootOffsetTarget(trace, foot, 0.0f, kFootHeight), {0, 0.3f, 0}, 1e-5f));
  // Out of reach below: no hit, no offset.
  const PlaneWorld deep(-2.0f);
  EXPECT_FALSE(TraceFoot(deep, foot, 0.0f, settings).hit);
}

TEST(FootPlacement, SlopeCorrectionPutsTheAnkleOneFootHeightOffTheSurface) {
  // A 25-degree slope: the seed's (up - normal) * foot height keeps the ankle at foot height
  // along the normal, so a foot turned to the slope rests its sole on it.
  const float slope = std::tan(25.0f * 3.14159265f / 180.0f);
  const PlaneWorld world(0.0f, slope);
  const FootPlacementSettings settings;
  const glm::vec3 foot(0.4f, kFootHeight, 0.0f);
  const FootTrace trace = TraceFoot(world, foot, 0.0f, settings);
  ASSERT_TRUE(trace.hit);
  const glm::vec3 ankle = foot + FootOffsetTarget(trace, foot, 0.0f, kFootHeight);
  const float height_along_normal = glm::dot(ankle - trace.point, world.Normal());
  EXPECT_NEAR(height_along_normal, kFootHeight, 1e-5f);
  // The tilt turns up onto the normal, limited.
  EXPECT_TRUE(VecNear(FootTiltTarget(trace, 1.0f) * glm::vec3(0, 1, 0), world.Normal(), 1e-5f));
  const glm::vec3 limited = FootTiltTarget(trace, 0.2f) * glm::vec3(0, 1, 0);
  EXPECT_NEAR(std::acos(glm::dot(limited, glm::vec3(0, 1, 0))), 0.2f, 1e-4f);
}

TEST(FootPlacement, TheLookAheadRunsFromTheToeAndStopsWhereTheFootLands) {
  // A swinging foot 40 cm short of a 0.3 m step, its toe 15 cm ahead of the ankle, moving at
  // 2 m/s toward the step: 0.1 s of look-ahead reaches 20 cm.
  const StepWorld world(0.4f);
  FootPlacementSettings settings;
  settings.min_step_up_m = 0.01f;
  const glm::vec3 ankle(0.0f, kFootHeight, 0.0f);
  const glm::vec3 toe(0.0f, 0.0f, 0.15f);
  const glm::vec3 velocity(0.0f, 0.0f, 2.0f);
  // From the ankle (no toe given) it ends at z = 0.2, short of the step.
  EXPECT_FALSE(TraceFoot(world, ankle, 0.0f, settings, velocity).ahead_height_m);
  // From the toe it ends at z = 0.35, still short; 10 cm further on, the toe's reach sees it.
  EXPECT_FALSE(TraceFoot(world, ankle, 0.0f, settings, velocity, toe).ahead_height_m);
  const glm::vec3 closer(0.0f, kFootHeight, 0.1f);
  const glm::vec3 closer_toe(0.0f, 0.0f, 0.25f);
  const FootTrace seen = TraceFoot(world, closer, 0.0f, settings, velocity, closer_toe);
  ASSERT_TRUE(seen.ahead_height_m);
  EXPECT_NEAR(*seen.ahead_height_m, 0.3f, 1e-5f);
  // The ankle alone from there does not (its reach ends at z = 0.3).
  EXPECT_FALSE(TraceFoot(world, closer, 0.0f, settings, velocity).ahead_height_m);
  // A foot that lands 10 cm on (its ball at z = 0.35) is not lifted toward the step past it.
  EXPECT_FALSE(TraceFoot(world, closer, 0.0f, settings, velocity, closer_toe, 0.1f).ahead_height_m);
  EXPECT_TRUE(TraceFoot(world, closer, 0.0f, settings, velocity, closer_toe, 0.2f).ahead_height_m);
}

TEST(FootPlacement, TheLookAheadSaysHowFarAheadOfTheToeTheStepIs) {
  // Three traces over 20 cm of reach from the toe at z = 0.25 (at 0.317, 0.383, 0.45): the step
  // at z = 0.4 is first seen by the third, 20 cm ahead of the toe.
  const StepWorld world(0.4f);
  FootPlacementSettings settings;
  settings.min_step_up_m = 0.01f;
  settings.lookahead_traces = 3;
  const glm::vec3 ankle(0.0f, kFootHeight, 0.1f);
  const glm::vec3 velocity(0.0f, 0.0f, 2.0f);
  const FootTrace ahead = TraceFoot(world, ankle, 0.0f, settings, velocity, glm::vec3(0, 0, 0.25f));
  ASSERT_TRUE(ahead.ahead_height_m && ahead.ahead_distance_m);
  EXPECT_NEAR(*ahead.ahead_distance_m, 0.2f, 1e-5f);
  // A toe already over the step: distance 0.
  const FootTrace over = TraceFoot(world, ankle, 0.0f, settings, velocity, glm::vec3(0, 0, 0.42f));
  ASSERT_TRUE(over.ahead_distance_m);
  EXPECT_EQ(*over.ahead_distance_m, 0.0f);
  // Nothing ahead: no distance either.
  const FootTrace none = TraceFoot(world, glm::vec3(0.0f, kFootHeight, -1.0f), 0.0f, settings,
                                   velocity, glm::vec3(0, 0, -0.85f));
  EXPECT_FALSE(none.ahead_height_m);
  EXPECT_FALSE(none.ahead_distance_m);
}

TEST(FootPlacement, AStepAheadStaysSeenWhileTheToeSlowsJustShortOfIt) {
  // A toe 1 cm short of a 0.3 m step at z = 0.4, moving at 2 m/s: the look-ahead sees the step.
  const StepWorld world(0.4f);
  FootPlacementSettings settings;
  settings.min_step_up_m = 0.01f;
  const glm::vec3 ankle(0.0f, kFootHeight, 0.24f);
  const glm::vec3 toe(0.0f, 0.0f, 0.39f);
  std::optional<StepAhead> memory;
  FootTrace moving = TraceFoot(world, ankle, 0.0f, settings, glm::vec3(0, 0, 2.0f), toe);
  ASSERT_TRUE(moving.ahead_height_m);
  RememberStepAhead(memory, moving, toe, true, 0.5f, settings);
  ASSERT_TRUE(memory);
  // Slowed to 1 cm/s, the look-ahead reaches 1 mm and misses it; the memory puts it back.
  const glm::vec3 slow(0.0f, 0.0f, 0.01f);
  const glm::vec3 toe_now = toe + glm::vec3(0.0f, 0.0f, 0.002f);
  FootTrace slowed = TraceFoot(world, ankle, 0.0f, settings, slow, toe_now);
  ASSERT_FALSE(slowed.ahead_height_m);
  RememberStepAhead(memory, slowed, toe_now, true, 0.5f, settings);
  ASSERT_TRUE(slowed.ahead_height_m && slowed.ahead_distance_m);
  EXPECT_NEAR(*slowed.ahead_height_m, 0.3f, 1e-5f);
  // Found 6.7 cm ahead of the toe (the first of three traces over 20 cm), 2 mm closer now.
  EXPECT_NEAR(*slowed.ahead_distance_m, 0.0647f, 1e-3f);
  // The offset target then still lifts the ankle to the step's top.
  EXPECT_NEAR(FootOffsetTarget(slowed, ankle, 0.0f, kFootHeight).y, 0.3f, 1e-5f);

  // Drawn back 5 cm (it will land short of the step): forgotten.
  std::optional<StepAhead> drawn = memory;
  const glm::vec3 toe_back = toe - glm::vec3(0.0f, 0.0f, 0.05f);
  FootTrace back = TraceFoot(world, ankle, 0.0f, settings, slow, toe_back);
  RememberStepAhead(drawn, back, toe_back, true, 0.5f, settings);
  EXPECT_FALSE(back.ahead_height_m);
  EXPECT_FALSE(drawn);
  // Landing short of it (the ball's landing 5 mm on): forgotten.
  std::optional<StepAhead> landing_short = memory;
  FootTrace short_trace = TraceFoot(world, ankle, 0.0f, settings, slow, toe_now);
  RememberStepAhead(landing_short, short_trace, toe_now, true, 0.005f, settings);
  EXPECT_FALSE(short_trace.ahead_height_m);
  // Planted: forgotten.
  std::optional<StepAhead> planted = memory;
  FootTrace planted_trace = TraceFoot(world, ankle, 0.0f, settings, slow, toe_now);
  RememberStepAhead(planted, planted_trace, toe_now, false, 0.5f, settings);
  EXPECT_FALSE(planted_trace.ahead_height_m);
  EXPECT_FALSE(planted);
  // On the step (heel and toe over its top), right at the step remembered: forgotten.
  std::optional<StepAhead> arrived = memory;
  const glm::vec3 toe_on(0.0f, 0.32f, 0.46f);
  FootTrace on_step = TraceFoot(world, glm::vec3(0.0f, 0.4f, 0.41f), 0.0f, settings, slow, toe_on);
  ASSERT_TRUE(on_step.toe_ground_m);
  ASSERT_NEAR(*on_step.toe_ground_m, 0.3f, 1e-5f);
  RememberStepAhead(arrived, on_step, toe_on, true, 0.5f, settings);
  EXPECT_FALSE(arrived);
}

TEST(FootPlacement, AFootReachesDownToAStepDownOverTheLastLeadBeforeItLands) {
  EXPECT_EQ(LandingDropShare(0.5f, 0.3f), 0.0f);
  EXPECT_NEAR(LandingDropShare(0.15f, 0.3f), 0.5f, 1e-6f);
  EXPECT_EQ(LandingDropShare(0.0f, 0.3f), 1.0f);
  EXPECT_EQ(LandingDropShare(0.1f, 0.0f), 0.0f);  // off
  EXPECT_EQ(LandingDropShare(std::numeric_limits<float>::quiet_NaN(), 0.3f), 0.0f);
  EXPECT_EQ(LandingDropShare(0.1f, std::numeric_limits<float>::infinity()), 0.0f);
}

// Climbing slower than 0.84 m/s (70% of a 1.2 m/s rise) the pelvis stays anchored; walking up the
// stairs (about 0.87 m/s) it follows a few percent; running up (1.7 m/s) all of the climb.
TEST(FootPlacement, ThePelvisFollowsAClimbFasterThanItMayRise) {
  FootPlacementSettings settings;
  settings.max_pelvis_rise_speed_m_s = 1.2f;
  EXPECT_EQ(PelvisClimbFollowShare(0.8f, settings), 0.0f);
  EXPECT_LT(PelvisClimbFollowShare(0.87f, settings), 0.1f);
  EXPECT_EQ(PelvisClimbFollowShare(-1.0f, settings), 0.0f);
  EXPECT_EQ(PelvisClimbFollowShare(1.7f, settings), 1.0f);
  EXPECT_NEAR(PelvisClimbFollowShare(0.5f * (0.84f + 1.32f), settings), 0.5f, 1e-5f);
  EXPECT_EQ(PelvisClimbFollowShare(std::numeric_limits<float>::quiet_NaN(), settings), 0.0f);
  settings.max_pelvis_rise_speed_m_s = 0.0f;
  EXPECT_EQ(PelvisClimbFollowShare(1.7f, settings), 0.0f);
  // The two shares equal: a step from none to all.
  settings.max_pelvis_rise_speed_m_s = 1.2f;
  settings.pelvis_climb_follow_full = settings.pelvis_climb_follow_from;
  EXPECT_EQ(PelvisClimbFollowShare(0.83f, settings), 0.0f);
  EXPECT_EQ(PelvisClimbFollowShare(0.85f, settings), 1.0f);
}

TEST(FootPlacement, PelvisDropsToTheLowerFootAndNeverRises) {
  FootPlacementSettings settings;
  FootPlacementState state;
  const std::array<glm::quat, 2> level{glm::quat(1, 0, 0, 0), glm::quat(1, 0, 0, 0)};
  for (int frame = 0; frame < 120; ++frame) {
    UpdateFootPlacement(state, {glm::vec3(0, -0.12f, 0), glm::vec3(0, 0.2f, 0)}, level,
                        {1.0f, 1.0f}, settings, 1.0f / 60.0f);
    EXPECT_LE(state.pelvis_offset_m, 0.0f);
  }
  EXPECT_NEAR(state.pelvis_offset_m, -0.12f, 1e-4f);
  EXPECT_NEAR(state.offset[kLeft].y, -0.12f, 1e-4f);
  EXPECT_NEAR(state.offset[kRight].y, 0.2f, 1e-4f);
  // Both feet up (standing on a step the capsule has not reached): the pelvis stays put.
  for (int frame = 0; frame < 120; ++frame) {
    UpdateFootPlacement(state, {glm::vec3(0, 0.1f, 0), glm::vec3(0, 0.2f, 0)}, level, {1.0f, 1.0f},
                        settings, 1.0f / 60.0f);
    EXPECT_LE(state.pelvis_offset_m, 0.0f);
  }
  EXPECT_NEAR(state.pelvis_offset_m, 0.0f, 1e-4f);
  // Enable_FootIK 0 fades a foot's offset out.
  for (int frame = 0; frame < 120; ++frame) {
    UpdateFootPlacement(state, {glm::vec3(0, 0.1f, 0), glm::vec3(0, 0.2f, 0)}, level, {0.0f, 1.0f},
                        settings, 1.0f / 60.0f);
  }
  EXPECT_NEAR(state.offset[kLeft].y, 0.0f, 1e-4f);
}

TEST(FootPlacement, SmoothingDoesNotDependOnTheFrameRate) {
  const FootPlacementSettings settings;
  const std::array<glm::quat, 2> tilt{glm::angleAxis(0.3f, glm::vec3(1, 0, 0)),
                                      glm::angleAxis(-0.2f, glm::vec3(0, 0, 1))};
  const std::array<glm::vec3, 2> targets{glm::vec3(0.01f, -0.1f, 0), glm::vec3(0, 0.15f, 0)};
  FootPlacementState at_30;
  FootPlacementState at_240;
  for (int frame = 0; frame < 3; ++frame)
    UpdateFootPlacement(at_30, targets, tilt, {1, 1}, settings, 1.0f / 30.0f);
  for (int frame = 0; frame < 24; ++frame)
    UpdateFootPlacement(at_240, targets, tilt, {1, 1}, settings, 1.0f / 240.0f);
  EXPECT_NEAR(at_30.pelvis_offset_m, at_240.pelvis_offset_m, 1e-5f);
  for (int side = 0; side < 2; ++side) {
    EXPECT_TRUE(VecNear(at_30.offset[side], at_240.offset[side], 1e-5f));
    EXPECT_TRUE(anim::testing::QuatNear(at_30.tilt[side], at_240.tilt[side], 2e-3f));
  }
}

TEST(FootPlacement, AStepUpRaisesTheFootOverSeveralFramesAtTheCappedSpeed) {
  FootPlacementSettings settings;
  FootPlacementState state;
  const std::array<glm::quat, 2> level{glm::quat(1, 0, 0, 0), glm::quat(1, 0, 0, 0)};
  const float dt = 1.0f / 60.0f;
  int frames = 0;
  float previous = 0.0f;
  while (state.offset[kLeft].y < 0.29f && frames < 60) {
    UpdateFootPlacement(state, {glm::vec3(0, 0.3f, 0), glm::vec3(0)}, level, {1.0f, 1.0f}, settings,
                        dt);
    const float rise = state.offset[kLeft].y - previous;
    EXPECT_GT(rise, 0.0f);
    EXPECT_LE(rise, settings.max_foot_rise_speed_m_s * dt + 1e-5f) << "frame " << frames;
    previous = state.offset[kLeft].y;
    ++frames;
  }
  // A 30 cm step at 2.4 m/s takes at least 7 frames, and is reached within half a second.
  EXPECT_GE(frames, 7);
  EXPECT_LT(frames, 30);
  // Going down is not capped: the damper alone.
  const float down = DampRiseCapped(0.3f, 0.0f, 0.04f, 2.4f, dt);
  EXPECT_NEAR(down, DamperExact(0.3f, 0.0f, 0.04f, dt), 1e-6f);
  // Exact over dt: two half steps give one whole step.
  const float whole = DampRiseCapped(0.0f, 0.3f, 0.02f, 2.4f, dt);
  const float halves =
      DampRiseCapped(DampRiseCapped(0.0f, 0.3f, 0.02f, 2.4f, dt / 2), 0.3f, 0.02f, 2.4f, dt / 2);
  EXPECT_NEAR(whole, halves, 1e-5f);
}

TEST(FootPlacement, AFootThatMustClearARiserSoonerRisesFasterThanTheCap) {
  // A 30 cm rise needed within 3 frames: the foot's floor of 6 m/s (0.3 m / 0.05 s) lifts it
  // 10 cm a frame, where the cap alone gives 4; the other foot keeps the cap.
  FootPlacementSettings settings;
  const std::array<glm::quat, 2> level{glm::quat(1, 0, 0, 0), glm::quat(1, 0, 0, 0)};
  const float dt = 1.0f / 60.0f;
  FootPlacementState state;
  UpdateFootPlacement(state, {glm::vec3(0, 0.3f, 0), glm::vec3(0, 0.3f, 0)}, level, {1.0f, 1.0f},
                      settings, dt, {6.0f, 0.0f});
  EXPECT_NEAR(state.offset[kLeft].y, 0.1f, 1e-4f);
  EXPECT_NEAR(state.offset[kRight].y, settings.max_foot_rise_speed_m_s * dt, 1e-4f);
  // A floor under the cap, or not finite, leaves the cap.
  FootPlacementState capped;
  UpdateFootPlacement(capped, {glm::vec3(0, 0.3f, 0), glm::vec3(0, 0.3f, 0)}, level, {1.0f, 1.0f},
                      settings, dt, {1.0f, std::numeric_limits<float>::quiet_NaN()});
  for (int side = 0; side < 2; ++side)
    EXPECT_NEAR(capped.offset[side].y, settings.max_foot_rise_speed_m_s * dt, 1e-4f);
}

TEST(FootPlacement, ASwingingFootComesDownAtTheCappedSpeedAndAPlantedOneAtTheDampers) {
  // Both feet raised 15 cm over a step they no longer need: the left swings (capped at 1.5 m/s,
  // 2.5 cm a frame), the right is planted (the damper alone: 25% of the gap in the first frame).
  FootPlacementSettings settings;
  ASSERT_FLOAT_EQ(settings.max_swing_foot_drop_speed_m_s, 1.5f);
  const std::array<glm::quat, 2> level{glm::quat(1, 0, 0, 0), glm::quat(1, 0, 0, 0)};
  const float dt = 1.0f / 60.0f;
  FootPlacementState state;
  state.offset = {glm::vec3(0, 0.15f, 0), glm::vec3(0, 0.15f, 0)};
  int frames = 0;
  float previous = 0.15f;
  while (state.offset[kLeft].y > 0.005f && frames < 60) {
    UpdateFootPlacement(state, {glm::vec3(0), glm::vec3(0)}, level, {1.0f, 1.0f}, settings, dt,
                        {0.0f, 0.0f}, std::nullopt, {false, true});
    const float drop = previous - state.offset[kLeft].y;
    EXPECT_GT(drop, 0.0f);
    EXPECT_LE(drop, settings.max_swing_foot_drop_speed_m_s * dt + 1e-5f) << "frame " << frames;
    if (frames == 0) {
      EXPECT_NEAR(state.offset[kRight].y,
                  DamperExact(0.15f, 0.0f, settings.foot_down_half_life_s, dt), 1e-6f);
    }
    previous = state.offset[kLeft].y;
    ++frames;
  }
  // 15 cm at 1.5 m/s: at least 6 frames, and down within half a second.
  EXPECT_GE(frames, 6);
  EXPECT_LT(frames, 30);
  // A cap of 0 leaves the fall to the damper.
  settings.max_swing_foot_drop_speed_m_s = 0.0f;
  FootPlacementState uncapped;
  uncapped.offset = {glm::vec3(0, 0.15f, 0), glm::vec3(0, 0.15f, 0)};
  UpdateFootPlacement(uncapped, {glm::vec3(0), glm::vec3(0)}, level, {1.0f, 1.0f}, settings, dt,
                      {0.0f, 0.0f}, std::nullopt, {false, false});
  for (int side = 0; side < 2; ++side)
    EXPECT_NEAR(uncapped.offset[side].y,
                DamperExact(0.15f, 0.0f, settings.foot_down_half_life_s, dt), 1e-6f);
}

// A swinging foot over higher ground is raised only by what its lift does not clear; over lower
// ground its pull on the pelvis shrinks the same way; a planted foot keeps the seed's offset.
TEST(FootPlacement, SwingingFootNeedsTheGroundOffsetOnlyBeyondItsLift) {
  // Planted (swing 0): unchanged either way.
  EXPECT_FLOAT_EQ(EaseForSwing(0.3f, 0.2f, 0.0f), 0.3f);
  EXPECT_FLOAT_EQ(EaseForSwing(-0.3f, 0.2f, 0.0f), -0.3f);
  // Fully swinging, lifted 0.2 m over a 0.3 m step: raised 0.1 m; lifted higher: not at all.
  EXPECT_NEAR(EaseForSwing(0.3f, 0.2f, 1.0f), 0.1f, 1e-6f);
  EXPECT_NEAR(EaseForSwing(0.3f, 0.5f, 1.0f), 0.0f, 1e-6f);
  // Over ground 0.3 m lower: pulls the pelvis 0.1 m; never past zero.
  EXPECT_NEAR(EaseForSwing(-0.3f, 0.2f, 1.0f), -0.1f, 1e-6f);
  EXPECT_NEAR(EaseForSwing(-0.3f, 0.5f, 1.0f), 0.0f, 1e-6f);
  // Half swinging: half the slack. A foot below its standing height has no slack.
  EXPECT_NEAR(EaseForSwing(0.3f, 0.2f, 0.5f), 0.2f, 1e-6f);
  EXPECT_FLOAT_EQ(EaseForSwing(0.3f, -0.05f, 1.0f), 0.3f);
  // Continuous in the lift and the swing (no jump as a foot lands or lifts off).
  for (float lift = 0.0f; lift < 0.4f; lift += 0.01f) {
    EXPECT_LE(std::fabs(EaseForSwing(0.25f, lift + 0.01f, 0.7f) - EaseForSwing(0.25f, lift, 0.7f)),
              0.0071f);
  }
  // Non-finite lift or swing: the seed's offset.
  EXPECT_FLOAT_EQ(EaseForSwing(0.3f, std::nanf(""), 1.0f), 0.3f);
  EXPECT_FLOAT_EQ(EaseForSwing(0.3f, 0.2f, std::nanf("")), 0.3f);
}

// A swinging foot keeps its place under the hip: it goes down with the pelvis as far as its sole
// clears the ground, up to the pelvis from lower ground, and a planted foot is left alone.
TEST(FootPlacement, ASwingingFootFollowsThePelvisAsFarAsItsSoleClearsTheGround) {
  // Planted (swing 0): unchanged.
  EXPECT_FLOAT_EQ(FollowPelvisInSwing(0.0f, -0.1f, -0.3f, 0.0f), 0.0f);
  // Fully swinging, high over the ground: all the way down to the pelvis.
  EXPECT_FLOAT_EQ(FollowPelvisInSwing(0.0f, -0.1f, -0.3f, 1.0f), -0.1f);
  // Near the ground: only down to where the sole keeps its clearance.
  EXPECT_FLOAT_EQ(FollowPelvisInSwing(0.0f, -0.1f, -0.04f, 1.0f), -0.04f);
  // Never raised by the clearance: a foot already lower than it stays.
  EXPECT_FLOAT_EQ(FollowPelvisInSwing(-0.02f, -0.1f, 0.05f, 1.0f), -0.02f);
  // Over ground lower than the pelvis: raised to the pelvis.
  EXPECT_FLOAT_EQ(FollowPelvisInSwing(-0.12f, -0.05f, -0.3f, 1.0f), -0.05f);
  // Half swinging: half the way.
  EXPECT_FLOAT_EQ(FollowPelvisInSwing(0.0f, -0.1f, -0.3f, 0.5f), -0.05f);
  EXPECT_FLOAT_EQ(FollowPelvisInSwing(0.0f, -0.1f, -0.3f, 2.0f), -0.1f);
  // Continuous in the clearance (no jump as the sole nears the ground).
  for (float lowest = -0.2f; lowest < 0.05f; lowest += 0.01f) {
    EXPECT_LE(std::fabs(FollowPelvisInSwing(0.0f, -0.1f, lowest + 0.01f, 0.8f) -
                        FollowPelvisInSwing(0.0f, -0.1f, lowest, 0.8f)),
              0.0081f);
  }
  // Non-finite inputs leave the offset as it is.
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_FLOAT_EQ(FollowPelvisInSwing(0.02f, nan, -0.3f, 1.0f), 0.02f);
  EXPECT_FLOAT_EQ(FollowPelvisInSwing(0.02f, -0.1f, nan, 1.0f), 0.02f);
  EXPECT_FLOAT_EQ(FollowPelvisInSwing(0.02f, -0.1f, -0.3f, nan), 0.02f);
  EXPECT_TRUE(std::isnan(FollowPelvisInSwing(nan, -0.1f, -0.3f, 1.0f)));
}

// The pelvis goes to the lower weighted foot target, or to a target given apart: feet moved after
// it was taken (following it down) must not pull it further down.
TEST(FootPlacement, ThePelvisGoesToTheTargetGivenApartFromTheFeet) {
  const std::array<glm::vec3, 2> targets{glm::vec3(0, -0.12f, 0), glm::vec3(0, 0.05f, 0)};
  EXPECT_FLOAT_EQ(PelvisTarget(targets, {1.0f, 1.0f}), -0.12f);
  EXPECT_FLOAT_EQ(PelvisTarget(targets, {0.5f, 1.0f}), -0.06f);
  EXPECT_FLOAT_EQ(PelvisTarget(targets, {std::numeric_limits<float>::quiet_NaN(), 1.0f}), 0.0f);
  EXPECT_FLOAT_EQ(PelvisTarget({glm::vec3(0, 0.1f, 0), glm::vec3(0, 0.2f, 0)}, {1, 1}), 0.0f);

  FootPlacementSettings settings;
  const std::array<glm::quat, 2> level{glm::quat(1, 0, 0, 0), glm::quat(1, 0, 0, 0)};
  FootPlacementState own;
  FootPlacementState given;
  const std::array<glm::vec3, 2> followed{glm::vec3(0, -0.3f, 0), glm::vec3(0, -0.3f, 0)};
  for (int i = 0; i < 120; ++i) {
    UpdateFootPlacement(own, followed, level, {1.0f, 1.0f}, settings, 1.0f / 60.0f);
    UpdateFootPlacement(given, followed, level, {1.0f, 1.0f}, settings, 1.0f / 60.0f, {0, 0},
                        -0.1f);
  }
  EXPECT_NEAR(own.pelvis_offset_m, -0.3f, 1e-3f);
  EXPECT_NEAR(given.pelvis_offset_m, -0.1f, 1e-3f);
  // The feet go to their own targets either way.
  EXPECT_NEAR(given.offset[0].y, -0.3f, 1e-3f);
  // A target given above zero still leaves the pelvis at most at its animated height.
  FootPlacementState above;
  UpdateFootPlacement(above, followed, level, {1.0f, 1.0f}, settings, 1.0f / 60.0f, {0, 0}, 0.2f);
  EXPECT_LE(above.pelvis_offset_m, 0.0f);
}

// A landing foot 3.5 cm over the ground whose lock rose to 0.83 in one frame is put down at the
// settle speed while the lock rises, then wholly once planted; lifting is never held back.
TEST(FootPlacement, TheSettleOfARisingLockIsEasedInAtItsSpeed) {
  constexpr float kDt = 1.0f / 60.0f;
  EXPECT_NEAR(EaseSettle(0.0f, 0.035f, 0.67f, 1.0f, kDt), kDt, 1e-6f);
  EXPECT_NEAR(EaseSettle(kDt, 0.035f, 0.9f, 1.0f, kDt), 2.0f * kDt, 1e-6f);
  EXPECT_FLOAT_EQ(EaseSettle(2.0f * kDt, 0.035f, 1.0f, 1.0f, kDt), 0.035f);  // planted: at once
  EXPECT_FLOAT_EQ(EaseSettle(0.035f, 0.01f, 0.5f, 1.0f, kDt), 0.01f);        // lowered at once
  EXPECT_FLOAT_EQ(EaseSettle(0.0f, 0.035f, 0.5f, 0.0f, kDt), 0.035f);        // no cap set
  EXPECT_FLOAT_EQ(EaseSettle(0.0f, 0.035f, 0.5f, 1.0f, 0.0f), 0.035f);       // no time step
  // Frame-rate independent: the same time at 30 Hz and 120 Hz settles the same.
  float at_30 = 0.0f, at_120 = 0.0f;
  for (int frame = 0; frame < 2; ++frame)
    at_30 = EaseSettle(at_30, 0.05f, 0.8f, 1.0f, 1.0f / 30.0f);
  for (int frame = 0; frame < 8; ++frame)
    at_120 = EaseSettle(at_120, 0.05f, 0.8f, 1.0f, 1.0f / 120.0f);
  EXPECT_NEAR(at_30, at_120, 1e-6f);
}

}  // namespace

}  // namespace footwork::ik
