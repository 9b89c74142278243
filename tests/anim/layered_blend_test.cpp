#include "footwork/anim/layered_blend.h"

#include <numbers>
#include <vector>

#include <gtest/gtest.h>

#include "anim/anim_test_util.h"

namespace footwork::anim {
namespace {

using testing::AxisAngle;
using namespace testing;  // NOLINT: joint indices.

constexpr float kPi = std::numbers::pi_v<float>;

TEST(BuildBranchMaskTest, BranchRootAndDescendantsOnly) {
  const Skeleton skeleton = MakeHumanoid();
  const std::vector<BranchFilter> branches = {{"chest", 0}};
  const Result<std::vector<float>> mask = BuildBranchMask(skeleton, branches);
  ASSERT_TRUE(mask.ok());
  for (int j = 0; j < kHumanoidJoints; ++j) {
    const bool upper = j == kChest || (j >= kUpperArmL && j <= kHead);
    EXPECT_FLOAT_EQ((*mask)[j], upper ? 1.0f : 0.0f) << skeleton.joint_names[j];
  }
}

TEST(BuildBranchMaskTest, BlendDepthRampsDownTheChain) {
  const Skeleton skeleton = MakeHumanoid();
  const std::vector<BranchFilter> branches = {{"spine", 3}};
  const std::vector<float> mask = *BuildBranchMask(skeleton, branches);
  EXPECT_FLOAT_EQ(mask[kSpine], 1.0f / 3.0f);
  EXPECT_FLOAT_EQ(mask[kChest], 2.0f / 3.0f);
  EXPECT_FLOAT_EQ(mask[kUpperArmL], 1.0f);
  EXPECT_FLOAT_EQ(mask[kHandR], 1.0f);
  EXPECT_FLOAT_EQ(mask[kPelvis], 0.0f);
  EXPECT_FLOAT_EQ(mask[kFootL], 0.0f);
}

TEST(BuildBranchMaskTest, OverlappingBranchesTakeTheLargestWeight) {
  const Skeleton skeleton = MakeHumanoid();
  const std::vector<BranchFilter> branches = {{"spine", 4}, {"upperarm_l", 0}, {"thigh_r", 0}};
  const std::vector<float> mask = *BuildBranchMask(skeleton, branches);
  EXPECT_FLOAT_EQ(mask[kUpperArmL], 1.0f);
  EXPECT_FLOAT_EQ(mask[kUpperArmR], 0.75f);
  EXPECT_FLOAT_EQ(mask[kCalfR], 1.0f);
  EXPECT_FLOAT_EQ(mask[kCalfL], 0.0f);
}

TEST(BuildBranchMaskTest, ErrorsNameTheJoint) {
  const Skeleton skeleton = MakeHumanoid();
  const std::vector<BranchFilter> missing = {{"spine_03", 0}};
  const auto result = BuildBranchMask(skeleton, missing);
  ASSERT_FALSE(result.ok());
  EXPECT_NE(result.error().message.find("spine_03"), std::string::npos);
  const std::vector<BranchFilter> negative = {{"spine", -2}};
  EXPECT_FALSE(BuildBranchMask(skeleton, negative).ok());
}

TEST(LayeredBlendValidateTest, NamesEachProblem) {
  const Skeleton skeleton = MakeHumanoid();
  const std::size_t n = skeleton.rest_pose.size();
  std::vector<Transform> base(n), layer(n), output(n), short_pose(n - 1);
  std::vector<float> weights(n, 1.0f), short_weights(n - 1);
  std::vector<glm::quat> scratch(3 * n);
  LayeredBlendJob job;
  job.base = base;
  job.layer = layer;
  job.joint_weights = weights;
  job.output = output;
  EXPECT_NE(job.Validate().error().message.find("skeleton"), std::string::npos);
  job.skeleton = &skeleton;
  EXPECT_TRUE(job.Validate().ok());
  LayeredBlendJob bad = job;
  bad.layer = short_pose;
  EXPECT_FALSE(bad.Validate().ok());
  bad = job;
  bad.joint_weights = short_weights;
  EXPECT_NE(bad.Validate().error().message.find("weights"), std::string::npos);
  bad = job;
  bad.alpha = 2.0f;
  EXPECT_NE(bad.Validate().error().message.find("alpha"), std::string::npos);
  bad = job;
  bad.mesh_space_rotation = true;
  EXPECT_NE(bad.Validate().error().message.find("scratch"), std::string::npos);
  bad.scratch = scratch;
  EXPECT_TRUE(bad.Run().ok());
}

struct UpperBodyCase {
  Skeleton skeleton = MakeHumanoid(true);
  std::vector<Transform> base = skeleton.rest_pose;
  std::vector<Transform> layer = skeleton.rest_pose;
  std::vector<float> mask;
  std::vector<Transform> output = skeleton.rest_pose;
  std::vector<glm::quat> scratch = std::vector<glm::quat>(3 * skeleton.rest_pose.size());

  UpperBodyCase() {
    const std::vector<BranchFilter> branches = {{"chest", 0}};
    mask = *BuildBranchMask(skeleton, branches);
    // The base bends its spine forward; the layer raises the left arm.
    base[kSpine].rotation = AxisAngle({1, 0, 0}, 0.6f) * base[kSpine].rotation;
    base[kThighL].rotation = AxisAngle({1, 0, 0}, -0.5f) * base[kThighL].rotation;
    layer[kUpperArmL].rotation = AxisAngle({0, 0, 1}, 1.0f) * layer[kUpperArmL].rotation;
    layer[kChest].rotation = AxisAngle({0, 1, 0}, 0.3f) * layer[kChest].rotation;
  }

  void Run(float alpha, bool mesh_space) {
    LayeredBlendJob job;
    job.skeleton = &skeleton;
    job.base = base;
    job.layer = layer;
    job.joint_weights = mask;
    job.alpha = alpha;
    job.mesh_space_rotation = mesh_space;
    job.scratch = scratch;
    job.output = output;
    ASSERT_TRUE(job.Run().ok());
  }
};

TEST(LayeredBlendTest, LocalSpaceTakesTheLayerOnTheBranchOnly) {
  UpperBodyCase c;
  c.Run(1.0f, false);
  for (int j = 0; j < kHumanoidJoints; ++j) {
    const auto& expected = c.mask[j] > 0.0f ? c.layer[j] : c.base[j];
    EXPECT_TRUE(TransformNear(c.output[j], expected, 1e-5f)) << c.skeleton.joint_names[j];
  }
  c.Run(0.5f, false);
  EXPECT_TRUE(QuatNear(c.output[kChest].rotation,
                       Nlerp(c.base[kChest].rotation, c.layer[kChest].rotation, 0.5f)));
  EXPECT_TRUE(TransformNear(c.output[kSpine], c.base[kSpine], 1e-5f));
}

TEST(LayeredBlendTest, MeshSpaceRotationKeepsTheLayersWorldOrientation) {
  UpperBodyCase c;
  c.Run(1.0f, true);
  const std::vector<Transform> layer_model = ToModel(c.skeleton, c.layer);
  const std::vector<Transform> base_model = ToModel(c.skeleton, c.base);
  const std::vector<Transform> output_model = ToModel(c.skeleton, c.output);
  // The upper body points where the layer points, although the base's spine bends forward...
  for (int j : {kChest, kUpperArmL, kHandL, kHead}) {
    EXPECT_TRUE(QuatNear(output_model[j].rotation, layer_model[j].rotation, 2e-3f))
        << c.skeleton.joint_names[j];
  }
  // ...while the lower body and spine stay the base's.
  for (int j : {kPelvis, kSpine, kThighL, kFootL}) {
    EXPECT_TRUE(QuatNear(output_model[j].rotation, base_model[j].rotation, 2e-3f))
        << c.skeleton.joint_names[j];
  }
  // In local space the chest would inherit the bend instead.
  c.Run(1.0f, false);
  const std::vector<Transform> local_model = ToModel(c.skeleton, c.output);
  EXPECT_FALSE(QuatNear(local_model[kChest].rotation, layer_model[kChest].rotation, 0.1f));
}

TEST(LayeredBlendTest, ZeroAlphaGivesTheBase) {
  UpperBodyCase c;
  for (const bool mesh_space : {false, true}) {
    c.Run(0.0f, mesh_space);
    EXPECT_TRUE(PoseNear(c.output, c.base, 1e-4f));
  }
  (void)kPi;
}

}  // namespace
}  // namespace footwork::anim
