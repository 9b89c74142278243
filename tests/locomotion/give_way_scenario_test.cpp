// Giving way on the default level (assets/scenarios/locomotion/give_way_platform.json): the
// default character stands in the moving platform's lane facing it; the platform comes at
// 1 m/s. With the shipped give_way settings it walks backward ahead of the platform, facing the
// same way, and every bar holds; without them the platform shoves its capsule and drags its
// planted feet.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "footwork/sim/metrics.h"

#include "default_character.h"

namespace footwork::locomotion {
namespace {

constexpr const char* kScenario = "locomotion/give_way_platform.json";

class GiveWayScenarioTest : public testing::DefaultLevelTest {
 protected:
  Result<std::vector<sim::TraceFrame>> Run(const nlohmann::json& settings_json) {
    auto assets = testing::AssetsFrom(settings_json);
    if (!assets)
      return assets.error();
    setup_.assets = *assets;
    auto scenario = LoadScenario(io::ProjectAssets() / "scenarios" / kScenario);
    if (!scenario)
      return scenario.error();
    return RunSimulation(*scenario, setup_.assets, *setup_.mover, SimulationOptionsFor(setup_));
  }

  // The platform's leading face (z) at time t: it leaves z 5 toward +Z at 1 m/s, 3 m deep.
  static float PlatformFace(double t) { return 5.0f + static_cast<float>(t) + 1.5f; }
};

TEST_F(GiveWayScenarioTest, TheCharacterWalksBackAheadOfThePlatformFacingItWithEveryBarMet) {
  auto frames = Run(testing::DefaultSettingsJson());
  ASSERT_TRUE(frames.ok()) << frames.error().message;
  EXPECT_EQ(testing::StateSequenceOf(*frames).states,
            (std::vector<std::string>{"Idle", "Start", "Cycle", "Stop", "Idle"}));
  const float radius = setup_.mover->settings().capsule.radius_m;
  float nearest_gap = 1e9f;
  float walked_m = 0.0f;
  for (const sim::TraceFrame& frame : *frames) {
    // Facing the platform (yaw 180) throughout: it steps back, it does not turn round.
    EXPECT_LT(std::fabs(std::fabs(frame.actor_yaw_deg) - 180.0f), 1.0f) << "t " << frame.t;
    if (frame.t < 9.5)
      nearest_gap = std::min(nearest_gap, frame.position.z - radius - PlatformFace(frame.t));
    walked_m = frame.position.z - 11.0f;
  }
  // Never touched: the capsule keeps ahead of the platform's face (the platform turns off at
  // z 15 at t 10), and has walked out of its lane's end.
  EXPECT_GT(nearest_gap, 0.02f);
  std::printf("[give way] nearest gap to the platform %.3f m\n", nearest_gap);
  EXPECT_GT(walked_m, 5.0f);
  auto metrics = sim::ComputeMetrics(*frames, sim::MetricBars::WithIk());
  ASSERT_TRUE(metrics.ok()) << metrics.error().message;
  std::size_t checked = 0;
  for (const sim::MetricCheck& check : metrics->checks) {
    if (!check.measured())
      continue;
    ++checked;
    EXPECT_TRUE(check.passed()) << check.name << " = " << *check.value << ", bar "
                                << check.comparison << " " << *check.bar;
  }
  EXPECT_GE(checked, 6u);
}

TEST_F(GiveWayScenarioTest, WithoutGivingWayThePlatformDragsItsPlantedFeet) {
  nlohmann::json settings = testing::DefaultSettingsJson();
  settings["give_way"]["look_ahead_m"] = 0.0;
  auto frames = Run(settings);
  ASSERT_TRUE(frames.ok()) << frames.error().message;
  // It never moves by itself: pushed along standing.
  for (const sim::TraceFrame& frame : *frames)
    ASSERT_EQ(frame.state, "Idle") << "t " << frame.t;
  EXPECT_GT(frames->back().position.z, 13.0f);
  auto metrics = sim::ComputeMetrics(*frames, sim::MetricBars::WithIk());
  ASSERT_TRUE(metrics.ok()) << metrics.error().message;
  ASSERT_TRUE(metrics->foot_slide.has_value());
  EXPECT_GT(metrics->foot_slide->mean_cm_s, 2.0);
}

}  // namespace
}  // namespace footwork::locomotion
