// The procedural test humanoid keeps its promises: declared bone lengths, exact IK foot paths,
// planted feet that are still in the world, the declared speeds, strides, yaw and jump apex.
// Positions come from the independent reference evaluator in tests/support.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "footwork/anim/rig_profile.h"
#include "footwork/core/angles.h"
#include "support/pose_eval.h"
#include "support/procedural_humanoid.h"

namespace footwork::testing {
namespace {

constexpr float kMillimetre = 1e-3f;

glm::vec3 RestModelPosition(const anim::Skeleton& skeleton, const std::string& joint) {
  return LocalToModel(skeleton, skeleton.rest_pose)[skeleton.FindJoint(joint)].translation;
}

float BoneLength(const std::vector<Transform>& model, const anim::Skeleton& skeleton,
                 const std::string& from, const std::string& to) {
  return glm::distance(model[skeleton.FindJoint(from)].translation,
                       model[skeleton.FindJoint(to)].translation);
}

// Times to check: every key of every channel plus the midpoints between them, where
// interpolation (not the solver) decides the pose.
std::vector<float> KeyAndMidTimes(const anim::Clip& clip) {
  std::vector<float> keys;
  for (const anim::JointTrack& track : clip.tracks) {
    keys.insert(keys.end(), track.translation.times.begin(), track.translation.times.end());
    keys.insert(keys.end(), track.rotation.times.begin(), track.rotation.times.end());
  }
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  std::vector<float> times = keys;
  for (std::size_t k = 1; k < keys.size(); ++k)
    times.push_back(0.5f * (keys[k - 1] + keys[k]));
  std::sort(times.begin(), times.end());
  return times;
}

TEST(HumanoidSkeleton, IsValidWithDeclaredDimensions) {
  const anim::Skeleton skeleton = HumanoidSkeleton();
  ASSERT_TRUE(skeleton.Validate().ok()) << skeleton.Validate().error().message;
  EXPECT_EQ(skeleton.num_joints(), 23);
  EXPECT_EQ(RestModelPosition(skeleton, "root"), glm::vec3(0.0f));
  EXPECT_NEAR(RestModelPosition(skeleton, "spine").y, kPelvisHeight_m, 1e-6f);

  const std::vector<Transform> model = LocalToModel(skeleton, skeleton.rest_pose);
  for (Side side : {Side::kLeft, Side::kRight}) {
    EXPECT_NEAR(BoneLength(model, skeleton, SideName("thigh", side), SideName("shin", side)),
                kThighLength_m, 1e-6f);
    EXPECT_NEAR(BoneLength(model, skeleton, SideName("shin", side), SideName("foot", side)),
                kShinLength_m, 1e-6f);
    EXPECT_NEAR(BoneLength(model, skeleton, SideName("upper_arm", side), SideName("forearm", side)),
                kUpperArmLength_m, 1e-6f);
    EXPECT_NEAR(BoneLength(model, skeleton, SideName("forearm", side), SideName("hand", side)),
                kForearmLength_m, 1e-6f);
    EXPECT_NEAR(RestModelPosition(skeleton, SideName("foot", side)).y, kAnkleHeight_m, 1e-6f);
  }
  // Facing +Z with Y up puts the character's left at +X.
  EXPECT_GT(RestModelPosition(skeleton, "thigh.L").x, 0.0f);
  EXPECT_GT(RestModelPosition(skeleton, "hand.L").x, 0.0f);
  EXPECT_LT(RestModelPosition(skeleton, "hand.R").x, 0.0f);
  EXPECT_GT(RestModelPosition(skeleton, "toe.L").z, RestModelPosition(skeleton, "foot.L").z);
  EXPECT_GT(RestModelPosition(skeleton, "head").y, RestModelPosition(skeleton, "neck").y);
}

TEST(HumanoidRigProfile, NamesExistingJointsAndMirrorPairs) {
  const anim::Skeleton skeleton = HumanoidSkeleton();
  const anim::RigProfile profile = HumanoidRigProfile();
  for (const char* role : anim::kRequiredRoles) {
    ASSERT_TRUE(profile.roles.contains(role)) << role;
    EXPECT_GE(skeleton.FindJoint(profile.roles.at(role)), 0) << role;
  }
  for (const auto& [role, joint] : profile.roles)
    EXPECT_GE(skeleton.FindJoint(joint), 0) << role;
  for (const std::string& joint : profile.spine_chain)
    EXPECT_GE(skeleton.FindJoint(joint), 0);

  // Every ".L" joint has a ".R" twin that is its mirror image through the YZ plane.
  const std::vector<Transform> model = LocalToModel(skeleton, skeleton.rest_pose);
  int pairs = 0;
  for (int j = 0; j < skeleton.num_joints(); ++j) {
    const std::string& name = skeleton.joint_names[j];
    const auto [left, right] = profile.mirror_name_pairs.at(0);
    if (!name.ends_with(left))
      continue;
    const int twin = skeleton.FindJoint(name.substr(0, name.size() - left.size()) + right);
    ASSERT_GE(twin, 0) << name;
    const glm::vec3 p = model[j].translation;
    const glm::vec3 q = model[twin].translation;
    EXPECT_NEAR(p.x, -q.x, 1e-6f) << name;
    EXPECT_NEAR(p.y, q.y, 1e-6f) << name;
    EXPECT_NEAR(p.z, q.z, 1e-6f) << name;
    ++pairs;
  }
  EXPECT_EQ(pairs, 8);
}

TEST(HumanoidClips, ValidateAndMatchTheirTruth) {
  const anim::Skeleton skeleton = HumanoidSkeleton();
  for (const HumanoidClip& c : HumanoidClips()) {
    const Status valid = c.clip.Validate(skeleton.num_joints());
    EXPECT_TRUE(valid.ok()) << (valid.ok() ? "" : valid.error().message);
    EXPECT_FLOAT_EQ(c.clip.duration_s, c.truth.duration_s) << c.clip.name;
    EXPECT_EQ(c.clip.looping, c.truth.looping) << c.clip.name;
    if (c.clip.looping) {
      // A loop's last pose leads into its first: the root-relative poses agree.
      const std::vector<Transform> first = SampleLocalPose(skeleton, c.clip, 0.0f);
      const std::vector<Transform> last = SampleLocalPose(skeleton, c.clip, c.clip.duration_s);
      for (int j = 1; j < skeleton.num_joints(); ++j) {
        EXPECT_LT(AngleBetween(first[j].rotation, last[j].rotation), 1e-4f)
            << c.clip.name << " " << skeleton.joint_names[j];
        EXPECT_LT(glm::distance(first[j].translation, last[j].translation), 1e-5f)
            << c.clip.name << " " << skeleton.joint_names[j];
      }
    }
  }
}

TEST(HumanoidClips, AnimationKeepsBoneLengths) {
  const anim::Skeleton skeleton = HumanoidSkeleton();
  for (const HumanoidClip& c : {MakeCycleInPlace(RunGait()), MakeJump()}) {
    for (float t : KeyAndMidTimes(c.clip)) {
      const std::vector<Transform> model =
          LocalToModel(skeleton, SampleLocalPose(skeleton, c.clip, t));
      for (Side side : {Side::kLeft, Side::kRight}) {
        EXPECT_NEAR(BoneLength(model, skeleton, SideName("thigh", side), SideName("shin", side)),
                    kThighLength_m, 1e-5f);
        EXPECT_NEAR(BoneLength(model, skeleton, SideName("shin", side), SideName("foot", side)),
                    kShinLength_m, 1e-5f);
      }
    }
  }
}

class HumanoidGait : public ::testing::TestWithParam<GaitSpec> {};

TEST_P(HumanoidGait, InPlaceFeetFollowTheAnalyticPathAtEveryKey) {
  const anim::Skeleton skeleton = HumanoidSkeleton();
  const HumanoidClip c = MakeCycleInPlace(GetParam());
  for (float t : c.clip.tracks[skeleton.FindJoint("thigh.L")].rotation.times) {
    const std::vector<Transform> model =
        LocalToModel(skeleton, SampleLocalPose(skeleton, c.clip, t));
    EXPECT_EQ(model[0].translation, glm::vec3(0.0f)) << "the in-place root moved at " << t;
    for (Side side : {Side::kLeft, Side::kRight}) {
      const glm::vec3 ankle = model[skeleton.FindJoint(SideName("foot", side))].translation;
      const glm::vec3 truth = TrueAnkleModelPosition(c.gait, side, t);
      EXPECT_LT(glm::distance(ankle, truth), 1e-4f) << SideName("foot", side) << " t=" << t;
      // The foot stays flat, so the toe is a fixed offset from the ankle.
      const glm::vec3 toe = model[skeleton.FindJoint(SideName("toe", side))].translation;
      EXPECT_LT(glm::distance(toe - ankle, kAnkleToBall_m), 1e-5f);
    }
  }
}

TEST_P(HumanoidGait, InPlacePlantedFootMovesBackwardAtGroundSpeed) {
  const anim::Skeleton skeleton = HumanoidSkeleton();
  const HumanoidClip c = MakeCycleInPlace(GetParam());
  const float speed = c.truth.speed_m_s;
  for (Side side : {Side::kLeft, Side::kRight}) {
    const int foot = skeleton.FindJoint(SideName("foot", side));
    int checked = 0;
    for (const ContactInterval& contact : c.truth.contacts(side)) {
      // With the ground moving backward at `speed`, the planted foot is still in the world.
      const glm::vec3 anchor = JointModelPosition(skeleton, c.clip, foot, contact.begin_s) +
                               glm::vec3(0.0f, 0.0f, speed * contact.begin_s);
      for (float t : KeyAndMidTimes(c.clip)) {
        if (t < contact.begin_s || t > contact.end_s)
          continue;
        const glm::vec3 world =
            JointModelPosition(skeleton, c.clip, foot, t) + glm::vec3(0.0f, 0.0f, speed * t);
        EXPECT_LT(glm::distance(world, anchor), kMillimetre)
            << SideName("foot", side) << " t=" << t;
        ++checked;
      }
    }
    EXPECT_GT(checked, 10);
  }
}

TEST_P(HumanoidGait, SwingFootLeavesTheGroundOutsideContacts) {
  const anim::Skeleton skeleton = HumanoidSkeleton();
  const HumanoidClip c = MakeCycleInPlace(GetParam());
  for (Side side : {Side::kLeft, Side::kRight}) {
    const int foot = skeleton.FindJoint(SideName("foot", side));
    float highest_swing = 0.0f;
    for (float t : KeyAndMidTimes(c.clip)) {
      const float lift = JointModelPosition(skeleton, c.clip, foot, t).y - kAnkleHeight_m;
      if (c.truth.InContact(side, t)) {
        // Within a millimetre: between keys, interpolated joint rotations (not the analytic
        // solver) place the foot.
        EXPECT_NEAR(lift, 0.0f, kMillimetre) << "planted foot off the ground at t=" << t;
      } else {
        EXPECT_GT(lift, 0.0f) << "swing foot on the ground at t=" << t;
        highest_swing = std::max(highest_swing, lift);
      }
    }
    EXPECT_NEAR(highest_swing, c.gait.swing_height_m, 0.01f);
  }
  // Feet alternate half a cycle apart.
  ASSERT_EQ(c.truth.foot_down_left_s.size(), 1u);
  ASSERT_EQ(c.truth.foot_down_right_s.size(), 1u);
  EXPECT_FLOAT_EQ(c.truth.foot_down_right_s[0] - c.truth.foot_down_left_s[0],
                  0.5f * c.truth.cycle_s);
}

TEST_P(HumanoidGait, RootMotionCycleKeepsThePlantedFootStillAndCoversTheStride) {
  const anim::Skeleton skeleton = HumanoidSkeleton();
  const HumanoidClip c = MakeCycleRootMotion(GetParam());
  ASSERT_TRUE(c.truth.root_motion);
  const float cycle = c.truth.cycle_s;
  for (float t : KeyAndMidTimes(c.clip)) {
    const glm::vec3 root = JointModelPosition(skeleton, c.clip, 0, t);
    EXPECT_LT(glm::distance(root, glm::vec3(0.0f, 0.0f, c.truth.speed_m_s * t)), 1e-5f);
  }
  for (Side side : {Side::kLeft, Side::kRight}) {
    const int foot = skeleton.FindJoint(SideName("foot", side));
    for (const ContactInterval& contact : c.truth.contacts(side)) {
      const glm::vec3 anchor = JointModelPosition(skeleton, c.clip, foot, contact.begin_s);
      for (float t : KeyAndMidTimes(c.clip)) {
        if (t < contact.begin_s || t > contact.end_s)
          continue;
        EXPECT_LT(glm::distance(JointModelPosition(skeleton, c.clip, foot, t), anchor), kMillimetre)
            << SideName("foot", side) << " t=" << t;
      }
    }
  }
  // The root-motion clip puts the ankle where the analytic world path says, at every key.
  for (float t : c.clip.tracks[skeleton.FindJoint("thigh.L")].rotation.times) {
    for (Side side : {Side::kLeft, Side::kRight}) {
      EXPECT_LT(glm::distance(JointModelPosition(skeleton, c.clip,
                                                 skeleton.FindJoint(SideName("foot", side)), t),
                              TrueAnkleWorldPosition(c.gait, side, t)),
                1e-4f);
    }
  }
  // The left foot goes down at 0 and again one cycle later, one stride further on.
  const int left = skeleton.FindJoint("foot.L");
  const glm::vec3 step = JointModelPosition(skeleton, c.clip, left, cycle) -
                         JointModelPosition(skeleton, c.clip, left, 0.0f);
  EXPECT_NEAR(step.z, c.truth.stride_m, 1e-4f);
  EXPECT_NEAR(c.truth.stride_m, c.truth.speed_m_s * cycle, 1e-6f);
}

INSTANTIATE_TEST_SUITE_P(WalkAndRun, HumanoidGait, ::testing::Values(WalkGait(), RunGait()),
                         [](const auto& param_info) { return param_info.param.name; });

TEST(HumanoidGaits, WalkHasDoubleSupportAndRunHasFlight) {
  const HumanoidClip walk = MakeCycleInPlace(WalkGait());
  const HumanoidClip run = MakeCycleInPlace(RunGait());
  EXPECT_FLOAT_EQ(walk.truth.speed_m_s, 1.2f);
  EXPECT_FLOAT_EQ(run.truth.speed_m_s, 3.5f);
  bool walk_double_support = false;
  bool run_flight = false;
  for (float t = 0.0f; t < 0.7f; t += 0.005f) {
    walk_double_support |=
        walk.truth.InContact(Side::kLeft, t) && walk.truth.InContact(Side::kRight, t);
    run_flight |= !run.truth.InContact(Side::kLeft, t) && !run.truth.InContact(Side::kRight, t);
    // A walk always has a foot down.
    EXPECT_TRUE(walk.truth.InContact(Side::kLeft, t) || walk.truth.InContact(Side::kRight, t));
  }
  EXPECT_TRUE(walk_double_support);
  EXPECT_TRUE(run_flight);
}

TEST(HumanoidIdle, FeetStayPlantedWhileTheSpineBreathes) {
  const anim::Skeleton skeleton = HumanoidSkeleton();
  const HumanoidClip c = MakeIdle();
  const int chest = skeleton.FindJoint("spine.003");
  float chest_travel = 0.0f;
  const glm::vec3 chest_start = JointModelPosition(skeleton, c.clip, chest, 0.0f);
  for (float t : KeyAndMidTimes(c.clip)) {
    for (Side side : {Side::kLeft, Side::kRight}) {
      ASSERT_TRUE(c.truth.InContact(side, t));
      const glm::vec3 foot =
          JointModelPosition(skeleton, c.clip, skeleton.FindJoint(SideName("foot", side)), t);
      EXPECT_LT(glm::distance(foot, RestModelPosition(skeleton, SideName("foot", side))), 1e-6f);
    }
    chest_travel = std::max(
        chest_travel, glm::distance(JointModelPosition(skeleton, c.clip, chest, t), chest_start));
  }
  EXPECT_GT(chest_travel, 0.005f) << "the idle should visibly breathe";
  EXPECT_EQ(c.truth.speed_m_s, 0.0f);
}

TEST(HumanoidTurn, RootYawReachesTheDeclaredAngleMonotonically) {
  const anim::Skeleton skeleton = HumanoidSkeleton();
  const HumanoidClip c = MakeTurnInPlace();
  float previous_yaw = -1.0f;
  for (float t : KeyAndMidTimes(c.clip)) {
    const Transform root = LocalToModel(skeleton, SampleLocalPose(skeleton, c.clip, t))[0];
    const float yaw = YawFromQuat(root.rotation);
    EXPECT_GE(yaw, previous_yaw - 1e-6f) << "t=" << t;
    previous_yaw = yaw;
    EXPECT_EQ(root.translation, glm::vec3(0.0f));
  }
  const Transform end = SampleLocalPose(skeleton, c.clip, c.clip.duration_s)[0];
  EXPECT_NEAR(YawFromQuat(end.rotation), c.truth.root_yaw_rad, 1e-5f);
  EXPECT_NEAR(c.truth.root_yaw_rad, Radians(90.0f), 1e-6f);
  // Turning left (positive yaw) swings the facing direction toward +X.
  EXPECT_GT((end.rotation * glm::vec3(0, 0, 1)).x, 0.99f);
}

TEST(HumanoidJump, PelvisPeaksAtTheApexAndFeetLeaveOnlyInFlight) {
  const anim::Skeleton skeleton = HumanoidSkeleton();
  const HumanoidClip c = MakeJump();
  const int pelvis = skeleton.FindJoint("spine");
  float highest = 0.0f;
  float highest_at = -1.0f;
  for (float t : KeyAndMidTimes(c.clip)) {
    const float y = JointModelPosition(skeleton, c.clip, pelvis, t).y;
    if (y > highest) {
      highest = y;
      highest_at = t;
    }
    for (Side side : {Side::kLeft, Side::kRight}) {
      const glm::vec3 foot =
          JointModelPosition(skeleton, c.clip, skeleton.FindJoint(SideName("foot", side)), t);
      if (c.truth.InContact(side, t)) {
        EXPECT_LT(glm::distance(foot, RestModelPosition(skeleton, SideName("foot", side))),
                  kMillimetre)
            << "t=" << t;
      } else {
        EXPECT_GT(foot.y, kAnkleHeight_m) << "t=" << t;
      }
    }
  }
  EXPECT_NEAR(highest - kPelvisHeight_m, c.truth.apex_height_m, 1e-4f);
  EXPECT_NEAR(highest_at, c.truth.apex_s, 1e-4f);
  EXPECT_LT(c.truth.takeoff_s, c.truth.apex_s);
  EXPECT_LT(c.truth.apex_s, c.truth.landing_s);
  EXPECT_LT(c.truth.landing_s, c.truth.duration_s);
}

TEST(HumanoidStepPoses, HoldEachKeyUntilTheNext) {
  const anim::Skeleton skeleton = HumanoidSkeleton();
  const HumanoidClip c = MakeStepPoses();
  const anim::JointTrack& head = c.clip.tracks[skeleton.FindJoint("head")];
  ASSERT_EQ(head.scale.interpolation, anim::Interpolation::kStep);
  for (std::size_t k = 0; k + 1 < head.scale.size(); ++k) {
    const float held = 0.5f * (head.scale.times[k] + head.scale.times[k + 1]);
    EXPECT_EQ(SampleLocalPose(skeleton, c.clip, held)[skeleton.FindJoint("head")].scale,
              head.scale.values[k]);
  }
}

TEST(HumanoidMesh, IsRigidlySkinnedInTheBindPose) {
  const anim::Skeleton skeleton = HumanoidSkeleton();
  const io::SkinnedMesh mesh = HumanoidMesh(skeleton);
  const std::size_t vertices = mesh.positions.size();
  ASSERT_GT(vertices, 0u);
  EXPECT_EQ(mesh.normals.size(), vertices);
  EXPECT_EQ(mesh.joints.size(), vertices);
  EXPECT_EQ(mesh.weights.size(), vertices);
  EXPECT_EQ(mesh.indices.size() % 3, 0u);
  ASSERT_EQ(mesh.inverse_bind_matrices.size(), static_cast<std::size_t>(skeleton.num_joints()));
  const std::vector<Transform> rest = LocalToModel(skeleton, skeleton.rest_pose);
  for (int j = 0; j < skeleton.num_joints(); ++j) {
    const glm::mat4 product = mesh.inverse_bind_matrices[j] * rest[j].ToMatrix();
    for (int col = 0; col < 4; ++col) {
      for (int row = 0; row < 4; ++row) {
        EXPECT_NEAR(product[col][row], col == row ? 1.0f : 0.0f, 1e-5f);
      }
    }
  }
  float lowest = 1.0f;
  for (std::size_t v = 0; v < vertices; ++v) {
    EXPECT_NEAR(glm::length(mesh.normals[v]), 1.0f, 1e-5f);
    EXPECT_FLOAT_EQ(mesh.weights[v].x + mesh.weights[v].y + mesh.weights[v].z + mesh.weights[v].w,
                    1.0f);
    EXPECT_LT(mesh.joints[v][0], skeleton.num_joints());
    lowest = std::min(lowest, mesh.positions[v].y);
  }
  for (std::uint32_t index : mesh.indices)
    EXPECT_LT(index, vertices);
  // Soles rest on the ground.
  EXPECT_NEAR(lowest, 0.0f, 1e-5f);
}

}  // namespace
}  // namespace footwork::testing
