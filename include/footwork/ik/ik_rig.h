#pragma once
// What the IK layer needs to know about a skeleton, found once through its rig profile and shared
// read-only by every character on that skeleton: the leg chains, the neck/head chain, the
// ankle height used for slope correction, the local axes that say where a knee bends and where
// the head looks, and which overlay body part each joint belongs to.

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include <glm/glm.hpp>

#include "footwork/anim/rig_profile.h"
#include "footwork/anim/skeleton.h"
#include "footwork/anim/two_bone_ik.h"
#include "footwork/core/error.h"

namespace footwork::ik {

// ALS's overlay body parts, each driven by a Layering_<Part> curve (and _Add, _LS variants).
enum class BodyPart : std::uint8_t {
  kNone,  // the root and anything above the pelvis: always the base pose
  kLegs,
  kPelvis,
  kSpine,
  kHead,
  kArmL,
  kArmR,
  kHandL,
  kHandR,
};
inline constexpr int kBodyPartCount = 9;
// The curve suffix of a part ("Legs", "Arm_L"); "" for kNone.
const char* BodyPartCurveName(BodyPart part);

enum Side : int { kLeft = 0, kRight = 1 };

struct LegRig {
  anim::TwoBoneIkChain chain;
  // Toe joint, or -1 when the profile has no ball role.
  int ball = -1;
  // The knee's bend direction (character forward at rest) in the thigh's local frame.
  glm::vec3 knee_axis_in_thigh{0.0f, 0.0f, 1.0f};
  // The surface normal direction (character up at rest) in the foot's local frame.
  glm::vec3 up_in_foot{0.0f, 1.0f, 0.0f};
  // The toe joint in the foot's frame and its height over the sole when standing (ball >= 0).
  glm::vec3 ball_in_foot{0.0f};
  float ball_height_m = 0.0f;
};

// The heel's sole point for a foot at `foot_world`: foot_height_m under the ankle along the foot's
// own up axis (so a heel strike's pitched foot is measured where its heel is).
glm::vec3 HeelSolePoint(const LegRig& leg, float foot_height_m, const Transform& foot_world);

// The sole point under the toe joint (the ball) for a foot at `foot_world`: the toe joint's
// standing height along the foot's up axis; unset for a rig without a toe.
std::optional<glm::vec3> ToeSolePoint(const LegRig& leg, const Transform& foot_world);

// The lowest of the foot's two sole points (under the ankle, under the toe joint) along
// `normal`, for a foot at `foot_world`: where a heel-up or toe-up foot touches a surface.
glm::vec3 LowestSolePoint(const LegRig& leg, float foot_height_m, const Transform& foot_world,
                          const glm::vec3& normal);

struct IkRig {
  int root = -1;
  int pelvis = -1;
  std::array<LegRig, 2> legs;
  // Neck (or -1) and head joints, rotated together by look-at.
  int neck = -1;
  int head = -1;
  // Character forward (+Z at rest) in the head's local frame.
  glm::vec3 head_forward_in_head{0.0f, 0.0f, 1.0f};
  // Height of the ankle (foot joint) above the sole at rest, in metres: the seed's FootHeight.
  float foot_height_m = 0.1f;
  // Rest-pose height of the head joint above the root, metres (sizes rig-relative settings).
  float head_height_m = 1.6f;
  // One per joint.
  std::vector<BodyPart> body_parts;
};

// Finds the roles pelvis, thigh/calf/foot (l, r), head (neck, ball and root optional) and
// measures the rest pose. Errors name the missing role or joint.
Result<IkRig> BuildIkRig(const anim::Skeleton& skeleton, const anim::RigProfile& profile);

}  // namespace footwork::ik
