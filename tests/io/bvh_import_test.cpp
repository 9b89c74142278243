// BVH import: channel orders, per-joint channel counts, unit scale, Z-up conversion and errors.
#include <string>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>

#include "footwork/io/bvh_import.h"

namespace footwork::io {
namespace {

constexpr float kEps = 1e-4f;

// Hips rotates in ZYX order, Chest in XYZ order; frame 1 turns both 90 degrees about their first
// and last axes, which gives different results per order.
constexpr const char* kTwoJoints = R"(HIERARCHY
ROOT Hips
{
  OFFSET 0 90 0
  CHANNELS 6 Xposition Yposition Zposition Zrotation Yrotation Xrotation
  JOINT Chest
  {
    OFFSET 0 20 0
    CHANNELS 3 Xrotation Yrotation Zrotation
    End Site
    {
      OFFSET 0 10 0
    }
  }
}
MOTION
Frames: 2
Frame Time: 0.5
0 90 0 0 0 0 0 0 0
10 90 20 90 0 90 90 0 90
)";

Result<Scene> Import(const std::string& text, const BvhOptions& options = {}) {
  return ImportBvhFromMemory({reinterpret_cast<const std::uint8_t*>(text.data()), text.size()},
                             "walk.bvh", options);
}

void ExpectVec3(const glm::vec3& actual, const glm::vec3& expected) {
  EXPECT_NEAR(actual.x, expected.x, kEps);
  EXPECT_NEAR(actual.y, expected.y, kEps);
  EXPECT_NEAR(actual.z, expected.z, kEps);
}

TEST(BvhImport, SkeletonClipAndChannelOrders) {
  Result<Scene> scene = Import(kTwoJoints);
  ASSERT_TRUE(scene.ok()) << scene.error().message;
  const anim::Skeleton& skeleton = scene->skeleton;
  ASSERT_EQ(skeleton.num_joints(), 2);  // End Sites are not joints
  EXPECT_EQ(skeleton.joint_names[1], "Chest");
  EXPECT_EQ(skeleton.parents[1], 0);
  // Centimetres to metres (the default scale); rest rotations are identity.
  ExpectVec3(skeleton.rest_pose[0].translation, {0, 0.9f, 0});
  ExpectVec3(skeleton.rest_pose[1].translation, {0, 0.2f, 0});
  EXPECT_NEAR(skeleton.rest_pose[1].rotation.w, 1.0f, kEps);

  ASSERT_EQ(scene->clips.size(), 1u);
  const anim::Clip& clip = scene->clips[0];
  EXPECT_EQ(clip.name, "walk");
  EXPECT_FLOAT_EQ(clip.duration_s, 0.5f);
  EXPECT_TRUE(clip.Validate(2).ok()) << clip.Validate(2).error().message;
  ASSERT_EQ(clip.tracks[0].translation.size(), 2u);
  EXPECT_EQ(clip.tracks[0].translation.interpolation, anim::Interpolation::kLinear);
  EXPECT_TRUE(clip.tracks[1].translation.empty());  // Chest has rotation channels only
  ExpectVec3(clip.tracks[0].translation.values[1], {0.1f, 0.9f, 0.2f});
  // ZYX with Z = 90, X = 90: Rz * Rx takes +Y to +Z.
  ExpectVec3(clip.tracks[0].rotation.values[1] * glm::vec3(0, 1, 0), {0, 0, 1});
  // XYZ with X = 90, Z = 90: Rx * Rz takes +Y to -X.
  ExpectVec3(clip.tracks[1].rotation.values[1] * glm::vec3(0, 1, 0), {-1, 0, 0});
}

TEST(BvhImport, UnitScaleAndClipName) {
  BvhOptions options;
  options.unit_scale_to_m = 1.0f;
  options.clip_name = "Custom";
  Result<Scene> scene = Import(kTwoJoints, options);
  ASSERT_TRUE(scene.ok()) << scene.error().message;
  ExpectVec3(scene->skeleton.rest_pose[0].translation, {0, 90, 0});
  EXPECT_EQ(scene->clips[0].name, "Custom");
}

TEST(BvhImport, ZUpConvertsToYUp) {
  const std::string z_up = R"(HIERARCHY
ROOT Hips
{
  OFFSET 0 0 90
  CHANNELS 3 Xposition Yposition Zposition
  JOINT Chest
  {
    OFFSET 0 0 20
    CHANNELS 1 Xrotation
  }
}
MOTION
Frames: 1
Frame Time: 0.0333333
10 20 90 0
)";
  BvhOptions options;
  options.up_axis = UpAxis::kZ;
  Result<Scene> scene = Import(z_up, options);
  ASSERT_TRUE(scene.ok()) << scene.error().message;
  const anim::Skeleton& skeleton = scene->skeleton;
  ExpectVec3(skeleton.rest_pose[0].translation, {0, 0.9f, 0});
  // Z-up (x, y, z) is Y-up (x, z, -y).
  ExpectVec3(scene->clips[0].tracks[0].translation.values[0], {0.1f, 0.9f, -0.2f});
  // The chest sits 0.2 m above the hips in model space.
  const Transform chest = skeleton.rest_pose[0] * skeleton.rest_pose[1];
  ExpectVec3(chest.translation, {0, 1.1f, 0});
  EXPECT_FLOAT_EQ(scene->clips[0].duration_s, 0.0f);
}

void ExpectError(const std::string& text, const std::string& fragment) {
  Result<Scene> scene = Import(text);
  ASSERT_FALSE(scene.ok()) << "expected an error containing '" << fragment << "'";
  const std::string& message = scene.error().message;
  EXPECT_NE(message.find("walk.bvh"), std::string::npos) << message;
  EXPECT_NE(message.find(fragment), std::string::npos) << message;
}

std::string Replace(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return text.replace(at, from.size(), to);
}

TEST(BvhImportErrors, EmptyAndMissingSections) {
  ExpectError("", "empty");
  ExpectError("MOTION\nFrames: 1\n", "missing HIERARCHY");
  ExpectError(std::string(kTwoJoints).substr(0, std::string(kTwoJoints).find("MOTION")),
              "missing MOTION");
  ExpectError(Replace(kTwoJoints, "Frames: 2", "Framez 2"), "missing 'Frames:'");
  ExpectError(Replace(kTwoJoints, "Frame Time: 0.5", "Frame Rate: 0.5"), "expected 'Time:'");
  ExpectError("HIERARCHY\nMOTION\nFrames: 1\nFrame Time: 1\n", "no ROOT");
}

TEST(BvhImportErrors, BadChannelCount) {
  ExpectError(Replace(kTwoJoints, "CHANNELS 3", "CHANNELS 7"), "bad channel count");
  ExpectError(Replace(kTwoJoints, "CHANNELS 3", "CHANNELS -1"), "bad channel count");
  // Four channels declared, three named: the next keyword is read as a channel name.
  ExpectError(Replace(kTwoJoints, "CHANNELS 3", "CHANNELS 4"), "unknown channel 'End'");
  ExpectError(Replace(kTwoJoints, "Xrotation Yrotation Zrotation", "Xrotation Xrotation Zrotation"),
              "listed twice");
}

TEST(BvhImportErrors, WrongValuesPerFrame) {
  ExpectError(Replace(kTwoJoints, "0 90 0 0 0 0 0 0 0", "0 90 0 0 0 0 0 0"),
              "has 8 values, expected 9");
  ExpectError(Replace(kTwoJoints, "0 90 0 0 0 0 0 0 0", "0 90 0 0 0 0 0 0 0 5"),
              "has 10 values, expected 9");
  ExpectError(Replace(kTwoJoints, "Frames: 2", "Frames: 3"), "truncated");
  ExpectError(Replace(kTwoJoints, "Frames: 2", "Frames: 1"), "more frames");
}

TEST(BvhImportErrors, NonNumericAndNonFinite) {
  ExpectError(Replace(kTwoJoints, "10 90 20", "10 abc 20"), "expected a number, got 'abc'");
  ExpectError(Replace(kTwoJoints, "10 90 20", "10 nan 20"), "NaN");
  ExpectError(Replace(kTwoJoints, "10 90 20", "10 inf 20"), "NaN or infinite");
  ExpectError(Replace(kTwoJoints, "OFFSET 0 20 0", "OFFSET 0 x 0"), "expected a number");
  ExpectError(Replace(kTwoJoints, "Frame Time: 0.5", "Frame Time: 0"), "must be positive");
  ExpectError(Replace(kTwoJoints, "Frame Time: 0.5", "Frame Time: nan"), "not finite");
}

TEST(BvhImportErrors, AbsurdSizesAndStructure) {
  ExpectError(Replace(kTwoJoints, "Frames: 2", "Frames: 99999999999"), "more than this importer");
  ExpectError(Replace(kTwoJoints, "Frames: 2", "Frames: 0"), "bad frame count");
  std::string deep = "HIERARCHY\nROOT r\n{\nOFFSET 0 0 0\n";
  for (int i = 0; i < 2000; ++i)
    deep += "JOINT j" + std::to_string(i) + "\n{\nOFFSET 0 1 0\n";
  ExpectError(deep, "more than 1024 joints");
  ExpectError(Replace(kTwoJoints, "JOINT Chest", "ROOT Chest"), "ROOT inside another joint");
  ExpectError(Replace(kTwoJoints, "}\nMOTION", "MOTION"), "unclosed");
  ExpectError(Replace(kTwoJoints, "MOTION", "}\nMOTION"), "unmatched");
}

}  // namespace
}  // namespace footwork::io
