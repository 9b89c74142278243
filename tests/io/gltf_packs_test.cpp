// glTF import of the two CC0 asset packs: counts, known clips and durations, rest heights, and
// consistency of the folded rest pose with the files' inverse bind matrices.
#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "footwork/io/asset_paths.h"
#include "footwork/io/gltf_import.h"
#include "footwork/io/scene_summary.h"
#include "footwork/io/skin_joints.h"

namespace footwork::io {
namespace {

std::optional<std::filesystem::path> PackFile(const char* relative) {
  const std::optional<std::filesystem::path> packs = FindAssetPacks();
  if (!packs)
    return std::nullopt;
  return *packs / relative;
}

// Imports once per process: the Quaternius file takes a moment.
const Scene& LoadPack(const char* relative) {
  static std::map<std::string, Scene> cache;
  auto found = cache.find(relative);
  if (found == cache.end()) {
    Result<Scene> scene = ImportGltf(*PackFile(relative));
    EXPECT_TRUE(scene.ok()) << scene.error().message;
    found = cache.emplace(relative, scene.ok() ? std::move(scene).value() : Scene{}).first;
  }
  return found->second;
}

constexpr const char* kQuaternius = "quaternius-ual1/AnimationLibrary_Godot_Standard.gltf";
constexpr const char* kKnight = "kaykit-knight/Knight.glb";

#define SKIP_WITHOUT_PACKS() \
  if (!FindAssetPacks())     \
  GTEST_SKIP() << "asset packs not found"

std::vector<Transform> ModelSpace(const anim::Skeleton& skeleton) {
  std::vector<Transform> model(skeleton.num_joints());
  for (int j = 0; j < skeleton.num_joints(); ++j) {
    const int parent = skeleton.parents[j];
    model[j] =
        parent == anim::kNoParent ? skeleton.rest_pose[j] : model[parent] * skeleton.rest_pose[j];
  }
  return model;
}

const anim::Clip* FindClip(const Scene& scene, const std::string& name) {
  for (const anim::Clip& clip : scene.clips) {
    if (clip.name == name)
      return &clip;
  }
  return nullptr;
}

// Every joint's bind matrix times its inverse bind matrix is the identity when the rest pose
// (with everything above the root folded in) matches the pose the mesh was bound in.
void ExpectRestMatchesBind(const Scene& scene) {
  ASSERT_FALSE(scene.meshes.empty());
  const std::vector<Transform> model = ModelSpace(scene.skeleton);
  const SkinnedMesh& mesh = scene.meshes[0];
  ASSERT_EQ(mesh.inverse_bind_matrices.size(), model.size());
  for (std::size_t j = 0; j < model.size(); ++j) {
    const glm::mat4 product = model[j].ToMatrix() * mesh.inverse_bind_matrices[j];
    for (int c = 0; c < 4; ++c) {
      for (int r = 0; r < 4; ++r) {
        EXPECT_NEAR(product[c][r], c == r ? 1.0f : 0.0f, 2e-3f)
            << scene.skeleton.joint_names[j] << " [" << c << "][" << r << "]";
      }
    }
  }
}

void ExpectMeshesWellFormed(const Scene& scene) {
  for (const SkinnedMesh& mesh : scene.meshes) {
    EXPECT_GT(mesh.positions.size(), 0u) << mesh.name;
    EXPECT_EQ(mesh.normals.size(), mesh.positions.size());
    EXPECT_EQ(mesh.joints.size(), mesh.positions.size());
    EXPECT_EQ(mesh.indices.size() % 3, 0u);
    for (std::size_t v = 0; v < mesh.weights.size(); ++v) {
      const glm::vec4& w = mesh.weights[v];
      ASSERT_NEAR(w.x + w.y + w.z + w.w, 1.0f, 1e-4f) << mesh.name << " vertex " << v;
      for (int i = 0; i < 4; ++i) {
        ASSERT_LT(mesh.joints[v][i], scene.skeleton.num_joints());
      }
    }
  }
}

TEST(GltfPacks, QuaterniusCountsAndClips) {
  SKIP_WITHOUT_PACKS();
  const Scene& scene = LoadPack(kQuaternius);
  ASSERT_EQ(scene.skeleton.num_joints(), 53);
  EXPECT_TRUE(scene.skeleton.Validate().ok());
  EXPECT_EQ(scene.clips.size(), 46u);
  EXPECT_EQ(scene.skeleton.joint_names[0], "root");
  EXPECT_GE(scene.skeleton.FindJoint("DEF-hips"), 0);
  EXPECT_GE(scene.skeleton.FindJoint("DEF-toe.R"), 0);
  const std::map<std::string, float> durations = {
      {"Idle_Loop", 2.5f},      {"Walk_Loop", 1.3333f},    {"Jog_Fwd_Loop", 0.9167f},
      {"Sprint_Loop", 0.6667f}, {"Crouch_Fwd_Loop", 2.0f}, {"Jump_Start", 1.3333f},
      {"Jump_Loop", 2.5f},      {"Jump_Land", 1.25f}};
  for (const auto& [name, duration] : durations) {
    const anim::Clip* clip = FindClip(scene, name);
    ASSERT_NE(clip, nullptr) << name;
    EXPECT_NEAR(clip->duration_s, duration, 2e-3f) << name;
    EXPECT_TRUE(clip->Validate(53).ok()) << clip->Validate(53).error().message;
  }
  // 24 fps keys.
  const anim::Clip& walk = *FindClip(scene, "Walk_Loop");
  const anim::QuatChannel& hips = walk.tracks[scene.skeleton.FindJoint("DEF-hips")].rotation;
  ASSERT_GT(hips.size(), 2u);
  EXPECT_NEAR(hips.times[1] - hips.times[0], 1.0f / 24.0f, 1e-4f);
  EXPECT_TRUE(walk.looping);
}

TEST(GltfPacks, QuaterniusRestHeights) {
  SKIP_WITHOUT_PACKS();
  const Scene& scene = LoadPack(kQuaternius);
  const std::vector<Transform> model = ModelSpace(scene.skeleton);
  EXPECT_NEAR(model[scene.skeleton.FindJoint("DEF-hips")].translation.y, 0.917f, 0.01f);
  EXPECT_NEAR(model[scene.skeleton.FindJoint("DEF-head")].translation.y, 1.569f, 0.01f);
  // Character's left is +X.
  EXPECT_GT(model[scene.skeleton.FindJoint("DEF-thigh.L")].translation.x, 0.0f);
  ExpectRestMatchesBind(scene);
  ExpectMeshesWellFormed(scene);
}

TEST(GltfPacks, QuaterniusRootMotion) {
  SKIP_WITHOUT_PACKS();
  const Scene& scene = LoadPack(kQuaternius);
  EXPECT_NEAR(RootTravelM(*FindClip(scene, "Roll_RM")), 4.99f, 0.02f);
  EXPECT_LT(RootTravelM(*FindClip(scene, "Walk_Loop")), kRootMotionThresholdM);
  EXPECT_LT(RootTravelM(*FindClip(scene, "Roll")), kRootMotionThresholdM);
}

TEST(GltfPacks, KnightCountsAndClips) {
  SKIP_WITHOUT_PACKS();
  const Scene& scene = LoadPack(kKnight);
  ASSERT_EQ(scene.skeleton.num_joints(), 41);
  EXPECT_TRUE(scene.skeleton.Validate().ok());
  EXPECT_EQ(scene.clips.size(), 76u);
  for (const char* name : {"Idle", "Walking_A", "Running_A", "Jump_Start", "Dodge_Forward"}) {
    const anim::Clip* clip = FindClip(scene, name);
    ASSERT_NE(clip, nullptr) << name;
    EXPECT_GT(clip->duration_s, 0.0f);
    EXPECT_TRUE(clip->Validate(41).ok()) << clip->Validate(41).error().message;
  }
  EXPECT_GT(RootTravelM(*FindClip(scene, "Dodge_Left")), 0.1f);
  EXPECT_FALSE(scene.meshes.empty());
}

TEST(GltfPacks, KnightRestHeights) {
  SKIP_WITHOUT_PACKS();
  const Scene& scene = LoadPack(kKnight);
  const std::vector<Transform> model = ModelSpace(scene.skeleton);
  EXPECT_NEAR(model[scene.skeleton.FindJoint("hips")].translation.y, 0.41f, 0.01f);
  EXPECT_NEAR(model[scene.skeleton.FindJoint("head")].translation.y, 1.24f, 0.01f);
  ExpectRestMatchesBind(scene);
  ExpectMeshesWellFormed(scene);
}

// The Knight's rig controls (kneeIK, control-*-roll, IK-foot, elbowIK, handIK) and its empty hand
// slots move no vertex; its body joints and the root above them do. Every Quaternius joint is a
// deforming one (DEF-*) under the root.
TEST(GltfPacks, JointsThatMoveTheSkin) {
  SKIP_WITHOUT_PACKS();
  const Scene& knight = LoadPack(kKnight);
  const std::vector<bool> seen = JointsThatMoveTheSkin(knight.skeleton, knight.meshes);
  ASSERT_EQ(seen.size(), 41u);
  for (const char* name : {"root", "hips", "lowerleg.l", "toes.r", "head", "hand.r"})
    EXPECT_TRUE(seen[static_cast<std::size_t>(knight.skeleton.FindJoint(name))]) << name;
  for (const char* name :
       {"kneeIK.l", "control-toe-roll.r", "IK-foot.l", "heelIK.r", "handIK.l", "handslot.r"})
    EXPECT_FALSE(seen[static_cast<std::size_t>(knight.skeleton.FindJoint(name))]) << name;
  EXPECT_EQ(std::count(seen.begin(), seen.end(), true), 21);
  // Without meshes nothing says which joints are unseen: all count.
  const std::vector<bool> bare = JointsThatMoveTheSkin(knight.skeleton, {});
  EXPECT_EQ(std::count(bare.begin(), bare.end(), true), 41);
  const Scene& quaternius = LoadPack(kQuaternius);
  const std::vector<bool> body = JointsThatMoveTheSkin(quaternius.skeleton, quaternius.meshes);
  for (const char* name : {"DEF-hips", "DEF-foot.L", "DEF-head"})
    EXPECT_TRUE(body[static_cast<std::size_t>(quaternius.skeleton.FindJoint(name))]) << name;
  EXPECT_EQ(std::count(body.begin(), body.end(), true), quaternius.skeleton.num_joints());
}

TEST(GltfPacks, SummaryJsonHasTheDocumentedKeys) {
  SKIP_WITHOUT_PACKS();
  const SceneSummary summary = Summarize(LoadPack(kKnight));
  const nlohmann::json json = nlohmann::json::parse(SummaryToJson(summary));
  ASSERT_EQ(json["joints"].size(), 41u);
  EXPECT_TRUE(json["joints"][0]["parent"].is_null());
  EXPECT_EQ(json["joints"][1]["parent"], "root");
  ASSERT_EQ(json["clips"].size(), 76u);
  for (const char* key : {"name", "duration_s", "keys", "root_motion_m"}) {
    EXPECT_TRUE(json["clips"][0].contains(key)) << key;
  }
  ASSERT_FALSE(json["meshes"].empty());
  for (const char* key : {"name", "vertices", "triangles"}) {
    EXPECT_TRUE(json["meshes"][0].contains(key)) << key;
  }
}

}  // namespace
}  // namespace footwork::io
