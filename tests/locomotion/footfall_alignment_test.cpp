#include "footwork/locomotion/footfall_alignment.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

namespace footwork::locomotion {
namespace {

StairSettings AlignedStairs() {
  StairSettings settings;
  settings.footfall_max_stride_change = 0.2f;
  settings.footfall_heel_margin_m = 0.05f;
  settings.footfall_toe_margin_m = 0.05f;
  settings.footfall_scale_cost_m = 0.05f;
  return settings;
}

// Edges every 30 cm from 0.5 m ahead, as the default level's treads.
std::vector<float> Treads() {
  std::vector<float> edges;
  for (int i = 0; i < 6; ++i)
    edges.push_back(0.5f + 0.3f * static_cast<float>(i));
  return edges;
}

// Each plant of a forecast at a stride scale (relative to now), as FootfallStrideScale counts
// them (the step under way moves them all): the overlap summed over those within the horizon.
float OverlapAt(const std::vector<float>& edges, const FootfallForecast& forecast, float step_m,
                float horizon_m, float relative, const StairSettings& settings) {
  const float foot = forecast.ball_plant_m - forecast.ankle_plant_m;
  float overlap = 0.0f;
  for (int k = 0; k < 8; ++k) {
    const float ankle = forecast.ankle_plant_m +
                        (relative - 1.0f) * (forecast.ankle_plant_m - forecast.ankle_now_m) +
                        static_cast<float>(k) * step_m;
    if (ankle + foot + settings.footfall_toe_margin_m > horizon_m)
      break;
    overlap += FootfallOverlap(edges, ankle, ankle + foot, settings);
  }
  return overlap;
}

TEST(FootfallAlignmentTest, OverlapIsTheLeastMoveOffTheEdgeUnderTheFoot) {
  const StairSettings settings = AlignedStairs();
  const std::vector<float> edges = {1.0f};
  // A 12 cm foot (ankle to ball) with 5 cm margins spans 22 cm.
  EXPECT_FLOAT_EQ(FootfallOverlap(edges, 0.5f, 0.62f, settings), 0.0f);
  EXPECT_FLOAT_EQ(FootfallOverlap(edges, 1.06f, 1.18f, settings), 0.0f);
  // The edge 3 cm behind the ankle: the heel (with its margin) 2 cm over it.
  EXPECT_NEAR(FootfallOverlap(edges, 1.03f, 1.15f, settings), 0.02f, 1e-5f);
  // Under the middle of the foot: 11 cm either way.
  EXPECT_NEAR(FootfallOverlap(edges, 0.94f, 1.06f, settings), 0.11f, 1e-5f);
  // The ball 2 cm short of it: 3 cm back.
  EXPECT_NEAR(FootfallOverlap(edges, 0.86f, 0.98f, settings), 0.03f, 1e-5f);
  EXPECT_FLOAT_EQ(FootfallOverlap({}, 0.94f, 1.06f, settings), 0.0f);
}

// A forecast whose plants fall across the edges gets a stride that takes them onto the treads,
// within the allowed change; one already clear keeps the stride.
TEST(FootfallAlignmentTest, TheStrideMovesPlantsOffTheEdgesAhead) {
  const StairSettings settings = AlignedStairs();
  const std::vector<float> edges = Treads();
  const float step = 0.3f;
  const float horizon = 1.5f;
  // The ankle lands 4 cm before the first edge: heel on the landing, ball over the drop, and
  // every plant after it the same (one tread a step).
  FootfallForecast across;
  across.ankle_now_m = -0.2f;
  across.ankle_plant_m = 0.46f;
  across.ball_plant_m = 0.58f;
  const float before = OverlapAt(edges, across, step, horizon, 1.0f, settings);
  ASSERT_GT(before, 0.1f);
  const float scale = FootfallStrideScale(edges, across, step, horizon, 1.0f, settings);
  EXPECT_GE(scale, 0.8f);
  EXPECT_LE(scale, 1.2f);
  EXPECT_NE(scale, 1.0f);
  const float after = OverlapAt(edges, across, step, horizon, scale, settings);
  EXPECT_LT(after, 0.25f * before) << "scale " << scale;

  // Landing mid-tread: nothing to move.
  FootfallForecast clear;
  clear.ankle_now_m = -0.2f;
  clear.ankle_plant_m = 0.56f;
  clear.ball_plant_m = 0.68f;
  ASSERT_FLOAT_EQ(OverlapAt(edges, clear, step, horizon, 1.0f, settings), 0.0f);
  EXPECT_FLOAT_EQ(FootfallStrideScale(edges, clear, step, horizon, 1.0f, settings), 1.0f);
  // Aligned at a longer stride already (it moved the plants onto the treads): not undone; it
  // comes only as near 1 as keeps every plant clear.
  const float kept = FootfallStrideScale(edges, clear, step, horizon, 1.1f, settings);
  EXPECT_GT(kept, 1.05f);
  EXPECT_LE(kept, 1.1f);
  EXPECT_FLOAT_EQ(OverlapAt(edges, clear, step, horizon, kept / 1.1f, settings), 0.0f);
}

TEST(FootfallAlignmentTest, OffWithoutEdgesOrOnBadInput) {
  const StairSettings on = AlignedStairs();
  StairSettings off = on;
  off.footfall_max_stride_change = 0.0f;
  const std::vector<float> edges = Treads();
  FootfallForecast across;
  across.ankle_now_m = -0.2f;
  across.ankle_plant_m = 0.46f;
  across.ball_plant_m = 0.58f;
  EXPECT_FLOAT_EQ(FootfallStrideScale(edges, across, 0.3f, 1.5f, 1.05f, off), 1.05f);
  EXPECT_FLOAT_EQ(FootfallStrideScale({}, across, 0.3f, 1.5f, 1.05f, on), 1.05f);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  EXPECT_FLOAT_EQ(FootfallStrideScale(edges, across, nan, 1.5f, 1.0f, on), 1.0f);
  EXPECT_FLOAT_EQ(FootfallStrideScale(edges, across, 0.0f, 1.5f, 1.0f, on), 1.0f);
  EXPECT_FLOAT_EQ(FootfallStrideScale(edges, across, 0.3f, inf, 1.0f, on), 1.0f);
  FootfallForecast bad = across;
  bad.ball_plant_m = nan;
  EXPECT_FLOAT_EQ(FootfallStrideScale(edges, bad, 0.3f, 1.5f, 1.0f, on), 1.0f);
  // A scale out of range is brought back within it.
  const float scale = FootfallStrideScale(edges, across, 0.3f, 1.5f, 3.0f, on);
  EXPECT_LE(scale, 1.2f);
  EXPECT_GE(scale, 0.8f);
}

}  // namespace
}  // namespace footwork::locomotion
