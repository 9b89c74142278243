#include "footwork/ik/overlay_layering.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "anim/anim_test_util.h"

namespace footwork::ik {
namespace {

using namespace footwork::anim::testing;  // NOLINT(google-build-using-namespace)

std::vector<glm::quat> ModelRotations(const anim::Skeleton& skeleton,
                                      std::span<const Transform> local) {
  std::vector<glm::quat> rotations;
  for (const Transform& joint : ToModel(skeleton, local))
    rotations.push_back(joint.rotation);
  return rotations;
}

// A one-key clip of `pose` with constant curves.
anim::Clip MakeClip(const std::vector<Transform>& pose,
                    const std::vector<std::pair<std::string, float>>& curves) {
  anim::Clip clip;
  clip.name = "overlay";
  clip.duration_s = 1.0f;
  clip.tracks.resize(pose.size());
  for (std::size_t j = 0; j < pose.size(); ++j) {
    clip.tracks[j].translation.times = {0.0f};
    clip.tracks[j].translation.values = {pose[j].translation};
    clip.tracks[j].rotation.times = {0.0f};
    clip.tracks[j].rotation.values = {pose[j].rotation};
  }
  for (const auto& [name, value] : curves)
    clip.curves.push_back({name, {0.0f}, {value}});
  return clip;
}

struct Fixture {
  anim::Skeleton skeleton = MakeHumanoid(/*odd_rest_orientations=*/true);
  IkRig rig = *BuildIkRig(skeleton, MakeHumanoidProfile());
  BasePose base;
  // The locomotion pose: the rest pose with the spine bent and the arms swinging.
  std::vector<Transform> locomotion_local;
  std::vector<Transform> locomotion_model;
  // The overlay's authored pose: arms raised.
  std::vector<Transform> overlay_local;

  Fixture() {
    base.local = skeleton.rest_pose;
    base.model_rotation = ModelRotations(skeleton, base.local);
    locomotion_local = skeleton.rest_pose;
    locomotion_local[kSpine].rotation =
        AxisAngle({1, 0, 0}, 0.3f) * locomotion_local[kSpine].rotation;
    locomotion_local[kUpperArmL].rotation =
        AxisAngle({0, 1, 0}, 0.4f) * locomotion_local[kUpperArmL].rotation;
    locomotion_local[kThighL].rotation =
        AxisAngle({1, 0, 0}, -0.5f) * locomotion_local[kThighL].rotation;
    locomotion_model = ToModel(skeleton, locomotion_local);
    overlay_local = skeleton.rest_pose;
    overlay_local[kUpperArmL].rotation =
        AxisAngle({0, 0, 1}, 1.0f) * overlay_local[kUpperArmL].rotation;
    overlay_local[kLowerArmL].rotation =
        AxisAngle({0, 1, 0}, 0.7f) * overlay_local[kLowerArmL].rotation;
    overlay_local[kThighR].rotation =
        AxisAngle({1, 0, 0}, 0.9f) * overlay_local[kThighR].rotation;  // not layered
  }

  OverlayPose Record(const std::vector<std::pair<std::string, float>>& curves) const {
    const anim::Clip clip = MakeClip(overlay_local, curves);
    auto overlay = RecordOverlayPose(skeleton, rig, clip, 0.0f, base);
    EXPECT_TRUE(overlay.ok()) << overlay.error().message;
    return *overlay;
  }

  Status Run(const OverlayPose& overlay, std::vector<Transform>& local,
             std::vector<Transform>& model, float alpha = 1.0f) const {
    local.resize(skeleton.rest_pose.size());
    model.resize(skeleton.rest_pose.size());
    OverlayLayeringJob job;
    job.skeleton = &skeleton;
    job.rig = &rig;
    job.base_pose = &base;
    job.base_local = locomotion_local;
    job.base_model = locomotion_model;
    job.overlay = &overlay;
    job.overlay_alpha = alpha;
    job.output_local = local;
    job.output_model = model;
    return job.Run();
  }
};

TEST(OverlayLayering, RecordKeepsTheBasePoseOnPartsTheOverlayDoesNotLayer) {
  Fixture f;
  const OverlayPose overlay = f.Record({{"Layering_Arm_L", 1.0f}, {"Layering_Arm_L_LS", 1.0f}});
  EXPECT_EQ(overlay.curves.weight[static_cast<int>(BodyPart::kArmL)], 1.0f);
  EXPECT_EQ(overlay.curves.local[static_cast<int>(BodyPart::kArmL)], 1.0f);
  EXPECT_EQ(overlay.curves.weight[static_cast<int>(BodyPart::kLegs)], 0.0f);
  EXPECT_TRUE(QuatNear(overlay.local[kUpperArmL].rotation, f.overlay_local[kUpperArmL].rotation));
  EXPECT_TRUE(QuatNear(overlay.local[kThighR].rotation, f.base.local[kThighR].rotation));
}

TEST(OverlayLayering, ZeroWeightsGiveTheLocomotionPose) {
  Fixture f;
  std::vector<Transform> local;
  std::vector<Transform> model;
  const OverlayPose overlay = f.Record({{"Layering_Arm_L", 1.0f}});
  ASSERT_TRUE(f.Run(overlay, local, model, /*alpha=*/0.0f).ok());
  EXPECT_TRUE(PoseNear(local, f.locomotion_local, 1e-6f));
  const OverlayPose none = f.Record({});
  ASSERT_TRUE(f.Run(none, local, model).ok());
  EXPECT_TRUE(PoseNear(local, f.locomotion_local, 1e-6f));
  EXPECT_TRUE(PoseNear(model, f.locomotion_model, 1e-5f));
}

TEST(OverlayLayering, FullLocalLayerTakesTheOverlayOnThatPartOnly) {
  Fixture f;
  std::vector<Transform> local;
  std::vector<Transform> model;
  const OverlayPose overlay = f.Record({{"Layering_Arm_L", 1.0f}, {"Layering_Arm_L_LS", 1.0f}});
  ASSERT_TRUE(f.Run(overlay, local, model).ok());
  EXPECT_TRUE(QuatNear(local[kUpperArmL].rotation, f.overlay_local[kUpperArmL].rotation));
  EXPECT_TRUE(QuatNear(local[kLowerArmL].rotation, f.overlay_local[kLowerArmL].rotation));
  for (const int joint : {kSpine, kThighL, kThighR, kUpperArmR, kHead, kHandL})
    EXPECT_TRUE(TransformNear(local[joint], f.locomotion_local[joint], 1e-5f)) << joint;
  EXPECT_TRUE(PoseNear(model, ToModel(f.skeleton, local), 1e-4f));
}

TEST(OverlayLayering, MeshSpaceLayerKeepsTheOverlayWorldOrientationOverABentSpine) {
  Fixture f;
  std::vector<Transform> local;
  std::vector<Transform> model;
  const OverlayPose overlay = f.Record({{"Layering_Arm_L", 1.0f}});
  ASSERT_TRUE(f.Run(overlay, local, model).ok());
  EXPECT_TRUE(QuatNear(model[kUpperArmL].rotation, overlay.model_rotation[kUpperArmL]));
}

TEST(OverlayLayering, DynamicAdditiveOfTheBasePoseGivesTheLocomotionBack) {
  // An overlay identical to BasePose_N with full additive reproduces the locomotion pose: the
  // arm swing (and spine bend) is added back in mesh space.
  Fixture f;
  f.overlay_local = f.base.local;
  const OverlayPose overlay = f.Record({{"Layering_Arm_L", 1.0f},
                                        {"Layering_Arm_L_Add", 1.0f},
                                        {"Layering_Spine", 1.0f},
                                        {"Layering_Spine_Add", 1.0f}});
  std::vector<Transform> local;
  std::vector<Transform> model;
  ASSERT_TRUE(f.Run(overlay, local, model).ok());
  EXPECT_TRUE(PoseNear(local, f.locomotion_local, 1e-4f));
}

TEST(OverlayLayering, SwitchingFadesAtTheBlendRate) {
  OverlayState state;
  SwitchOverlay(state, 2);
  EXPECT_EQ(state.current(), 2);
  ASSERT_EQ(state.count, 2);
  EXPECT_EQ(state.layers[0].overlay, -1);
  EXPECT_EQ(state.layers[1].blend, 0.0f);
  UpdateOverlay(state, 0.2f, 0.05f);
  EXPECT_NEAR(state.layers[1].blend, 0.25f, 1e-6f);
  EXPECT_NEAR(state.Weight(1), 0.25f, 1e-6f);
  UpdateOverlay(state, 0.2f, 1.0f);
  EXPECT_EQ(state.count, 1);  // faded in: the layer below is dropped
  EXPECT_EQ(state.current(), 2);
  SwitchOverlay(state, 2);  // same overlay: no new fade
  EXPECT_EQ(state.count, 1);
}

TEST(OverlayLayering, ASwitchMidFadeStacksOnTheBlendInProgress) {
  OverlayState state;
  SwitchOverlay(state, 0);           // none -> pistol
  UpdateOverlay(state, 0.2f, 0.1f);  // half way
  SwitchOverlay(state, 1);           // -> torch
  ASSERT_EQ(state.count, 3);
  // Right after the switch the output is still the half fade: none 0.5, pistol 0.5, torch 0.
  EXPECT_NEAR(state.Weight(0), 0.5f, 1e-6f);
  EXPECT_NEAR(state.Weight(1), 0.5f, 1e-6f);
  EXPECT_NEAR(state.Weight(2), 0.0f, 1e-6f);
  float previous_torch = 0.0f;
  for (int frame = 0; frame < 30; ++frame) {
    UpdateOverlay(state, 0.2f, 1.0f / 60.0f);
    float sum = 0.0f;
    for (int i = 0; i < state.count; ++i)
      sum += state.Weight(i);
    EXPECT_NEAR(sum, 1.0f, 1e-5f);
    const float torch = state.Weight(state.count - 1);
    EXPECT_GE(torch, previous_torch);
    EXPECT_LE(torch - previous_torch, 1.0f / 12.0f + 1e-5f);  // one 60 Hz step of a 0.2 s fade
    previous_torch = torch;
  }
  EXPECT_EQ(state.count, 1);
  EXPECT_EQ(state.current(), 1);
}

TEST(OverlayLayering, ManyQuickSwitchesDropTheLayerThatShowsLeast) {
  // How much of each overlay (index + 1; 0 = none) the output shows.
  const auto shares = [](const OverlayState& state) {
    std::array<float, 8> share{};
    for (int i = 0; i < state.count; ++i)
      share[static_cast<std::size_t>(state.layers[static_cast<std::size_t>(i)].overlay + 1)] +=
          state.Weight(i);
    return share;
  };
  OverlayState state;
  for (int overlay = 0; overlay < 6; ++overlay) {
    const std::array<float, 8> before = shares(state);
    float weakest = 1.0f;
    for (int i = 0; i < state.count; ++i)
      weakest = std::min(weakest, state.Weight(i));
    SwitchOverlay(state, overlay);
    const std::array<float, 8> after = shares(state);
    float moved = 0.0f;
    for (std::size_t k = 0; k < before.size(); ++k)
      moved += std::fabs(after[k] - before[k]);
    // The switch itself changes nothing but what the dropped layer showed.
    EXPECT_LE(moved, state.count < OverlayState::kMaxLayers ? 1e-5f : 2.0f * weakest + 1e-5f);
    UpdateOverlay(state, 1.0f, 0.1f);
  }
  EXPECT_LE(state.count, OverlayState::kMaxLayers);
  EXPECT_EQ(state.current(), 5);
  float sum = 0.0f;
  for (int i = 0; i < state.count; ++i)
    sum += state.Weight(i);
  EXPECT_NEAR(sum, 1.0f, 1e-5f);
}

TEST(OverlayLayering, RebasingMovesTheOverlayOntoTheCrouchBasePose) {
  Fixture f;
  const OverlayPose overlay = f.Record({{"Layering_Arm_L", 1.0f}, {"Layering_Spine", 1.0f}});
  // BasePose_CLF: the base with the spine bent forward and the left thigh raised.
  BasePose crouch;
  crouch.local = f.base.local;
  crouch.local[kSpine].rotation = AxisAngle({1, 0, 0}, 0.6f) * crouch.local[kSpine].rotation;
  crouch.local[kThighL].rotation = AxisAngle({1, 0, 0}, -1.0f) * crouch.local[kThighL].rotation;
  crouch.model_rotation = ModelRotations(f.skeleton, crouch.local);
  auto rebased = RebaseOverlayPose(f.skeleton, f.rig, overlay, f.base, crouch);
  ASSERT_TRUE(rebased.ok()) << rebased.error().message;
  for (int joint = 0; joint < kHumanoidJoints; ++joint) {
    const auto part = static_cast<std::size_t>(f.rig.body_parts[static_cast<std::size_t>(joint)]);
    const bool layered = part != 0 && overlay.curves.weight[part] > 0.0f;
    // Layered parts keep the overlay's local offset from the base; the others are the crouch.
    const glm::quat expected =
        layered ? crouch.local[joint].rotation *
                      (glm::inverse(f.base.local[joint].rotation) * overlay.local[joint].rotation)
                : crouch.local[joint].rotation;
    EXPECT_TRUE(QuatNear(rebased->local[joint].rotation, expected, 1e-5f)) << joint;
  }
  // The crouched overlay's arm is where the standing one is relative to its chest.
  const std::vector<Transform> standing_model = ToModel(f.skeleton, overlay.local);
  const std::vector<Transform> crouched_model = ToModel(f.skeleton, rebased->local);
  EXPECT_TRUE(QuatNear(
      glm::inverse(standing_model[kChest].rotation) * standing_model[kUpperArmL].rotation,
      glm::inverse(crouched_model[kChest].rotation) * crouched_model[kUpperArmL].rotation, 1e-5f));
  EXPECT_FALSE(QuatNear(standing_model[kChest].rotation, crouched_model[kChest].rotation, 1e-3f));
  BasePose wrong;
  EXPECT_FALSE(RebaseOverlayPose(f.skeleton, f.rig, overlay, f.base, wrong).ok());
}

TEST(OverlayLayering, RejectsMismatchedPoses) {
  Fixture f;
  const OverlayPose overlay = f.Record({{"Layering_Arm_L", 1.0f}});
  std::vector<Transform> local(3);
  std::vector<Transform> model(3);
  OverlayLayeringJob job;
  job.skeleton = &f.skeleton;
  job.rig = &f.rig;
  job.base_pose = &f.base;
  job.base_local = f.locomotion_local;
  job.base_model = f.locomotion_model;
  job.overlay = &overlay;
  job.output_local = local;
  job.output_model = model;
  EXPECT_FALSE(job.Run().ok());
  BasePose wrong;
  EXPECT_FALSE(
      RecordOverlayPose(f.skeleton, f.rig, MakeClip(f.overlay_local, {}), 0.0f, wrong).ok());
}

}  // namespace
}  // namespace footwork::ik
