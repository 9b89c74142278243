// Cooks the real default character (the Quaternius pack, found like every asset pack) and checks
// the dump: the cycles carry FootLock/MotionSpeed curves and foot markers, and their quality
// figures are the ones the cooker promises.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "footwork/cook/character_description.h"
#include "footwork/cook/cook_character.h"
#include "footwork/io/asset_paths.h"
#include "footwork/io/cooked_library.h"
#include "footwork/io/cooked_library_dump.h"
#include "support/test_paths.h"

namespace footwork::cook {
namespace {

const nlohmann::json* FindClip(const nlohmann::json& dump, const std::string& name) {
  for (const auto& clip : dump["clips"]) {
    if (clip["name"] == name)
      return &clip;
  }
  return nullptr;
}

bool HasCurve(const nlohmann::json& clip, const std::string& name) {
  for (const auto& curve : clip["curves"]) {
    if (curve["name"] == name)
      return curve["keys"].get<int>() > 1;
  }
  return false;
}

int CountMarkers(const nlohmann::json& clip, const std::string& name) {
  int count = 0;
  for (const auto& marker : clip["markers"])
    count += marker["name"] == name ? 1 : 0;
  return count;
}

TEST(CookDefaultCharacterTest, CyclesCarryCurvesMarkersAndMeasuredQuality) {
  const std::optional<std::filesystem::path> packs = io::FindAssetPacks();
  if (!packs || !std::filesystem::exists(*packs / "quaternius-ual1"))
    GTEST_SKIP() << "asset packs not found";
  Result<CharacterDescription> description =
      LoadCharacterDescription(io::ProjectAssets() / "characters" / "quaternius_ual1.json");
  ASSERT_TRUE(description.ok()) << description.error().message;
  Result<CookedCharacter> character = CookCharacterFromFiles(*description, *packs);
  ASSERT_TRUE(character.ok()) << character.error().message;

  // Through the file, as the runtime will read it.
  const std::filesystem::path path =
      footwork::testing::ScratchDir("cook_default") / "quaternius_ual1.fwcl";
  ASSERT_TRUE(io::WriteCookedLibrary(ToCookedLibrary(*character), path).ok());
  Result<io::CookedLibrary> library = io::ReadCookedLibrary(path);
  ASSERT_TRUE(library.ok()) << library.error().message;
  EXPECT_EQ(library->skeleton.num_joints(), 53);
  EXPECT_FALSE(library->meshes.empty());
  const nlohmann::json dump = nlohmann::json::parse(io::CookedLibraryToJson(*library));

  for (const char* name : {"walk", "run", "sprint", "walk_mirrored", "crouch_walk"}) {
    const nlohmann::json* clip = FindClip(dump, name);
    ASSERT_NE(clip, nullptr) << name;
    for (const char* curve : {"FootLock_L", "FootLock_R", "MotionSpeed", "Enable_FootIK_L"})
      EXPECT_TRUE(HasCurve(*clip, curve)) << name << " " << curve;
    EXPECT_GE(CountMarkers(*clip, "Foot_L"), 1) << name;
    EXPECT_GE(CountMarkers(*clip, "Foot_R"), 1) << name;
    EXPECT_TRUE((*clip)["root_motion"].get<bool>()) << name;
    // Loops close (the jog's 3-degree source gap is closed by the cooker).
    EXPECT_LT((*clip)["quality"]["loop_gap_deg"].get<double>(), 1.0) << name;
  }
  // The walk: the contact method's ground speed, near the 1.06 m/s planted-foot estimate; no
  // joint pops. Its locked foot is pinned in the horizontal plane but the source ankle bobs a few
  // millimetres, so the figure is held to what the source allows (see the cook report).
  const nlohmann::json& walk = *FindClip(dump, "walk");
  EXPECT_NEAR(walk["ground_speed_m_s"].get<double>(), 1.06, 0.05);
  EXPECT_LT(walk["quality"]["max_joint_step_deg"].get<double>(), 15.0);
  EXPECT_LT(walk["quality"]["locked_foot_speed_cm_s_left"].get<double>(), 3.0);
  EXPECT_LT(walk["quality"]["locked_foot_speed_cm_s_right"].get<double>(), 3.0);
  // Every idle-type clip meets all bars.
  for (const char* name : {"idle", "overlay_pistol", "overlay_sword", "jump_loop"})
    EXPECT_TRUE((*FindClip(dump, name))["quality"]["meets_bars"].get<bool>()) << name;
  // Derived clips exist with their curves.
  EXPECT_TRUE(HasCurve(*FindClip(dump, "walk_stop_l"), "Distance"));
  EXPECT_TRUE(HasCurve(*FindClip(dump, "run_start_90_l"), "RotateAlpha"));
  EXPECT_TRUE(HasCurve(*FindClip(dump, "idle"), "EnableTurnInPlace"));
  EXPECT_TRUE(HasCurve(*FindClip(dump, "overlay_pistol"), "Layering_Arm_R"));
}

}  // namespace
}  // namespace footwork::cook
