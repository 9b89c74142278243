// The anim runtime on the default character (Quaternius UAL1 pack and its rig profile), when
// the pack is present: real rigs have non-identity rest orientations and dense keys.

#include <vector>

#include <gtest/gtest.h>

#include "anim/anim_test_util.h"
#include "footwork/anim/mirror.h"
#include "footwork/anim/sampling.h"
#include "footwork/io/asset_paths.h"
#include "footwork/io/gltf_import.h"
#include "footwork/io/rig_profile_io.h"

namespace footwork::anim {
namespace {

struct DefaultCharacter {
  io::Scene scene;
  RigBinding binding;
  const Clip* walk = nullptr;
};

// Loaded once; null when the pack is absent (the tests then skip).
const DefaultCharacter* LoadDefaultCharacter() {
  static const DefaultCharacter* loaded = []() -> const DefaultCharacter* {
    const auto packs = io::FindAssetPacks();
    if (!packs)
      return nullptr;
    auto scene = io::ImportGltf(*packs / "quaternius-ual1/AnimationLibrary_Godot_Standard.gltf");
    if (!scene.ok()) {
      ADD_FAILURE() << scene.error().message;
      return nullptr;
    }
    auto profile = io::LoadRigProfile(io::ProjectAssets() / "rigs/quaternius_ual1.json");
    if (!profile.ok()) {
      ADD_FAILURE() << profile.error().message;
      return nullptr;
    }
    auto binding = Bind(*profile, scene->skeleton);
    if (!binding.ok()) {
      ADD_FAILURE() << binding.error().message;
      return nullptr;
    }
    auto* character = new DefaultCharacter{std::move(*scene), std::move(*binding), nullptr};
    for (const Clip& clip : character->scene.clips) {
      if (clip.name == "Walk_Loop")
        character->walk = &clip;
    }
    return character;
  }();
  return loaded;
}

std::vector<Transform> Mirror(const Skeleton& skeleton, const RigBinding& binding,
                              std::span<const Transform> pose) {
  std::vector<Transform> output(pose.size()), scratch(pose.size());
  MirrorJob job{&skeleton, &binding, pose, scratch, output};
  EXPECT_TRUE(job.Run().ok());
  return output;
}

std::vector<Transform> SampleWalk(const DefaultCharacter& character, float time_s,
                                  SamplingCache* cache) {
  std::vector<Transform> pose(character.scene.skeleton.rest_pose.size());
  SamplingJob job;
  job.skeleton = &character.scene.skeleton;
  job.clip = character.walk;
  job.time_s = time_s;
  job.cache = cache;
  job.output = pose;
  EXPECT_TRUE(job.Run().ok());
  return pose;
}

TEST(DefaultCharacterTest, EveryLeftJointHasItsRightTwin) {
  const DefaultCharacter* character = LoadDefaultCharacter();
  if (character == nullptr)
    GTEST_SKIP() << "asset pack not found";
  const Skeleton& skeleton = character->scene.skeleton;
  for (int j = 0; j < skeleton.num_joints(); ++j) {
    const std::string& name = skeleton.joint_names[j];
    if (name.ends_with(".L") || name.ends_with(".R")) {
      EXPECT_NE(character->binding.mirror_twin[j], j) << name;
    } else {
      EXPECT_EQ(character->binding.mirror_twin[j], j) << name;
    }
  }
  EXPECT_EQ(character->binding.mirror_twin[character->binding.Joint("foot_l")],
            character->binding.Joint("foot_r"));
}

TEST(DefaultCharacterTest, CachedPlaybackMatchesSeeks) {
  const DefaultCharacter* character = LoadDefaultCharacter();
  if (character == nullptr || character->walk == nullptr)
    GTEST_SKIP() << "asset pack not found";
  SamplingCache cache(character->scene.skeleton.num_joints());
  for (int frame = 0; frame < 120; ++frame) {
    const float t = static_cast<float>(frame) / 60.0f;
    ASSERT_TRUE(testing::PoseNear(SampleWalk(*character, t, &cache),
                                  SampleWalk(*character, t, nullptr), 1e-5f))
        << t;
  }
}

TEST(DefaultCharacterTest, MirroredWalkSwapsTheFeet) {
  const DefaultCharacter* character = LoadDefaultCharacter();
  if (character == nullptr || character->walk == nullptr)
    GTEST_SKIP() << "asset pack not found";
  const Skeleton& skeleton = character->scene.skeleton;
  const RigBinding& binding = character->binding;
  EXPECT_TRUE(
      testing::PoseNear(Mirror(skeleton, binding, skeleton.rest_pose), skeleton.rest_pose, 1e-3f));
  const std::vector<Transform> pose = SampleWalk(*character, 0.3f, nullptr);
  const std::vector<Transform> mirrored = Mirror(skeleton, binding, pose);
  EXPECT_TRUE(testing::PoseNear(Mirror(skeleton, binding, mirrored), pose, 2e-3f));
  const std::vector<Transform> model = testing::ToModel(skeleton, pose);
  const std::vector<Transform> mirrored_model = testing::ToModel(skeleton, mirrored);
  for (const auto& [from, to] : {std::pair{"foot_l", "foot_r"}, std::pair{"hand_r", "hand_l"}}) {
    const glm::vec3 original = model[binding.Joint(from)].translation;
    EXPECT_TRUE(testing::VecNear(mirrored_model[binding.Joint(to)].translation,
                                 {-original.x, original.y, original.z}, 0.01f))
        << from;
  }
}

}  // namespace
}  // namespace footwork::anim
