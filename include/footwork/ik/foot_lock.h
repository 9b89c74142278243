#pragma once
// Foot lock (ALS's, driven by the cooker's FootLock_L/R curves): when the curve reaches 1 the
// foot's world transform is saved, in the space of the body it stands on when that body moves (a
// platform), and held there; while the curve falls from 1 to 0 the foot is released gradually,
// lerping from the held transform back to the animated one by the curve value; a curve that rises
// again without reaching 1 does not pull the foot back (the alpha only falls). A teleport or a
// movement mode change resets the lock.

#include <optional>

#include "footwork/core/transform.h"
#include "footwork/world/collision_world.h"

namespace footwork::ik {

// The curve value from which a foot counts as planted (the cooker's curves are exactly 1 there;
// a little slack absorbs blending between clips).
inline constexpr float kFootLockPlanted = 0.99f;

// The one definition of "in contact" shared by the lock, the trace (feet.*.contact) and the
// metrics (foot slide, float): the FootLock curve is fully planted. The release ramp below it
// lets the foot glide back to the animation on purpose, so it is not contact.
inline bool IsFootPlanted(float foot_lock_curve) {
  return foot_lock_curve >= kFootLockPlanted;  // false for NaN
}

// How far a foot is toward planted, for what foot placement does to planted feet (settling one
// onto the ground): 0 up to half the curve, 1 once planted, linear between (0 for NaN). A fast
// run's curve is planted for a single frame (the KayKit Knight's Running_A touches the ground
// for two source frames): all-or-nothing, the settle dropped the foot 2 cm for that one frame
// and a 29 degree knee jump followed.
inline float PlantedShare(float foot_lock_curve) {
  constexpr float kFrom = 0.5f;
  const float share = (foot_lock_curve - kFrom) / (kFootLockPlanted - kFrom);
  return share >= 1.0f ? 1.0f : (share > 0.0f ? share : 0.0f);
}

// One foot's lock, per character.
struct FootLockState {
  bool locked = false;
  // The held transform: world space, or the space of `body` when it is a moving body.
  Transform held;
  world::BodyId body = world::kNoBody;
  // The body the foot was planted on, moving or not (kNoBody when unknown).
  world::BodyId ground = world::kNoBody;
  // The lock alpha last frame: the curve, except that a partial rise is ignored (see
  // UpdateFootLock); also tells when the curve rises to 1 (a new plant).
  float previous_curve = 0.0f;
  // The held foot as last shown while planted and following placement (its height and tilt;
  // the lock's space), taken as the held foot's once the follow stops (HoldLastFollowed).
  std::optional<Transform> followed;
};

// Forgets the lock (teleport, mode change, landing).
void ResetFootLock(FootLockState& state);

// Advances one foot's lock and returns the world transform the foot should have.
// `animated` is the foot's world transform from the animation (after foot placement).
// `body`/`body_transform`: what the foot stands on and its current transform, when it moves
// (pass kNoBody and nullopt for static ground). `ground`: the body under the foot, moving or
// not; a new plant records it in state.ground. A non-finite curve counts as 0.
// `max_fall`: the most the lock alpha may fall in this update (1: as fast as the curve falls).
Transform UpdateFootLock(FootLockState& state, float curve, const Transform& animated,
                         world::BodyId body, const std::optional<Transform>& body_transform,
                         world::BodyId ground = world::kNoBody, float max_fall = 1.0f);

// Records `shown` (world), the planted foot as shown while it follows placement, in the lock's
// space (`body_transform`: the moving body it is held on; nullopt for static ground).
void RecordFollowedFoot(FootLockState& state, const Transform& shown,
                        const std::optional<Transform>& body_transform);

// Once placement is no longer followed (the ground under the animated foot is another body), the
// held foot keeps the height and tilt it was last shown with instead of the plant's own: a foot
// planted heel first across a stair's edge, its toe still up, rolled flat by the follow, pitched
// its toe back up 5 cm in a frame as its twin's heel crossed the edge onto the floor below.
void HoldLastFollowed(FootLockState& state);

// Moves `foot` (world) horizontally toward `hip` (world) until it is within `reach` of it, by at
// most `budget_m`; its height is kept. Returns how far it moved (0 when it was within reach, or
// when no horizontal move can bring it there: the hip is more than `reach` above or below it).
float DrawIntoReach(glm::vec3& foot, const glm::vec3& hip, float reach, float budget_m);

// The pelvis offset (world vertical, m, <= 0) that brings `hip` (world, before any offset) within
// `reach` of a held `foot` (world) by lowering it, no lower than -max_drop_m: 0 when the foot is
// within reach already or is under no part of a sphere of that radius about the lowered hip (a
// foot too far out horizontally, or above the hip), where lowering does not help.
float PelvisDropToReach(const glm::vec3& hip, const glm::vec3& foot, float reach, float max_drop_m);

// The height (y, same space as the arguments) for a foot target at `target` that keeps it at least
// `min_reach` from `hip`: the point straight below it on the sphere of that radius about the hip
// when the target is inside it, its own height otherwise (also when it lies horizontally farther
// out than the radius, or on non-finite input).
float KeepOffHip(const glm::vec3& hip, const glm::vec3& target, float min_reach);

// The held foot's yaw (its twist about world up) on the placed foot's pitch and roll: the lock
// keeps a planted foot from turning on the ground, while its tilt goes on following placement
// (the surface normal) and the animation. Used with the lock's follow-placement-height rule:
// holding the rotation captured at the plant while the height followed the animation lifted the
// whole foot as the heel rose (the ball floated 2.5 cm in a run's stance), and kept a foot planted
// mid-tilt on a slope tilted wrong for as long as it stood (the heel 2.4 cm up on 25 degrees).
glm::quat HoldYawFollowTilt(const glm::quat& held, const glm::quat& placed);

}  // namespace footwork::ik
