// Scenario JSON: the bundled scenarios load, and mistakes fail with the field that is wrong.

#include "footwork/sim/scenario.h"

#include <cstdlib>
#include <filesystem>

#include <gtest/gtest.h>

namespace footwork::sim {
namespace {

std::string ErrorOf(const std::string& json) {
  Result<Scenario> scenario = ParseScenario(json, "s.json");
  EXPECT_FALSE(scenario.ok());
  return scenario.ok() ? std::string() : scenario.error().message;
}

TEST(ScenarioTest, ParsesIssueSixExample) {
  Result<Scenario> scenario = ParseScenario(R"({"dt": 0.0166667, "duration_s": 10,
      "start": {"position": [0,0,0], "yaw_deg": 0},
      "events": [{"t": 0, "move": [0, 1], "device": "gamepad"}, {"t": 2, "move": [0, 0]},
      {"t": 3, "camera_yaw_deg": 90}, {"t": 4, "rotation_mode": "strafing"}, {"t": 5, "gait": "walk"},
      {"t": 6, "jump": true}, {"t": 7, "aim": true}, {"t": 8, "overlay": "pistol"},
      {"t": 9, "look_target": [1, 1.6, 3]}]})",
                                            "example.json");
  ASSERT_TRUE(scenario.ok()) << scenario.error().message;
  ASSERT_EQ(scenario->events.size(), 9u);
  EXPECT_EQ(*scenario->events[0].move, glm::vec2(0, 1));
  EXPECT_EQ(*scenario->events[0].device, "gamepad");
  EXPECT_EQ(*scenario->events[2].camera_yaw_deg, 90.0f);
  EXPECT_EQ(*scenario->events[3].rotation_mode, "strafing");
  EXPECT_EQ(*scenario->events[4].gait, "walk");
  EXPECT_TRUE(*scenario->events[5].jump);
  EXPECT_TRUE(*scenario->events[6].aim);
  EXPECT_EQ(*scenario->events[7].overlay, "pistol");
  EXPECT_EQ(*scenario->events[8].look_target, glm::vec3(1, 1.6f, 3));
  EXPECT_DOUBLE_EQ(scenario->duration_s, 10.0);
}

// As for traces: a number too large for a double is an error, not an escaping exception.
TEST(ScenarioTest, NumberTooLargeForADoubleIsAnError) {
  const Result<Scenario> scenario = ParseScenario("{\"dt\": 1e999}", "overflow.json");
  ASSERT_FALSE(scenario.ok());
  EXPECT_NE(scenario.error().message.find("overflow.json"), std::string::npos);
}

TEST(ScenarioTest, MistakesNameTheField) {
  EXPECT_EQ(ErrorOf(R"({"duration_s": 5, "events": [{"t": 1, "mvoe": [0, 1]}]})"),
            "s.json: events[0].mvoe: unknown field (known: t, move, device, camera_yaw_deg, "
            "rotation_mode, gait, jump, aim, overlay, look_target)");
  EXPECT_NE(ErrorOf(R"({"duration_s": 5, "events": [{"t": 1, "move": [1, 1]}]})")
                .find("events[0].move: stick magnitude"),
            std::string::npos);
  EXPECT_NE(ErrorOf(R"({"duration_s": 5, "events": [{"t": 1, "gait": "jog"}]})")
                .find("events[0].gait: expected one of walk, run, sprint"),
            std::string::npos);
  EXPECT_NE(
      ErrorOf(R"({"duration_s": 5, "events": [{"t": 2, "aim": true}, {"t": 1, "aim": false}]})")
          .find("events[1].t: time 1.000000 is before"),
      std::string::npos);
  EXPECT_NE(ErrorOf(R"({"duration_s": 5, "events": [{"t": 6, "aim": true}]})").find("outside"),
            std::string::npos);
  EXPECT_NE(ErrorOf(R"({"events": []})").find("duration_s: missing"), std::string::npos);
  EXPECT_NE(ErrorOf(R"({"duration_s": 5, "dt": 0.5, "events": []})").find("dt: time step"),
            std::string::npos);
  EXPECT_NE(ErrorOf(R"({"duration_s": 5, "events": [{"t": 1}]})").find("sets nothing"),
            std::string::npos);
  EXPECT_NE(ErrorOf(R"({"duration_s": 5, "events": [], "expect_states": ["Walking"]})")
                .find("expect_states[0]: expected one of Idle"),
            std::string::npos);
  EXPECT_NE(ErrorOf("{\"duration_s\": 5,").find("s.json: not valid JSON"), std::string::npos);
}

TEST(ScenarioTest, BundledScenariosLoad) {
  const char* source_dir = std::getenv("FOOTWORK_SOURCE_DIR");
  if (!source_dir)
    GTEST_SKIP() << "FOOTWORK_SOURCE_DIR not set (run through ctest)";
  const std::filesystem::path dir = std::filesystem::path(source_dir) / "assets" / "scenarios";
  std::size_t count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".json")
      continue;
    Result<Scenario> scenario = LoadScenario(entry.path());
    EXPECT_TRUE(scenario.ok()) << scenario.error().message;
    if (scenario.ok()) {
      EXPECT_FALSE(scenario->events.empty()) << entry.path();
      EXPECT_FALSE(scenario->description.empty()) << entry.path();
    }
    ++count;
  }
  EXPECT_GE(count, 4u);
  Result<Scenario> showcase = LoadScenario(dir / "showcase.json");
  ASSERT_TRUE(showcase.ok());
  bool strafing = false, jump = false, overlay = false, look = false, keyboard = false;
  for (const ScenarioEvent& event : showcase->events) {
    strafing |= event.rotation_mode == "strafing";
    jump |= event.jump.value_or(false);
    overlay |= event.overlay.has_value();
    look |= event.look_target.has_value();
    keyboard |= event.device == "keyboard";
  }
  EXPECT_TRUE(strafing && jump && overlay && look && keyboard);
}

}  // namespace
}  // namespace footwork::sim
