// UpdateGiveWay (give_way.h): when a standing character starts walking ahead of an oncoming
// body, how fast, which way it faces, and when it stops.
#include "footwork/locomotion/give_way.h"

#include <gtest/gtest.h>

namespace footwork::locomotion {
namespace {

constexpr float kDt = 1.0f / 60.0f;

GiveWaySettings Settings() {
  GiveWaySettings settings;
  settings.look_ahead_m = 0.6f;
  settings.keep_gap_m = 0.15f;
  settings.gap_gain_per_s = 3.0f;
  settings.hold_s = 0.3f;
  return settings;
}

// A body coming toward +Z at 1 m/s, `gap_m` away, with the way ahead of it clear (or `way_out`).
movement::OncomingBody Body(float gap_m, glm::vec3 way_out = glm::vec3(0.0f, 0.0f, 1.0f)) {
  return movement::OncomingBody{7, glm::vec3(0.0f, 0.0f, 1.0f), gap_m, way_out};
}

TEST(GiveWayTest, WalksAsFastAsTheBodyComesAtTheKeptGapFasterNearerAndSlowerFurther) {
  const GiveWaySettings settings = Settings();
  GiveWayState state;
  // At 0.5 m: 1 + 3 x (0.15 - 0.5) < 0, still waiting.
  UpdateGiveWay(state, Body(0.5f), false, false, 0.3f, kDt, settings);
  EXPECT_FALSE(state.active);
  // At 0.4 m: 1 + 3 x (0.15 - 0.4) = 0.25 m/s, the way the body goes; it faces where it faced.
  UpdateGiveWay(state, Body(0.4f), false, false, 0.3f, kDt, settings);
  ASSERT_TRUE(state.active);
  EXPECT_NEAR(state.velocity.z, 0.25f, 1e-5f);
  EXPECT_EQ(state.velocity.x, 0.0f);
  EXPECT_EQ(state.facing_yaw, 0.3f);
  // At the kept gap, the body's speed; touching, faster; the facing stays as it began.
  UpdateGiveWay(state, Body(0.15f), false, true, 1.2f, kDt, settings);
  EXPECT_NEAR(state.velocity.z, 1.0f, 1e-5f);
  UpdateGiveWay(state, Body(0.0f), false, true, 1.2f, kDt, settings);
  EXPECT_NEAR(state.velocity.z, 1.45f, 1e-5f);
  EXPECT_EQ(state.facing_yaw, 0.3f);
  // Further than the kept gap it slows, down to standing (but keeps giving way while it comes).
  UpdateGiveWay(state, Body(0.55f), false, true, 1.2f, kDt, settings);
  EXPECT_TRUE(state.active);
  EXPECT_EQ(state.velocity.z, 0.0f);
}

TEST(GiveWayTest, KeepsWalkingForTheHoldThenStopsFacingTheSameWayUntilItStands) {
  const GiveWaySettings settings = Settings();
  GiveWayState state;
  UpdateGiveWay(state, Body(0.15f), false, false, -1.0f, kDt, settings);
  ASSERT_TRUE(state.active);
  // The body not seen for less than hold_s: it goes on at the same speed.
  const int hold_frames = static_cast<int>(settings.hold_s / kDt);
  for (int i = 0; i < hold_frames - 1; ++i) {
    UpdateGiveWay(state, std::nullopt, false, true, -1.0f, kDt, settings);
    ASSERT_TRUE(state.active) << i;
    ASSERT_NEAR(state.velocity.z, 1.0f, 1e-5f);
  }
  // Past it: releasing, no velocity, the facing kept while the character still moves.
  for (int i = 0; i < 3; ++i)
    UpdateGiveWay(state, std::nullopt, false, true, 0.5f, kDt, settings);
  EXPECT_FALSE(state.active);
  EXPECT_TRUE(state.releasing);
  EXPECT_EQ(state.velocity, glm::vec3(0.0f));
  EXPECT_EQ(state.facing_yaw, -1.0f);
  // The body coming again while it stops: the same facing, walking again.
  UpdateGiveWay(state, Body(0.1f), false, true, 0.5f, kDt, settings);
  EXPECT_TRUE(state.active);
  EXPECT_EQ(state.facing_yaw, -1.0f);
  for (int i = 0; i <= hold_frames + 1; ++i)
    UpdateGiveWay(state, std::nullopt, false, true, 0.5f, kDt, settings);
  EXPECT_TRUE(state.releasing);
  // Standing: done.
  UpdateGiveWay(state, std::nullopt, false, false, 0.5f, kDt, settings);
  EXPECT_FALSE(state.active);
  EXPECT_FALSE(state.releasing);
}

TEST(GiveWayTest, StepsAsideWhenTheWayAheadIsBlockedAndStandsWhenBoxedIn) {
  const GiveWaySettings settings = Settings();
  GiveWayState state;
  UpdateGiveWay(state, Body(0.15f, glm::vec3(-1.0f, 0.0f, 0.0f)), false, false, 0.0f, kDt,
                settings);
  ASSERT_TRUE(state.active);
  // Out of the lane at aside_speed_m_s (the body's 1 m/s at the kept gap would be too slow).
  EXPECT_NEAR(state.velocity.x, -settings.aside_speed_m_s, 1e-5f);
  EXPECT_EQ(state.velocity.z, 0.0f);
  GiveWayState boxed;
  UpdateGiveWay(boxed, Body(0.0f, glm::vec3(0.0f)), false, false, 0.0f, kDt, settings);
  EXPECT_FALSE(boxed.active);
}

TEST(GiveWayTest, ThePlayersInputAndAZeroLookAheadTurnItOff) {
  GiveWaySettings settings = Settings();
  GiveWayState state;
  UpdateGiveWay(state, Body(0.0f), false, false, 0.0f, kDt, settings);
  ASSERT_TRUE(state.active);
  UpdateGiveWay(state, Body(0.0f), true, true, 0.0f, kDt, settings);
  EXPECT_FALSE(state.active);
  EXPECT_FALSE(state.releasing);
  settings.look_ahead_m = 0.0f;
  UpdateGiveWay(state, Body(0.0f), false, false, 0.0f, kDt, settings);
  EXPECT_FALSE(state.active);
}

}  // namespace
}  // namespace footwork::locomotion
