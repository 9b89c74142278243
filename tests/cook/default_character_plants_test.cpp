// The default character's FootLock curves against the floor: wherever a cooked clip says a foot
// is planted, its lowest sole point (heel or ball) is within the float bar of the floor the idle
// stands on, the sprint (toe running, its ankle never down at standing height) included.
#include <algorithm>
#include <string>

#include <gtest/gtest.h>

#include "footwork/anim/curve.h"
#include "footwork/anim/curve_names.h"
#include "footwork/cook/character_description.h"
#include "footwork/cook/cook_character.h"
#include "footwork/cook/foot_soles.h"
#include "footwork/cook/sample_motion.h"
#include "footwork/io/asset_paths.h"

namespace footwork::cook {
namespace {

namespace names = anim::curve_names;

// Issue 7's bar on a planted foot's float (m).
constexpr float kFloatBar_m = 0.02f;

const anim::Clip* Find(const CookedCharacter& character, const std::string& name) {
  for (const anim::Clip& clip : character.clips) {
    if (clip.name == name)
      return &clip;
  }
  return nullptr;
}

TEST(DefaultCharacterPlantsTest, PlantedFeetAreOnTheFloor) {
  const std::optional<std::filesystem::path> packs = io::FindAssetPacks();
  if (!packs || !std::filesystem::exists(*packs / "quaternius-ual1"))
    GTEST_SKIP() << "asset packs not found";
  Result<CharacterDescription> description =
      LoadCharacterDescription(io::ProjectAssets() / "characters" / "quaternius_ual1.json");
  ASSERT_TRUE(description.ok()) << description.error().message;
  Result<CookedCharacter> character = CookCharacterFromFiles(*description, *packs);
  ASSERT_TRUE(character.ok()) << character.error().message;
  Result<anim::RigBinding> binding = anim::Bind(character->rig_profile, character->skeleton);
  ASSERT_TRUE(binding.ok());
  Result<FootSoles> soles =
      MeasureFootSoles(character->skeleton, *binding, Find(*character, "idle"));
  ASSERT_TRUE(soles.ok()) << soles.error().message;

  int checked = 0;
  for (const anim::Clip& clip : character->clips) {
    const anim::FloatCurve* lock_l = clip.FindCurve(names::kFootLockLeft);
    const anim::FloatCurve* lock_r = clip.FindCurve(names::kFootLockRight);
    // The gait transitions blend two cycles whose plants do not line up; they are left out.
    if (lock_l == nullptr || lock_r == nullptr || clip.name == "walk_to_run" ||
        clip.name == "run_to_walk")
      continue;
    Result<SampledMotion> motion = SampleMotion(character->skeleton, clip, *binding, 60.0f);
    ASSERT_TRUE(motion.ok()) << motion.error().message;
    int locked_frames[2] = {0, 0};
    for (int side = 0; side < 2; ++side) {
      const FootTrajectory& foot = side == 0 ? motion->left : motion->right;
      const FootSole& sole = side == 0 ? soles->left : soles->right;
      const std::vector<float> heel = HeelHeights(foot, sole);
      const std::vector<float> ball = BallHeights(foot, sole);
      for (int f = 0; f < motion->frames(); ++f) {
        const float lock = anim::EvaluateCurve(side == 0 ? *lock_l : *lock_r, motion->TimeOf(f));
        if (lock < 0.99f)
          continue;
        ++locked_frames[side];
        const float lowest = ball.empty() ? heel[f] : std::min(heel[f], ball[f]);
        EXPECT_LE(lowest, kFloatBar_m)
            << clip.name << (side == 0 ? " left" : " right") << " foot frame " << f;
      }
    }
    ++checked;
    // Every moving cycle plants both feet.
    if (clip.looping && clip.FindCurve(names::kMotionSpeed) != nullptr) {
      EXPECT_GT(locked_frames[0], 0) << clip.name;
      EXPECT_GT(locked_frames[1], 0) << clip.name;
    }
  }
  EXPECT_GT(checked, 40);
  for (const char* name : {"sprint", "sprint_mirrored", "run", "walk"})
    EXPECT_NE(Find(*character, name), nullptr) << name;
}

}  // namespace
}  // namespace footwork::cook
