#pragma once
// Pose helpers shared by the derived-clip synthesizers (turn in place, strafing cycles, pivots,
// gait transitions, landings): sampling a clip into a pose, converting to model space, yawing a
// pose about the vertical, and placing a foot with the two-bone leg IK.

#include <span>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "footwork/anim/clip.h"
#include "footwork/anim/mirror.h"
#include "footwork/anim/sampling.h"
#include "footwork/anim/skeleton.h"
#include "footwork/anim/two_bone_ik.h"
#include "footwork/core/error.h"
#include "footwork/core/transform.h"

namespace footwork::cook {

// 0 at u <= 0, 1 at u >= 1, zero slope at both ends.
float Smoothstep(float u);

// The legs of a bound rig as thigh-calf-foot chains. Errors name the missing role.
struct LegChains {
  anim::TwoBoneIkChain left;
  anim::TwoBoneIkChain right;
};
Result<LegChains> LegChainsOf(const anim::RigBinding& binding);

// A local pose and its model-space twin for one skeleton, with helpers to keep them in step.
struct PosePair {
  std::vector<Transform> local;
  std::vector<Transform> model;

  explicit PosePair(const anim::Skeleton& skeleton);
  // Samples `clip` at time_s into local and refreshes model.
  Status Sample(const anim::Skeleton& skeleton, const anim::Clip& clip, float time_s,
                anim::WrapMode wrap);
  // model from local.
  Status Refresh(const anim::Skeleton& skeleton);
};

// Gives joint `joint` the model rotation `rotation` (its position unchanged) by rewriting its
// local rotation; call Refresh before reading model transforms of its descendants.
void SetModelRotation(const anim::Skeleton& skeleton, PosePair& pose, int joint,
                      const glm::quat& rotation);

// Moves joint `joint` to model position `position` (its rotation unchanged) by rewriting its
// local translation; call Refresh before reading model transforms of its descendants.
void SetModelTranslation(const anim::Skeleton& skeleton, PosePair& pose, int joint,
                         const glm::vec3& position);

// Places a foot: the ankle (chain end) at model-space `ankle`, with model rotation `rotation`,
// the knee bending toward `pole`; then refreshes the model pose.
Status PlaceFoot(const anim::Skeleton& skeleton, const anim::TwoBoneIkChain& chain,
                 const glm::vec3& ankle, const glm::quat& rotation, const glm::vec3& pole,
                 PosePair& pose);

// Rotation of a model-space point about the vertical axis through the origin.
glm::vec3 YawPoint(float yaw_rad, const glm::vec3& point);

// Length of the left leg in the pose (hip to knee to ankle), to scale step heights to the rig.
float LegLength(const LegChains& legs, const PosePair& pose);

}  // namespace footwork::cook
