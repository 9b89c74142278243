#include "footwork/anim/local_to_model.h"

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

// root -> a -> b, plus a second root c.
Skeleton MakeChain() {
  Skeleton skeleton;
  skeleton.joint_names = {"root", "a", "b", "c"};
  skeleton.parents = {-1, 0, 1, -1};
  skeleton.rest_pose.assign(4, Transform::Identity());
  return skeleton;
}

TEST(LocalToModelValidateTest, NamesEachProblem) {
  const Skeleton skeleton = MakeChain();
  std::vector<Transform> input(4), output(4), short_pose(3);
  LocalToModelJob job;
  job.input = input;
  job.output = output;
  EXPECT_FALSE(job.Validate().ok());
  job.skeleton = &skeleton;
  EXPECT_TRUE(job.Validate().ok());
  job.output = short_pose;
  EXPECT_FALSE(job.Validate().ok());
  job.output = output;
  job.root.translation.x = std::nanf("");
  EXPECT_FALSE(job.Run().ok());

  ModelToLocalJob inverse;
  inverse.input = short_pose;
  inverse.output = output;
  EXPECT_FALSE(inverse.Validate().ok());
  inverse.skeleton = &skeleton;
  EXPECT_NE(inverse.Validate().error().message.find("4 joints"), std::string::npos);
}

TEST(LocalToModelTest, ComposesDownTheChain) {
  const Skeleton skeleton = MakeChain();
  // Root turned 90 degrees about Y: a's +X offset lands on model -Z.
  const std::vector<Transform> local = {
      MakeTransform({0, 1, 0}, AxisAngle({0, 1, 0}, kPi / 2)),
      MakeTransform({1, 0, 0}, glm::quat(1, 0, 0, 0), glm::vec3(2)), MakeTransform({1, 0, 0}),
      MakeTransform({5, 0, 0})};
  std::vector<Transform> model(4);
  LocalToModelJob job;
  job.skeleton = &skeleton;
  job.input = local;
  job.output = model;
  ASSERT_TRUE(job.Run().ok());
  EXPECT_TRUE(testing::VecNear(model[1].translation, {0, 1, -1}));
  EXPECT_TRUE(testing::VecNear(model[2].translation, {0, 1, -3}));  // Scaled by a's 2.
  EXPECT_TRUE(testing::VecNear(model[2].scale, glm::vec3(2)));
  EXPECT_TRUE(testing::VecNear(model[3].translation, {5, 0, 0}));

  // A root transform moves every root joint.
  job.root = MakeTransform({10, 0, 0});
  ASSERT_TRUE(job.Run().ok());
  EXPECT_TRUE(testing::VecNear(model[2].translation, {10, 1, -3}));
  EXPECT_TRUE(testing::VecNear(model[3].translation, {15, 0, 0}));
}

RC_GTEST_PROP(LocalToModelProperties, ModelToLocalInvertsLocalToModel, ()) {
  const Skeleton skeleton = testing::MakeHumanoid();
  const std::size_t n = skeleton.rest_pose.size();
  const std::vector<Transform> local = testing::GenPose(n, true);
  const Transform root = testing::GenTransform(true);
  std::vector<Transform> model(n), back(n);
  LocalToModelJob forward{&skeleton, local, root, model};
  RC_ASSERT(forward.Run().ok());
  ModelToLocalJob inverse{&skeleton, model, root, back};
  RC_ASSERT(inverse.Run().ok());
  RC_ASSERT(testing::PoseNear(back, local, 2e-3f));
  // In place gives the same.
  ModelToLocalJob in_place{&skeleton, model, root, model};
  RC_ASSERT(in_place.Run().ok());
  RC_ASSERT(testing::PoseNear(model, local, 2e-3f));
}

}  // namespace
}  // namespace footwork::anim
