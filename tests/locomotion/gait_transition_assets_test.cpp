// LocomotionAssets checks CT_GaitTransition's clips like every other chooser's: a missing clip is
// an error that names it, not a silent fall back to the cycle cross-fade; its MotionSpeed must ramp
// one way, since the state is entered by inverting it.
#include <gtest/gtest.h>

#include "default_character.h"

namespace footwork::locomotion {
namespace {

using testing::AssetsFrom;
using testing::DefaultLibrary;
using testing::DefaultSettingsJson;

nlohmann::json& GaitTransitionTable(nlohmann::json& settings) {
  for (nlohmann::json& table : settings["choosers"]["tables"]) {
    if (table["name"] == "CT_GaitTransition")
      return table;
  }
  ADD_FAILURE() << "default.json has no CT_GaitTransition";
  static nlohmann::json none;
  return none;
}

TEST(GaitTransitionAssets, AClipTheTableNamesMustBeCooked) {
  if (!DefaultLibrary())
    GTEST_SKIP() << "quaternius-ual1 pack not found (set FOOTWORK_ASSETS)";
  nlohmann::json settings = DefaultSettingsJson();
  ASSERT_TRUE(AssetsFrom(settings)) << "the default settings load";
  GaitTransitionTable(settings)["rows"][0]["output"]["clip"] = "walk_to_sprint";
  auto assets = AssetsFrom(settings);
  ASSERT_FALSE(assets);
  EXPECT_NE(assets.error().message.find("walk_to_sprint"), std::string::npos)
      << assets.error().message;
  EXPECT_NE(assets.error().message.find("CT_GaitTransition"), std::string::npos)
      << assets.error().message;
}

TEST(GaitTransitionAssets, ATransitionClipNeedsAMotionSpeedCurve) {
  if (!DefaultLibrary())
    GTEST_SKIP() << "quaternius-ual1 pack not found (set FOOTWORK_ASSETS)";
  nlohmann::json settings = DefaultSettingsJson();
  // The idle clip exists but has no root motion, so no MotionSpeed to enter it by.
  GaitTransitionTable(settings)["rows"][0]["output"]["clip"] = "idle";
  auto assets = AssetsFrom(settings);
  ASSERT_FALSE(assets);
  EXPECT_NE(assets.error().message.find("MotionSpeed"), std::string::npos)
      << assets.error().message;
}

TEST(GaitTransitionAssets, ATransitionClipsMotionSpeedMustRampOneWay) {
  if (!DefaultLibrary())
    GTEST_SKIP() << "quaternius-ual1 pack not found (set FOOTWORK_ASSETS)";
  nlohmann::json settings = DefaultSettingsJson();
  // The walk cycle's MotionSpeed rises and falls with its steps: no single time has a speed.
  GaitTransitionTable(settings)["rows"][0]["output"]["clip"] = "walk";
  auto assets = AssetsFrom(settings);
  ASSERT_FALSE(assets);
  EXPECT_NE(assets.error().message.find("not monotonic"), std::string::npos)
      << assets.error().message;
  EXPECT_NE(assets.error().message.find("'walk'"), std::string::npos) << assets.error().message;
}

}  // namespace
}  // namespace footwork::locomotion
