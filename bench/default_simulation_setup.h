#pragma once
// The benchmarks' shared fixture data: the default character (quaternius_ual1), cooked once per
// program, over the default level. A benchmark cannot run without it, so errors end the program
// with a message naming the benchmark.

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "footwork/cook/character_description.h"
#include "footwork/cook/cook_character.h"
#include "footwork/io/asset_paths.h"
#include "footwork/locomotion/simulation_setup.h"

namespace footwork::bench {

[[noreturn]] inline void Fail(const char* program, const std::string& message) {
  std::fprintf(stderr, "%s: %s\n", program, message.c_str());
  std::exit(1);
}

inline locomotion::SimulationSetup& DefaultSimulationSetup(const char* program) {
  static locomotion::SimulationSetup setup = [program] {
    auto packs = io::FindAssetPacks();
    if (!packs)
      Fail(program, "quaternius-ual1 pack not found (set FOOTWORK_ASSETS)");
    auto description =
        cook::LoadCharacterDescription(io::ProjectAssets() / "characters" / "quaternius_ual1.json");
    if (!description)
      Fail(program, description.error().message);
    auto cooked = cook::CookCharacterFromFiles(*description, *packs);
    if (!cooked)
      Fail(program, cooked.error().message);
    auto library = std::make_shared<const io::CookedLibrary>(cook::ToCookedLibrary(*cooked));
    auto loaded =
        locomotion::LoadSimulationSetup(io::ProjectAssets() / "levels" / "default.json", library);
    if (!loaded)
      Fail(program, loaded.error().message);
    return std::move(*loaded);
  }();
  return setup;
}

}  // namespace footwork::bench
