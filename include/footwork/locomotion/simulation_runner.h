#pragma once
// Runs a scenario on one locomotion character in a collision world and records a sim trace frame
// per step (issue 6's trace contract, plus the internal segment markers the metrics read).
// Deterministic: the same scenario, assets and world give bit-identical frames.

#include <functional>
#include <optional>
#include <vector>

#include "footwork/core/error.h"
#include "footwork/ik/ik_settings.h"
#include "footwork/locomotion/locomotion_character.h"
#include "footwork/locomotion/scenario.h"
#include "footwork/movement/character_mover.h"
#include "footwork/sim/trace_frame.h"

namespace footwork::locomotion {

struct SimulationOptions {
  // Record model-space joint positions in every frame (`--joints`).
  bool joints = false;
  // Called before each frame with the frame time, to move the world's platforms (optional).
  std::function<void(double)> advance_world;
  // When set, receives the wall-clock seconds spent in LocomotionCharacter::Update (movement +
  // locomotion + graph + pose), summed over the frames. Never part of the trace.
  double* update_seconds = nullptr;
  // Run the IK stage (overlays, foot placement and lock, look-at) after the graph, so the trace's
  // feet, pelvis offset and look sample are the IK's (CharacterIkStage).
  bool ik = true;
  // With ik: the IK layer's tuning (SimulationOptionsFor passes assets/ik/default.json's).
  ik::CharacterIkSettings ik_settings;
  // With ik: a standing NPC at this point (capsule bottom), facing npc_yaw, looks at the
  // player's head every frame; its look samples go to npc_looks (one per frame) when set.
  std::optional<glm::vec3> npc_position;
  float npc_yaw = 0.0f;
  std::vector<sim::LookSample>* npc_looks = nullptr;
};

// Spawns the character at the scenario's start and steps it frame by frame. Errors name the
// frame time (a mover error, e.g. NaN) or the segment bookkeeping.
Result<std::vector<sim::TraceFrame>> RunSimulation(
    const Scenario& scenario, const std::shared_ptr<const LocomotionAssets>& assets,
    const movement::CharacterMover& mover, const SimulationOptions& options = {});

// The trace frame of the character's current state (no segment events).
sim::TraceFrame MakeTraceFrame(const LocomotionCharacter& character, double t, float camera_yaw,
                               float capsule_bottom_offset_m, bool joints);

}  // namespace footwork::locomotion
