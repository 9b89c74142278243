// LookaheadShare: how much of a foot's velocity look-ahead the placement uses.
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "footwork/ik/foot_placement.h"

namespace footwork::ik {
namespace {

FootPlacementSettings Settings() {
  FootPlacementSettings s;
  s.lookahead_s = 0.1f;
  s.lookahead_full_lift_m = 0.1f;
  s.landing_lookahead_s = 0.03f;
  return s;
}

TEST(LookaheadShare, APlantedFootLooksNowhere) {
  EXPECT_FLOAT_EQ(LookaheadShare(1.0f, 0.2f, 1.0f, Settings()), 0.0f);
  EXPECT_FLOAT_EQ(LookaheadShare(1.0f, 0.0f, -1.0f, Settings()), 0.0f);
}

TEST(LookaheadShare, ARisingFootLooksAllTheWayWhateverItsLift) {
  // A walk start stepping up onto a platform the root already stands on: the ankle is barely
  // above its standing height, but rising, and the step is ahead of it.
  EXPECT_FLOAT_EQ(LookaheadShare(0.0f, 0.0f, 0.5f, Settings()), 1.0f);
  EXPECT_FLOAT_EQ(LookaheadShare(0.0f, -0.05f, 0.5f, Settings()), 1.0f);
  // Still scaled down by a lock ramping in.
  EXPECT_NEAR(LookaheadShare(0.25f, 0.0f, 0.5f, Settings()), 0.75f, 1e-6f);
}

TEST(LookaheadShare, AFootComingDownFadesWithItsLiftToTheLandingFloor) {
  EXPECT_FLOAT_EQ(LookaheadShare(0.0f, 0.2f, -0.5f, Settings()), 1.0f);
  EXPECT_NEAR(LookaheadShare(0.0f, 0.05f, -0.5f, Settings()), 0.5f, 1e-6f);
  // Landing (no lift): a couple of frames of travel, 0.03 s of 0.1 s, not nothing: the foot
  // landing just past a riser sees the tread it lands on before its ankle is over it.
  EXPECT_NEAR(LookaheadShare(0.0f, 0.0f, -0.5f, Settings()), 0.3f, 1e-6f);
  EXPECT_NEAR(LookaheadShare(0.0f, 0.0f, 0.0f, Settings()), 0.3f, 1e-6f);
  FootPlacementSettings off = Settings();
  off.landing_lookahead_s = 0.0f;
  EXPECT_FLOAT_EQ(LookaheadShare(0.0f, 0.0f, -0.5f, off), 0.0f);
  // Never more than the whole look-ahead.
  off.landing_lookahead_s = 0.5f;
  EXPECT_FLOAT_EQ(LookaheadShare(0.0f, 0.0f, -0.5f, off), 1.0f);
}

TEST(LookaheadShare, NonFiniteInputsLookNowhere) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_FLOAT_EQ(LookaheadShare(nan, 0.1f, 1.0f, Settings()), 0.0f);
  EXPECT_FLOAT_EQ(LookaheadShare(0.0f, nan, 1.0f, Settings()), 0.0f);
  EXPECT_FLOAT_EQ(LookaheadShare(0.0f, 0.1f, nan, Settings()), 0.0f);
}

}  // namespace
}  // namespace footwork::ik
