// The IK stage's assets on the default pack: settings from assets/ik/default.json, crouch_idle
// as BasePose_CLF, overlay_<name>_clf roles and an optional look clip role.

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include <gtest/gtest.h>

#include "anim/anim_test_util.h"
#include "default_character.h"
#include "footwork/anim/local_to_model.h"
#include "footwork/anim/sampling.h"
#include "footwork/io/asset_paths.h"
#include "footwork/locomotion/character_ik_stage.h"
#include "footwork/locomotion/simulation_setup.h"

namespace footwork::locomotion {
namespace {

using testing::DefaultLibrary;

const anim::Clip* Find(const io::CookedLibrary& library, const std::string& name) {
  for (const anim::Clip& clip : library.clips) {
    if (clip.name == name)
      return &clip;
  }
  return nullptr;
}

// A one-key clip of `clip` at time 0 with the head joint turned by `yaw` about +Y (model space).
anim::Clip HeadTurned(const io::CookedLibrary& library, const anim::Clip& clip, int head,
                      float yaw) {
  const anim::Skeleton& skeleton = library.skeleton;
  std::vector<Transform> local(skeleton.rest_pose.size());
  anim::SamplingJob sampling;
  sampling.skeleton = &skeleton;
  sampling.clip = &clip;
  sampling.time_s = 0.0f;
  sampling.output = local;
  EXPECT_TRUE(sampling.Run().ok());
  std::vector<Transform> model = anim::testing::ToModel(skeleton, local);
  const int parent = skeleton.parents[static_cast<std::size_t>(head)];
  const glm::quat turned = glm::angleAxis(yaw, glm::vec3(0, 1, 0)) * model[head].rotation;
  local[head].rotation = glm::normalize(glm::inverse(model[parent].rotation) * turned);
  anim::Clip out;
  out.duration_s = 1.0f;
  out.tracks.resize(local.size());
  for (std::size_t j = 0; j < local.size(); ++j) {
    out.tracks[j].translation.times = {0.0f};
    out.tracks[j].translation.values = {local[j].translation};
    out.tracks[j].rotation.times = {0.0f};
    out.tracks[j].rotation.values = {local[j].rotation};
  }
  return out;
}

TEST(IkAssets, TheDefaultPackUsesTheSettingsFileAndCrouchIdleAsBasePoseClf) {
  if (!DefaultLibrary())
    GTEST_SKIP() << "quaternius-ual1 pack not found (set FOOTWORK_ASSETS)";
  auto setup =
      LoadSimulationSetup(io::ProjectAssets() / "levels" / "default.json", DefaultLibrary());
  ASSERT_TRUE(setup) << setup.error().message;
  EXPECT_EQ(SimulationOptionsFor(*setup).ik_settings.overlay_blend_s,
            setup->ik_settings.overlay_blend_s);
  ik::CharacterIkSettings settings = setup->ik_settings;
  settings.overlay_blend_s = 0.4f;  // what the file says reaches the character
  auto assets = MakeCharacterIkAssets(*setup->assets, settings);
  ASSERT_TRUE(assets) << assets.error().message;
  EXPECT_EQ((*assets)->settings().overlay_blend_s, 0.4f);
  EXPECT_TRUE((*assets)->has_crouch_base_pose());    // crouch_idle
  EXPECT_FALSE((*assets)->look_clip().has_value());  // the pack has no look clip
  const int pistol = (*assets)->FindOverlay("pistol");
  ASSERT_GE(pistol, 0);
  // The crouched pistol is rebased onto crouch_idle: its legs are the crouch's, not the idle's.
  const int thigh = (*assets)->rig().legs[ik::kLeft].chain.upper;
  EXPECT_TRUE(anim::testing::QuatNear((*assets)->overlay_pose(pistol, true).local[thigh].rotation,
                                      (*assets)->base_pose(true).local[thigh].rotation, 1e-5f));
  EXPECT_FALSE(anim::testing::QuatNear((*assets)->overlay_pose(pistol, true).local[thigh].rotation,
                                       (*assets)->overlay_pose(pistol, false).local[thigh].rotation,
                                       0.05f));
}

TEST(IkAssets, LookAndCrouchedOverlayRolesAreFoundByName) {
  if (!DefaultLibrary())
    GTEST_SKIP() << "quaternius-ual1 pack not found (set FOOTWORK_ASSETS)";
  // The library as a character description naming a "look" role and "overlay_pistol_clf" would
  // cook it (role names become clip names).
  auto library = std::make_shared<io::CookedLibrary>(*DefaultLibrary());
  const anim::Clip* idle = Find(*library, "idle");
  const anim::Clip* crouch = Find(*library, "crouch_idle");
  ASSERT_NE(idle, nullptr);
  ASSERT_NE(crouch, nullptr);
  const int head = library->skeleton.FindJoint(library->rig_profile.roles.at("head"));
  ASSERT_GE(head, 0);
  // The look clip: left at time 0, ahead at 0.5 s, right at 1 s.
  anim::Clip look = HeadTurned(*library, *idle, head, 1.0f);
  const anim::Clip ahead = HeadTurned(*library, *idle, head, 0.0f);
  const anim::Clip right = HeadTurned(*library, *idle, head, -1.0f);
  look.name = "look";
  for (std::size_t j = 0; j < look.tracks.size(); ++j) {
    look.tracks[j].rotation.times = {0.0f, 0.5f, 1.0f};
    look.tracks[j].rotation.values.push_back(ahead.tracks[j].rotation.values[0]);
    look.tracks[j].rotation.values.push_back(right.tracks[j].rotation.values[0]);
  }
  anim::Clip pistol_clf = HeadTurned(*library, *crouch, head, 0.0f);
  pistol_clf.name = "overlay_pistol_clf";
  pistol_clf.curves = Find(*library, "overlay_pistol")->curves;
  library->clips.push_back(look);  // (invalidates idle and crouch)
  library->clips.push_back(pistol_clf);
  auto setup = LoadSimulationSetup(io::ProjectAssets() / "levels" / "default.json", library);
  ASSERT_TRUE(setup) << setup.error().message;
  auto assets = MakeCharacterIkAssets(*setup->assets, setup->ik_settings);
  ASSERT_TRUE(assets) << assets.error().message;
  ASSERT_TRUE((*assets)->look_clip().has_value());
  EXPECT_EQ((*assets)->look_clip()->name, "look");
  EXPECT_LT((*assets)->FindOverlay("pistol_clf"), 0);  // a stance of pistol, not an overlay
  const int pistol = (*assets)->FindOverlay("pistol");
  ASSERT_GE(pistol, 0);
  // Recorded from its own clip: the crouched pose is the crouch idle's frame.
  EXPECT_TRUE(anim::testing::PoseNear((*assets)->overlay_pose(pistol, true).local,
                                      (*assets)->base_pose(true).local, 1e-4f));
  // Turned off by the settings, the look clip is not used.
  ik::CharacterIkSettings no_clip = setup->ik_settings;
  no_clip.look_clip.clear();
  auto procedural = MakeCharacterIkAssets(*setup->assets, no_clip);
  ASSERT_TRUE(procedural) << procedural.error().message;
  EXPECT_FALSE((*procedural)->look_clip().has_value());

  // A crouched pose without its standing overlay is an error that names it.
  anim::Clip orphan = pistol_clf;
  orphan.name = "overlay_rifle_clf";
  library->clips.push_back(orphan);
  auto orphaned = LoadSimulationSetup(io::ProjectAssets() / "levels" / "default.json", library);
  ASSERT_TRUE(orphaned) << orphaned.error().message;
  auto failed = MakeCharacterIkAssets(*orphaned->assets, orphaned->ik_settings);
  ASSERT_FALSE(failed);
  EXPECT_NE(failed.error().message.find("overlay_rifle_clf"), std::string::npos)
      << failed.error().message;
}

// A character plays its own overlay for one a scenario asks for that it lacks, when its settings
// name a stand-in; a stand-in it does not have either is an error when the character is set up.
using IkAssetsOnTheDefaultLevel = testing::DefaultLevelTest;

TEST_F(IkAssetsOnTheDefaultLevel, AnOverlayTheCharacterLacksPlaysItsStandIn) {
  ik::CharacterIkSettings settings = setup_.ik_settings;
  settings.overlay_stand_ins = {{"rifle", "pistol"}, {"torch", "sword"}};
  auto assets = MakeCharacterIkAssets(*setup_.assets, settings);
  ASSERT_TRUE(assets) << assets.error().message;
  CharacterIkStage stage(*assets);
  ASSERT_TRUE(stage.SetOverlay("rifle").ok());
  EXPECT_EQ(stage.ik().overlay(), (*assets)->FindOverlay("pistol"));
  // A name the character has is never replaced.
  ASSERT_TRUE(stage.SetOverlay("torch").ok());
  EXPECT_EQ(stage.ik().overlay(), (*assets)->FindOverlay("torch"));
  const Status unknown = stage.SetOverlay("lute");
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.error().message.find("overlay 'lute' not found (the character has: "),
            std::string::npos)
      << unknown.error().message;

  settings.overlay_stand_ins = {{"rifle", "lute"}};
  auto missing = MakeCharacterIkAssets(*setup_.assets, settings);
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().message.find("overlay.stand_ins.rifle: the character has no overlay "
                                         "'lute'"),
            std::string::npos)
      << missing.error().message;
}

}  // namespace
}  // namespace footwork::locomotion
