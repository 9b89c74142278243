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

// `document` (a settings file's JSON) is rejected, with an error that names `field`.
void ExpectRejectedNaming(const nlohmann::json& document, const std::string& field) {
  auto settings = ParseLocomotionSettings(document.dump(), "default.json");
  ASSERT_FALSE(settings.ok()) << field;
  EXPECT_NE(settings.error().message.find(field), std::string::npos) << settings.error().message;
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
  ExpectRejectedNaming(document, "gait.run_stick_threshold");

  document = nlohmann::json::parse(DefaultText());
  document["start"]["play_rate_min"] = 1.2;
  ExpectRejectedNaming(document, "play_rate_min");
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

TEST(LocomotionSettingsTest, ThePivotCapsuleHoldIsOffUnlessAskedForAndMustBeABool) {
  auto settings = LoadLocomotionSettings(io::ProjectAssets() / "locomotion" / "default.json");
  ASSERT_TRUE(settings.ok()) << settings.error().message;
  EXPECT_FALSE(settings->turn.pivot_holds_capsule);
  EXPECT_FALSE(LocomotionSettings{}.turn.pivot_holds_capsule);
  // The Knight holds its capsule, at a cap of 1.5.
  auto knight = LoadLocomotionSettings(io::ProjectAssets() / "locomotion" / "kaykit_knight.json");
  ASSERT_TRUE(knight.ok()) << knight.error().message;
  EXPECT_TRUE(knight->turn.pivot_holds_capsule);
  EXPECT_FLOAT_EQ(knight->turn.pivot_play_rate_max, 1.5f);
  nlohmann::json document = nlohmann::json::parse(DefaultText());
  document["turn"]["pivot_holds_capsule"] = true;
  auto holds = ParseLocomotionSettings(document.dump(), "default.json");
  ASSERT_TRUE(holds.ok()) << holds.error().message;
  EXPECT_TRUE(holds->turn.pivot_holds_capsule);
  document["turn"]["pivot_holds_capsule"] = 1.5;
  ExpectRejectedNaming(document, "turn.pivot_holds_capsule");
}

TEST(LocomotionSettingsTest, TheStairStrideIsOffByDefaultAndTheKnightsTakesATreadAStep) {
  auto settings = LoadLocomotionSettings(io::ProjectAssets() / "locomotion" / "default.json");
  ASSERT_TRUE(settings.ok()) << settings.error().message;
  EXPECT_EQ(settings->stairs.max_rise_per_step_m, 0.0f);
  auto knight = LoadLocomotionSettings(io::ProjectAssets() / "locomotion" / "kaykit_knight.json");
  ASSERT_TRUE(knight.ok()) << knight.error().message;
  EXPECT_FLOAT_EQ(knight->stairs.max_rise_per_step_m, 0.16f);
  EXPECT_FLOAT_EQ(knight->stairs.survey_ahead_m, settings->stairs.survey_ahead_m);

  nlohmann::json document = nlohmann::json::parse(DefaultText());
  document["stairs"]["min_riser_m"] = 0.5;
  ExpectRejectedNaming(document, "stairs.min_riser_m");
  document = nlohmann::json::parse(DefaultText());
  document["stairs"]["survey_spacing_m"] = 0.005;
  document["stairs"]["survey_ahead_m"] = 5.0;
  ExpectRejectedNaming(document, "more than 500 traces");
  document = nlohmann::json::parse(DefaultText());
  document["stairs"]["max_rise_per_stp_m"] = 0.2;
  ExpectRejectedNaming(document, "max_rise_per_stp_m");
}

TEST(LocomotionSettingsTest, TheRunStopsPlayRateCapIsOffInCodeOnInTheShippedFileAndBounded) {
  EXPECT_EQ(StopSettings{}.run_max_play_rate, 0.0f);
  auto settings = LoadLocomotionSettings(io::ProjectAssets() / "locomotion" / "default.json");
  ASSERT_TRUE(settings.ok()) << settings.error().message;
  EXPECT_FLOAT_EQ(settings->stop.run_max_play_rate, 1.5f);
  nlohmann::json document = nlohmann::json::parse(DefaultText());
  document["stop"]["run_max_play_rate"] = -1.0;
  ExpectRejectedNaming(document, "stop.run_max_play_rate");
}

TEST(LocomotionSettingsTest, TheRunsStairStrideIsOffInCodeOnInTheShippedFilesAndBounded) {
  EXPECT_EQ(StairSettings{}.run_max_rise_per_step_m, 0.0f);
  EXPECT_EQ(StairSettings{}.run_max_drop_per_step_m, 0.0f);
  EXPECT_EQ(StairSettings{}.survey_ahead_s, 0.0f);
  auto settings = LoadLocomotionSettings(io::ProjectAssets() / "locomotion" / "default.json");
  ASSERT_TRUE(settings.ok()) << settings.error().message;
  EXPECT_FLOAT_EQ(settings->stairs.run_max_rise_per_step_m, 0.3f);  // two treads a step
  EXPECT_EQ(settings->stairs.run_max_drop_per_step_m, 0.0f);
  EXPECT_FLOAT_EQ(settings->stairs.survey_ahead_s, 0.55f);
  auto knight = LoadLocomotionSettings(io::ProjectAssets() / "locomotion" / "kaykit_knight.json");
  ASSERT_TRUE(knight.ok()) << knight.error().message;
  EXPECT_FLOAT_EQ(knight->stairs.run_max_rise_per_step_m, 0.16f);  // one tread a step
  EXPECT_FLOAT_EQ(knight->stairs.survey_ahead_s, 0.55f);

  nlohmann::json document = nlohmann::json::parse(DefaultText());
  document["stairs"]["run_max_rise_per_step_m"] = -0.1;
  ExpectRejectedNaming(document, "stairs.run_max_rise_per_step_m");
  document = nlohmann::json::parse(DefaultText());
  document["stairs"]["survey_ahead_s"] = 3.0;
  EXPECT_FALSE(ParseLocomotionSettings(document.dump(), "default.json").ok());
  // At speed the survey may reach 5 m ahead: 2 cm apart that is fine, 1 cm apart too many traces.
  document = nlohmann::json::parse(DefaultText());
  document["stairs"]["survey_spacing_m"] = 0.01;
  document["stairs"]["survey_ahead_s"] = 0.0;
  EXPECT_TRUE(ParseLocomotionSettings(document.dump(), "default.json").ok());
  document["stairs"]["survey_ahead_s"] = 0.5;
  ExpectRejectedNaming(document, "more than 500 traces");
}

TEST(LocomotionSettingsTest, TheFootfallAlignmentIsOffInCodeOnInTheShippedFilesAndBounded) {
  EXPECT_EQ(StairSettings{}.footfall_max_stride_change, 0.0f);
  auto settings = LoadLocomotionSettings(io::ProjectAssets() / "locomotion" / "default.json");
  ASSERT_TRUE(settings.ok()) << settings.error().message;
  EXPECT_FLOAT_EQ(settings->stairs.footfall_max_stride_change, 0.2f);
  EXPECT_FLOAT_EQ(settings->stairs.footfall_heel_margin_m, 0.08f);
  EXPECT_FLOAT_EQ(settings->stairs.footfall_toe_margin_m, 0.04f);
  auto knight = LoadLocomotionSettings(io::ProjectAssets() / "locomotion" / "kaykit_knight.json");
  ASSERT_TRUE(knight.ok()) << knight.error().message;
  EXPECT_FLOAT_EQ(knight->stairs.footfall_max_stride_change, 0.2f);
  EXPECT_FLOAT_EQ(knight->stairs.footfall_heel_margin_m, 0.08f);
  EXPECT_FLOAT_EQ(knight->stairs.footfall_toe_margin_m, 0.05f);
  // More than half the stride would turn a step round or double it.
  nlohmann::json document = nlohmann::json::parse(DefaultText());
  document["stairs"]["footfall_max_stride_change"] = 0.8;
  ExpectRejectedNaming(document, "stairs.footfall_max_stride_change");
  document = nlohmann::json::parse(DefaultText());
  document["stairs"]["footfall_heel_margin_m"] = -0.01;
  EXPECT_FALSE(ParseLocomotionSettings(document.dump(), "default.json").ok());
}

TEST(LocomotionSettingsTest, GivingWayIsOffInCodeOnInTheShippedFilesAndChecksItsKeys) {
  EXPECT_EQ(LocomotionSettings{}.give_way.look_ahead_m, 0.0f);
  auto settings = LoadLocomotionSettings(io::ProjectAssets() / "locomotion" / "default.json");
  ASSERT_TRUE(settings.ok()) << settings.error().message;
  EXPECT_FLOAT_EQ(settings->give_way.look_ahead_m, 0.6f);
  EXPECT_FLOAT_EQ(settings->give_way.keep_gap_m, 0.15f);
  EXPECT_FLOAT_EQ(settings->give_way.gap_gain_per_s, 3.0f);
  EXPECT_FLOAT_EQ(settings->give_way.hold_s, 0.3f);
  EXPECT_FLOAT_EQ(settings->give_way.aside_speed_m_s, 3.0f);
  auto knight = LoadLocomotionSettings(io::ProjectAssets() / "locomotion" / "kaykit_knight.json");
  ASSERT_TRUE(knight.ok()) << knight.error().message;
  EXPECT_FLOAT_EQ(knight->give_way.look_ahead_m, 0.6f);

  nlohmann::json document = nlohmann::json::parse(DefaultText());
  document.erase("give_way");
  auto without = ParseLocomotionSettings(document.dump(), "default.json");
  ASSERT_TRUE(without.ok()) << without.error().message;
  EXPECT_EQ(without->give_way.look_ahead_m, 0.0f);
  for (const auto& [key, value] : {std::pair{"look_ahead_m", -0.1}, std::pair{"hold_s", 11.0},
                                   std::pair{"look_ahed_m", 0.6}}) {
    document = nlohmann::json::parse(DefaultText());
    document["give_way"][key] = value;
    ExpectRejectedNaming(document, std::string("give_way.") + key);
  }
}

TEST(LocomotionSettingsTest, AScenarioMoveLetsGoNearAPoint) {
  auto scenario = ParseScenario(
      R"({"dt": 0.5, "duration_s": 3,
          "events": [{"t": 0, "move": [0, 1], "device": "keyboard"},
                     {"t": 0, "release_near": {"point": [0, 5], "radius_m": 1}}]})",
      "s.json");
  ASSERT_TRUE(scenario.ok()) << scenario.error().message;
  ScenarioInput input(*scenario);
  EXPECT_EQ(input.Advance(0.0, glm::vec3(0, 0, 0)).move, glm::vec2(0.0f, 1.0f));
  EXPECT_EQ(input.Advance(0.5, glm::vec3(0, 0, 3.9f)).move, glm::vec2(0.0f, 1.0f));
  EXPECT_EQ(input.Advance(1.0, glm::vec3(0, 0, 4.1f)).move, glm::vec2(0.0f));
  // Let go once: walking away again afterwards is not stopped.
  auto again = ParseScenario(
      R"({"dt": 0.5, "duration_s": 3,
          "events": [{"t": 0, "move": [0, 1], "release_near": {"point": [0, 5], "radius_m": 1}},
                     {"t": 1, "move": [1, 0]}]})",
      "s.json");
  ASSERT_TRUE(again.ok()) << again.error().message;
  ScenarioInput later(*again);
  EXPECT_EQ(later.Advance(0.0, glm::vec3(0, 0, 0)).move, glm::vec2(0.0f, 1.0f));
  // A move after it replaces it: no release there.
  EXPECT_EQ(later.Advance(1.0, glm::vec3(0, 0, 5)).move, glm::vec2(1.0f, 0.0f));
  // Without the feet given it never lets go.
  ScenarioInput blind(*scenario);
  EXPECT_EQ(blind.Advance(2.0).move, glm::vec2(0.0f, 1.0f));

  for (const char* bad : {R"({"point": [0, 5]})", R"({"point": [0], "radius_m": 1})",
                          R"({"point": [0, 5], "radius_m": -1})",
                          R"({"point": [0, 5], "radius_m": 1, "speed": 2})", R"([0, 5, 1])"}) {
    auto parsed = ParseScenario(
        std::string(R"({"dt": 0.5, "duration_s": 1, "events": [{"t": 0, "release_near": )") + bad +
            "}]}",
        "s.json");
    ASSERT_FALSE(parsed.ok()) << bad;
    EXPECT_NE(parsed.error().message.find("events[0].release_near"), std::string::npos)
        << parsed.error().message;
  }
}

TEST(LocomotionSettingsTest, NotJsonIsReported) {
  auto settings = ParseLocomotionSettings("{", "broken.json");
  ASSERT_FALSE(settings.ok());
  EXPECT_EQ(settings.error().message, "broken.json: not valid JSON");
}

}  // namespace
}  // namespace footwork::locomotion
