#pragma once
// Everything a simulation needs besides the scenario, loaded from files: the level and its
// collision world, movement and gamepad settings, locomotion settings and assets built on a
// cooked library. Shared by `footwork simulate`, the scenario tests and the benchmark.

#include <filesystem>
#include <memory>
#include <vector>

#include "footwork/core/error.h"
#include "footwork/ik/ik_settings.h"
#include "footwork/io/cooked_library.h"
#include "footwork/locomotion/locomotion_character.h"
#include "footwork/locomotion/simulation_runner.h"
#include "footwork/movement/character_mover.h"
#include "footwork/world/bullet_collision_world.h"
#include "footwork/world/level.h"

namespace footwork::locomotion {

struct SimulationSetup {
  world::Level level;
  std::unique_ptr<world::BulletCollisionWorld> world;
  std::unique_ptr<movement::CharacterMover> mover;
  std::shared_ptr<const LocomotionAssets> assets;
  // The IK layer's tuning (assets/ik/<character>.json or default.json).
  ik::CharacterIkSettings ik_settings;
  // Per joint: whether it moves the skin (io::JointsThatMoveTheSkin), for the metrics.
  std::vector<bool> seen_joints;
};

// A settings file for `library`'s character in `folder` (assets/movement, assets/ik):
// <folder>/<character>.json when it exists (such a file usually "extends" default.json: a
// character whose clips move slower than the default gaits needs its own speeds), else
// <folder>/default.json.
std::filesystem::path CharacterSettingsPathFor(const std::filesystem::path& folder,
                                               const io::CookedLibrary* library);

// Loads the level, the character's movement, IK and locomotion settings (CharacterSettingsPathFor
// in assets/movement, assets/ik and assets/locomotion) and assets/movement/input.json (from
// io::ProjectAssets()), and builds the assets on `library`.
Result<SimulationSetup> LoadSimulationSetup(const std::filesystem::path& level_path,
                                            std::shared_ptr<const io::CookedLibrary> library);

// Run options for `setup`: its IK settings, the world's platforms advance with the simulation,
// and the level's first NPC that looks at the player stands where the level puts it (its look
// samples go to `npc_looks` when given). The setup must outlive the options.
SimulationOptions SimulationOptionsFor(SimulationSetup& setup,
                                       std::vector<sim::LookSample>* npc_looks = nullptr);

}  // namespace footwork::locomotion
