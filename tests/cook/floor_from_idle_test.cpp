// The default character cooked with floor_from_idle: where the source clips sink a heel or a ball
// through the floor the idle stands on, the cooker lifts the feet out, and every clip still meets
// the cooker's bars.
#include <string>

#include <gtest/gtest.h>

#include "footwork/cook/character_description.h"
#include "footwork/cook/cook_character.h"
#include "footwork/io/asset_paths.h"

namespace footwork::cook {
namespace {

bool HasNote(const ClipReport& report, const std::string& text) {
  for (const std::string& note : report.notes) {
    if (note.find(text) != std::string::npos)
      return true;
  }
  return false;
}

TEST(FloorFromIdleTest, TheDefaultCharactersSinkingSolesAreLiftedAndEveryBarHolds) {
  const std::optional<std::filesystem::path> packs = io::FindAssetPacks();
  if (!packs || !std::filesystem::exists(*packs / "quaternius-ual1"))
    GTEST_SKIP() << "asset packs not found";
  Result<CharacterDescription> description =
      LoadCharacterDescription(io::ProjectAssets() / "characters" / "quaternius_ual1.json");
  ASSERT_TRUE(description.ok()) << description.error().message;
  ASSERT_FALSE(description->floor_from_idle) << "the shipped description keeps it off";
  description->floor_from_idle = true;
  Result<CookedCharacter> character = CookCharacterFromFiles(*description, *packs);
  ASSERT_TRUE(character.ok()) << character.error().message;
  int lifted = 0;
  for (const ClipReport& report : character->reports) {
    EXPECT_FALSE(report.FailsQuality()) << report.name << ": " << report.quality_miss;
    lifted += HasNote(report, "feet lifted by up to") ? 1 : 0;
    // The sprint's ball sinks 4-6 cm at each push-off in the source.
    if (report.name == "sprint") {
      EXPECT_TRUE(HasNote(report, "feet lifted by up to")) << "the sprint was not lifted";
    }
  }
  EXPECT_GT(lifted, 10);
}

}  // namespace
}  // namespace footwork::cook
