#include "footwork/locomotion/scenario_sweep.h"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

namespace footwork::locomotion {
namespace {

Scenario Base() {
  Scenario base;
  base.duration_s = 2.0f;
  base.start_position = glm::vec3(12.0f, 0.0f, 2.0f);
  base.start_yaw = 0.5f;
  ScenarioEvent walk;
  walk.t = 0.5;
  walk.move = glm::vec2(0.0f, 1.0f);
  base.events.push_back(walk);
  return base;
}

TEST(ScenarioSweepTest, StartsSpreadEvenlyFromTheBaseToTheSpan) {
  auto runs = SweepStartPositions(Base(), glm::vec3(0.0f, 0.0f, 0.3f), 4);
  ASSERT_TRUE(runs) << runs.error().message;
  ASSERT_EQ(runs->size(), 4u);
  for (std::size_t i = 0; i < runs->size(); ++i) {
    const Scenario& run = (*runs)[i];
    EXPECT_FLOAT_EQ(run.start_position.x, 12.0f);
    EXPECT_FLOAT_EQ(run.start_position.z, 2.0f + 0.1f * static_cast<float>(i));
    // Everything but the start is the base's.
    EXPECT_FLOAT_EQ(run.start_yaw, 0.5f);
    EXPECT_FLOAT_EQ(run.duration_s, 2.0f);
    ASSERT_EQ(run.events.size(), 1u);
    EXPECT_EQ(run.events[0].move, glm::vec2(0.0f, 1.0f));
  }
}

TEST(ScenarioSweepTest, RejectsTooFewOrTooManyStepsAndANonFiniteSpan) {
  EXPECT_FALSE(SweepStartPositions(Base(), glm::vec3(0.1f), 1));
  EXPECT_FALSE(SweepStartPositions(Base(), glm::vec3(0.1f), 1001));
  EXPECT_FALSE(
      SweepStartPositions(Base(), glm::vec3(std::numeric_limits<float>::quiet_NaN(), 0, 0), 3));
  EXPECT_FALSE(
      SweepStartPositions(Base(), glm::vec3(0, std::numeric_limits<float>::infinity(), 0), 3));
  EXPECT_TRUE(SweepStartPositions(Base(), glm::vec3(0.0f), 2));
}

}  // namespace
}  // namespace footwork::locomotion
