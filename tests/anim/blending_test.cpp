#include "footwork/anim/blending.h"

#include <numbers>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "anim/anim_test_util.h"

namespace footwork::anim {
namespace {

using testing::AxisAngle;
using testing::MakeTransform;

constexpr float kPi = std::numbers::pi_v<float>;

TEST(BlendingJobValidateTest, NamesEachProblem) {
  std::vector<Transform> a(3), b(3), short_pose(2), output(3);
  std::vector<BlendLayer> layers = {{a, 1.0f}, {b, 1.0f}};
  BlendingJob job;
  job.layers = layers;
  job.output = output;
  EXPECT_TRUE(job.Validate().ok());

  BlendingJob empty = job;
  empty.layers = {};
  EXPECT_FALSE(empty.Validate().ok());

  std::vector<BlendLayer> mismatched = {{a, 1.0f}, {short_pose, 1.0f}};
  job.layers = mismatched;
  EXPECT_NE(job.Validate().error().message.find("layer 1"), std::string::npos);

  std::vector<BlendLayer> negative = {{a, 1.0f}, {b, -0.5f}};
  job.layers = negative;
  EXPECT_NE(job.Validate().error().message.find("weight"), std::string::npos);

  std::vector<BlendLayer> nan = {{a, std::nanf("")}, {b, 1.0f}};
  job.layers = nan;
  EXPECT_FALSE(job.Validate().ok());

  std::vector<BlendLayer> zero = {{a, 0.0f}, {b, 0.0f}};
  job.layers = zero;
  EXPECT_NE(job.Validate().error().message.find("sum"), std::string::npos);
  EXPECT_FALSE(job.Run().ok());
}

TEST(BlendingJobTest, WeightedLerpOfTranslationRotationScale) {
  const std::vector<Transform> a = {MakeTransform({0, 0, 0}, glm::quat(1, 0, 0, 0), glm::vec3(1))};
  const std::vector<Transform> b = {
      MakeTransform({4, 0, 0}, AxisAngle({0, 1, 0}, kPi / 2), glm::vec3(3))};
  std::vector<Transform> output(1);
  // Weights 1 and 3 normalise to 0.25 and 0.75.
  const std::vector<BlendLayer> layers = {{a, 1.0f}, {b, 3.0f}};
  BlendingJob job{layers, output};
  ASSERT_TRUE(job.Run().ok());
  EXPECT_TRUE(testing::VecNear(output[0].translation, {3, 0, 0}));
  EXPECT_TRUE(testing::VecNear(output[0].scale, glm::vec3(2.5f)));
  // Nlerp of two rotations lies on the same great arc.
  const glm::quat expected =
      glm::normalize(glm::quat(1, 0, 0, 0) * 0.25f + AxisAngle({0, 1, 0}, kPi / 2) * 0.75f);
  EXPECT_TRUE(testing::QuatNear(output[0].rotation, expected));
}

TEST(BlendingJobTest, EqualWeightsGiveTheMidRotation) {
  const std::vector<Transform> a = {MakeTransform({0, 0, 0})};
  const std::vector<Transform> b = {MakeTransform({0, 0, 0}, AxisAngle({0, 1, 0}, kPi / 2))};
  std::vector<Transform> output(1);
  const std::vector<BlendLayer> layers = {{a, 0.5f}, {b, 0.5f}};
  ASSERT_TRUE((BlendingJob{layers, output}.Run().ok()));
  EXPECT_TRUE(testing::QuatNear(output[0].rotation, AxisAngle({0, 1, 0}, kPi / 4)));
}

TEST(BlendingJobTest, OppositeSignQuaternionsAreAligned) {
  const glm::quat rotation = AxisAngle({1, 0, 0}, 0.7f);
  const std::vector<Transform> a = {MakeTransform({0, 0, 0}, rotation)};
  const std::vector<Transform> b = {MakeTransform({0, 0, 0}, -rotation)};
  std::vector<Transform> output(1);
  const std::vector<BlendLayer> layers = {{a, 0.5f}, {b, 0.5f}};
  ASSERT_TRUE((BlendingJob{layers, output}.Run().ok()));
  EXPECT_TRUE(testing::QuatNear(output[0].rotation, rotation));
}

TEST(BlendingJobTest, ZeroWeightLayerIsIgnored) {
  const std::vector<Transform> a = {MakeTransform({1, 2, 3})};
  const std::vector<Transform> b = {MakeTransform({9, 9, 9}, AxisAngle({0, 0, 1}, 2.0f))};
  std::vector<Transform> output(1);
  const std::vector<BlendLayer> layers = {{a, 0.2f}, {b, 0.0f}};
  ASSERT_TRUE((BlendingJob{layers, output}.Run().ok()));
  EXPECT_TRUE(testing::TransformNear(output[0], a[0], 1e-5f));
}

RC_GTEST_PROP(BlendingProperties, WeightsAreNormalised, ()) {
  const std::size_t num_joints = *rc::gen::inRange<std::size_t>(1, 6);
  const int num_layers = *rc::gen::inRange(1, 5);
  std::vector<std::vector<Transform>> poses;
  std::vector<BlendLayer> layers;
  std::vector<BlendLayer> scaled_layers;
  const float factor = static_cast<float>(*rc::gen::inRange(1, 1000)) / 100.0f;
  for (int l = 0; l < num_layers; ++l)
    poses.push_back(testing::GenPose(num_joints, true));
  for (int l = 0; l < num_layers; ++l) {
    const float weight = static_cast<float>(*rc::gen::inRange(1, 100)) / 100.0f;
    layers.push_back({poses[l], weight});
    scaled_layers.push_back({poses[l], weight * factor});
  }
  std::vector<Transform> output(num_joints), scaled_output(num_joints);
  RC_ASSERT((BlendingJob{layers, output}.Run().ok()));
  RC_ASSERT((BlendingJob{scaled_layers, scaled_output}.Run().ok()));
  RC_ASSERT(testing::PoseNear(output, scaled_output, 1e-4f));
}

RC_GTEST_PROP(BlendingProperties, BlendingAPoseWithItselfGivesThePose, ()) {
  const std::vector<Transform> pose = testing::GenPose(4, true);
  std::vector<Transform> output(4);
  const std::vector<BlendLayer> layers = {{pose, 0.3f}, {pose, 1.1f}, {pose, 0.6f}};
  RC_ASSERT((BlendingJob{layers, output}.Run().ok()));
  RC_ASSERT(testing::PoseNear(output, pose, 1e-4f));
}

}  // namespace
}  // namespace footwork::anim
