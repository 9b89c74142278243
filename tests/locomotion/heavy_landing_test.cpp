// Heavy landing (Part20): in FallLand the cooked land_heavy_additive is added on land_light at the
// land clip's time, weighted by HeavyLandWeight (from the fall speed), so a fall past the heavy
// threshold lands with a deeper pelvis than a light one. options.ik = false: the animated pose.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <string>

#include "default_character.h"

namespace footwork::locomotion {
namespace {

using testing::AssetsFrom;
using testing::DefaultLibrary;
using testing::DefaultSettingsJson;

constexpr const char* kJump = R"({"dt": 0.0166667, "duration_s": 3,
    "start": {"position": [0, 0, -8], "yaw_deg": 0}, "events": [{"t": 0.3, "jump": true}]})";

int PelvisJoint(const anim::Skeleton& skeleton) {
  for (int j = 0; j < skeleton.num_joints(); ++j) {
    std::string name = skeleton.joint_names[static_cast<std::size_t>(j)];
    std::transform(name.begin(), name.end(), name.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (name.find("pelvis") != std::string::npos || name.find("hips") != std::string::npos)
      return j;
  }
  return -1;
}

struct Landing {
  int frames = 0;
  float lowest_pelvis_m = 1e9f;  // Model-space pelvis height, lowest over FallLand.
  float largest_weight = 0.0f;
};

Landing Land(const SimulationSetup& setup, const nlohmann::json& settings) {
  Landing landing;
  auto assets = AssetsFrom(settings);
  EXPECT_TRUE(assets.ok()) << assets.error().message;
  if (!assets.ok())
    return landing;
  const int pelvis = PelvisJoint((*assets)->library().skeleton);
  EXPECT_GE(pelvis, 0);
  auto scenario = ParseScenario(kJump, "test.json");
  EXPECT_TRUE(scenario.ok());
  if (pelvis < 0 || !scenario.ok())
    return landing;
  const movement::CharacterMover& mover = *setup.mover;
  LocomotionCharacter character(*assets, mover.Spawn(scenario->start_position),
                                scenario->start_yaw);
  ScenarioInput input(*scenario);
  for (int f = 0; f < scenario->FrameCount(); ++f) {
    const LocomotionInput& in = input.Advance(f * static_cast<double>(scenario->dt_s));
    EXPECT_TRUE(character.Update(mover, in, scenario->dt_s).ok());
    if (character.state() != LocomotionStateId::kFallLand)
      continue;
    ++landing.frames;
    const float height =
        character.output().model_pose[static_cast<std::size_t>(pelvis)].translation.y;
    landing.lowest_pelvis_m = std::min(landing.lowest_pelvis_m, height);
    landing.largest_weight = std::max(landing.largest_weight, character.output().heavy_land_weight);
  }
  return landing;
}

TEST(HeavyLandingTest, AHeavyFallLandsDeeperThanALightOne) {
  if (!DefaultLibrary())
    GTEST_SKIP() << "quaternius-ual1 pack not found (set FOOTWORK_ASSETS)";
  auto setup =
      LoadSimulationSetup(io::ProjectAssets() / "levels" / "default.json", DefaultLibrary());
  ASSERT_TRUE(setup.ok()) << setup.error().message;

  // The default thresholds: a standing jump lands below the heavy fall speed.
  const Landing light = Land(*setup, DefaultSettingsJson());
  // The same fall counted as heavy (the ramp below its landing speed): full additive weight.
  nlohmann::json settings = DefaultSettingsJson();
  settings["air"]["heavy_land_fall_speed_m_s"] = 0.5;
  settings["air"]["heavy_land_full_fall_speed_m_s"] = 1.0;
  const Landing heavy = Land(*setup, settings);

  ASSERT_GT(light.frames, 0);
  ASSERT_GT(heavy.frames, 0);
  EXPECT_EQ(light.largest_weight, 0.0f);
  EXPECT_EQ(heavy.largest_weight, 1.0f);
  // The additive deepens the compression: the pelvis drops clearly lower (at least 1 cm).
  EXPECT_LT(heavy.lowest_pelvis_m, light.lowest_pelvis_m - 0.01f)
      << "light " << light.lowest_pelvis_m << " heavy " << heavy.lowest_pelvis_m;
  std::printf("lowest pelvis in FallLand: light %.4f m, heavy %.4f m\n", light.lowest_pelvis_m,
              heavy.lowest_pelvis_m);
}

}  // namespace
}  // namespace footwork::locomotion
