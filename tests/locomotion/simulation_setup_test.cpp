#include "footwork/locomotion/simulation_setup.h"

#include <gtest/gtest.h>

#include <fstream>

#include "footwork/io/asset_paths.h"
#include "footwork/io/cooked_library.h"
#include "footwork/movement/movement_settings.h"
#include "support/test_paths.h"

namespace footwork::locomotion {
namespace {

io::CookedLibrary LibraryNamed(const std::string& character) {
  io::CookedLibrary library;
  library.character = character;
  return library;
}

// A character with its own movement file gets it; any other character, the default.
TEST(CharacterSettingsPath, ACharacterWithItsOwnFileGetsItAndOthersTheDefault) {
  const std::filesystem::path dir = testing::ScratchDir("movement_path");
  std::ofstream(dir / "default.json") << "{}";
  std::ofstream(dir / "knight.json") << "{}";
  const io::CookedLibrary knight = LibraryNamed("knight");
  EXPECT_EQ(CharacterSettingsPathFor(dir, &knight), dir / "knight.json");
  const io::CookedLibrary other = LibraryNamed("mannequin");
  EXPECT_EQ(CharacterSettingsPathFor(dir, &other), dir / "default.json");
  EXPECT_EQ(CharacterSettingsPathFor(dir, nullptr), dir / "default.json");
  const io::CookedLibrary unnamed = LibraryNamed("");
  EXPECT_EQ(CharacterSettingsPathFor(dir, &unnamed), dir / "default.json");
  // A name from a cooked file does not reach outside the folder.
  std::filesystem::create_directories(dir / "sub");
  std::ofstream(dir / "sub" / "escape.json") << "{}";
  const io::CookedLibrary nested = LibraryNamed("sub/escape");
  EXPECT_EQ(CharacterSettingsPathFor(dir, &nested), dir / "default.json");
  const io::CookedLibrary parent = LibraryNamed("../movement_path/knight");
  EXPECT_EQ(CharacterSettingsPathFor(dir, &parent), dir / "default.json");
}

// The shipped Knight file loads, and says only what differs from the default.
TEST(CharacterSettingsPath, TheShippedKnightWalksAtItsClipsSpeed) {
  const std::filesystem::path folder = io::ProjectAssets() / "movement";
  const io::CookedLibrary knight = LibraryNamed("kaykit_knight");
  ASSERT_EQ(CharacterSettingsPathFor(folder, &knight), folder / "kaykit_knight.json");
  auto settings = movement::LoadMovementSettings(folder / "kaykit_knight.json");
  ASSERT_TRUE(settings.ok()) << settings.error().message;
  auto defaults = movement::LoadMovementSettings(folder / "default.json");
  ASSERT_TRUE(defaults.ok()) << defaults.error().message;
  EXPECT_LT(settings->walk.max_speed_m_s, defaults->walk.max_speed_m_s);
  EXPECT_FLOAT_EQ(settings->run.max_acceleration_m_s2, defaults->run.max_acceleration_m_s2);
  EXPECT_FLOAT_EQ(settings->gravity_m_s2, defaults->gravity_m_s2);
  const io::CookedLibrary mannequin = LibraryNamed("quaternius_ual1");
  EXPECT_EQ(CharacterSettingsPathFor(folder, &mannequin), folder / "default.json");
}

// The IK settings are found the same way: the Knight has its own file, the mannequin the default.
TEST(CharacterSettingsPath, TheKnightHasItsOwnIkSettings) {
  const std::filesystem::path folder = io::ProjectAssets() / "ik";
  const io::CookedLibrary knight = LibraryNamed("kaykit_knight");
  EXPECT_EQ(CharacterSettingsPathFor(folder, &knight), folder / "kaykit_knight.json");
  const io::CookedLibrary mannequin = LibraryNamed("quaternius_ual1");
  EXPECT_EQ(CharacterSettingsPathFor(folder, &mannequin), folder / "default.json");
}

}  // namespace
}  // namespace footwork::locomotion
