// Strafing starts and stops per cardinal direction on the default character (issue 6): the
// scenario assets/scenarios/locomotion/strafe_starts_stops.json strafes left (gamepad stick 0.4:
// walk clips at ~0.95 m/s), right (stick 0.85: ~3.2 m/s, the run's start and stop around the
// sprint's strafing cycle, CT_Cycle's fast band as forward) and backward (stick 0.4)
// from idle and stops each time; every Start and Stop plays its direction's cooked clip (CT_Start
// and CT_Stop rows by rotation mode and cardinal direction), distance matched, within issue 6's
// bars. The locomotion pose is measured without IK (NaN, joint jump, stop error); planted-foot
// slide with the IK stage, as `footwork simulate` runs it (without IK the first frames of every
// start, forward ones included, dead-blend the idle's planted feet into the moving clip).
// Skipped when the CC0 pack is not installed.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "footwork/io/asset_paths.h"
#include "footwork/locomotion/scenario.h"
#include "footwork/locomotion/simulation_runner.h"
#include "footwork/locomotion/simulation_setup.h"
#include "footwork/sim/metrics.h"
#include "footwork/world/json_fields.h"

#include "default_character.h"

namespace footwork::locomotion {
namespace {

using Strings = std::vector<std::string>;

class StrafeStartsStopsTest : public testing::DefaultLevelTest {
 protected:
  // Runs `scenario_json` without IK (the locomotion pose) or with the level's IK stage.
  Result<std::vector<sim::TraceFrame>> Run(const std::string& scenario_json, bool ik = false) {
    auto scenario = ParseScenario(scenario_json, "strafe_starts_stops.json");
    if (!scenario)
      return scenario.error();
    SimulationOptions options = SimulationOptionsFor(setup_);
    options.ik = ik;
    return RunSimulation(*scenario, setup_.assets, *setup_.mover, options);
  }

  static std::string ScenarioText() {
    auto text = world::json_fields::ReadTextFile(io::ProjectAssets() / "scenarios" / "locomotion" /
                                                 "strafe_starts_stops.json");
    EXPECT_TRUE(text.ok()) << text.error().message;
    return text.ok() ? *text : std::string();
  }
};

TEST_F(StrafeStartsStopsTest, EachDirectionStartsAndStopsWithItsOwnClips) {
  auto frames = Run(ScenarioText());
  ASSERT_TRUE(frames.ok()) << frames.error().message;
  for (const sim::TraceFrame& frame : *frames)
    EXPECT_EQ(frame.rotation_mode, "strafing");
  const auto [states, clips] = testing::StateSequenceOf(*frames);
  EXPECT_EQ(states, (Strings{"Idle", "Start", "Cycle", "Stop", "Idle", "Start", "Cycle", "Stop",
                             "Idle", "Start", "Cycle", "Stop", "Idle"}));
  ASSERT_EQ(clips.size(), 13u);
  EXPECT_EQ(clips[1], "walk_strafe_left_start");
  EXPECT_EQ(clips[2], "walk_strafe_left");
  EXPECT_EQ(clips[3].rfind("walk_strafe_left_stop_", 0), 0u) << clips[3];
  EXPECT_EQ(clips[5], "run_strafe_right_start");
  EXPECT_EQ(clips[6], "sprint_strafe_right");
  EXPECT_EQ(clips[7].rfind("run_strafe_right_stop_", 0), 0u) << clips[7];
  EXPECT_EQ(clips[9], "walk_backward_start");
  EXPECT_EQ(clips[10], "walk_backward");
  EXPECT_EQ(clips[11].rfind("walk_backward_stop_", 0), 0u) << clips[11];
  // The start re-chosen every frame stays its direction's clip (no forward start on the way);
  // the direction is the velocity's until the capsule rests.
  for (const sim::TraceFrame& frame : *frames) {
    const float speed = std::hypot(frame.velocity.x, frame.velocity.z);
    if ((frame.state == "Start" || frame.state == "Stop") && !frame.clips.empty() &&
        speed > 0.05f) {
      EXPECT_EQ(frame.clips.front().name.find("_fwd"), std::string::npos) << frame.t;
      EXPECT_NE(frame.cardinal_direction, "forward") << frame.t;
    }
  }
  // Strafing keeps facing the camera, so the clips travel the capsule's way: no warp needed.
  for (const sim::TraceFrame& frame : *frames)
    EXPECT_LT(std::abs(frame.actor_yaw_deg), 1.0f) << frame.t;

  auto metrics = sim::ComputeMetrics(*frames);
  ASSERT_TRUE(metrics.ok()) << metrics.error().message;
  EXPECT_EQ(metrics->nan_frames, 0u);
  ASSERT_EQ(metrics->stops.size(), 3u);
  ASSERT_TRUE(metrics->MaxStopErrorCm().has_value());
  EXPECT_LT(*metrics->MaxStopErrorCm(), 5.0);
  ASSERT_TRUE(metrics->max_joint_jump.has_value());
  EXPECT_LT(metrics->max_joint_jump->degrees_per_60hz_frame, 20.0)
      << "at " << metrics->max_joint_jump->t << " s, joint " << metrics->max_joint_jump->joint;
  std::printf("[strafe] no IK: stop error %.2f cm, max joint jump %.1f deg\n",
              *metrics->MaxStopErrorCm(), metrics->max_joint_jump->degrees_per_60hz_frame);
}

TEST_F(StrafeStartsStopsTest, PlantedFeetDoNotSlideWithTheIkStage) {
  auto frames = Run(ScenarioText(), /*ik=*/true);
  ASSERT_TRUE(frames.ok()) << frames.error().message;
  auto metrics = sim::ComputeMetrics(*frames, sim::MetricBars::WithIk());
  ASSERT_TRUE(metrics.ok()) << metrics.error().message;
  EXPECT_EQ(metrics->nan_frames, 0u);
  ASSERT_TRUE(metrics->foot_slide.has_value());
  EXPECT_GT(metrics->foot_slide->samples, 300u);
  EXPECT_LT(metrics->foot_slide->mean_cm_s, 2.0);
  ASSERT_TRUE(metrics->MaxStopErrorCm().has_value());
  EXPECT_LT(*metrics->MaxStopErrorCm(), 5.0);
  ASSERT_TRUE(metrics->max_joint_jump.has_value());
  EXPECT_LT(metrics->max_joint_jump->degrees_per_60hz_frame, 20.0)
      << "at " << metrics->max_joint_jump->t << " s, joint " << metrics->max_joint_jump->joint;
  std::printf("[strafe] IK: slide mean %.3f cm/s (%zu samples), max joint jump %.1f deg\n",
              metrics->foot_slide->mean_cm_s, metrics->foot_slide->samples,
              metrics->max_joint_jump->degrees_per_60hz_frame);
}

TEST_F(StrafeStartsStopsTest, AStartKeepsTheDirectionItBeganInAndTheCycleTakesTheNewOne) {
  // Forward-left (37 deg, forward within the doubled dead zone), then swung to the left (72 deg)
  // mid-start: the start keeps walk_start_fwd (swapping clips would jump the pose in one frame),
  // orientation warping turns the legs, and the cycle that follows is the left one.
  auto frames = Run(R"({"dt": 0.0166667, "duration_s": 3,
      "start": {"position": [0, 0, -8], "yaw_deg": 0},
      "events": [{"t": 0, "rotation_mode": "strafing"}, {"t": 0, "gait": "walk"},
                 {"t": 0.5, "move": [-0.6, 0.8], "device": "keyboard"},
                 {"t": 0.9, "move": [-0.95, 0.3]}, {"t": 2.5, "move": [0, 0]}]})");
  ASSERT_TRUE(frames.ok()) << frames.error().message;
  bool left_during_start = false;
  std::string cycle_clip;
  for (const sim::TraceFrame& frame : *frames) {
    if (frame.clips.empty())
      continue;
    if (frame.state == "Start") {
      EXPECT_EQ(frame.clips.front().name, "walk_start_fwd") << frame.t;
      left_during_start |= frame.cardinal_direction == "left";
    }
    if (frame.state == "Cycle" && cycle_clip.empty())
      cycle_clip = frame.clips.front().name;
  }
  EXPECT_TRUE(left_during_start);
  EXPECT_EQ(cycle_clip, "walk_strafe_left");
  auto metrics = sim::ComputeMetrics(*frames);
  ASSERT_TRUE(metrics.ok()) << metrics.error().message;
  EXPECT_EQ(metrics->nan_frames, 0u);
  ASSERT_TRUE(metrics->max_joint_jump.has_value());
  EXPECT_LT(metrics->max_joint_jump->degrees_per_60hz_frame, 20.0)
      << "at " << metrics->max_joint_jump->t << " s, joint " << metrics->max_joint_jump->joint;
}

TEST_F(StrafeStartsStopsTest, TheChoiceIsTheTablesNotTheCode) {
  // Without the strafing rows in CT_Start and CT_Stop, strafing plays the forward start and
  // stops again: the per-direction choice lives in the data.
  nlohmann::json settings = testing::DefaultSettingsJson();
  ASSERT_FALSE(settings.is_null());
  for (auto& table : settings["choosers"]["tables"]) {
    if (table["name"] != "CT_Start" && table["name"] != "CT_Stop")
      continue;
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& row : table["rows"]) {
      if (!row["filters"].contains("mode"))
        rows.push_back(row);
    }
    table["rows"] = rows;
  }
  auto assets = testing::AssetsFrom(settings);
  ASSERT_TRUE(assets.ok()) << assets.error().message;
  setup_.assets = *assets;
  auto frames = Run(R"({"dt": 0.0166667, "duration_s": 3,
      "start": {"position": [0, 0, -8], "yaw_deg": 0},
      "events": [{"t": 0, "rotation_mode": "strafing"}, {"t": 0, "gait": "walk"},
                 {"t": 0.5, "move": [-1, 0], "device": "keyboard"}, {"t": 2, "move": [0, 0]}]})");
  ASSERT_TRUE(frames.ok()) << frames.error().message;
  bool forward_start = false;
  bool forward_stop = false;
  for (const sim::TraceFrame& frame : *frames) {
    if (frame.clips.empty())
      continue;
    forward_start |= frame.state == "Start" && frame.clips.front().name == "walk_start_fwd";
    forward_stop |= frame.state == "Stop" && frame.clips.front().name.rfind("walk_stop_", 0) == 0;
  }
  EXPECT_TRUE(forward_start);
  EXPECT_TRUE(forward_stop);
}

}  // namespace
}  // namespace footwork::locomotion
