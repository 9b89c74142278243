// CharacterIk's layers on the procedural humanoid: overlay switches during a fade, the crouched
// base pose (BasePose_CLF) and the look-clip form of look-at.

#include <algorithm>
#include <cmath>
#include <span>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/anim_test_util.h"
#include "footwork/anim/sampling.h"
#include "footwork/core/angles.h"
#include "footwork/ik/character_ik.h"

namespace footwork::ik {
namespace {

using namespace footwork::anim::testing;  // NOLINT(google-build-using-namespace)

constexpr float kDt = 1.0f / 60.0f;

// A clip with one key per (time, pose); curves constant.
anim::Clip PoseClip(const std::string& name, const std::vector<float>& times,
                    const std::vector<std::vector<Transform>>& poses,
                    const std::vector<std::pair<std::string, float>>& curves = {}) {
  anim::Clip clip;
  clip.name = name;
  clip.duration_s = times.back() > 0.0f ? times.back() : 1.0f;
  clip.tracks.resize(poses.front().size());
  for (std::size_t j = 0; j < clip.tracks.size(); ++j) {
    for (std::size_t k = 0; k < times.size(); ++k) {
      clip.tracks[j].translation.times.push_back(times[k]);
      clip.tracks[j].translation.values.push_back(poses[k][j].translation);
      clip.tracks[j].rotation.times.push_back(times[k]);
      clip.tracks[j].rotation.values.push_back(poses[k][j].rotation);
    }
  }
  for (const auto& [curve, value] : curves)
    clip.curves.push_back({curve, {0.0f}, {value}});
  return clip;
}

// Turns `joint` of `pose` by `rotation` in model space (its children follow).
void TurnInModelSpace(const anim::Skeleton& skeleton, std::vector<Transform>& pose, int joint,
                      const glm::quat& rotation) {
  const std::vector<Transform> model = ToModel(skeleton, pose);
  const int parent = skeleton.parents[static_cast<std::size_t>(joint)];
  const glm::quat parent_rotation = parent < 0 ? glm::quat(1, 0, 0, 0) : model[parent].rotation;
  pose[joint].rotation =
      glm::normalize(glm::inverse(parent_rotation) * rotation * model[joint].rotation);
}

float MaxJointStepDeg(std::span<const Transform> a, std::span<const Transform> b) {
  float worst = 0.0f;
  for (std::size_t j = 0; j < a.size(); ++j) {
    const float dot = std::min(1.0f, std::fabs(glm::dot(a[j].rotation, b[j].rotation)));
    worst = std::max(worst, 2.0f * std::acos(dot) * 57.29578f);
  }
  return worst;
}

float Yaw(const glm::vec3& direction) {
  return std::atan2(direction.x, direction.z);
}

class CharacterIkLayersTest : public ::testing::Test {
 protected:
  void SetUp() override {
    skeleton_ = MakeHumanoid(/*odd_rest_orientations=*/true);
    rest_ = skeleton_.rest_pose;
    idle_ = PoseClip("idle", {0.0f}, {rest_});
    // Two overlays far apart on the arms, so a snap between them would be a big jump.
    std::vector<Transform> pistol = rest_;
    TurnInModelSpace(skeleton_, pistol, kUpperArmL, AxisAngle({0, 0, 1}, 1.6f));
    TurnInModelSpace(skeleton_, pistol, kUpperArmR, AxisAngle({0, 0, 1}, -1.6f));
    std::vector<Transform> torch = rest_;
    TurnInModelSpace(skeleton_, torch, kUpperArmL, AxisAngle({1, 0, 0}, -1.7f));
    TurnInModelSpace(skeleton_, torch, kSpine, AxisAngle({0, 1, 0}, 0.5f));
    pistol_ = PoseClip("pistol", {0.0f}, {pistol},
                       {{"Layering_Arm_L", 1}, {"Layering_Arm_R", 1}, {"Layering_Arm_R_LS", 1}});
    torch_ = PoseClip("torch", {0.0f}, {torch},
                      {{"Layering_Arm_L", 1}, {"Layering_Arm_L_LS", 1}, {"Layering_Spine", 1}});
    // BasePose_CLF: spine bent forward, thighs raised, knees bent.
    crouch_pose_ = rest_;
    TurnInModelSpace(skeleton_, crouch_pose_, kSpine, AxisAngle({1, 0, 0}, 0.6f));
    TurnInModelSpace(skeleton_, crouch_pose_, kThighL, AxisAngle({1, 0, 0}, -1.0f));
    TurnInModelSpace(skeleton_, crouch_pose_, kThighR, AxisAngle({1, 0, 0}, -1.0f));
    crouch_ = PoseClip("crouch_idle", {0.0f}, {crouch_pose_});
  }

  std::shared_ptr<const CharacterIkAssets> Assets(const anim::Clip* crouch,
                                                  const anim::Clip* look = nullptr,
                                                  CharacterIkSettings settings = {}) const {
    const std::vector<OverlaySource> overlays = {{"pistol", &pistol_, 0.0f},
                                                 {"torch", &torch_, 0.0f}};
    auto assets = CharacterIkAssets::Create(skeleton_, MakeHumanoidProfile(), idle_, crouch,
                                            overlays, settings, look);
    EXPECT_TRUE(assets.ok()) << assets.error().message;
    return assets.ok() ? *assets : nullptr;
  }

  anim::Skeleton skeleton_;
  std::vector<Transform> rest_;
  std::vector<Transform> crouch_pose_;
  anim::Clip idle_;
  anim::Clip pistol_;
  anim::Clip torch_;
  anim::Clip crouch_;
};

TEST_F(CharacterIkLayersTest, SwitchingOverlayAtHalfFadeDoesNotSnap) {
  const auto assets = Assets(nullptr);
  ASSERT_NE(assets, nullptr);
  const std::vector<Transform> model = ToModel(skeleton_, rest_);
  for (const int first_from : {-1, 1}) {  // pistol fading in over none, and over the torch
    CharacterIk ik(assets);
    const CharacterIkInput input;
    ASSERT_TRUE(ik.SetOverlay(first_from).ok());
    for (int frame = 0; frame < 30; ++frame)
      ASSERT_TRUE(ik.Update(input, rest_, model, kDt).ok());
    ASSERT_TRUE(ik.SetOverlay(0).ok());  // -> pistol
    std::vector<Transform> previous(ik.local_pose().begin(), ik.local_pose().end());
    float worst = 0.0f;
    float pistol_at_switch = 0.0f;
    const int half_fade =
        static_cast<int>(std::lround(0.5f * assets->settings().overlay_blend_s / kDt));
    for (int frame = 0; frame < 60; ++frame) {
      if (frame == half_fade) {
        pistol_at_switch = ik.overlay_state().Weight(ik.overlay_state().count - 1);
        ASSERT_TRUE(ik.SetOverlay(1).ok());  // -> torch, mid fade
      }
      ASSERT_TRUE(ik.Update(input, rest_, model, kDt).ok());
      worst = std::max(worst, MaxJointStepDeg(previous, ik.local_pose()));
      previous.assign(ik.local_pose().begin(), ik.local_pose().end());
    }
    EXPECT_NEAR(pistol_at_switch, 0.5f, 0.05f);
    EXPECT_LT(worst, 20.0f) << "from overlay " << first_from;
    // The fade finished on the torch pose.
    EXPECT_EQ(ik.overlay_state().count, 1);
    EXPECT_EQ(ik.overlay(), 1);
  }
}

TEST_F(CharacterIkLayersTest, CrouchedOverlayKeepsTheCrouchAndFadesBetweenStances) {
  const auto with_clf = Assets(&crouch_);
  const auto without_clf = Assets(nullptr);
  ASSERT_NE(with_clf, nullptr);
  ASSERT_NE(without_clf, nullptr);
  ASSERT_TRUE(with_clf->has_crouch_base_pose());
  // The locomotion pose is the crouched idle itself.
  const std::vector<Transform> model = ToModel(skeleton_, crouch_pose_);
  const auto run = [&](const std::shared_ptr<const CharacterIkAssets>& assets) {
    CharacterIk ik(assets);
    CharacterIkInput input;
    input.crouched = true;
    EXPECT_TRUE(ik.SetOverlay(1).ok());  // torch: layers the spine in mesh space
    for (int frame = 0; frame < 60; ++frame)
      EXPECT_TRUE(ik.Update(input, crouch_pose_, model, kDt).ok());
    EXPECT_EQ(ik.stance(), 1.0f);
    return std::vector<Transform>(ik.model_pose().begin(), ik.model_pose().end());
  };
  const std::vector<Transform> on_clf = run(with_clf);
  const std::vector<Transform> on_n = run(without_clf);
  // The crouched body: BasePose_CLF plus the torch's own offset from BasePose_N. Its chest leans
  // like the crouch (0.6 rad forward); the overlay recorded on BasePose_N would stand it upright.
  const std::vector<Transform> expected =
      ToModel(skeleton_, with_clf->overlay_pose(1, /*crouched=*/true).local);
  EXPECT_TRUE(QuatNear(on_clf[kChest].rotation, expected[kChest].rotation, 1e-3f));
  EXPECT_TRUE(QuatNear(on_clf[kUpperArmL].rotation, expected[kUpperArmL].rotation, 1e-3f));
  const glm::vec3 crouch_up = ToModel(skeleton_, crouch_pose_)[kChest].rotation *
                              glm::inverse(ToModel(skeleton_, rest_)[kChest].rotation) *
                              glm::vec3(0, 1, 0);
  const auto lean = [&](const std::vector<Transform>& pose) {
    const glm::vec3 up = pose[kChest].rotation *
                         glm::inverse(ToModel(skeleton_, rest_)[kChest].rotation) *
                         glm::vec3(0, 1, 0);
    return std::acos(std::clamp(glm::dot(up, crouch_up), -1.0f, 1.0f));
  };
  EXPECT_LT(lean(on_clf), 0.6f * 0.5f);  // the crouch lean kept (the torch adds a twist)
  EXPECT_GT(lean(on_n), 0.5f);           // upright: the standing overlay on a crouched body

  // Standing up and crouching again fades the base pose: no frame jumps.
  CharacterIk ik(with_clf);
  CharacterIkInput input;
  ASSERT_TRUE(ik.SetOverlay(1).ok());
  for (int frame = 0; frame < 30; ++frame)
    ASSERT_TRUE(ik.Update(input, crouch_pose_, model, kDt).ok());
  std::vector<Transform> previous(ik.local_pose().begin(), ik.local_pose().end());
  float worst = 0.0f;
  for (int frame = 0; frame < 60; ++frame) {
    input.crouched = frame < 30;
    ASSERT_TRUE(ik.Update(input, crouch_pose_, model, kDt).ok());
    worst = std::max(worst, MaxJointStepDeg(previous, ik.local_pose()));
    previous.assign(ik.local_pose().begin(), ik.local_pose().end());
  }
  EXPECT_GT(worst, 0.5f);  // the stance did change the pose
  EXPECT_LT(worst, 10.0f);
  EXPECT_EQ(ik.stance(), 0.0f);
}

TEST_F(CharacterIkLayersTest, AnOverlayCrouchPoseNeedsACrouchBasePose) {
  const std::vector<OverlaySource> overlays = {{"pistol", &pistol_, 0.0f, &crouch_, 0.0f}};
  EXPECT_FALSE(
      CharacterIkAssets::Create(skeleton_, MakeHumanoidProfile(), idle_, nullptr, overlays).ok());
  auto recorded =
      CharacterIkAssets::Create(skeleton_, MakeHumanoidProfile(), idle_, &crouch_, overlays);
  ASSERT_TRUE(recorded.ok()) << recorded.error().message;
  // The crouched recording comes from its own clip (here the crouch pose itself, no Layering
  // curves: every part keeps BasePose_CLF).
  EXPECT_TRUE(PoseNear((*recorded)->overlay_pose(0, true).local, crouch_pose_, 1e-5f));
}

// The seed's look clip: the head sweeps from 60 degrees left (time 0) through ahead (0.5 s) to
// 60 degrees right (1 s).
class LookClipTest : public CharacterIkLayersTest {
 protected:
  void SetUp() override {
    CharacterIkLayersTest::SetUp();
    std::vector<Transform> left = rest_;
    std::vector<Transform> right = rest_;
    TurnInModelSpace(skeleton_, left, kHead, AxisAngle({0, 1, 0}, 1.05f));
    TurnInModelSpace(skeleton_, right, kHead, AxisAngle({0, 1, 0}, -1.05f));
    look_ = PoseClip("look", {0.0f, 0.5f, 1.0f}, {left, rest_, right});
    assets_ = Assets(nullptr, &look_);
  }

  // The clip's own head yaw at `amount`, from sampling it directly.
  float ClipHeadYaw(float amount) const {
    std::vector<Transform> local(rest_.size());
    anim::SamplingJob sampling;
    sampling.skeleton = &skeleton_;
    sampling.clip = &look_;
    sampling.time_s = amount * look_.duration_s;
    sampling.output = local;
    EXPECT_TRUE(sampling.Run().ok());
    return Yaw(HeadForward(assets_->rig(), ToModel(skeleton_, local)));
  }

  anim::Clip look_;
  std::shared_ptr<const CharacterIkAssets> assets_;
};

TEST_F(LookClipTest, LookAmountChoosesTheClipTimeAndATargetBehindIsNeutral) {
  ASSERT_NE(assets_, nullptr);
  ASSERT_TRUE(assets_->look_clip().has_value());
  const std::vector<Transform> model = ToModel(skeleton_, rest_);
  const glm::vec3 head = model[kHead].translation;
  const float rest_yaw = Yaw(HeadForward(assets_->rig(), model));
  const glm::vec3 right(-1, 0, 0);  // the character faces +Z; +X is its left
  for (const float target_yaw_deg : {0.0f, 45.0f, -30.0f, 80.0f, -89.0f, 135.0f, 180.0f}) {
    const float yaw = Radians(target_yaw_deg);
    const glm::vec3 direction(std::sin(yaw), 0.0f, std::cos(yaw));
    CharacterIk ik(assets_);
    CharacterIkInput input;
    input.look_target_world = head + 3.0f * direction;
    for (int frame = 0; frame < 120; ++frame)
      ASSERT_TRUE(ik.Update(input, rest_, model, kDt).ok());
    const bool behind = direction.z < 0.0f;
    const float amount = behind ? 0.5f : (glm::dot(right, direction) + 1.0f) * 0.5f;
    EXPECT_NEAR(ik.look().amount.x, amount, 1e-3f) << target_yaw_deg;
    EXPECT_FALSE(ik.look().reachable);
    const float head_yaw = Yaw(ik.head_forward_world());
    EXPECT_NEAR(head_yaw - rest_yaw, ClipHeadYaw(amount) - rest_yaw, Radians(1.0f))
        << target_yaw_deg;
    if (behind || target_yaw_deg == 0.0f)
      EXPECT_NEAR(head_yaw, rest_yaw, Radians(0.5f)) << target_yaw_deg;
    else
      EXPECT_GT((head_yaw - rest_yaw) * target_yaw_deg, 0.0f) << target_yaw_deg;  // toward it
  }
}

TEST_F(LookClipTest, WithoutATargetTheHeadReturnsToTheAnimation) {
  const std::vector<Transform> model = ToModel(skeleton_, rest_);
  CharacterIk ik(assets_);
  CharacterIkInput input;
  input.look_target_world = model[kHead].translation + glm::vec3(3, 0, 1);
  for (int frame = 0; frame < 60; ++frame)
    ASSERT_TRUE(ik.Update(input, rest_, model, kDt).ok());
  EXPECT_GT(ik.look().weight, 0.9f);
  input.look_target_world.reset();
  for (int frame = 0; frame < 120; ++frame)
    ASSERT_TRUE(ik.Update(input, rest_, model, kDt).ok());
  EXPECT_TRUE(QuatNear(ik.local_pose()[kHead].rotation, rest_[kHead].rotation, 2e-3f));
}

TEST(LookClip, RejectsClipsThatDoNotFit) {
  const anim::Skeleton skeleton = MakeHumanoid();
  const IkRig rig = *BuildIkRig(skeleton, MakeHumanoidProfile());
  anim::Clip wrong;
  wrong.name = "look";
  wrong.duration_s = 1.0f;
  wrong.tracks.resize(3);
  EXPECT_FALSE(RecordLookClip(skeleton, rig, wrong).ok());
  anim::Clip fine = wrong;
  fine.tracks.resize(skeleton.rest_pose.size());
  EXPECT_FALSE(RecordLookClip(skeleton, rig, fine, 1).ok());
  auto recorded = RecordLookClip(skeleton, rig, fine);
  ASSERT_TRUE(recorded.ok()) << recorded.error().message;
  std::vector<Transform> tiny(2);
  EXPECT_FALSE(ApplyLookClip(*recorded, 0.3f, 1.0f, tiny).ok());
}

}  // namespace
}  // namespace footwork::ik
