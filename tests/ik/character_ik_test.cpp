#include "footwork/ik/character_ik.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>
#include <span>
#include <vector>

#include <gtest/gtest.h>

#include "anim/anim_test_util.h"
#include "footwork/ik/knee_speed.h"
#include "ik/ik_test_util.h"

namespace footwork::ik {
namespace {

using namespace footwork::anim::testing;  // NOLINT(google-build-using-namespace)
using testing::PlaneWorld;
using testing::StepWorld;

anim::Clip RestClip(const anim::Skeleton& skeleton, const std::string& name) {
  anim::Clip clip;
  clip.name = name;
  clip.duration_s = 1.0f;
  clip.tracks.resize(skeleton.rest_pose.size());
  return clip;
}

class CharacterIkTest : public ::testing::Test {
 protected:
  void SetUp() override {
    skeleton_ = MakeHumanoid(/*odd_rest_orientations=*/true);
    idle_ = RestClip(skeleton_, "idle");
    // The humanoid's legs are nearly straight; these tests check exact reach, so the soft reach
    // (which eases the last few % of extension, see two_bone_ik_test) is off.
    CharacterIkSettings settings;
    settings.leg_soft_extension = 0.0f;
    auto assets =
        CharacterIkAssets::Create(skeleton_, MakeHumanoidProfile(), idle_, nullptr, {}, settings);
    ASSERT_TRUE(assets.ok()) << assets.error().message;
    assets_ = *assets;
    // The animated pose: the rest pose with slightly bent knees (ankles 5 cm over the root).
    local_ = skeleton_.rest_pose;
    model_ = ToModel(skeleton_, local_);
  }

  // The model pose of each of 21 frames around a sudden change of the ground under the feet,
  // `before` for 20 frames then `after`, with both feet's lock curves at `foot_lock`: the last
  // frame on `before` first.
  std::vector<std::vector<Transform>> PosesAcrossGroundChange(const CharacterIkSettings& settings,
                                                              const PlaneWorld& before,
                                                              const PlaneWorld& after,
                                                              float foot_lock) const {
    auto assets =
        CharacterIkAssets::Create(skeleton_, MakeHumanoidProfile(), idle_, nullptr, {}, settings);
    EXPECT_TRUE(assets.ok());
    std::vector<std::vector<Transform>> poses;
    if (!assets.ok())
      return poses;
    CharacterIk ik(*assets);
    CharacterIkInput input = Input({0, 0, 0}, &before);
    input.foot_lock = {foot_lock, foot_lock};
    for (int frame = 0; frame < 40; ++frame) {
      input.world = frame < 20 ? &before : &after;
      EXPECT_TRUE(ik.Update(input, local_, model_, 1.0f / 60.0f).ok());
      if (frame >= 19)
        poses.emplace_back(ik.model_pose().begin(), ik.model_pose().end());
    }
    return poses;
  }

  CharacterIkInput Input(const glm::vec3& root, const PlaneWorld* world) const {
    CharacterIkInput input;
    input.character_world.translation = root;
    input.enable_foot_ik = {1.0f, 1.0f};
    input.world = world;
    input.measure_surface = true;
    return input;
  }

  anim::Skeleton skeleton_;
  anim::Clip idle_;
  std::shared_ptr<const CharacterIkAssets> assets_;
  std::vector<Transform> local_;
  std::vector<Transform> model_;
};

TEST_F(CharacterIkTest, FeetFollowRaisedAndLoweredGroundAndThePelvisOnlyDrops) {
  const float ankle_height = model_[kFootL].translation.y;
  for (const float ground : {0.08f, -0.08f}) {
    const PlaneWorld world(ground);
    CharacterIk ik(assets_);
    for (int frame = 0; frame < 90; ++frame)
      ASSERT_TRUE(ik.Update(Input({0, 0, 0}, &world), local_, model_, 1.0f / 60.0f).ok());
    for (const IkFoot& foot : ik.feet()) {
      EXPECT_NEAR(foot.ankle.y, ground + ankle_height, 2e-3f) << ground;
      ASSERT_TRUE(foot.surface_height_m.has_value());
      EXPECT_NEAR(*foot.surface_height_m, ground, 1e-4f);
    }
    EXPECT_LE(ik.pelvis_offset_m(), 0.0f);
    EXPECT_NEAR(ik.pelvis_offset_m(), std::min(ground, 0.0f), 2e-3f);
    EXPECT_LE(ik.model_pose()[kPelvis].translation.y, model_[kPelvis].translation.y + 1e-5f);
  }
}

// Enable_FootIK 0 turns the ground's offsets off, not the floor: a foot the animation (or a
// landing's blend) puts below the surface is still lifted onto it, and a foot above it is left.
TEST_F(CharacterIkTest, WithFootIkDisabledAFootBelowTheSurfaceIsStillLiftedOntoIt) {
  for (const float ground : {0.03f, -0.03f}) {
    const PlaneWorld world(ground);
    CharacterIk ik(assets_);
    CharacterIkInput input = Input({0, 0, 0}, &world);
    input.enable_foot_ik = {0.0f, 0.0f};
    ASSERT_TRUE(ik.Update(input, local_, model_, 1.0f / 60.0f).ok());
    for (const IkFoot& foot : ik.feet()) {
      ASSERT_TRUE(foot.surface_height_m.has_value());
      if (ground > 0.0f)
        EXPECT_GE(foot.sole.y, *foot.surface_height_m - 5e-3f);
      else
        EXPECT_NEAR(foot.sole.y, 0.0f, 5e-3f) << "no offset down without Enable_FootIK";
    }
    EXPECT_FLOAT_EQ(ik.pelvis_offset_m(), 0.0f);
  }
}

TEST_F(CharacterIkTest, FootOnASlopeKeepsItsSoleOnTheSurface) {
  const PlaneWorld world(0.0f, 0.3f);  // about 17 degrees, rising to the character's left
  CharacterIk ik(assets_);
  for (int frame = 0; frame < 90; ++frame)
    ASSERT_TRUE(ik.Update(Input({0, 0, 0}, &world), local_, model_, 1.0f / 60.0f).ok());
  for (const IkFoot& foot : ik.feet()) {
    ASSERT_TRUE(foot.surface_height_m.has_value());
    EXPECT_NEAR(foot.sole.y, *foot.surface_height_m, 5e-3f);
  }
  // The uphill (left, +X) foot is higher; the pelvis went down to the downhill one.
  EXPECT_GT(ik.feet()[kLeft].ankle.y, ik.feet()[kRight].ankle.y + 0.03f);
  EXPECT_LT(ik.pelvis_offset_m(), -0.02f);
}

// A planted foot (FootLock 1) the animation holds above its floor is settled onto the ground,
// by at most max_settle_m; a swinging one (FootLock 0) keeps its height.
TEST_F(CharacterIkTest, APlantedFootHeldAboveTheFloorSettlesOntoItUpToTheCap) {
  const PlaneWorld world(0.0f);
  const float cap = assets_->settings().feet.max_settle_m;
  const float tolerance = assets_->settings().feet.sink_tolerance_m;
  ASSERT_GT(cap, 0.02f);
  for (const float raise : {0.02f, cap + 0.03f}) {
    std::vector<Transform> local = local_;
    local[0].translation.y += raise;
    const std::vector<Transform> model = ToModel(skeleton_, local);
    for (const float lock : {1.0f, 0.0f}) {
      CharacterIk ik(assets_);
      CharacterIkInput input = Input({0, 0, 0}, &world);
      input.foot_lock = {lock, lock};
      for (int frame = 0; frame < 60; ++frame)
        ASSERT_TRUE(ik.Update(input, local, model, 1.0f / 60.0f).ok());
      const float expected = lock > 0.0f ? raise - std::min(raise - tolerance, cap) : raise;
      for (const IkFoot& foot : ik.feet()) {
        ASSERT_TRUE(foot.surface_height_m.has_value());
        EXPECT_NEAR(foot.sole.y - *foot.surface_height_m, expected, 2e-3f)
            << "raise " << raise << " lock " << lock;
      }
    }
  }
}

// A fall pose's feet hang 7 cm below the root: falling at 6 m/s, they are tucked up ahead of
// touchdown at the tuck speed instead of being lifted out of the ground in one frame as the body
// lands.
TEST_F(CharacterIkTest, AFallingFootIsTuckedUpAheadOfTouchdown) {
  const PlaneWorld world(0.0f);
  const float hang = 0.07f;
  std::vector<Transform> local = local_;
  local[0].translation.y -= hang;
  const std::vector<Transform> model = ToModel(skeleton_, local);
  const float dt = 1.0f / 60.0f;
  const float speed = assets_->settings().feet.max_landing_tuck_speed_m_s;
  ASSERT_LT(speed * dt, hang / 2.0f);
  CharacterIk ik(assets_);
  std::optional<float> previous;
  float largest_step = 0.0f;
  for (const float root : {0.6f, 0.5f, 0.4f, 0.3f, 0.2f, 0.1f, 0.0f, 0.0f}) {
    CharacterIkInput input = Input({0, root, 0}, &world);
    input.grounded = root <= 0.0f;
    ASSERT_TRUE(ik.Update(input, local, model, dt).ok());
    // The heel's height over the root: -hang while the foot hangs, 0 once it stands.
    const float over_root = ik.feet()[kLeft].sole.y - root;
    if (previous)
      largest_step = std::max(largest_step, std::fabs(over_root - *previous));
    previous = over_root;
    EXPECT_GE(ik.feet()[kLeft].sole.y, -assets_->settings().feet.sink_tolerance_m - 1e-3f) << root;
  }
  EXPECT_NEAR(*previous, 0.0f, 5e-3f);
  EXPECT_LE(largest_step, speed * dt + 5e-3f);
}

// Placement traces the ground under the animated foot; a locked foot held 8 cm uphill of it is
// put on the slope where it is held, not at the animated foot's height.
TEST_F(CharacterIkTest, ALockedFootOnASlopeStaysOnTheSurfaceWhereItIsHeld) {
  const float slope = 0.3f;
  const PlaneWorld world(0.0f, slope);
  CharacterIk ik(assets_);
  CharacterIkInput input = Input({0, 0, 0}, &world);
  input.foot_lock = {1.0f, 0.0f};
  const auto clearance = [&]() {
    const IkFoot& foot = ik.feet()[kLeft];
    return foot.surface_height_m ? foot.sole.y - *foot.surface_height_m : 1.0f;
  };
  for (int frame = 0; frame < 60; ++frame)
    ASSERT_TRUE(ik.Update(input, local_, model_, 1.0f / 60.0f).ok());
  const float planted = clearance();
  const glm::vec3 held = ik.feet()[kLeft].ankle;
  for (int frame = 1; frame <= 80; ++frame) {
    const float x = -0.001f * static_cast<float>(frame);
    input.character_world.translation = {x, slope * x, 0.0f};
    ASSERT_TRUE(ik.Update(input, local_, model_, 1.0f / 60.0f).ok());
  }
  ASSERT_TRUE(ik.feet()[kLeft].locked);
  EXPECT_NEAR(ik.feet()[kLeft].ankle.x, held.x, 1e-3f);
  EXPECT_NEAR(clearance(), planted, 3e-3f) << "planted " << planted;
}

TEST_F(CharacterIkTest, LockedFootStaysInPlaceWhileTheCharacterMoves) {
  const PlaneWorld world(0.0f);
  CharacterIk ik(assets_);
  CharacterIkInput input = Input({0, 0, 0}, &world);
  input.foot_lock = {1.0f, 0.0f};
  ASSERT_TRUE(ik.Update(input, local_, model_, 1.0f / 60.0f).ok());
  const glm::vec3 planted = ik.feet()[kLeft].ankle;
  for (int frame = 1; frame <= 10; ++frame) {
    input.character_world.translation = {0, 0, 0.01f * frame};
    ASSERT_TRUE(ik.Update(input, local_, model_, 1.0f / 60.0f).ok());
    EXPECT_TRUE(VecNear(ik.feet()[kLeft].ankle, planted, 1e-4f)) << frame;
    EXPECT_TRUE(ik.feet()[kLeft].locked);
    // The unlocked foot moves with the character.
    EXPECT_NEAR(ik.feet()[kRight].ankle.z, model_[kFootR].translation.z + 0.01f * frame, 1e-4f);
  }
  // A reset (teleport) drops the lock even though the curve still says 1... until it plants anew.
  input.reset = true;
  input.character_world.translation = {3, 0, 0};
  ASSERT_TRUE(ik.Update(input, local_, model_, 1.0f / 60.0f).ok());
  EXPECT_NEAR(ik.feet()[kLeft].ankle.x, 3.0f + model_[kFootL].translation.x, 1e-4f);
}

TEST_F(CharacterIkTest, ALockedFootStaysOnTheFloorWhileItsAnimatedTwinDriftsOntoAStepBeside) {
  // The animation's planted foot drifts 10 cm forward (the capsule outruns the clip) over the
  // edge of a static step. The lock holds the foot where it was planted, on the floor: the step is
  // another body, but a static one, so the lock neither drops and re-plants up there nor takes
  // its height from the step's top.
  const StepWorld world(model_[kFootL].translation.z + 0.03f);
  CharacterIk ik(assets_);
  CharacterIkInput input;
  input.enable_foot_ik = {1.0f, 1.0f};
  input.world = &world;
  input.measure_surface = true;
  input.foot_lock = {1.0f, 0.0f};
  ASSERT_TRUE(ik.Update(input, local_, model_, 1.0f / 60.0f).ok());
  const glm::vec3 planted = ik.feet()[kLeft].ankle;
  for (int frame = 1; frame <= 10; ++frame) {
    input.character_world.translation = {0, 0, 0.01f * frame};
    ASSERT_TRUE(ik.Update(input, local_, model_, 1.0f / 60.0f).ok());
    EXPECT_TRUE(ik.feet()[kLeft].locked) << frame;
    EXPECT_TRUE(VecNear(ik.feet()[kLeft].ankle, planted, 5e-3f))
        << frame << ": held at " << planted.x << " " << planted.y << " " << planted.z << ", now "
        << ik.feet()[kLeft].ankle.x << " " << ik.feet()[kLeft].ankle.y << " "
        << ik.feet()[kLeft].ankle.z;
  }
}

TEST_F(CharacterIkTest, AHeldFootOutOfReachIsDrawnAlongTheGroundByAtMostTheCap) {
  // The character walks away from its locked left foot on static ground. Once the leg cannot
  // reach the held foot, the foot is drawn after the hip along the floor (its height unchanged),
  // by at most max_reach_draw_m over the plant, and lifted by the leg's reach clamp after that;
  // with no draw allowed it is lifted at once. (The pelvis does not go down for the foot here,
  // see the next test.)
  const StepWorld world(100.0f);  // all floor
  const auto run = [&](float cap, std::vector<glm::vec3>& ankles) {
    CharacterIkSettings settings = assets_->settings();
    settings.lock.max_reach_draw_m = cap;
    settings.lock.max_pelvis_reach_drop_m = 0.0f;
    auto assets =
        CharacterIkAssets::Create(skeleton_, MakeHumanoidProfile(), idle_, nullptr, {}, settings);
    ASSERT_TRUE(assets.ok()) << assets.error().message;
    CharacterIk ik(*assets);
    CharacterIkInput input;
    input.enable_foot_ik = {1.0f, 1.0f};
    input.world = &world;
    input.measure_surface = true;
    input.foot_lock = {1.0f, 0.0f};
    for (int frame = 0; frame <= 60; ++frame) {
      input.character_world.translation = {0, 0, 0.005f * frame};
      ASSERT_TRUE(ik.Update(input, local_, model_, 1.0f / 60.0f).ok());
      ASSERT_TRUE(ik.feet()[kLeft].locked) << frame;
      ankles.push_back(ik.feet()[kLeft].ankle);
    }
  };
  std::vector<glm::vec3> held;
  run(0.0f, held);
  std::vector<glm::vec3> drawn;
  run(0.025f, drawn);
  ASSERT_EQ(held.size(), drawn.size());
  const float floor_y = held.front().y;
  // Without a draw the foot leaves the floor: the case the draw is for.
  EXPECT_GT(held.back().y, floor_y + 0.02f);
  // With it the foot stays on the floor for as long as the cap lasts (the character moves on by
  // 0.5 cm a frame), then rises as late as the cap allows.
  std::size_t lifted_held = held.size();
  std::size_t lifted_drawn = drawn.size();
  for (std::size_t k = held.size(); k-- > 0;) {
    if (held[k].y > floor_y + 1e-3f)
      lifted_held = k;
    if (drawn[k].y > floor_y + 1e-3f)
      lifted_drawn = k;
  }
  ASSERT_LT(lifted_held, held.size());
  EXPECT_GE(lifted_drawn, lifted_held + 4) << "the 2.5 cm draw covers 5 frames of 0.5 cm";
  EXPECT_LE(lifted_drawn, lifted_held + 6);
  const float moved = std::hypot(drawn[lifted_drawn - 1].x - drawn.front().x,
                                 drawn[lifted_drawn - 1].z - drawn.front().z);
  EXPECT_GT(moved, 0.015f);
  EXPECT_LE(moved, 0.025f + 1e-3f);
}

// The same walk away from a held foot, without a draw: first the pelvis goes down (by at most
// max_pelvis_reach_drop_m) to keep the foot in the leg's reach, so the foot stays on the floor
// for longer before the reach clamp lifts it.
TEST_F(CharacterIkTest, ThePelvisGoesDownToKeepAHeldFootInReach) {
  const StepWorld world(100.0f);  // all floor
  const auto run = [&](float drop, std::vector<glm::vec3>& ankles, float& lowest_pelvis) {
    CharacterIkSettings settings = assets_->settings();
    settings.lock.max_reach_draw_m = 0.0f;
    settings.lock.max_pelvis_reach_drop_m = drop;
    auto assets =
        CharacterIkAssets::Create(skeleton_, MakeHumanoidProfile(), idle_, nullptr, {}, settings);
    ASSERT_TRUE(assets.ok()) << assets.error().message;
    CharacterIk ik(*assets);
    CharacterIkInput input;
    input.enable_foot_ik = {1.0f, 1.0f};
    input.world = &world;
    input.foot_lock = {1.0f, 0.0f};
    lowest_pelvis = 0.0f;
    for (int frame = 0; frame <= 60; ++frame) {
      input.character_world.translation = {0, 0, 0.005f * frame};
      ASSERT_TRUE(ik.Update(input, local_, model_, 1.0f / 60.0f).ok());
      ankles.push_back(ik.feet()[kLeft].ankle);
      lowest_pelvis = std::min(lowest_pelvis, ik.pelvis_offset_m());
    }
  };
  std::vector<glm::vec3> upright, lowered;
  float upright_pelvis = 0.0f, lowered_pelvis = 0.0f;
  run(0.0f, upright, upright_pelvis);
  run(0.03f, lowered, lowered_pelvis);
  const float floor_y = upright.front().y;
  EXPECT_EQ(upright_pelvis, 0.0f);
  EXPECT_LT(lowered_pelvis, -0.02f);
  EXPECT_GE(lowered_pelvis, -0.03f - 1e-4f);
  // Until the drop's cap is used up (0.5 cm a frame away from the foot, 0.28 m by frame 56):
  // upright, the reach clamp lifts the foot 2.6 cm; lowered, the leg's soft band a few mm.
  constexpr std::size_t kFrame = 56;
  ASSERT_GT(upright.size(), kFrame);
  EXPECT_GT(upright[kFrame].y - floor_y, 0.02f);
  EXPECT_LT(lowered[kFrame].y - floor_y, 0.2f * (upright[kFrame].y - floor_y));
  // Held, not drawn: the foot keeps its place on the ground.
  EXPECT_NEAR(lowered[kFrame].z, lowered.front().z, 2e-3f);
}

// A held foot the body sinks toward (the pelvis lowered for a far lower foot) is never placed as
// high as its hip: the leg folds no further than a tenth of its length under it, the knee keeps
// bending forward, and the thigh never turns half round about its own axis.
TEST_F(CharacterIkTest, AFootTargetAtTheHipIsHeldUnderItWithoutAFlip) {
  const float leg_length = glm::length(model_[kCalfL].translation - model_[kThighL].translation) +
                           glm::length(model_[kFootL].translation - model_[kCalfL].translation);
  const float hip_over_ankle = model_[kThighL].translation.y - model_[kFootL].translation.y;
  CharacterIk ik(assets_);
  CharacterIkInput input = Input({0, 0, 0}, nullptr);
  input.foot_lock = {1.0f, 0.0f};
  ASSERT_TRUE(ik.Update(input, local_, model_, 1.0f / 60.0f).ok());
  std::optional<glm::quat> previous_thigh;
  // The body sinks past the held foot, 2 cm a frame, until the foot is 10 cm over the hip.
  for (float sink = 0.0f; sink <= hip_over_ankle + 0.1f; sink += 0.02f) {
    input.character_world.translation = {0, -sink, 0};
    ASSERT_TRUE(ik.Update(input, local_, model_, 1.0f / 60.0f).ok());
    const std::span<const Transform> pose = ik.model_pose();
    EXPECT_LE(pose[kFootL].translation.y, pose[kThighL].translation.y - 0.1f * leg_length + 1e-3f)
        << sink;
    // The knee in front of the hip-ankle line (the humanoid's knees bend toward +Z).
    const glm::vec3 line = glm::normalize(pose[kFootL].translation - pose[kThighL].translation);
    const glm::vec3 hip_to_knee = pose[kCalfL].translation - pose[kThighL].translation;
    EXPECT_GT((hip_to_knee - glm::dot(hip_to_knee, line) * line).z, 0.0f) << sink;
    const glm::quat thigh = ik.local_pose()[kThighL].rotation;
    if (previous_thigh) {
      const float turn =
          2.0f * std::acos(std::min(1.0f, std::fabs(glm::dot(*previous_thigh, thigh))));
      EXPECT_LT(turn, glm::radians(30.0f)) << sink;
    }
    previous_thigh = thigh;
  }
}

// A swinging foot lifted onto a raised floor by the sole guard, then let down at once as the
// floor goes: its knee straightens no faster than legs.max_swing_knee_speed_deg_s (the animation
// stands still, so none of the turn is the clip's own); without the limit it snaps straight, and a
// planted foot is not held back. A foot part way planted turns at most 1 / min_knee_swing_share
// as fast.
TEST_F(CharacterIkTest, ASwingingKneeStraightensNoFasterThanItsSpeedLimit) {
  const float dt = 1.0f / 60.0f;
  const auto fastest_knee_turn = [&](float speed_deg_s, float foot_lock,
                                     float min_swing_share = 0.85f) {
    CharacterIkSettings settings;
    settings.leg_soft_extension = 0.0f;
    settings.max_swing_knee_speed_deg_s = speed_deg_s;
    settings.min_knee_swing_share = min_swing_share;
    // The knee's limit alone: the swinging foot's capped fall would also slow the knee.
    settings.feet.max_swing_foot_drop_speed_m_s = 0.0f;
    const auto knee = [](const std::vector<Transform>& pose) {
      return KneeAngle(pose[kThighL].translation, pose[kCalfL].translation,
                       pose[kFootL].translation);
    };
    const auto poses =
        PosesAcrossGroundChange(settings, PlaneWorld(0.25f), PlaneWorld(-3.0f), foot_lock);
    float fastest = 0.0f;
    for (std::size_t k = 1; k < poses.size(); ++k)
      fastest = std::max(fastest, std::fabs(knee(poses[k]) - knee(poses[k - 1])));
    return glm::degrees(fastest);
  };
  const float limit_deg_s = 300.0f;
  const float limited = fastest_knee_turn(limit_deg_s, 0.0f);
  EXPECT_GT(limited, 0.5f * limit_deg_s * dt);
  EXPECT_LE(limited, limit_deg_s * dt + 0.05f);
  EXPECT_GT(fastest_knee_turn(0.0f, 0.0f), 2.0f * limit_deg_s * dt);
  EXPECT_GT(fastest_knee_turn(limit_deg_s, 1.0f), 2.0f * limit_deg_s * dt);
  // Part way planted (FootLock 0.8: a swinging share of about 0.4).
  const float planting = fastest_knee_turn(limit_deg_s, 0.8f);
  EXPECT_LE(planting, limit_deg_s * dt / 0.85f + 0.05f);
  EXPECT_GT(fastest_knee_turn(limit_deg_s, 0.8f, 0.0f), 1.5f * planting);
  std::printf("[knee] limited %.2f, planting %.2f, planting unbounded %.2f deg a frame\n", limited,
              planting, fastest_knee_turn(limit_deg_s, 0.8f, 0.0f));
}

TEST_F(CharacterIkTest, ASwingingAnkleTurnsNoFasterThanItsSpeedLimit) {
  const float dt = 1.0f / 60.0f;
  // The fastest the left ankle (the foot against the shin) turns in a frame once the ground
  // under the feet tilts 27 degrees at once.
  const auto fastest_ankle_turn = [&](float speed_deg_s, float foot_lock) {
    CharacterIkSettings settings;
    settings.max_swing_ankle_speed_deg_s = speed_deg_s;
    const auto ankle = [](const std::vector<Transform>& pose) {
      return glm::inverse(pose[kCalfL].rotation) * pose[kFootL].rotation;
    };
    const auto poses =
        PosesAcrossGroundChange(settings, PlaneWorld(0.0f), PlaneWorld(0.0f, 0.5f), foot_lock);
    float fastest = 0.0f;
    for (std::size_t k = 1; k < poses.size(); ++k)
      fastest = std::max(fastest, AngleBetween(ankle(poses[k - 1]), ankle(poses[k])));
    return glm::degrees(fastest);
  };
  const float limit_deg_s = 120.0f;
  const float limited = fastest_ankle_turn(limit_deg_s, 0.0f);
  EXPECT_GT(limited, 0.5f * limit_deg_s * dt);
  EXPECT_LE(limited, limit_deg_s * dt + 0.05f);
  // Off, or with the foot planted, the ankle follows the ground faster.
  EXPECT_GT(fastest_ankle_turn(0.0f, 0.0f), 2.0f * limit_deg_s * dt);
  EXPECT_GT(fastest_ankle_turn(limit_deg_s, 1.0f), 2.0f * limit_deg_s * dt);
}

TEST_F(CharacterIkTest, PlantedFeetSlideAlongWithAPushAndAreNotLeftBehind) {
  // A platform shoving the character 2 cm a frame along +X: the feet held on the ground move
  // with the push instead of staying where they were planted while the body goes on.
  // No world: the feet are only locked, on static ground (the test plane is a moving body).
  CharacterIk ik(assets_);
  CharacterIkInput input = Input({0, 0, 0}, nullptr);
  input.foot_lock = {1.0f, 1.0f};
  for (int frame = 0; frame < 10; ++frame)
    ASSERT_TRUE(ik.Update(input, local_, model_, 1.0f / 60.0f).ok());
  const glm::vec3 before = ik.feet()[kLeft].ankle;
  input.pushed_world = glm::vec3(0.02f, 0.0f, 0.0f);
  for (int frame = 1; frame <= 10; ++frame) {
    input.character_world.translation.x = 0.02f * static_cast<float>(frame);
    ASSERT_TRUE(ik.Update(input, local_, model_, 1.0f / 60.0f).ok());
  }
  EXPECT_TRUE(ik.feet()[kLeft].locked);
  EXPECT_NEAR(ik.feet()[kLeft].ankle.x, before.x + 0.2f, 1e-3f);
  EXPECT_NEAR(ik.feet()[kLeft].ankle.z, before.z, 1e-3f);
  // Without it the held foot stays put and the body leaves it behind.
  CharacterIk unpushed(assets_);
  input = Input({0, 0, 0}, nullptr);
  input.foot_lock = {1.0f, 1.0f};
  for (int frame = 0; frame < 10; ++frame)
    ASSERT_TRUE(unpushed.Update(input, local_, model_, 1.0f / 60.0f).ok());
  for (int frame = 1; frame <= 10; ++frame) {
    input.character_world.translation.x = 0.02f * static_cast<float>(frame);
    ASSERT_TRUE(unpushed.Update(input, local_, model_, 1.0f / 60.0f).ok());
  }
  EXPECT_LT(unpushed.feet()[kLeft].ankle.x, before.x + 0.1f);
  input.pushed_world.x = std::numeric_limits<float>::quiet_NaN();
  EXPECT_FALSE(unpushed.Update(input, local_, model_, 1.0f / 60.0f).ok());
}

TEST_F(CharacterIkTest, LooksAtATargetAndRejectsBadInput) {
  CharacterIk ik(assets_);
  CharacterIkInput input = Input({0, 0, 0}, nullptr);
  input.look_target_world = glm::vec3(1.0f, 1.5f, 2.0f);
  for (int frame = 0; frame < 90; ++frame)
    ASSERT_TRUE(ik.Update(input, local_, model_, 1.0f / 60.0f).ok());
  const glm::vec3 to_target = *input.look_target_world - ik.head_position_world();
  EXPECT_GT(glm::dot(glm::normalize(to_target), ik.head_forward_world()), std::cos(0.01f));
  EXPECT_FALSE(ik.Update(input, local_, model_, 0.0f).ok());
  input.character_world.translation.x = std::numeric_limits<float>::quiet_NaN();
  EXPECT_FALSE(ik.Update(input, local_, model_, 1.0f / 60.0f).ok());
  EXPECT_FALSE(ik.SetOverlay(3).ok());
  EXPECT_TRUE(ik.SetOverlay(-1).ok());
}

}  // namespace
}  // namespace footwork::ik
