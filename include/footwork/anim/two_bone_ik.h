#pragma once
// Two-bone IK (thigh-calf-foot, upperarm-forearm-hand): rotates the upper and lower joints so the
// end joint reaches a target, with the middle joint (knee, elbow) bending toward a pole direction.
// Pure pose math, shared by the cooker (foot lock curves) and the ik layer (foot placement).
//
// No knee flip: the bend plane is spanned by the root-to-target direction and the pole, so the
// knee always lies on the pole's side of the root-target line, and a reach clamp below the chain
// length keeps the leg from ever going fully straight (where the bend direction is undefined).

#include <limits>
#include <span>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "footwork/anim/skeleton.h"
#include "footwork/core/error.h"
#include "footwork/core/transform.h"

namespace footwork::anim {

// Joint indices of a chain; lower's parent must be upper and end's parent must be lower.
struct TwoBoneIkChain {
  int upper = -1;  // e.g. thigh
  int lower = -1;  // e.g. calf (the joint that bends, at the knee)
  int end = -1;    // e.g. foot (the joint placed on the target)
};

struct TwoBoneIkGoal {
  // Model-space position the end joint should reach.
  glm::vec3 target{0.0f};
  // Model-space direction the middle joint bends toward (e.g. the character's forward for a
  // knee). Only its component perpendicular to the root-to-target line matters; when it is
  // (nearly) parallel to that line, the current bend direction of the chain is kept.
  glm::vec3 pole{0.0f, 0.0f, 1.0f};
  // Blend between the input pose (0) and the solved pose (1); clamped to [0, 1].
  float weight = 1.0f;
  // Reach clamp as a fraction of the chain length (upper + lower bone), in (0, 1]. A target
  // farther away is reached as far as this fraction along the same direction, so a leg near full
  // extension slows down smoothly instead of snapping straight.
  float max_extension = 0.999f;
  // Soft reach: over this last fraction of the chain length below max_extension the reach eases
  // in (max - band * exp(-(d - (max - band)) / band), continuous with slope 1 where it starts), so
  // a leg straightening toward a target that runs away slows down instead of snapping straight
  // at the clamp. 0 = hard clamp only.
  float soft_extension = 0.0f;
  // Bounds on the solved reach (upper joint to end joint), metres, applied after the clamps
  // above: a caller limiting how fast the middle joint bends or straightens passes the reach range
  // that allows, and the end falls short of (or stops beyond) the target along the same line.
  // The defaults leave the reach alone; NaN is an error.
  float min_reach_m = 0.0f;
  float max_reach_m = std::numeric_limits<float>::infinity();
  // When true, the end joint gets `end_rotation` (model space, blended by weight); otherwise it
  // keeps its input model rotation (a foot stays level while the knee moves).
  bool set_end_rotation = false;
  glm::quat end_rotation{1.0f, 0.0f, 0.0f, 0.0f};
};

// Result of the pure solve: model-space rotations, each pre-multiplied onto the joint's input
// model rotation (new_upper = upper_delta * upper, new_lower = lower_delta * lower). The lower
// delta already includes the upper's, so both apply to the input pose directly; they rotate about
// the upper and lower joint positions respectively.
struct TwoBoneIkSolution {
  glm::quat upper_delta{1.0f, 0.0f, 0.0f, 0.0f};
  glm::quat lower_delta{1.0f, 0.0f, 0.0f, 0.0f};
  // True when the target was within [min reach, (max_extension - soft_extension) * length];
  // false when clamped or eased.
  bool reached = false;
  // False when an input was not finite or a bone has zero length: both deltas are identity.
  bool valid = false;
};

// Solves for joint positions a (upper), b (lower), c (end) in model space. Non-finite inputs,
// zero-length bones or a target on the upper joint give identity deltas with valid = false.
// max_extension outside (0, 1] is clamped into it; soft_extension (see TwoBoneIkGoal) into
// [0, max_extension / 2].
TwoBoneIkSolution SolveTwoBoneIk(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c,
                                 const glm::vec3& target, const glm::vec3& pole,
                                 float max_extension = 0.999f, float soft_extension = 0.0f);

// Applies a goal to a pose held in both spaces (model must match local for the chain's joints
// and the upper joint's parent). Updates local rotations of upper, lower and end, and the model
// transforms of those three joints only: the end joint keeps its model rotation (or gets the
// goal's), so its descendants (toes) keep correct local transforms but stale model transforms, as
// do joints hanging off upper or lower (twist bones). Re-run LocalToModelJob from upper (or over
// the whole pose) when those are needed.
// Errors (the pose is left untouched): bad indices or parent links, span sizes that differ from
// the skeleton, a non-finite target, pole, weight or end rotation.
Status ApplyTwoBoneIk(const Skeleton& skeleton, const TwoBoneIkChain& chain,
                      const TwoBoneIkGoal& goal, std::span<Transform> local,
                      std::span<Transform> model);

}  // namespace footwork::anim
