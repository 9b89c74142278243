#include "footwork/locomotion/simulation_setup.h"

#include "footwork/core/angles.h"
#include "footwork/io/asset_paths.h"
#include "footwork/io/skin_joints.h"
#include "footwork/movement/input.h"
#include "footwork/movement/movement_settings.h"

namespace footwork::locomotion {

std::filesystem::path CharacterSettingsPathFor(const std::filesystem::path& folder,
                                               const io::CookedLibrary* library) {
  const std::filesystem::path fallback = folder / "default.json";
  if (library == nullptr || library->character.empty())
    return fallback;
  // A character's name is data from a cooked file: only a plain file name picks a file, so a name
  // like "../x" cannot reach outside the folder.
  const std::filesystem::path own = std::filesystem::path(library->character + ".json");
  if (own.has_parent_path())
    return fallback;
  std::error_code error;
  if (!std::filesystem::is_regular_file(folder / own, error))
    return fallback;
  return folder / own;
}

Result<SimulationSetup> LoadSimulationSetup(const std::filesystem::path& level_path,
                                            std::shared_ptr<const io::CookedLibrary> library) {
  SimulationSetup setup;
  auto level = world::LoadLevel(level_path);
  if (!level)
    return level.error();
  setup.level = std::move(*level);
  auto collision = world::BulletCollisionWorld::FromLevel(setup.level);
  if (!collision)
    return collision.error();
  setup.world = std::move(*collision);
  const std::filesystem::path assets = io::ProjectAssets();
  auto movement_settings =
      movement::LoadMovementSettings(CharacterSettingsPathFor(assets / "movement", library.get()));
  if (!movement_settings)
    return movement_settings.error();
  setup.mover = std::make_unique<movement::CharacterMover>(*movement_settings, *setup.world);
  auto gamepad = movement::LoadGamepadSettings(assets / "movement" / "input.json");
  if (!gamepad)
    return gamepad.error();
  auto settings =
      LoadLocomotionSettings(CharacterSettingsPathFor(assets / "locomotion", library.get()));
  if (!settings)
    return settings.error();
  auto ik_settings =
      ik::LoadCharacterIkSettings(CharacterSettingsPathFor(assets / "ik", library.get()));
  if (!ik_settings)
    return ik_settings.error();
  setup.ik_settings = *ik_settings;
  setup.seen_joints = io::JointsThatMoveTheSkin(library->skeleton, library->meshes);
  auto built = LocomotionAssets::Create(std::move(library), std::move(*settings), *gamepad);
  if (!built)
    return built.error();
  setup.assets = std::move(*built);
  return setup;
}

SimulationOptions SimulationOptionsFor(SimulationSetup& setup,
                                       std::vector<sim::LookSample>* npc_looks) {
  SimulationOptions options;
  options.ik_settings = setup.ik_settings;
  world::BulletCollisionWorld* world = setup.world.get();
  options.advance_world = [world](double dt) { world->Advance(dt); };
  for (const world::NpcDesc& npc : setup.level.npcs) {
    if (!npc.looks_at_player)
      continue;
    options.npc_position = npc.position_m;
    options.npc_yaw = Radians(npc.yaw_deg);
    options.npc_looks = npc_looks;
    break;
  }
  return options;
}

}  // namespace footwork::locomotion
