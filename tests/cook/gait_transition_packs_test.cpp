// walk_to_run and run_to_walk as cooked from both shipped packs: MotionSpeed rises (falls) steadily
// from the first cycle's speed to the second's and ends there, so the locomotion can invert it to
// pick the time the capsule's speed is reached (Part16's start time from MotionSpeed). Skipped when
// the packs are not installed.
#include <filesystem>
#include <string>
#include <tuple>

#include <gtest/gtest.h>

#include "footwork/anim/curve.h"
#include "footwork/anim/curve_names.h"
#include "footwork/cook/character_description.h"
#include "footwork/cook/cook_character.h"
#include "footwork/io/asset_paths.h"

namespace footwork::cook {
namespace {

namespace names = anim::curve_names;

const ClipReport* ReportOf(const CookedCharacter& character, const std::string& name) {
  for (std::size_t i = 0; i < character.clips.size(); ++i) {
    if (character.clips[i].name == name)
      return &character.reports[i];
  }
  return nullptr;
}

const anim::Clip* ClipOf(const CookedCharacter& character, const std::string& name) {
  for (const anim::Clip& clip : character.clips) {
    if (clip.name == name)
      return &clip;
  }
  return nullptr;
}

class GaitTransitionPacksTest : public ::testing::TestWithParam<std::string> {};

TEST_P(GaitTransitionPacksTest, MotionSpeedRampsSteadilyAndEndsAtTheTargetCyclesSpeed) {
  const std::string pack = GetParam();
  const auto packs = io::FindAssetPacks();
  const std::string pack_dir = pack == "quaternius_ual1" ? "quaternius-ual1" : "kaykit-knight";
  if (!packs || !std::filesystem::exists(*packs / pack_dir))
    GTEST_SKIP() << "asset packs not found";
  Result<CharacterDescription> description =
      LoadCharacterDescription(io::ProjectAssets() / "characters" / (pack + ".json"));
  ASSERT_TRUE(description.ok()) << description.error().message;
  Result<CookedCharacter> character = CookCharacterFromFiles(*description, *packs);
  ASSERT_TRUE(character.ok()) << character.error().message;

  for (const auto& [name, from, to] :
       {std::tuple{"walk_to_run", "walk", "run"}, std::tuple{"run_to_walk", "run", "walk"}}) {
    const anim::Clip* clip = ClipOf(*character, name);
    ASSERT_NE(clip, nullptr) << pack << " " << name;
    const anim::FloatCurve* speed = clip->FindCurve(names::kMotionSpeed);
    ASSERT_NE(speed, nullptr) << pack << " " << name;
    ASSERT_GE(speed->values.size(), 3u);
    const float from_speed = ReportOf(*character, from)->ground_speed_m_s;
    const float to_speed = ReportOf(*character, to)->ground_speed_m_s;
    const bool slows = to_speed < from_speed;
    // Monotone over the whole clip, every key: no key (the last one included) steps back.
    EXPECT_EQ(anim::FindMonotonicity(*speed),
              slows ? anim::Monotonicity::kNonIncreasing : anim::Monotonicity::kNonDecreasing)
        << pack << " " << name;
    for (std::size_t k = 1; k < speed->values.size(); ++k) {
      const float step = speed->values[k] - speed->values[k - 1];
      EXPECT_TRUE(slows ? step <= 0.0f : step >= 0.0f)
          << pack << " " << name << " key " << k << " of " << speed->values.size() << ": "
          << speed->values[k - 1] << " -> " << speed->values[k];
    }
    // From the first cycle's speed to the second's, the last key included.
    EXPECT_NEAR(speed->values.front(), from_speed, 0.02f * from_speed) << pack << " " << name;
    EXPECT_NEAR(speed->values.back(), to_speed, 0.02f * to_speed) << pack << " " << name;
  }
}

INSTANTIATE_TEST_SUITE_P(BothPacks, GaitTransitionPacksTest,
                         ::testing::Values("quaternius_ual1", "kaykit_knight"));

}  // namespace
}  // namespace footwork::cook
