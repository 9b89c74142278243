// Giving way on the default level (assets/scenarios/locomotion/give_way_platform.json): the
// default character stands in the moving platform's lane facing it; the platform comes at
// 1 m/s. With the shipped give_way settings it walks backward ahead of the platform, facing the
// same way, and every bar holds; without them the platform shoves its capsule and drags its
// planted feet.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "footwork/sim/metrics.h"
#include "footwork/world/json_fields.h"

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
  // The trace marks it: giving way began before the start, and ended once it stood again.
  std::vector<std::pair<double, sim::TraceEvent::Kind>> give_way;
  double started = -1.0;
  for (const sim::TraceFrame& frame : *frames) {
    for (const sim::TraceEvent& event : frame.events) {
      if (event.kind == sim::TraceEvent::Kind::kGiveWayBegan ||
          event.kind == sim::TraceEvent::Kind::kGiveWayEnded)
        give_way.emplace_back(frame.t, event.kind);
    }
    if (started < 0.0 && frame.state == "Start")
      started = frame.t;
  }
  ASSERT_EQ(give_way.size(), 2u);
  EXPECT_EQ(give_way[0].second, sim::TraceEvent::Kind::kGiveWayBegan);
  EXPECT_EQ(give_way[1].second, sim::TraceEvent::Kind::kGiveWayEnded);
  EXPECT_LE(give_way[0].first, started);
  for (const sim::TraceFrame& frame : *frames) {
    if (frame.t >= give_way[1].first) {
      EXPECT_EQ(frame.state, "Idle") << "t " << frame.t;
    }
  }
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

TEST_F(GiveWayScenarioTest, AJumpPressedWhileGivingWayJumps) {
  auto text = world::json_fields::ReadTextFile(io::ProjectAssets() / "scenarios" / kScenario);
  ASSERT_TRUE(text.ok()) << text.error().message;
  nlohmann::json json = nlohmann::json::parse(*text);
  json["events"].push_back({{"t", 6.0}, {"jump", true}});
  json["events"].push_back({{"t", 6.1}, {"jump", false}});
  auto scenario = ParseScenario(json.dump(), "give_way_jump.json");
  ASSERT_TRUE(scenario.ok()) << scenario.error().message;
  auto frames =
      RunSimulation(*scenario, setup_.assets, *setup_.mover, SimulationOptionsFor(setup_));
  ASSERT_TRUE(frames.ok()) << frames.error().message;
  float highest = -1e9f;
  float ground = 0.0f;
  for (const sim::TraceFrame& frame : *frames) {
    if (frame.t < 5.9)
      ground = frame.position.y;
    else if (frame.t < 7.0)
      highest = std::max(highest, frame.position.y);
  }
  EXPECT_GT(highest - ground, 0.3f);
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

// The platform's lane with a wall 80 cm behind the character (its back 46 cm from it), the
// character 40 cm right of the lane's middle: walking back is blocked, so it steps aside out of
// the lane, to its right, still facing the platform.
TEST_F(GiveWayScenarioTest, WithAWallBehindItStepsAsideOutOfThePlatformsLane) {
  const std::filesystem::path level_path =
      std::filesystem::path(::testing::TempDir()) / "give_way_wall_level.json";
  {
    std::ofstream level(level_path);
    level << R"({"name": "give_way_wall", "spawn_m": [0, 0, 0],
      "boxes": [{"name": "ground", "size_m": [60, 1, 60], "position_m": [-20, -0.5, 10]},
                {"name": "wall", "size_m": [4, 2.5, 0.4], "position_m": [-20, 1.25, 12.0]}],
      "platforms": [{"name": "platform", "size_m": [3.0, 0.3, 3.0],
                     "waypoints_m": [[-20, 0.15, 5], [-20, 0.15, 15], [-26, 0.15, 15]],
                     "speed_m_s": 1.0, "path_mode": "ping_pong"}]})";
  }
  auto setup = LoadSimulationSetup(level_path, testing::DefaultLibrary());
  ASSERT_TRUE(setup.ok()) << setup.error().message;
  auto scenario = ParseScenario(R"({"dt": 0.0166667, "duration_s": 8,
      "start": {"position": [-19.6, 0, 11], "yaw_deg": 180},
      "events": [{"t": 0, "camera_yaw_deg": 180, "device": "gamepad"}]})",
                                "give_way_wall.json");
  ASSERT_TRUE(scenario.ok()) << scenario.error().message;
  auto frames =
      RunSimulation(*scenario, setup->assets, *setup->mover, SimulationOptionsFor(*setup));
  ASSERT_TRUE(frames.ok()) << frames.error().message;
  EXPECT_EQ(testing::StateSequenceOf(*frames).states,
            (std::vector<std::string>{"Idle", "Start", "Cycle", "Stop", "Idle"}));
  const float radius = setup->mover->settings().capsule.radius_m;
  for (const sim::TraceFrame& frame : *frames) {
    EXPECT_LT(std::fabs(std::fabs(frame.actor_yaw_deg) - 180.0f), 1.0f) << "t " << frame.t;
    // Out of the way in time: the platform's corner brushes it 3 cm back at most (at the
    // platform's 1 m/s from the lane's middle, it was pushed 45 cm, pinned against the wall and
    // its foot run over by the platform).
    ASSERT_LT(frame.position.z, 11.05f) << "t " << frame.t;
    // On the ground: never stepped onto the platform's edge.
    ASSERT_LT(frame.position.y, 0.92f) << "t " << frame.t;
  }
  // Out of the lane (its edge at x -18.5), to the right (+X facing -Z).
  EXPECT_GT(frames->back().position.x - radius, -18.5f);
  auto metrics = sim::ComputeMetrics(*frames, sim::MetricBars::WithIk());
  ASSERT_TRUE(metrics.ok()) << metrics.error().message;
  for (const sim::MetricCheck& check : metrics->checks) {
    if (check.measured()) {
      EXPECT_TRUE(check.passed()) << check.name << " = " << *check.value << ", bar "
                                  << check.comparison << " " << *check.bar;
    }
  }
}

}  // namespace
}  // namespace footwork::locomotion
