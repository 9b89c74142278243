#include "footwork/demo/scenario_run.h"

#include <chrono>
#include <memory>
#include <optional>
#include <span>

#include "footwork/demo/character_cache.h"
#include "footwork/demo/npc_puppet.h"
#include "footwork/io/asset_paths.h"
#include "footwork/locomotion/simulation_runner.h"
#include "footwork/locomotion/simulation_setup.h"
#include "footwork/sim/trace_io.h"

namespace footwork::demo {
namespace {

double SecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

std::filesystem::path DefaultCharacter() {
  return io::ProjectAssets() / "characters" / "quaternius_ual1.json";
}

std::filesystem::path DefaultLevel() {
  return io::ProjectAssets() / "levels" / "default.json";
}

namespace {

// Cooks or reads the character and loads the level with its movement settings.
Result<locomotion::SimulationSetup> Prepare(const ScenarioRunInputs& inputs, ScenarioRun& run) {
  const auto cook_began = std::chrono::steady_clock::now();
  auto character = LoadOrCookCharacter(
      inputs.character.empty() ? DefaultCharacter() : inputs.character, inputs.cache_dir);
  if (!character)
    return character.error();
  run.cooked = character->cooked;
  run.library = character->library;
  run.cook_seconds = SecondsSince(cook_began);

  const std::filesystem::path level = inputs.level.empty() ? DefaultLevel() : inputs.level;
  auto setup = locomotion::LoadSimulationSetup(
      level, std::make_shared<const io::CookedLibrary>(std::move(character->library)));
  if (!setup)
    return setup.error();
  run.level = setup->level;
  const auto& capsule = setup->mover->settings().capsule;
  run.capsule_radius_m = capsule.radius_m;
  run.capsule_half_height_m = capsule.half_height_m;
  run.capsule_bottom_offset_m = setup->mover->settings().CentreToFloorM();
  return setup;
}

// Poses of the level's looking NPC over the frames (none without one).
Status AddNpcPoses(const locomotion::SimulationSetup& setup, ScenarioRun& run) {
  const std::optional<world::NpcDesc> npc = LookingNpcOf(setup.level);
  if (!npc)
    return Status::Ok();
  auto poses = ReplayNpc(run.frames, setup.assets, setup.ik_settings, *setup.mover, *npc,
                         run.capsule_bottom_offset_m);
  if (!poses)
    return poses.error();
  run.npc_poses = std::move(*poses);
  return Status::Ok();
}

// The runtime's bars (sim::ComputeRuntimeMetrics: issue 7's, and issue 6's slide bar listed too),
// and the NPC's look error (issue 7 names it without a bar) for information.
Result<sim::Metrics> DemoMetrics(std::span<const sim::TraceFrame> frames,
                                 const std::vector<bool>& seen_joints,
                                 std::optional<sim::LookErrorStats> npc_look) {
  auto metrics = sim::ComputeRuntimeMetrics(frames, seen_joints);
  if (!metrics)
    return metrics.error();
  metrics->npc_look_error_deg = npc_look;
  if (npc_look) {
    metrics->checks.push_back(
        {"npc_look_error_deg.max", npc_look->max_deg, std::nullopt, "<", "issue 7"});
  }
  return metrics;
}

}  // namespace

Result<ScenarioRun> RunScenario(const ScenarioRunInputs& inputs) {
  ScenarioRun run;
  auto scenario = locomotion::LoadScenario(inputs.scenario);
  if (!scenario)
    return scenario.error();
  run.scenario = std::move(*scenario);
  auto setup = Prepare(inputs, run);
  if (!setup)
    return setup.error();
  std::vector<sim::LookSample> npc_looks;
  locomotion::SimulationOptions options = locomotion::SimulationOptionsFor(*setup, &npc_looks);
  options.joints = true;
  double update_seconds = 0.0;
  options.update_seconds = &update_seconds;
  const auto simulate_began = std::chrono::steady_clock::now();
  auto frames = locomotion::RunSimulation(run.scenario, setup->assets, *setup->mover, options);
  if (!frames)
    return frames.error();
  run.simulate_seconds = SecondsSince(simulate_began);
  run.frames = std::move(*frames);
  if (Status posed = AddNpcPoses(*setup, run); !posed)
    return posed.error();
  run.update_us_per_frame =
      run.frames.empty() ? 0.0 : 1e6 * update_seconds / static_cast<double>(run.frames.size());
  auto metrics = DemoMetrics(run.frames, setup->seen_joints, sim::ComputeLookErrorStats(npc_looks));
  if (!metrics)
    return metrics.error();
  run.metrics = std::move(*metrics);
  return run;
}

Result<ScenarioRun> LoadTrace(const ScenarioRunInputs& inputs) {
  ScenarioRun run;
  auto frames = sim::TraceReader::ReadFile(inputs.scenario);
  if (!frames)
    return frames.error();
  run.frames = std::move(*frames);
  auto setup = Prepare(inputs, run);
  if (!setup)
    return setup.error();
  // A trace without joint positions cannot be drawn at all; its NPC is skipped the same way.
  if (!run.frames.empty() && run.frames.front().joints_model) {
    if (Status posed = AddNpcPoses(*setup, run); !posed)
      return posed.error();
  }
  auto metrics = DemoMetrics(run.frames, setup->seen_joints, std::nullopt);
  if (!metrics)
    return metrics.error();
  run.metrics = std::move(*metrics);
  return run;
}

}  // namespace footwork::demo
