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

// The Knight has its own movement and IK files, the mannequin the defaults; the shipped Knight
// movement file loads, and says only what differs from the default.
TEST(CharacterSettingsPath, TheShippedKnightHasItsOwnMovementAndIkSettings) {
  const io::CookedLibrary knight = LibraryNamed("kaykit_knight");
  const io::CookedLibrary mannequin = LibraryNamed("quaternius_ual1");
  for (const char* layer : {"movement", "ik"}) {
    const std::filesystem::path folder = io::ProjectAssets() / layer;
    EXPECT_EQ(CharacterSettingsPathFor(folder, &knight), folder / "kaykit_knight.json") << layer;
    EXPECT_EQ(CharacterSettingsPathFor(folder, &mannequin), folder / "default.json") << layer;
  }
  const std::filesystem::path folder = io::ProjectAssets() / "movement";
  auto settings = movement::LoadMovementSettings(folder / "kaykit_knight.json");
  ASSERT_TRUE(settings.ok()) << settings.error().message;
  auto defaults = movement::LoadMovementSettings(folder / "default.json");
  ASSERT_TRUE(defaults.ok()) << defaults.error().message;
  EXPECT_LT(settings->walk.max_speed_m_s, defaults->walk.max_speed_m_s);
  EXPECT_FLOAT_EQ(settings->run.max_acceleration_m_s2, defaults->run.max_acceleration_m_s2);
  EXPECT_FLOAT_EQ(settings->gravity_m_s2, defaults->gravity_m_s2);
}

}  // namespace
}  // namespace footwork::locomotion
