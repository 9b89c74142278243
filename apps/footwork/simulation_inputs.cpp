#include "simulation_inputs.h"

#include <utility>

#include "footwork/demo/character_cache.h"
#include "footwork/io/asset_paths.h"

namespace footwork::cli {

Result<SimulationInputs> LoadSimulationInputs(const std::string& character,
                                              const std::string& level,
                                              const std::filesystem::path& out) {
  const std::filesystem::path assets = io::ProjectAssets();
  const std::filesystem::path description = character.empty()
                                                ? assets / "characters" / "quaternius_ual1.json"
                                                : std::filesystem::path(character);
  // The same cache as the demo: keyed on the inputs and the cooker's version, so a library
  // cooked by an older cooker is never replayed by a newer runtime.
  auto cached = demo::LoadOrCookCharacter(
      description, out.parent_path().empty() ? std::filesystem::path(".footwork-cache")
                                             : out.parent_path() / ".footwork-cache");
  if (!cached)
    return cached.error();
  SimulationInputs inputs;
  inputs.library = std::make_shared<const io::CookedLibrary>(std::move(cached->library));
  inputs.level = level.empty() ? assets / "levels" / "default.json" : std::filesystem::path(level);
  return inputs;
}

}  // namespace footwork::cli
