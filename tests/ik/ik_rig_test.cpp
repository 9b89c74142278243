#include "footwork/ik/ik_rig.h"

#include <gtest/gtest.h>

#include "anim/anim_test_util.h"

namespace footwork::ik {
namespace {

using namespace footwork::anim::testing;  // NOLINT(google-build-using-namespace)

TEST(IkRig, FindsChainsAndMeasuresTheRestPose) {
  const anim::Skeleton skeleton = MakeHumanoid(/*odd_rest_orientations=*/true);
  auto rig = BuildIkRig(skeleton, MakeHumanoidProfile());
  ASSERT_TRUE(rig.ok()) << rig.error().message;
  EXPECT_EQ(rig->pelvis, kPelvis);
  EXPECT_EQ(rig->legs[kLeft].chain.upper, kThighL);
  EXPECT_EQ(rig->legs[kLeft].chain.lower, kCalfL);
  EXPECT_EQ(rig->legs[kLeft].chain.end, kFootL);
  EXPECT_EQ(rig->legs[kRight].chain.end, kFootR);
  EXPECT_EQ(rig->head, kHead);
  // The humanoid's ankles stand 5 cm above its root, its head 1.7 m.
  EXPECT_NEAR(rig->foot_height_m, 0.05f, 1e-5f);
  EXPECT_NEAR(rig->head_height_m, 1.7f, 1e-5f);
  // The local axes map back to the model's forward and up at rest, whatever the joint frames.
  const std::vector<Transform> model = ToModel(skeleton, skeleton.rest_pose);
  EXPECT_TRUE(VecNear(model[kThighL].rotation * rig->legs[kLeft].knee_axis_in_thigh, {0, 0, 1}));
  EXPECT_TRUE(VecNear(model[kFootR].rotation * rig->legs[kRight].up_in_foot, {0, 1, 0}));
  EXPECT_TRUE(VecNear(model[kHead].rotation * rig->head_forward_in_head, {0, 0, 1}));
}

TEST(IkRig, AssignsBodyPartsByBranch) {
  const anim::Skeleton skeleton = MakeHumanoid();
  auto rig = BuildIkRig(skeleton, MakeHumanoidProfile());
  ASSERT_TRUE(rig.ok());
  const auto part = [&](int joint) { return rig->body_parts[static_cast<std::size_t>(joint)]; };
  EXPECT_EQ(part(kRoot), BodyPart::kNone);
  EXPECT_EQ(part(kPelvis), BodyPart::kPelvis);
  EXPECT_EQ(part(kSpine), BodyPart::kSpine);
  EXPECT_EQ(part(kChest), BodyPart::kSpine);
  EXPECT_EQ(part(kHead), BodyPart::kHead);
  EXPECT_EQ(part(kUpperArmL), BodyPart::kArmL);
  EXPECT_EQ(part(kLowerArmL), BodyPart::kArmL);
  EXPECT_EQ(part(kHandL), BodyPart::kHandL);
  EXPECT_EQ(part(kUpperArmR), BodyPart::kArmR);
  EXPECT_EQ(part(kHandR), BodyPart::kHandR);
  EXPECT_EQ(part(kThighL), BodyPart::kLegs);
  EXPECT_EQ(part(kFootR), BodyPart::kLegs);
  EXPECT_STREQ(BodyPartCurveName(BodyPart::kArmL), "Arm_L");
}

TEST(IkRig, MissingRolesAndBrokenChainsAreNamed) {
  const anim::Skeleton skeleton = MakeHumanoid();
  anim::RigProfile profile = MakeHumanoidProfile();
  profile.roles.erase("calf_r");
  auto missing = BuildIkRig(skeleton, profile);
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().message.find("calf_r"), std::string::npos);

  profile = MakeHumanoidProfile();
  profile.roles["foot_l"] = "no_such_joint";
  auto unknown = BuildIkRig(skeleton, profile);
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.error().message.find("no_such_joint"), std::string::npos);

  profile = MakeHumanoidProfile();
  profile.roles["calf_l"] = "calf_r";
  auto broken = BuildIkRig(skeleton, profile);
  ASSERT_FALSE(broken.ok());
  EXPECT_NE(broken.error().message.find("parent-child"), std::string::npos);
}

}  // namespace
}  // namespace footwork::ik
