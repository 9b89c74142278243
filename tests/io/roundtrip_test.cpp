// Export -> import round trips of the procedural humanoid through glTF (.glb and .gltf) and BVH,
// and the exporters' errors. What goes in must come out: names, hierarchy, rest pose, every
// clip's sampled pose, interpolation modes and the skinned mesh.

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <fstream>

#include "footwork/core/angles.h"
#include "footwork/io/bvh_export.h"
#include "footwork/io/bvh_import.h"
#include "footwork/io/gltf_export.h"
#include "footwork/io/gltf_import.h"
#include "support/pose_eval.h"
#include "support/procedural_humanoid.h"
#include "support/test_paths.h"

namespace footwork::testing {
namespace {

// Every key time of the clip and the midpoints between them.
std::vector<float> SampleTimes(const anim::Clip& clip) {
  std::vector<float> keys;
  for (const anim::JointTrack& track : clip.tracks) {
    keys.insert(keys.end(), track.translation.times.begin(), track.translation.times.end());
    keys.insert(keys.end(), track.rotation.times.begin(), track.rotation.times.end());
    keys.insert(keys.end(), track.scale.times.begin(), track.scale.times.end());
  }
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  std::vector<float> times = keys;
  for (std::size_t k = 1; k < keys.size(); ++k)
    times.push_back(0.5f * (keys[k - 1] + keys[k]));
  return times;
}

std::string ParentName(const anim::Skeleton& skeleton, int joint) {
  const int parent = skeleton.parents[joint];
  return parent == anim::kNoParent ? "" : skeleton.joint_names[parent];
}

void ExpectTransformNear(const Transform& actual, const Transform& expected, float tolerance,
                         const std::string& what) {
  EXPECT_LT(glm::distance(actual.translation, expected.translation), tolerance) << what;
  EXPECT_LT(RotationAngle(actual.rotation, expected.rotation), tolerance) << what;
  EXPECT_LT(glm::distance(actual.scale, expected.scale), tolerance) << what;
}

const anim::Clip* FindClip(const io::Scene& scene, const std::string& name) {
  for (const anim::Clip& clip : scene.clips) {
    if (clip.name == name)
      return &clip;
  }
  return nullptr;
}

class GltfRoundTrip : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    original_ = HumanoidScene();
    path_ = ScratchDir("gltf_roundtrip_" + GetParam()) / ("humanoid." + GetParam());
    const Status exported = io::ExportGltf(original_, path_);
    ASSERT_TRUE(exported.ok()) << exported.error().message;
    Result<io::Scene> imported = io::ImportGltf(path_);
    ASSERT_TRUE(imported.ok()) << imported.error().message;
    imported_ = std::move(imported).value();
  }

  io::Scene original_;
  io::Scene imported_;
  std::filesystem::path path_;
};

TEST_P(GltfRoundTrip, KeepsTheSkeleton) {
  const anim::Skeleton& a = original_.skeleton;
  const anim::Skeleton& b = imported_.skeleton;
  ASSERT_EQ(b.joint_names, a.joint_names);
  for (int j = 0; j < a.num_joints(); ++j) {
    EXPECT_EQ(ParentName(b, j), ParentName(a, j)) << a.joint_names[j];
    ExpectTransformNear(b.rest_pose[j], a.rest_pose[j], 1e-5f, a.joint_names[j]);
  }
}

TEST_P(GltfRoundTrip, KeepsEveryClipsPoseAtEveryKeyAndBetween) {
  ASSERT_EQ(imported_.clips.size(), original_.clips.size());
  for (const anim::Clip& expected : original_.clips) {
    const anim::Clip* actual = FindClip(imported_, expected.name);
    ASSERT_NE(actual, nullptr) << expected.name;
    EXPECT_NEAR(actual->duration_s, expected.duration_s, 1e-5f) << expected.name;
    EXPECT_EQ(actual->CountKeys(), expected.CountKeys()) << expected.name;
    for (float t : SampleTimes(expected)) {
      const std::vector<Transform> want = SampleLocalPose(original_.skeleton, expected, t);
      const std::vector<Transform> got = SampleLocalPose(imported_.skeleton, *actual, t);
      for (int j = 0; j < original_.skeleton.num_joints(); ++j) {
        ExpectTransformNear(
            got[j], want[j], 1e-5f,
            expected.name + " " + original_.skeleton.joint_names[j] + " t=" + std::to_string(t));
      }
    }
  }
}

TEST_P(GltfRoundTrip, KeepsStepInterpolation) {
  const anim::Clip* steps = FindClip(imported_, "step_poses");
  ASSERT_NE(steps, nullptr);
  const anim::Skeleton& skeleton = imported_.skeleton;
  const anim::JointTrack& head = steps->tracks[skeleton.FindJoint("head")];
  const anim::JointTrack& chest = steps->tracks[skeleton.FindJoint("spine.001")];
  const anim::JointTrack& pelvis = steps->tracks[skeleton.FindJoint("spine")];
  EXPECT_EQ(head.scale.interpolation, anim::Interpolation::kStep);
  EXPECT_EQ(chest.rotation.interpolation, anim::Interpolation::kStep);
  EXPECT_EQ(pelvis.translation.interpolation, anim::Interpolation::kStep);
  const anim::Clip* walk = FindClip(imported_, "walk_in_place");
  ASSERT_NE(walk, nullptr);
  EXPECT_EQ(walk->tracks[skeleton.FindJoint("thigh.L")].rotation.interpolation,
            anim::Interpolation::kLinear);
}

TEST_P(GltfRoundTrip, KeepsTheSkinnedMesh) {
  ASSERT_EQ(imported_.meshes.size(), 1u);
  const io::SkinnedMesh& a = original_.meshes[0];
  const io::SkinnedMesh& b = imported_.meshes[0];
  ASSERT_EQ(b.positions.size(), a.positions.size());
  ASSERT_EQ(b.normals.size(), a.normals.size());
  ASSERT_EQ(b.joints.size(), a.joints.size());
  ASSERT_EQ(b.weights.size(), a.weights.size());
  EXPECT_EQ(b.indices, a.indices);
  for (std::size_t v = 0; v < a.positions.size(); ++v) {
    EXPECT_LT(glm::distance(b.positions[v], a.positions[v]), 1e-5f) << "vertex " << v;
    EXPECT_LT(glm::distance(b.normals[v], a.normals[v]), 1e-5f) << "vertex " << v;
    // Influences with weight compare by joint; unweighted slots carry no meaning.
    for (int k = 0; k < 4; ++k) {
      EXPECT_NEAR(b.weights[v][k], a.weights[v][k], 1e-6f) << "vertex " << v;
      if (a.weights[v][k] > 0.0f) {
        EXPECT_EQ(b.joints[v][k], a.joints[v][k]) << "vertex " << v;
      }
    }
  }
  ASSERT_EQ(b.inverse_bind_matrices.size(), a.inverse_bind_matrices.size());
  for (std::size_t j = 0; j < a.inverse_bind_matrices.size(); ++j) {
    for (int c = 0; c < 4; ++c) {
      EXPECT_LT(glm::distance(b.inverse_bind_matrices[j][c], a.inverse_bind_matrices[j][c]), 1e-5f)
          << "joint " << j;
    }
  }
  EXPECT_LT(glm::distance(b.base_color, a.base_color), 1e-6f);
}

INSTANTIATE_TEST_SUITE_P(BinaryAndText, GltfRoundTrip, ::testing::Values("glb", "gltf"));

TEST(GltfExport, TextFormWritesItsBufferBesideIt) {
  const std::filesystem::path dir = ScratchDir("gltf_text_buffer");
  ASSERT_TRUE(io::ExportGltf(HumanoidScene(), dir / "body.gltf").ok());
  EXPECT_TRUE(std::filesystem::exists(dir / "body.bin"));
  std::ifstream json(dir / "body.gltf");
  const std::string text((std::istreambuf_iterator<char>(json)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("\"body.bin\""), std::string::npos);
  EXPECT_NE(text.find("\"STEP\""), std::string::npos);
}

TEST(GltfExport, RejectsWhatItCannotWrite) {
  const std::filesystem::path dir = ScratchDir("gltf_export_errors");
  const io::Scene scene = HumanoidScene();

  const Status wrong_extension = io::ExportGltf(scene, dir / "humanoid.fbx");
  ASSERT_FALSE(wrong_extension.ok());
  EXPECT_NE(wrong_extension.error().message.find("humanoid.fbx"), std::string::npos);

  const Status no_folder = io::ExportGltf(scene, dir / "missing" / "humanoid.glb");
  ASSERT_FALSE(no_folder.ok());
  EXPECT_NE(no_folder.error().message.find("missing"), std::string::npos);

  io::Scene bad_index = scene;
  bad_index.meshes[0].indices.back() =
      static_cast<std::uint32_t>(bad_index.meshes[0].positions.size());
  const Status index = io::ExportGltf(bad_index, dir / "bad_index.glb");
  ASSERT_FALSE(index.ok());
  EXPECT_NE(index.error().message.find("index"), std::string::npos) << index.error().message;

  io::Scene bad_joint = scene;
  bad_joint.meshes[0].joints[0][0] = 999;
  EXPECT_FALSE(io::ExportGltf(bad_joint, dir / "bad_joint.glb").ok());

  io::Scene bad_clip = scene;
  bad_clip.clips[0].tracks.pop_back();
  EXPECT_FALSE(io::ExportGltf(bad_clip, dir / "bad_clip.glb").ok());
  EXPECT_FALSE(std::filesystem::exists(dir / "bad_clip.glb")) << "nothing written on error";
}

TEST(GltfExport, SkeletonOnlySceneStillHasASkin) {
  // A motion export has no mesh; readers must still find the skeleton through the skin.
  io::Scene scene = HumanoidScene();
  scene.meshes.clear();
  const std::filesystem::path path = ScratchDir("gltf_no_mesh") / "motion.glb";
  ASSERT_TRUE(io::ExportGltf(scene, path).ok());
  Result<io::Scene> imported = io::ImportGltf(path);
  ASSERT_TRUE(imported.ok()) << imported.error().message;
  EXPECT_EQ(imported->skeleton.joint_names, scene.skeleton.joint_names);
  EXPECT_TRUE(imported->meshes.empty());
  EXPECT_EQ(imported->clips.size(), scene.clips.size());
}

TEST(HumanoidFixtures, WriteFilesTheImportersLoad) {
  const std::filesystem::path dir = ScratchDir("humanoid_fixtures");
  const Status written = WriteHumanoidFixtures(dir);
  ASSERT_TRUE(written.ok()) << written.error().message;
  Result<io::Scene> gltf = io::ImportGltf(dir / "humanoid.glb");
  ASSERT_TRUE(gltf.ok()) << gltf.error().message;
  EXPECT_EQ(gltf->skeleton.num_joints(), HumanoidSkeleton().num_joints());
  EXPECT_EQ(gltf->clips.size(), HumanoidClips().size());
  EXPECT_EQ(gltf->meshes.size(), 1u);
  Result<io::Scene> bvh = io::ImportBvh(dir / "humanoid_walk.bvh");
  ASSERT_TRUE(bvh.ok()) << bvh.error().message;
  ASSERT_EQ(bvh->clips.size(), 1u);
  EXPECT_NEAR(bvh->clips[0].duration_s, WalkGait().cycle_s, 1e-4f);
}

// Exports `clip` as a centimetre BVH at 60 Hz, imports it, and compares every joint's local
// transform at every frame.
void ExpectBvhRoundTrip(const anim::Clip& clip, const std::string& name) {
  const anim::Skeleton skeleton = HumanoidSkeleton();
  constexpr float kRate_hz = 60.0f;
  const std::filesystem::path path = ScratchDir("bvh_roundtrip_" + name) / (name + ".bvh");
  const Status exported = io::ExportBvh(skeleton, clip, path, kRate_hz, 100.0f);
  ASSERT_TRUE(exported.ok()) << exported.error().message;
  io::BvhOptions options;
  options.unit_scale_to_m = 0.01f;
  Result<io::Scene> imported = io::ImportBvh(path, options);
  ASSERT_TRUE(imported.ok()) << imported.error().message;
  const anim::Skeleton& loaded = imported->skeleton;
  ASSERT_EQ(imported->clips.size(), 1u);
  const anim::Clip& loaded_clip = imported->clips[0];
  EXPECT_NEAR(loaded_clip.duration_s, clip.duration_s, 1.0f / kRate_hz);

  // End Sites may come back as extra leaf joints; every original joint must be there.
  std::vector<int> to_loaded(skeleton.num_joints());
  for (int j = 0; j < skeleton.num_joints(); ++j) {
    to_loaded[j] = loaded.FindJoint(skeleton.joint_names[j]);
    ASSERT_GE(to_loaded[j], 0) << skeleton.joint_names[j];
    EXPECT_EQ(ParentName(loaded, to_loaded[j]), ParentName(skeleton, j));
    EXPECT_LT(glm::distance(loaded.rest_pose[to_loaded[j]].translation,
                            skeleton.rest_pose[j].translation),
              1e-5f)
        << skeleton.joint_names[j];
  }
  const int frames = static_cast<int>(std::lround(clip.duration_s * kRate_hz)) + 1;
  for (int frame = 0; frame + 1 < frames; ++frame) {
    const float t = static_cast<float>(frame) / kRate_hz;
    const std::vector<Transform> want = SampleLocalPose(skeleton, clip, t);
    const std::vector<Transform> got = SampleLocalPose(loaded, loaded_clip, t);
    for (int j = 0; j < skeleton.num_joints(); ++j) {
      const std::string what =
          name + " " + skeleton.joint_names[j] + " frame " + std::to_string(frame);
      EXPECT_LT(RotationAngle(got[to_loaded[j]].rotation, want[j].rotation), 1e-3f) << what;
      EXPECT_LT(glm::distance(got[to_loaded[j]].translation, want[j].translation), 1e-4f) << what;
    }
  }
}

TEST(BvhRoundTrip, WalkInPlace) {
  ExpectBvhRoundTrip(MakeCycleInPlace(WalkGait()).clip, "walk");
}
TEST(BvhRoundTrip, RunWithRootMotion) {
  ExpectBvhRoundTrip(MakeCycleRootMotion(RunGait()).clip, "run_root_motion");
}
TEST(BvhRoundTrip, TurnInPlace) {
  ExpectBvhRoundTrip(MakeTurnInPlace().clip, "turn");
}

// Any rotation, including ones near the ZXY Euler singularity (X = +-90 degrees), survives.
RC_GTEST_PROP(BvhRoundTrip, AnyJointRotationSurvives, ()) {
  const anim::Skeleton skeleton = HumanoidSkeleton();
  anim::Clip clip;
  clip.name = "random";
  clip.duration_s = 0.0f;
  clip.tracks.resize(static_cast<std::size_t>(skeleton.num_joints()));
  const auto component = rc::gen::inRange(-1000, 1001);
  glm::quat q(static_cast<float>(*component), static_cast<float>(*component),
              static_cast<float>(*component), static_cast<float>(*component));
  RC_PRE(glm::length(q) > 1.0f);
  q = glm::normalize(q);
  if (*rc::gen::arbitrary<bool>()) {
    // Put it at the gimbal pole: X rotation of exactly +-90 degrees.
    q = glm::angleAxis(Radians(*rc::gen::inRange(-180, 181) * 1.0f), glm::vec3(0, 0, 1)) *
        glm::angleAxis(Radians(*rc::gen::element(-90.0f, 90.0f)), glm::vec3(1, 0, 0));
  }
  const int joint = *rc::gen::inRange(0, skeleton.num_joints());
  clip.tracks[joint].rotation.times = {0.0f};
  clip.tracks[joint].rotation.values = {q};

  const std::filesystem::path path = ScratchDir("bvh_random") / "random.bvh";
  RC_ASSERT(io::ExportBvh(skeleton, clip, path, 30.0f, 100.0f).ok());
  Result<io::Scene> imported = io::ImportBvh(path);
  RC_ASSERT(imported.ok());
  const int loaded_joint = imported->skeleton.FindJoint(skeleton.joint_names[joint]);
  RC_ASSERT(loaded_joint >= 0);
  const glm::quat got =
      SampleLocalPose(imported->skeleton, imported->clips.at(0), 0.0f)[loaded_joint].rotation;
  RC_ASSERT(RotationAngle(got, q) < 1e-3f);
}

TEST(BvhExport, RejectsWhatItCannotWrite) {
  const std::filesystem::path dir = ScratchDir("bvh_export_errors");
  const anim::Skeleton skeleton = HumanoidSkeleton();
  const anim::Clip walk = MakeCycleInPlace(WalkGait()).clip;
  EXPECT_FALSE(io::ExportBvh(skeleton, walk, dir / "zero_rate.bvh", 0.0f, 100.0f).ok());
  EXPECT_FALSE(io::ExportBvh(skeleton, walk, dir / "bad_scale.bvh", 60.0f, -1.0f).ok());

  anim::Skeleton two_roots = skeleton;
  two_roots.joint_names.push_back("prop");
  two_roots.parents.push_back(anim::kNoParent);
  two_roots.rest_pose.emplace_back();
  anim::Clip walk_with_prop = walk;
  walk_with_prop.tracks.emplace_back();
  const Status roots = io::ExportBvh(two_roots, walk_with_prop, dir / "roots.bvh", 60.0f, 100.0f);
  ASSERT_FALSE(roots.ok());
  EXPECT_NE(roots.error().message.find("root"), std::string::npos) << roots.error().message;

  const Status folder = io::ExportBvh(skeleton, walk, dir / "missing" / "walk.bvh", 60.0f, 100.0f);
  ASSERT_FALSE(folder.ok());
  EXPECT_NE(folder.error().message.find("walk.bvh"), std::string::npos);
}

TEST(BvhExport, GivesPositionChannelsOnlyToTheRootAndMovingJoints) {
  const std::filesystem::path path = ScratchDir("bvh_channels") / "walk.bvh";
  ASSERT_TRUE(
      io::ExportBvh(HumanoidSkeleton(), MakeCycleInPlace(WalkGait()).clip, path, 60.0f, 100.0f)
          .ok());
  std::ifstream in(path);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::size_t six = 0;
  std::size_t three = 0;
  for (std::size_t at = text.find("CHANNELS"); at != std::string::npos;
       at = text.find("CHANNELS", at + 1)) {
    (text.compare(at, 10, "CHANNELS 6") == 0 ? six : three) += 1;
  }
  // The root and the bobbing pelvis ("spine") move; the other 21 joints only rotate.
  EXPECT_EQ(six, 2u);
  EXPECT_EQ(three, 21u);
  EXPECT_NE(text.find("Frames: 55"), std::string::npos);
  EXPECT_NE(text.find("End Site"), std::string::npos);
}

}  // namespace
}  // namespace footwork::testing
