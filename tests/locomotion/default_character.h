#pragma once
// The default character (quaternius_ual1), cooked once per test program, and a frame-by-frame
// runner that records the locomotion's own trace (no IK stage: issue 6's bars are without IK).

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "footwork/cook/character_description.h"
#include "footwork/cook/cook_character.h"
#include "footwork/io/asset_paths.h"
#include "footwork/locomotion/locomotion_character.h"
#include "footwork/locomotion/scenario.h"
#include "footwork/locomotion/simulation_runner.h"
#include "footwork/locomotion/simulation_setup.h"
#include "footwork/movement/input.h"
#include "footwork/sim/trace_frame.h"
#include "footwork/world/json_fields.h"

namespace footwork::locomotion::testing {

// A shipped character (assets/characters/<description_file>) cooked from its pack folder under
// the asset packs; null when that pack is not installed.
inline std::shared_ptr<const io::CookedLibrary> CookShippedCharacter(
    const std::string& description_file, const std::string& pack_folder) {
  const auto packs = io::FindAssetPacks();
  if (!packs || !std::filesystem::exists(*packs / pack_folder))
    return nullptr;
  auto description =
      cook::LoadCharacterDescription(io::ProjectAssets() / "characters" / description_file);
  if (!description)
    return nullptr;
  auto cooked = cook::CookCharacterFromFiles(*description, *packs);
  if (!cooked)
    return nullptr;
  return std::make_shared<const io::CookedLibrary>(cook::ToCookedLibrary(*cooked));
}

// Null when the CC0 pack is not installed.
inline std::shared_ptr<const io::CookedLibrary> DefaultLibrary() {
  static const std::shared_ptr<const io::CookedLibrary> library =
      CookShippedCharacter("quaternius_ual1.json", "quaternius-ual1");
  return library;
}

// assets/locomotion/default.json as JSON, for tests that change a field or a chooser.
inline nlohmann::json DefaultSettingsJson() {
  auto text = world::json_fields::ReadTextFile(io::ProjectAssets() / "locomotion" / "default.json");
  return text ? nlohmann::json::parse(*text) : nlohmann::json();
}

// Assets built from `settings_json` on the default library (errors as a message).
inline Result<std::shared_ptr<const LocomotionAssets>> AssetsFrom(
    const nlohmann::json& settings_json) {
  auto settings = ParseLocomotionSettings(settings_json.dump(), "test.json");
  if (!settings)
    return settings.error();
  auto gamepad = movement::LoadGamepadSettings(io::ProjectAssets() / "movement" / "input.json");
  if (!gamepad)
    return gamepad.error();
  return LocomotionAssets::Create(DefaultLibrary(), std::move(*settings), *gamepad);
}

// Steps a character through `scenario_json` and records MakeTraceFrame per frame.
inline Result<std::vector<sim::TraceFrame>> RunFrames(
    const std::string& scenario_json, const SimulationSetup& setup,
    const std::shared_ptr<const LocomotionAssets>& assets) {
  auto scenario = ParseScenario(scenario_json, "test.json");
  if (!scenario)
    return scenario.error();
  const movement::CharacterMover& mover = *setup.mover;
  LocomotionCharacter character(assets, mover.Spawn(scenario->start_position), scenario->start_yaw);
  const float bottom = mover.settings().capsule.half_height_m + mover.settings().floor_gap_m;
  ScenarioInput input(*scenario);
  std::vector<sim::TraceFrame> frames;
  for (int f = 0; f < scenario->FrameCount(); ++f) {
    const double t = f * static_cast<double>(scenario->dt_s);
    const LocomotionInput& in = input.Advance(t);
    if (Status updated = character.Update(mover, in, scenario->dt_s); !updated.ok())
      return updated.error();
    frames.push_back(MakeTraceFrame(character, t, in.camera_yaw, bottom, false));
  }
  return frames;
}

// `scenario` run as `footwork simulate` runs it: the default level with its IK settings, on
// `library`; with `joints`, each frame records the joints' model-space positions (`--joints`).
inline Result<std::vector<sim::TraceFrame>> RunOnDefaultLevel(
    const Scenario& scenario, std::shared_ptr<const io::CookedLibrary> library,
    bool joints = false) {
  auto setup =
      LoadSimulationSetup(io::ProjectAssets() / "levels" / "default.json", std::move(library));
  if (!setup)
    return setup.error();
  SimulationOptions options = SimulationOptionsFor(*setup);
  options.joints = joints;
  return RunSimulation(scenario, setup->assets, *setup->mover, options);
}

// A shipped scenario (path under assets/scenarios) with every gait event asking for `gait`
// instead ("run": the stairs run up rather than walked).
inline Result<Scenario> ShippedScenarioAtGait(const std::string& relative_path,
                                              const std::string& gait) {
  auto scenario = LoadScenario(io::ProjectAssets() / "scenarios" / relative_path);
  if (!scenario)
    return scenario.error();
  for (ScenarioEvent& event : scenario->events) {
    if (event.gait)
      event.gait = gait;
  }
  return scenario;
}

// A shipped scenario (path under assets/scenarios) run as `footwork simulate` runs it: the default
// level with its IK settings, on `library` (the default character unless given).
inline Result<std::vector<sim::TraceFrame>> RunShippedScenario(
    const std::string& relative_path,
    std::shared_ptr<const io::CookedLibrary> library = DefaultLibrary()) {
  auto scenario = LoadScenario(io::ProjectAssets() / "scenarios" / relative_path);
  if (!scenario)
    return scenario.error();
  return RunOnDefaultLevel(*scenario, std::move(library));
}

// The same from another start position (world, m): a sweep's run.
inline Result<std::vector<sim::TraceFrame>> RunShippedScenarioFrom(
    const std::string& relative_path, const glm::vec3& start_position,
    std::shared_ptr<const io::CookedLibrary> library = DefaultLibrary()) {
  auto scenario = LoadScenario(io::ProjectAssets() / "scenarios" / relative_path);
  if (!scenario)
    return scenario.error();
  scenario->start_position = start_position;
  return RunOnDefaultLevel(*scenario, std::move(library));
}

// States in order of entry (consecutive duplicates removed), with the clip each began with.
struct StateSequence {
  std::vector<std::string> states;
  std::vector<std::string> clips;
};

inline StateSequence StateSequenceOf(const std::vector<sim::TraceFrame>& frames) {
  StateSequence sequence;
  for (const sim::TraceFrame& frame : frames) {
    if (sequence.states.empty() || sequence.states.back() != frame.state) {
      sequence.states.push_back(frame.state);
      sequence.clips.push_back(frame.clips.empty() ? "" : frame.clips.front().name);
    }
  }
  return sequence;
}

// A test on the default character in the default level: skipped when the pack is missing.
class DefaultLevelTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!DefaultLibrary())
      GTEST_SKIP() << "quaternius-ual1 pack not found (set FOOTWORK_ASSETS)";
    auto setup =
        LoadSimulationSetup(io::ProjectAssets() / "levels" / "default.json", DefaultLibrary());
    ASSERT_TRUE(setup.ok()) << setup.error().message;
    setup_ = std::move(*setup);
  }

  SimulationSetup setup_;
};

}  // namespace footwork::locomotion::testing
