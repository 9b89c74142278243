#pragma once
// The benchmarks' shared fixture data: the default character (quaternius_ual1) and the Knight
// (kaykit_knight), each cooked once per program, over the default level. A benchmark cannot run
// without it, so errors end the program with a message naming the benchmark.

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

// A shipped character (assets/characters/<description_file>) cooked from the asset packs, over
// the default level, with its own movement and IK settings as `footwork simulate` loads them.
inline locomotion::SimulationSetup LoadShippedCharacterSetup(const char* program,
                                                             const char* description_file) {
  auto packs = io::FindAssetPacks();
  if (!packs)
    Fail(program, "asset packs not found (set FOOTWORK_ASSETS)");
  auto description =
      cook::LoadCharacterDescription(io::ProjectAssets() / "characters" / description_file);
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
}

inline locomotion::SimulationSetup& DefaultSimulationSetup(const char* program) {
  static locomotion::SimulationSetup setup =
      LoadShippedCharacterSetup(program, "quaternius_ual1.json");
  return setup;
}

// The second pack's character, the KayKit Knight (41 joints, its own speeds and IK settings).
inline locomotion::SimulationSetup& KnightSimulationSetup(const char* program) {
  static locomotion::SimulationSetup setup =
      LoadShippedCharacterSetup(program, "kaykit_knight.json");
  return setup;
}

}  // namespace footwork::bench
