#include "footwork/anim/additive.h"

#include <numbers>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "anim/anim_test_util.h"

namespace footwork::anim {
namespace {

using testing::AxisAngle;
using testing::kChest;
using testing::kPelvis;

constexpr float kPi = std::numbers::pi_v<float>;

std::vector<Transform> MakeAdditive(const Skeleton& skeleton, std::span<const Transform> pose,
                                    std::span<const Transform> base, AdditiveSpace space) {
  std::vector<Transform> additive(pose.size());
  std::vector<glm::quat> scratch(
      static_cast<std::size_t>(MakeAdditiveJob::ScratchSize(static_cast<int>(pose.size()))));
  MakeAdditiveJob job;
  job.skeleton = &skeleton;
  job.space = space;
  job.pose = pose;
  job.base = base;
  job.scratch = scratch;
  job.output = additive;
  EXPECT_TRUE(job.Run().ok());
  return additive;
}

std::vector<Transform> ApplyAdditive(const Skeleton& skeleton, std::span<const Transform> target,
                                     std::span<const Transform> additive, float weight,
                                     AdditiveSpace space) {
  std::vector<Transform> output(target.size());
  std::vector<glm::quat> scratch(
      static_cast<std::size_t>(ApplyAdditiveJob::ScratchSize(static_cast<int>(target.size()))));
  ApplyAdditiveJob job;
  job.skeleton = &skeleton;
  job.space = space;
  job.target = target;
  job.additive = additive;
  job.weight = weight;
  job.scratch = scratch;
  job.output = output;
  EXPECT_TRUE(job.Run().ok());
  return output;
}

TEST(AdditiveValidateTest, NamesEachProblem) {
  const Skeleton skeleton = testing::MakeHumanoid();
  const std::size_t n = skeleton.rest_pose.size();
  std::vector<Transform> pose(n), base(n), output(n), short_pose(n - 1);
  std::vector<glm::quat> scratch(2 * n), short_scratch(n);

  MakeAdditiveJob make;
  make.pose = pose;
  make.base = base;
  make.output = output;
  EXPECT_TRUE(make.Validate().ok());  // Local space needs no skeleton.
  make.base = short_pose;
  EXPECT_NE(make.Validate().error().message.find("joints"), std::string::npos);
  make.base = base;
  make.space = AdditiveSpace::kMesh;
  EXPECT_NE(make.Validate().error().message.find("skeleton"), std::string::npos);
  make.skeleton = &skeleton;
  make.scratch = short_scratch;
  EXPECT_NE(make.Validate().error().message.find("scratch"), std::string::npos);
  make.scratch = scratch;
  EXPECT_TRUE(make.Validate().ok());

  ApplyAdditiveJob apply;
  apply.target = pose;
  apply.additive = base;
  apply.output = output;
  EXPECT_TRUE(apply.Validate().ok());
  apply.weight = 1.5f;
  EXPECT_NE(apply.Validate().error().message.find("weight"), std::string::npos);
  apply.weight = -0.1f;
  EXPECT_FALSE(apply.Validate().ok());
  apply.weight = 1.0f;
  apply.space = AdditiveSpace::kMesh;
  EXPECT_FALSE(apply.Validate().ok());
  apply.skeleton = &skeleton;
  apply.scratch = scratch;
  EXPECT_TRUE(apply.Validate().ok());
  apply.output = short_pose;
  EXPECT_FALSE(apply.Run().ok());
}

TEST(AdditiveTest, LocalDeltaIsRotationTranslationScaleDifference) {
  const Skeleton skeleton = testing::MakeHumanoid();
  std::vector<Transform> base = skeleton.rest_pose;
  std::vector<Transform> pose = base;
  pose[kChest].rotation = AxisAngle({0, 0, 1}, 0.5f) * base[kChest].rotation;
  pose[kChest].translation += glm::vec3(0, 0.1f, 0);
  const std::vector<Transform> additive = MakeAdditive(skeleton, pose, base, AdditiveSpace::kLocal);
  EXPECT_TRUE(testing::QuatNear(additive[kChest].rotation, AxisAngle({0, 0, 1}, 0.5f)));
  EXPECT_TRUE(testing::VecNear(additive[kChest].translation, {0, 0.1f, 0}));
  EXPECT_TRUE(testing::VecNear(additive[kChest].scale, glm::vec3(1)));
  EXPECT_TRUE(testing::TransformNear(additive[kPelvis], Transform::Identity()));

  // Half weight on another target adds half the rotation and translation.
  std::vector<Transform> target = base;
  target[kChest].rotation = AxisAngle({0, 1, 0}, 1.0f);
  const std::vector<Transform> half =
      ApplyAdditive(skeleton, target, additive, 0.5f, AdditiveSpace::kLocal);
  EXPECT_TRUE(testing::QuatNear(half[kChest].rotation,
                                AxisAngle({0, 0, 1}, 0.25f) * AxisAngle({0, 1, 0}, 1.0f)));
  EXPECT_TRUE(testing::VecNear(half[kChest].translation,
                               target[kChest].translation + glm::vec3(0, 0.05f, 0)));
}

TEST(AdditiveTest, MeshSpaceLeanKeepsItsModelDirection) {
  const Skeleton skeleton = testing::MakeHumanoid(true);
  const std::vector<Transform> base = skeleton.rest_pose;
  // The additive leans the chest about model Z.
  const glm::quat lean = AxisAngle({0, 0, 1}, 0.4f);
  std::vector<Transform> base_model = testing::ToModel(skeleton, base);
  std::vector<Transform> leaned_model = base_model;
  for (int j : {testing::kChest, testing::kUpperArmL, testing::kLowerArmL, testing::kHandL,
                testing::kUpperArmR, testing::kLowerArmR, testing::kHandR, testing::kHead}) {
    leaned_model[j].rotation = lean * base_model[j].rotation;
  }
  const std::vector<Transform> pose = testing::ToLocal(skeleton, leaned_model);
  const std::vector<Transform> additive = MakeAdditive(skeleton, pose, base, AdditiveSpace::kMesh);

  // Target: the whole body yawed 90 degrees at the pelvis. The lean stays about model Z rather
  // than turning with the pelvis.
  std::vector<Transform> target = base;
  target[kPelvis].rotation = AxisAngle({0, 1, 0}, kPi / 2) * target[kPelvis].rotation;
  const std::vector<Transform> target_model = testing::ToModel(skeleton, target);
  const std::vector<Transform> result =
      ApplyAdditive(skeleton, target, additive, 1.0f, AdditiveSpace::kMesh);
  const std::vector<Transform> result_model = testing::ToModel(skeleton, result);
  EXPECT_TRUE(
      testing::QuatNear(result_model[kChest].rotation, lean * target_model[kChest].rotation));
  EXPECT_TRUE(testing::QuatNear(result_model[kPelvis].rotation, target_model[kPelvis].rotation));
}

RC_GTEST_PROP(AdditiveProperties, RoundTripAndZeroWeightInBothSpaces, ()) {
  const Skeleton skeleton = testing::MakeHumanoid(*rc::gen::arbitrary<bool>());
  const std::size_t n = skeleton.rest_pose.size();
  const std::vector<Transform> pose = testing::GenPose(n, true);
  const std::vector<Transform> base = testing::GenPose(n, true);
  for (const AdditiveSpace space : {AdditiveSpace::kLocal, AdditiveSpace::kMesh}) {
    const std::vector<Transform> additive = MakeAdditive(skeleton, pose, base, space);
    RC_ASSERT(testing::PoseNear(ApplyAdditive(skeleton, base, additive, 1.0f, space), pose, 2e-3f));
    RC_ASSERT(testing::PoseNear(ApplyAdditive(skeleton, base, additive, 0.0f, space), base, 1e-4f));
  }
}

}  // namespace
}  // namespace footwork::anim
