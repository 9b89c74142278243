// The thin pose nodes over anim's jobs: layered blend per bone, apply additive, modify curve.
#include <array>
#include <cmath>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "footwork/graph/apply_additive_node.h"
#include "footwork/graph/layered_blend_node.h"
#include "footwork/graph/modify_curve_node.h"
#include "node_test_clips.h"

namespace footwork::graph {
namespace {

using testing::ChainSkeleton;
using testing::SpineYaw;

glm::quat Yaw(float radians) {
  return glm::angleAxis(radians, glm::vec3(0.0f, 1.0f, 0.0f));
}

TEST(LayeredBlendNodeTest, TheLayerDrivesOnlyItsBranchByAlpha) {
  const anim::Skeleton skeleton = ChainSkeleton();
  std::vector<Transform> base = skeleton.rest_pose;
  std::vector<Transform> layer = skeleton.rest_pose;
  layer[1].rotation = Yaw(1.0f);
  layer[2].rotation = Yaw(0.5f);
  layer[2].translation.y = 0.7f;
  LayeredBlendNode node;
  ASSERT_TRUE(node.Setup(skeleton, {.branches = {{"head", 0}}}).ok());
  std::vector<Transform> output(3);
  ASSERT_TRUE(node.Evaluate(base, layer, 0.5f, output).ok());
  EXPECT_NEAR(SpineYaw(output[1]), 0.0f, 1e-6f);  // not in the branch
  const float head_yaw = 2.0f * std::atan2(output[2].rotation.y, output[2].rotation.w);
  EXPECT_NEAR(head_yaw, 0.25f, 1e-5f);
  EXPECT_NEAR(output[2].translation.y, 0.6f, 1e-6f);

  std::array<float, 2> curves{};
  ASSERT_TRUE(
      node.EvaluateCurves(std::array{1.0f, 0.0f}, std::array{3.0f, 1.0f}, 0.25f, curves).ok());
  EXPECT_FLOAT_EQ(curves[0], 1.5f);
  EXPECT_FLOAT_EQ(curves[1], 0.25f);

  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_FALSE(node.Evaluate(base, layer, nan, output).ok());
  EXPECT_FALSE(node.Evaluate(base, layer, 1.5f, output).ok());
  std::vector<Transform> short_output(2);
  EXPECT_FALSE(node.Evaluate(base, layer, 0.5f, short_output).ok());
  LayeredBlendNode missing;
  const Status status = missing.Setup(skeleton, {.branches = {{"neck", 0}}});
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.error().message.find("neck"), std::string::npos);
  EXPECT_FALSE(missing.Evaluate(base, layer, 0.5f, output).ok());
}

TEST(ApplyAdditiveNodeTest, AddingTheDifferenceToItsReferenceGivesThePoseBack) {
  const anim::Skeleton skeleton = ChainSkeleton();
  std::vector<Transform> reference = skeleton.rest_pose;
  reference[1].rotation = Yaw(0.2f);
  std::vector<Transform> pose = reference;
  pose[1].rotation = Yaw(0.7f);
  pose[2].rotation = glm::angleAxis(0.3f, glm::vec3(1.0f, 0.0f, 0.0f));
  pose[2].translation.y = 0.6f;
  for (const anim::AdditiveSpace space :
       {anim::AdditiveSpace::kLocal, anim::AdditiveSpace::kMesh}) {
    ApplyAdditiveNode node;
    ASSERT_TRUE(node.Setup(skeleton, space).ok());
    std::vector<Transform> additive(3), output(3);
    ASSERT_TRUE(node.MakeAdditive(pose, reference, additive).ok());
    ASSERT_TRUE(node.Evaluate(reference, additive, 1.0f, output).ok());
    for (int j = 0; j < 3; ++j) {
      EXPECT_NEAR(std::abs(glm::dot(output[j].rotation, pose[j].rotation)), 1.0f, 1e-5f);
      EXPECT_NEAR(glm::length(output[j].translation - pose[j].translation), 0.0f, 1e-5f);
    }
    ASSERT_TRUE(node.Evaluate(reference, additive, 0.0f, output).ok());
    EXPECT_NEAR(std::abs(glm::dot(output[1].rotation, reference[1].rotation)), 1.0f, 1e-6f);
    EXPECT_FALSE(node.Evaluate(reference, additive, std::nanf(""), output).ok());
    EXPECT_FALSE(node.Evaluate(reference, additive, -0.1f, output).ok());
  }
  ApplyAdditiveNode node;
  ASSERT_TRUE(node.Setup(skeleton).ok());
  std::array<float, 1> curves{};
  ASSERT_TRUE(node.EvaluateCurves(std::array{1.0f}, std::array{2.0f}, 0.5f, curves).ok());
  EXPECT_FLOAT_EQ(curves[0], 2.0f);
  EXPECT_FALSE(node.EvaluateCurves(std::array{1.0f}, std::array{2.0f, 1.0f}, 0.5f, curves).ok());
}

TEST(ModifyCurveNodeTest, ModesBlendAddAndScaleTheNamedCurvesOnly) {
  const CurveLayout layout({"A", "B", "C"});
  struct Case {
    CurveModifyMode mode;
    std::array<float, 3> expected;
  };
  for (const Case& c : {Case{CurveModifyMode::kBlend, {0.5f, 2.0f, 6.5f}},
                        Case{CurveModifyMode::kAdd, {1.0f, 2.0f, 8.0f}},
                        Case{CurveModifyMode::kScale, {0.5f, 2.0f, 16.5f}}}) {
    ModifyCurveNode node;
    ASSERT_TRUE(node.Setup(layout, {"C", "A"}, c.mode).ok());
    std::array<float, 3> values{1.0f, 2.0f, 3.0f};
    ASSERT_TRUE(node.Apply(values, std::array{10.0f, 0.0f}, 0.5f).ok());
    for (int i = 0; i < 3; ++i)
      EXPECT_FLOAT_EQ(values[i], c.expected[i]) << "mode " << static_cast<int>(c.mode);
  }
  ModifyCurveNode node;
  const Status missing = node.Setup(layout, {"A", "RotateAlpha"}, CurveModifyMode::kBlend);
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().message.find("'RotateAlpha'"), std::string::npos);
  ASSERT_TRUE(node.Setup(layout, {"B"}, CurveModifyMode::kBlend).ok());
  std::array<float, 3> values{1.0f, 2.0f, 3.0f};
  EXPECT_FALSE(node.Apply(values, std::array{std::nanf("")}, 1.0f).ok());
  EXPECT_FALSE(node.Apply(values, std::array{1.0f}, std::nanf("")).ok());
  EXPECT_FALSE(node.Apply(std::span(values).first(2), std::array{1.0f}, 1.0f).ok());
  EXPECT_FLOAT_EQ(values[1], 2.0f);
}

}  // namespace
}  // namespace footwork::graph
