#pragma once
// Look-at (seed 001): the head turns toward a target (the camera, the player, a point).
// Two forms:
// - For rigs with a look clip (an additive sweep from looking left, 0, to right, 1), the seed's
//   mapping LookAmount = (dot(right, direction) + 1) / 2, and 0.5 (straight ahead) when the
//   target is behind.
// - For any rig, a procedural neck/head rotation: the target's yaw and pitch relative to the body
//   are clamped to limits, followed by a critically damped spring, and applied to the neck and
//   head in model space. Hysteresis keeps a target passing behind from flipping the head: past
//   behind_enter_rad the head returns to straight ahead and only picks the target up again once
//   it is back within behind_exit_rad.
// Model space: Y up, the character faces +Z, positive yaw turns toward +X (its left).

#include <optional>
#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "footwork/anim/clip.h"
#include "footwork/anim/skeleton.h"
#include "footwork/core/error.h"
#include "footwork/core/spring.h"
#include "footwork/core/transform.h"
#include "footwork/ik/ik_rig.h"

namespace footwork::ik {

// The seed's mapping: 0 looks fully left, 0.5 ahead, 1 fully right. `right` and `forward` are
// the character's unit axes, `direction` the unit direction to the target (any common space).
float LookAmountFromDirection(const glm::vec3& right, const glm::vec3& forward,
                              const glm::vec3& direction);

struct LookAtSettings {
  float max_yaw_rad = 1.2f;          // about 70 degrees either way
  float max_pitch_up_rad = 0.6f;     // about 35 degrees
  float max_pitch_down_rad = 0.7f;   // about 40 degrees
  float behind_enter_rad = 1.92f;    // about 110 degrees: stop tracking
  float behind_exit_rad = 1.66f;     // about 95 degrees: track again
  float half_life_s = 0.1f;          // spring on yaw and pitch
  float weight_half_life_s = 0.15f;  // fading in and out when a target appears or goes
  // Fraction of the rotation the neck takes (the head takes the rest).
  float neck_share = 0.4f;
};

// Per character.
struct LookAtState {
  SpringState yaw;
  SpringState pitch;
  float weight = 0.0f;
  bool behind = false;
  // The last goal was within the limits (not clamped, not behind): a look error is meaningful.
  bool reachable = false;
  // The look clip's playback position (the seed's look amount), on the same spring as yaw.
  SpringState amount{0.5f, 0.0f};
};

// Target yaw and pitch (radians) of `direction` in model space, relative to +Z.
float DirectionYaw(const glm::vec3& direction);
float DirectionPitch(const glm::vec3& direction);

// Advances the springs toward the target seen from the head (model space), or toward straight
// ahead with weight 0 when there is no target: yaw and pitch for the procedural form, the look
// amount (LookAmountFromDirection of the model's right -X and forward +Z) for a look clip. dt > 0.
void UpdateLookAt(LookAtState& state, const std::optional<glm::vec3>& target_model,
                  const glm::vec3& head_model, const LookAtSettings& settings, float dt);

// Rotates neck and head so the head's forward takes the state's yaw and pitch (blended by its
// weight from the animated head). Updates local rotations of neck and head and their model
// transforms; the head's descendants keep stale model transforms (re-run local-to-model).
Status ApplyLookAt(const anim::Skeleton& skeleton, const IkRig& rig, const LookAtState& state,
                   const LookAtSettings& settings, std::span<Transform> local,
                   std::span<Transform> model);

// A look clip ready to play by look amount: for every joint of the head part (neck, head and
// below), its local rotation at `samples` evenly spaced amounts from 0 to 1, as an additive on
// top of the clip's neutral frame (amount 0.5, the middle of the clip).
struct LookClip {
  std::string name;
  std::vector<int> joints;
  int samples = 0;
  // samples x joints, amount-major.
  std::vector<glm::quat> additive;
};

// Samples `clip` (which must fit the skeleton) over its duration. Errors: a clip that does not
// fit the skeleton, a rig without a head part, fewer than 2 samples.
Result<LookClip> RecordLookClip(const anim::Skeleton& skeleton, const IkRig& rig,
                                const anim::Clip& clip, int samples = 33);

// Adds the look clip at `amount` (clamped to [0, 1]) to the head part's local rotations, scaled by
// `weight`. Model transforms are not updated (re-run local-to-model).
Status ApplyLookClip(const LookClip& look, float amount, float weight, std::span<Transform> local);

// The head's forward direction in model space.
glm::vec3 HeadForward(const IkRig& rig, std::span<const Transform> model);

}  // namespace footwork::ik
