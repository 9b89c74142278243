#pragma once
// Turn in place from the idle pose: the root yaws by the turn angle while the feet STEP onto the
// turned stance. Each step lifts one foot, carries it on an arc about the root to its new yaw and
// plants it there; a planted foot stays still in the world (neither slides nor spins) while the
// root turns above it, the leg following with two-bone IK. Two steps per 90 degrees (three or four
// for wide stances; the foot on the turning side leads), and the pelvis dips a little so the
// knees have slack; the clip ends in the idle stance, turned.

#include <string>

#include "footwork/anim/clip.h"
#include "footwork/anim/mirror.h"
#include "footwork/anim/skeleton.h"
#include "footwork/core/error.h"

namespace footwork::cook {

struct TurnInPlaceSettings {
  // Turning time per 90 degrees of yaw (s); the root yaw follows a smoothstep over the turn.
  float seconds_per_90_deg = 0.7f;
  // Idle held before the turn and after it (s); EnableTurnInPlace is 1 again in the tail.
  float lead_in_s = 0.05f;
  float settle_s = 0.3f;
  // Peak foot lift during a step, as a fraction of the leg length.
  float step_height_fraction = 0.12f;
  // The pelvis lowers by this fraction of the leg length while turning (eased in and out over
  // one step), bending the knees so a planted leg reaches its foot as the hips turn above it.
  float pelvis_dip_fraction = 0.05f;
  // A planted leg may stretch to this fraction of its length (hip to ankle) as the hips turn
  // above it; stances too wide for that at two steps per 90 degrees take three or four.
  float max_reach_fraction = 0.995f;
  // Shortest time per step (s): more steps make the turn longer rather than hurried.
  float min_step_s = 0.25f;
  // Both feet down between consecutive steps, as a fraction of each step's time slot.
  float double_support_fraction = 0.12f;
};

// Number of steps a turn takes with steps_per_90 steps per 90 degrees (at least 2).
int TurnInPlaceSteps(float turn_deg, int steps_per_90);

// The idle (sampled from idle_start_s on, looping) turning by turn_deg (positive = left, toward
// +X), as a clip named `name` keyed at rate_hz with the yaw on its root-motion track. Errors when
// the rig has no legs or the turn is not finite or under 1 degree.
Result<anim::Clip> SynthesizeTurnInPlace(const anim::Skeleton& skeleton,
                                         const anim::RigBinding& binding, const anim::Clip& idle,
                                         float turn_deg, const TurnInPlaceSettings& settings,
                                         const std::string& name, float rate_hz,
                                         float idle_start_s = 0.0f);

}  // namespace footwork::cook
