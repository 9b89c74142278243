#include "footwork/locomotion/locomotion_settings.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "footwork/core/angles.h"
#include "footwork/io/asset_paths.h"
#include "footwork/locomotion/scenario.h"
#include "support/test_paths.h"

namespace footwork::locomotion {
namespace {

std::string DefaultText() {
  std::ifstream file(io::ProjectAssets() / "locomotion" / "default.json");
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

TEST(LocomotionSettingsTest, DefaultFileHoldsTheSeedValues) {
  auto settings = LoadLocomotionSettings(io::ProjectAssets() / "locomotion" / "default.json");
  ASSERT_TRUE(settings.ok()) << settings.error().message;
  EXPECT_FLOAT_EQ(settings->gait.run_stick_threshold, 0.6f);
  EXPECT_FLOAT_EQ(settings->gait.walk_stick_threshold, 0.01f);
  EXPECT_FLOAT_EQ(settings->gait.run_min_max_speed_m_s, 2.5f);
  EXPECT_FLOAT_EQ(settings->gait.walk_min_max_speed_m_s, 0.5f);
  EXPECT_NEAR(settings->rotation.velocity_primary_rate, Radians(800.0f), 1e-5f);
  EXPECT_FLOAT_EQ(settings->start.play_rate_min, 0.8f);
  EXPECT_FLOAT_EQ(settings->start.play_rate_max, 1.0f);
  EXPECT_FLOAT_EQ(settings->start.start_time_s, 0.1f);
  EXPECT_FLOAT_EQ(settings->stop.low_speed_below_m_s, 3.0f);
  EXPECT_FLOAT_EQ(settings->stop.high_speed_above_m_s, 4.0f);
  EXPECT_FLOAT_EQ(settings->stop.low_speed_start_time_s, 1.8f);
  EXPECT_NEAR(settings->turn.turn_in_place_threshold, Radians(60.0f), 1e-6f);
  EXPECT_FLOAT_EQ(settings->essential.should_turn_dot, -0.5f);
  ASSERT_NE(settings->start_chooser, nullptr);
  ASSERT_NE(settings->stop_chooser, nullptr);
  ASSERT_NE(settings->cycle_chooser, nullptr);
}

// A character's file extends the default and states only what differs: the rest, choosers
// included, is the default's.
TEST(LocomotionSettingsTest, ACharacterFileExtendsTheDefault) {
  const std::filesystem::path dir = testing::ScratchDir("locomotion_extends");
  std::filesystem::copy_file(io::ProjectAssets() / "locomotion" / "default.json",
                             dir / "default.json");
  std::ofstream(dir / "knight.json")
      << R"({"extends": "default.json", "start": {"play_rate_max": 1.4}})";
  auto settings = LoadLocomotionSettings(dir / "knight.json");
  ASSERT_TRUE(settings.ok()) << settings.error().message;
  EXPECT_FLOAT_EQ(settings->start.play_rate_max, 1.4f);
  EXPECT_FLOAT_EQ(settings->start.play_rate_min, 0.8f);
  EXPECT_FLOAT_EQ(settings->stop.low_speed_below_m_s, 3.0f);
  EXPECT_NE(settings->start_chooser, nullptr);
  // The merged file is still checked, and named by the character's file.
  std::ofstream(dir / "bad.json")
      << R"({"extends": "default.json", "start": {"play_rate_min": 2}})";
  auto bad = LoadLocomotionSettings(dir / "bad.json");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("bad.json"), std::string::npos) << bad.error().message;
  EXPECT_NE(bad.error().message.find("play_rate_min"), std::string::npos);
}

TEST(LocomotionSettingsTest, MissingFieldIsNamed) {
  nlohmann::json document = nlohmann::json::parse(DefaultText());
  document["stop"].erase("blend_in_s");
  auto settings = ParseLocomotionSettings(document.dump(), "default.json");
  ASSERT_FALSE(settings.ok());
  EXPECT_EQ(settings.error().message, "default.json: stop.blend_in_s: missing required field");
}

TEST(LocomotionSettingsTest, OutOfRangeAndInconsistentValuesAreRejected) {
  nlohmann::json document = nlohmann::json::parse(DefaultText());
  document["gait"]["run_stick_threshold"] = 1.5;
  auto settings = ParseLocomotionSettings(document.dump(), "default.json");
  ASSERT_FALSE(settings.ok());
  EXPECT_NE(settings.error().message.find("gait.run_stick_threshold"), std::string::npos);

  document = nlohmann::json::parse(DefaultText());
  document["start"]["play_rate_min"] = 1.2;
  settings = ParseLocomotionSettings(document.dump(), "default.json");
  ASSERT_FALSE(settings.ok());
  EXPECT_NE(settings.error().message.find("play_rate_min"), std::string::npos);
}

TEST(LocomotionSettingsTest, MissingChooserTableIsNamed) {
  nlohmann::json document = nlohmann::json::parse(DefaultText());
  auto& tables = document["choosers"]["tables"];
  for (auto it = tables.begin(); it != tables.end(); ++it) {
    if ((*it)["name"] == "CT_Stop") {
      tables.erase(it);
      break;
    }
  }
  auto settings = ParseLocomotionSettings(document.dump(), "default.json");
  ASSERT_FALSE(settings.ok());
  EXPECT_EQ(settings.error().message, "default.json: choosers: missing required table 'CT_Stop'");
}

TEST(LocomotionSettingsTest, ScenarioErrorsNameTheField) {
  auto bad_device = ParseScenario(
      R"({"dt": 0.016, "duration_s": 1, "events": [{"t": 0, "move": [0, 1], "device": "wheel"}]})",
      "s.json");
  ASSERT_FALSE(bad_device.ok());
  EXPECT_EQ(bad_device.error().message,
            "s.json: events[0].device: expected \"gamepad\" or \"keyboard\", got \"wheel\"");
  auto long_stick = ParseScenario(
      R"({"dt": 0.016, "duration_s": 1, "events": [{"t": 0, "move": [1, 1]}]})", "s.json");
  ASSERT_FALSE(long_stick.ok());
  EXPECT_EQ(long_stick.error().message, "s.json: events[0].move: stick length must be at most 1");
  auto unknown = ParseScenario(
      R"({"dt": 0.016, "duration_s": 1, "events": [{"t": 0, "fly": true}]})", "s.json");
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.error().message, "s.json: events[0].fly: unknown event field");
  auto missing = ParseScenario(R"({"duration_s": 1, "events": []})", "s.json");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().message, "s.json: dt: missing required field");
}

TEST(LocomotionSettingsTest, ScenarioEventsApplyInTimeOrder) {
  auto scenario = ParseScenario(
      R"({"dt": 0.5, "duration_s": 2, "start": {"position": [1, 0, 2], "yaw_deg": 90},
          "events": [{"t": 1, "move": [0, 0]}, {"t": 0, "move": [0, 1], "device": "keyboard"},
                     {"t": 1, "jump": true, "camera_yaw_deg": 180, "gait": "walk"}]})",
      "s.json");
  ASSERT_TRUE(scenario.ok()) << scenario.error().message;
  EXPECT_EQ(scenario->FrameCount(), 5);
  EXPECT_NEAR(scenario->start_yaw, Radians(90.0f), 1e-6f);
  ScenarioInput input(*scenario);
  LocomotionInput frame = input.Advance(0.0);
  EXPECT_EQ(frame.move, glm::vec2(0.0f, 1.0f));
  EXPECT_EQ(frame.device, InputDevice::kKeyboard);
  EXPECT_FALSE(frame.jump);
  frame = input.Advance(0.5);
  EXPECT_FALSE(frame.jump);
  frame = input.Advance(1.0);
  EXPECT_EQ(frame.move, glm::vec2(0.0f));
  EXPECT_TRUE(frame.jump);
  EXPECT_TRUE(frame.walk_mode);
  EXPECT_NEAR(frame.camera_yaw, Radians(180.0f), 1e-6f);
  // A jump is one press, not held.
  frame = input.Advance(1.5);
  EXPECT_FALSE(frame.jump);
}

TEST(LocomotionSettingsTest, NotJsonIsReported) {
  auto settings = ParseLocomotionSettings("{", "broken.json");
  ASSERT_FALSE(settings.ok());
  EXPECT_EQ(settings.error().message, "broken.json: not valid JSON");
}

}  // namespace
}  // namespace footwork::locomotion
