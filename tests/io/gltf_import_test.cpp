// glTF import on a tiny character built in code: analytic values for LINEAR, STEP and CUBICSPLINE
// keys, folding of nodes above the root, a non-topological joint order, and malformed inputs.
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>

#include "footwork/io/gltf_import.h"
#include "tiny_gltf_builder.h"

namespace footwork::io {
namespace {

using testing::TinyGltfBuilder;

constexpr float kEps = 1e-5f;
const float kHalfSqrt2 = std::sqrt(0.5f);

// Armature (node 0, turned 90 degrees about Y and moved +1 X) holds Hips (node 2) holding Spine
// (node 3); the skin lists Spine before Hips. Node 1 is the skinned mesh.
TinyGltfBuilder MakeTinyCharacter() {
  TinyGltfBuilder b;
  b.AddNode({{"name", "Armature"},
             {"translation", {1, 0, 0}},
             {"rotation", {0, kHalfSqrt2, 0, kHalfSqrt2}},
             {"children", {2}}});
  b.AddNode({{"name", "Body"}, {"mesh", 0}, {"skin", 0}});
  b.AddNode({{"name", "Hips"}, {"translation", {0, 1, 0}}, {"children", {3}}});
  b.AddNode({{"name", "Spine"}, {"translation", {0, 0.5, 0}}});
  b.json["scenes"][0]["nodes"] = {0, 1};

  const int ibm = b.AddFloats({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1.5f, 0, 1,   // Spine
                               1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1.0f, 0, 1},  // Hips
                              "MAT4");
  b.json["skins"] = {{{"joints", {3, 2}}, {"inverseBindMatrices", ibm}}};

  const int lin_times = b.AddFloats({0, 1}, "SCALAR");
  const int lin_values = b.AddFloats({0, 1, 0, 0, 1, 2}, "VEC3");
  const int step_times = b.AddFloats({0, 0.5f}, "SCALAR");
  // The second key is -(90 degrees about Z): import flips it onto the first key's hemisphere.
  const int step_values = b.AddFloats({0, 0, 0, 1, 0, 0, -kHalfSqrt2, -kHalfSqrt2}, "VEC4");
  const int armature_values = b.AddFloats({0, 0, 0, 5, 5, 5}, "VEC3");
  const int cubic_values = b.AddFloats({0, 0, 0, 0, 0.5f, 0, 0, 0, 0,   // key 0: in, value, out
                                        0, 0, 0, 1, 0.5f, 0, 0, 0, 0},  // key 1
                                       "VEC3");
  b.json["animations"] = {
      {{"name", "Lin"},
       {"samplers",
        {{{"input", lin_times}, {"output", lin_values}, {"interpolation", "LINEAR"}},
         {{"input", step_times}, {"output", step_values}, {"interpolation", "STEP"}},
         {{"input", lin_times}, {"output", armature_values}}}},
       {"channels",
        {{{"sampler", 0}, {"target", {{"node", 2}, {"path", "translation"}}}},
         {{"sampler", 1}, {"target", {{"node", 3}, {"path", "rotation"}}}},
         {{"sampler", 2}, {"target", {{"node", 0}, {"path", "translation"}}}}}}},
      {{"name", "Cubic"},
       {"samplers",
        {{{"input", lin_times}, {"output", cubic_values}, {"interpolation", "CUBICSPLINE"}}}},
       {"channels", {{{"sampler", 0}, {"target", {{"node", 3}, {"path", "translation"}}}}}}}};

  const int positions = b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
  const int normals = b.AddFloats({0, 0, 1, 0, 0, 1, 0, 0, 1}, "VEC3");
  const int joints = b.AddUShorts({0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0}, "VEC4");
  const int weights = b.AddFloats({1, 0, 0, 0, 2, 0, 0, 0, 1, 1, 0, 0}, "VEC4");
  const int indices = b.AddUShorts({0, 1, 2}, "SCALAR");
  b.json["meshes"] = {{{"name", "Body"},
                       {"primitives",
                        {{{"attributes",
                           {{"POSITION", positions},
                            {"NORMAL", normals},
                            {"JOINTS_0", joints},
                            {"WEIGHTS_0", weights}}},
                          {"indices", indices},
                          {"material", 0}}}}}};
  b.json["materials"] = {{{"pbrMetallicRoughness", {{"baseColorFactor", {0.2, 0.4, 0.6, 1.0}}}}}};
  return b;
}

std::span<const std::uint8_t> Bytes(const std::string& text) {
  return {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()};
}

Result<Scene> ImportText(const std::string& text) {
  return ImportGltfFromMemory(Bytes(text), "tiny.gltf");
}

void ExpectVec3(const glm::vec3& actual, const glm::vec3& expected) {
  EXPECT_NEAR(actual.x, expected.x, kEps);
  EXPECT_NEAR(actual.y, expected.y, kEps);
  EXPECT_NEAR(actual.z, expected.z, kEps);
}

void CheckTinyCharacter(const Scene& scene) {
  const anim::Skeleton& skeleton = scene.skeleton;
  ASSERT_EQ(skeleton.num_joints(), 2);
  EXPECT_EQ(skeleton.joint_names[0], "Hips");
  EXPECT_EQ(skeleton.joint_names[1], "Spine");
  EXPECT_EQ(skeleton.parents[0], anim::kNoParent);
  EXPECT_EQ(skeleton.parents[1], 0);
  EXPECT_TRUE(skeleton.Validate().ok());
  // The Armature's turn and offset are folded into Hips.
  ExpectVec3(skeleton.rest_pose[0].translation, {1, 1, 0});
  EXPECT_NEAR(std::fabs(glm::dot(skeleton.rest_pose[0].rotation,
                                 glm::angleAxis(glm::radians(90.0f), glm::vec3(0, 1, 0)))),
              1.0f, kEps);
  ExpectVec3(skeleton.rest_pose[1].translation, {0, 0.5f, 0});
  ExpectVec3((skeleton.rest_pose[0] * skeleton.rest_pose[1]).translation, {1, 1.5f, 0});

  ASSERT_EQ(scene.clips.size(), 2u);
  const anim::Clip& lin = scene.clips[0];
  EXPECT_EQ(lin.name, "Lin");
  EXPECT_FLOAT_EQ(lin.duration_s, 1.0f);
  ASSERT_EQ(lin.tracks.size(), 2u);
  EXPECT_TRUE(lin.Validate(2).ok()) << lin.Validate(2).error().message;
  const anim::Vec3Channel& hips = lin.tracks[0].translation;
  ASSERT_EQ(hips.size(), 2u);
  EXPECT_EQ(hips.interpolation, anim::Interpolation::kLinear);
  ExpectVec3(hips.values[0], {1, 1, 0});
  // (0, 1, 2) turned 90 degrees about Y is (2, 1, 0), plus the Armature's +1 X.
  ExpectVec3(hips.values[1], {3, 1, 0});
  const anim::QuatChannel& spine = lin.tracks[1].rotation;
  ASSERT_EQ(spine.size(), 2u);
  EXPECT_EQ(spine.interpolation, anim::Interpolation::kStep);
  EXPECT_FLOAT_EQ(spine.times[1], 0.5f);
  EXPECT_NEAR(spine.values[1].w, kHalfSqrt2, kEps);
  EXPECT_NEAR(spine.values[1].z, kHalfSqrt2, kEps);
  // The Armature's own channel is not skeletal and is dropped.
  EXPECT_TRUE(lin.tracks[0].rotation.empty());
  EXPECT_EQ(lin.CountKeys(), 4u);

  const anim::Clip& cubic = scene.clips[1];
  const anim::Vec3Channel& resampled = cubic.tracks[1].translation;
  EXPECT_EQ(resampled.interpolation, anim::Interpolation::kLinear);
  ASSERT_EQ(resampled.size(), 61u);  // 60 Hz over one second, both ends
  EXPECT_NEAR(resampled.times[15], 0.25f, kEps);
  // Hermite basis h01(s) = -2s^3 + 3s^2: 0.15625 at s = 0.25, 0.5 at s = 0.5.
  ExpectVec3(resampled.values[15], {0.15625f, 0.5f, 0});
  ExpectVec3(resampled.values[30], {0.5f, 0.5f, 0});
  ExpectVec3(resampled.values[60], {1, 0.5f, 0});

  ASSERT_EQ(scene.meshes.size(), 1u);
  const SkinnedMesh& mesh = scene.meshes[0];
  EXPECT_EQ(mesh.positions.size(), 3u);
  EXPECT_EQ(mesh.indices, (std::vector<std::uint32_t>{0, 1, 2}));
  // Skin joint 0 is Spine (skeleton 1), skin joint 1 is Hips (skeleton 0).
  EXPECT_EQ(mesh.joints[0][0], 1);
  EXPECT_EQ(mesh.joints[1][0], 0);
  EXPECT_EQ(mesh.joints[2][0], 1);
  EXPECT_EQ(mesh.joints[2][1], 0);
  EXPECT_FLOAT_EQ(mesh.weights[1].x, 1.0f);
  EXPECT_FLOAT_EQ(mesh.weights[2].x, 0.5f);
  EXPECT_FLOAT_EQ(mesh.weights[2].y, 0.5f);
  ASSERT_EQ(mesh.inverse_bind_matrices.size(), 2u);
  EXPECT_FLOAT_EQ(mesh.inverse_bind_matrices[0][3][1], -1.0f);
  EXPECT_FLOAT_EQ(mesh.inverse_bind_matrices[1][3][1], -1.5f);
  ExpectVec3(mesh.base_color, {0.2f, 0.4f, 0.6f});
}

TEST(GltfImport, TinyCharacterFromJson) {
  Result<Scene> scene = ImportText(MakeTinyCharacter().Text());
  ASSERT_TRUE(scene.ok()) << scene.error().message;
  EXPECT_EQ(scene->source, "tiny.gltf");
  CheckTinyCharacter(*scene);
}

TEST(GltfImport, TinyCharacterFromGlb) {
  const std::vector<std::uint8_t> glb = MakeTinyCharacter().Glb();
  Result<Scene> scene = ImportGltfFromMemory(glb, "tiny.glb");
  ASSERT_TRUE(scene.ok()) << scene.error().message;
  CheckTinyCharacter(*scene);
}

TEST(GltfImport, NodeMatrixIsUsedForRestPose) {
  TinyGltfBuilder b = MakeTinyCharacter();
  b.json["nodes"][3].erase("translation");
  b.json["nodes"][3]["matrix"] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0.25, 0, 1};
  Result<Scene> scene = ImportText(b.Text());
  ASSERT_TRUE(scene.ok()) << scene.error().message;
  ExpectVec3(scene->skeleton.rest_pose[1].translation, {0, 0.25f, 0});
}

TEST(GltfImport, FileNotFoundNamesThePath) {
  Result<Scene> scene = ImportGltf("/nonexistent/dir/walk.gltf");
  ASSERT_FALSE(scene.ok());
  EXPECT_NE(scene.error().message.find("/nonexistent/dir/walk.gltf"), std::string::npos);
}

// --- Malformed inputs: each fails with a message naming the file and the problem. ---

void ExpectError(const Result<Scene>& scene, const std::string& fragment) {
  ASSERT_FALSE(scene.ok()) << "expected an error containing '" << fragment << "'";
  const std::string& message = scene.error().message;
  EXPECT_NE(message.find("tiny.gl"), std::string::npos) << message;
  EXPECT_NE(message.find(fragment), std::string::npos) << message;
}

TEST(GltfImportErrors, EmptyInput) {
  ExpectError(ImportText(""), "empty");
}

TEST(GltfImportErrors, WrongMagic) {
  ExpectError(ImportText("GIF89a not a glTF at all"), "wrong magic");
  std::vector<std::uint8_t> glb = MakeTinyCharacter().Glb();
  glb[3] = 'X';
  ExpectError(ImportGltfFromMemory(glb, "tiny.glb"), "wrong magic");
}

TEST(GltfImportErrors, TruncatedGlb) {
  std::vector<std::uint8_t> glb = MakeTinyCharacter().Glb();
  for (std::size_t size : {std::size_t{5}, std::size_t{16}, glb.size() / 2, glb.size() - 4}) {
    const std::vector<std::uint8_t> cut(glb.begin(), glb.begin() + size);
    ExpectError(ImportGltfFromMemory(cut, "tiny.glb"), "truncated");
  }
}

TEST(GltfImportErrors, BadGlbVersionAndChunks) {
  std::vector<std::uint8_t> glb = MakeTinyCharacter().Glb();
  std::vector<std::uint8_t> version = glb;
  version[4] = 1;
  ExpectError(ImportGltfFromMemory(version, "tiny.glb"), "version 1");
  std::vector<std::uint8_t> json_length = glb;
  json_length[15] = 0x7f;  // JSON chunk length far past the end
  ExpectError(ImportGltfFromMemory(json_length, "tiny.glb"), "JSON chunk");
}

TEST(GltfImportErrors, BadJson) {
  ExpectError(ImportText("{\"asset\": {\"version\": \"2.0\"}, \"nodes\": [ {"), "invalid glTF");
  ExpectError(ImportText(std::string(5000, '[')), "wrong magic");
  ExpectError(ImportText("{" + std::string(5000, '[')), "nested deeper");
}

TEST(GltfImportErrors, TruncatedJsonText) {
  const std::string text = MakeTinyCharacter().Text();
  ExpectError(ImportText(text.substr(0, text.size() / 2)), "invalid glTF");
}

TEST(GltfImportErrors, MissingSkin) {
  TinyGltfBuilder b = MakeTinyCharacter();
  b.json.erase("skins");
  b.json["nodes"][1].erase("skin");
  ExpectError(ImportText(b.Text()), "no skin");
}

TEST(GltfImportErrors, BadAccessorIndex) {
  TinyGltfBuilder b = MakeTinyCharacter();
  b.json["animations"][0]["samplers"][0]["input"] = 99;
  ExpectError(ImportText(b.Text()), "accessor 99 out of range");
}

TEST(GltfImportErrors, AccessorOutOfRangeOfBufferView) {
  TinyGltfBuilder b = MakeTinyCharacter();
  const int accessor = b.json["animations"][0]["samplers"][0]["output"];
  b.json["accessors"][accessor]["count"] = 1000;
  ExpectError(ImportText(b.Text()), "out of range of buffer view");
  TinyGltfBuilder offset = MakeTinyCharacter();
  offset.json["accessors"][accessor]["byteOffset"] = 4;
  ExpectError(ImportText(offset.Text()), "out of range of buffer view");
}

TEST(GltfImportErrors, BufferViewOutOfRangeOfBuffer) {
  TinyGltfBuilder b = MakeTinyCharacter();
  b.json["bufferViews"][0]["byteLength"] = 100000;
  ExpectError(ImportText(b.Text()), "out of range of buffer");
}

TEST(GltfImportErrors, BufferViewIndexOutOfRange) {
  TinyGltfBuilder b = MakeTinyCharacter();
  const int accessor = b.json["animations"][0]["samplers"][0]["input"];
  b.json["accessors"][accessor]["bufferView"] = 77;
  ExpectError(ImportText(b.Text()), "buffer view 77 out of range");
}

TEST(GltfImportErrors, WrongComponentTypeOrCount) {
  TinyGltfBuilder b = MakeTinyCharacter();
  const int times = b.json["animations"][0]["samplers"][0]["input"];
  b.json["accessors"][times]["componentType"] = TinyGltfBuilder::kUnsignedShort;
  ExpectError(ImportText(b.Text()), "component type 5123");

  TinyGltfBuilder type = MakeTinyCharacter();
  const int rotations = type.json["animations"][0]["samplers"][1]["output"];
  type.json["accessors"][rotations]["type"] = "VEC3";
  ExpectError(ImportText(type.Text()), "type VEC3, expected VEC4");

  TinyGltfBuilder count = MakeTinyCharacter();
  const int values = count.json["animations"][0]["samplers"][0]["output"];
  count.json["accessors"][values]["count"] = 1;
  ExpectError(ImportText(count.Text()), "1 output values for 2 keys");
}

// Overwrites the float at `accessor`'s element `index` in the builder's buffer.
void PokeFloat(TinyGltfBuilder& b, int accessor, int index, float value) {
  const int view = b.json["accessors"][accessor]["bufferView"];
  const std::size_t offset = b.json["bufferViews"][view]["byteOffset"];
  std::memcpy(b.data.data() + offset + index * 4, &value, 4);
}

TEST(GltfImportErrors, NanAndInfiniteKeys) {
  TinyGltfBuilder b = MakeTinyCharacter();
  PokeFloat(b, b.json["animations"][0]["samplers"][0]["input"], 1,
            std::numeric_limits<float>::quiet_NaN());
  ExpectError(ImportText(b.Text()), "not finite");

  TinyGltfBuilder value = MakeTinyCharacter();
  PokeFloat(value, value.json["animations"][0]["samplers"][0]["output"], 4,
            std::numeric_limits<float>::infinity());
  ExpectError(ImportText(value.Text()), "NaN or infinite");
}

TEST(GltfImportErrors, KeysNotIncreasing) {
  TinyGltfBuilder b = MakeTinyCharacter();
  PokeFloat(b, b.json["animations"][0]["samplers"][0]["input"], 1, 0.0f);
  ExpectError(ImportText(b.Text()), "not increasing");
}

TEST(GltfImportErrors, CyclicHierarchy) {
  TinyGltfBuilder b = MakeTinyCharacter();
  b.json["nodes"][3]["children"] = {0};
  ExpectError(ImportText(b.Text()), "cyclic");
  TinyGltfBuilder self = MakeTinyCharacter();
  self.json["nodes"][2]["children"] = {2, 3};
  ExpectError(ImportText(self.Text()), "own child");
}

TEST(GltfImportErrors, MultiParentHierarchy) {
  TinyGltfBuilder b = MakeTinyCharacter();
  b.json["nodes"][1]["children"] = {3};
  ExpectError(ImportText(b.Text()), "two parents");
}

TEST(GltfImportErrors, BadJointAndChildIndices) {
  TinyGltfBuilder b = MakeTinyCharacter();
  b.json["skins"][0]["joints"] = {3, 42};
  ExpectError(ImportText(b.Text()), "node 42, out of range");
  TinyGltfBuilder child = MakeTinyCharacter();
  child.json["nodes"][3]["children"] = {-5};
  ExpectError(ImportText(child.Text()), "out of range");
  TinyGltfBuilder twice = MakeTinyCharacter();
  twice.json["skins"][0]["joints"] = {3, 3};
  ExpectError(ImportText(twice.Text()), "listed twice");
}

TEST(GltfImportErrors, BadMeshData) {
  TinyGltfBuilder b = MakeTinyCharacter();
  const int indices = b.json["meshes"][0]["primitives"][0]["indices"];
  const int view = b.json["accessors"][indices]["bufferView"];
  const std::size_t offset = b.json["bufferViews"][view]["byteOffset"];
  b.data[offset] = 9;  // vertex 9 of 3
  ExpectError(ImportText(b.Text()), "index 9 out of range");

  TinyGltfBuilder joint = MakeTinyCharacter();
  const int joints = joint.json["meshes"][0]["primitives"][0]["attributes"]["JOINTS_0"];
  const int joint_view = joint.json["accessors"][joints]["bufferView"];
  joint.data[static_cast<std::size_t>(joint.json["bufferViews"][joint_view]["byteOffset"])] = 7;
  ExpectError(ImportText(joint.Text()), "uses joint 7");

  TinyGltfBuilder missing = MakeTinyCharacter();
  missing.json["meshes"][0]["primitives"][0]["attributes"].erase("WEIGHTS_0");
  ExpectError(ImportText(missing.Text()), "no WEIGHTS_0");
}

TEST(GltfImportErrors, BadSamplerAndInterpolation) {
  TinyGltfBuilder b = MakeTinyCharacter();
  b.json["animations"][0]["channels"][0]["sampler"] = 12;
  ExpectError(ImportText(b.Text()), "sampler 12 out of range");
  TinyGltfBuilder interpolation = MakeTinyCharacter();
  interpolation.json["animations"][0]["samplers"][0]["interpolation"] = "BEZIER";
  ExpectError(ImportText(interpolation.Text()), "BEZIER");
}

TEST(GltfImportErrors, ExternalBufferFromMemoryIsRefused) {
  TinyGltfBuilder b = MakeTinyCharacter();
  nlohmann::json doc = b.json;
  doc["buffers"] = {{{"byteLength", b.data.size()}, {"uri", "tiny.bin"}}};
  ExpectError(ImportText(doc.dump()), "tiny.bin");
}

TEST(GltfImportErrors, BufferShorterThanDeclared) {
  TinyGltfBuilder b = MakeTinyCharacter();
  nlohmann::json doc = b.json;
  doc["buffers"] = {{{"byteLength", b.data.size() + 400},
                     {"uri", "data:application/octet-stream;base64," + testing::Base64(b.data)}}};
  ExpectError(ImportText(doc.dump()), "invalid glTF");
}

}  // namespace
}  // namespace footwork::io
