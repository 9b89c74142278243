#include "footwork/cook/sole_floor_guard.h"

#include <cmath>

#include <gtest/gtest.h>

namespace footwork::cook {
namespace {

TEST(SoleFloorGuardTest, TheLiftCoversEverySinkingAndChangesNoFasterThanTheStep) {
  std::vector<float> depth(40, 0.0f);
  depth[10] = 0.05f;
  depth[11] = 0.03f;
  depth[25] = 0.012f;
  const float step = 0.01f;
  const std::vector<float> lift = LiftEnvelope(depth, step, /*looping=*/false);
  ASSERT_EQ(lift.size(), depth.size());
  for (std::size_t f = 0; f < lift.size(); ++f) {
    EXPECT_GE(lift[f], depth[f]) << "frame " << f;
    if (f > 0) {
      EXPECT_LE(std::fabs(lift[f] - lift[f - 1]), step + 1e-6f) << "frame " << f;
    }
  }
  // The lowest such curve: nothing far from a sinking is lifted.
  EXPECT_FLOAT_EQ(lift[0], 0.0f);
  EXPECT_FLOAT_EQ(lift[18], 0.0f);
  EXPECT_NEAR(lift[12], 0.03f, 1e-6f);  // 5 cm two frames away
}

TEST(SoleFloorGuardTest, ALoopingClipsLiftWrapsAroundItsEnd) {
  std::vector<float> depth(30, 0.0f);
  depth[0] = 0.03f;
  const std::vector<float> lift = LiftEnvelope(depth, 0.01f, /*looping=*/true);
  EXPECT_NEAR(lift[29], 0.02f, 1e-6f);
  EXPECT_NEAR(lift[28], 0.01f, 1e-6f);
  EXPECT_NEAR(lift[1], 0.02f, 1e-6f);
  const std::vector<float> clipped = LiftEnvelope(depth, 0.01f, /*looping=*/false);
  EXPECT_FLOAT_EQ(clipped[29], 0.0f);
}

TEST(SoleFloorGuardTest, NoSinkingNoLift) {
  const std::vector<float> lift = LiftEnvelope(std::vector<float>(12, 0.0f), 0.01f, true);
  for (float value : lift)
    EXPECT_FLOAT_EQ(value, 0.0f);
}

}  // namespace
}  // namespace footwork::cook
