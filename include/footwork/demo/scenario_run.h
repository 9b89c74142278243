#pragma once
// One scenario run as the demo and `footwork render --scenario` need it: the cooked character
// (from the cache), the level, the simulated frames with joints and the metrics, plus the capsule
// geometry that places the model.

#include <filesystem>
#include <vector>

#include "footwork/core/error.h"
#include "footwork/demo/trace_pose.h"
#include "footwork/io/cooked_library.h"
#include "footwork/locomotion/scenario.h"
#include "footwork/sim/metrics.h"
#include "footwork/sim/trace_frame.h"
#include "footwork/world/level.h"

namespace footwork::demo {

struct ScenarioRunInputs {
  std::filesystem::path scenario;
  // Empty: assets/characters/quaternius_ual1.json and assets/levels/default.json.
  std::filesystem::path character;
  std::filesystem::path level;
  // Where the cooked character is cached.
  std::filesystem::path cache_dir = ".footwork-cache";
};

struct ScenarioRun {
  locomotion::Scenario scenario;
  io::CookedLibrary library;
  bool cooked = false;
  world::Level level;
  std::vector<sim::TraceFrame> frames;
  // The level's looking NPC (LookingNpcOf), one pose per frame, its head following the player's;
  // empty when the level has none.
  std::vector<FramePose> npc_poses;
  sim::Metrics metrics;
  float capsule_bottom_offset_m = 0.0f;
  float capsule_radius_m = 0.0f;
  float capsule_half_height_m = 0.0f;
  double cook_seconds = 0.0;
  double simulate_seconds = 0.0;
  // Per-character update (movement + locomotion + graph + pose), microseconds a frame.
  double update_us_per_frame = 0.0;
};

std::filesystem::path DefaultCharacter();
std::filesystem::path DefaultLevel();

Result<ScenarioRun> RunScenario(const ScenarioRunInputs& inputs);

// The same context for a trace already on disk (inputs.scenario is then the trace.jsonl): the
// frames are read, not simulated; `scenario` stays empty.
Result<ScenarioRun> LoadTrace(const ScenarioRunInputs& inputs);

}  // namespace footwork::demo
