#pragma once
// What `footwork simulate` and `footwork sweep` run on: the cooked character (the given cooked
// library, or the description cooked into a cache next to the output directory; by default
// assets/characters/quaternius_ual1.json) and the level (by default assets/levels/default.json).

#include <filesystem>
#include <memory>
#include <string>

#include "footwork/core/error.h"
#include "footwork/io/cooked_library.h"

namespace footwork::cli {

struct SimulationInputs {
  std::shared_ptr<const io::CookedLibrary> library;
  std::filesystem::path level;
};

// `character` and `level` as given on the command line (empty: the defaults).
Result<SimulationInputs> LoadSimulationInputs(const std::string& character,
                                              const std::string& level,
                                              const std::filesystem::path& out);

}  // namespace footwork::cli
