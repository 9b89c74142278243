#pragma once
// Tuning of the locomotion character, as data (assets/locomotion/default.json): every threshold,
// speed, blend time and chooser of the seed, converted to metres. Shared and read-only; the
// per-character runtime state lives in LocomotionState. Angles are degrees in the file and
// radians here.

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include "footwork/core/error.h"
#include "footwork/graph/chooser.h"
#include "footwork/ik/stride_warping.h"

namespace footwork::locomotion {

// Essential data (the seed's UpdateEssentialData).
struct EssentialSettings {
  // bIsMoving: ground speed above this (the seed's 1 cm/s).
  float moving_speed_m_s = 0.01f;
  // bShouldTurn: normalized velocity . acceleration below this asks for move-idle-move.
  float should_turn_dot = -0.5f;
  // Vector length under which GetSafeNormal gives zero (the seed's 0.0001, in metres).
  float safe_normal_tolerance = 1e-4f;
  // SelectCardinalDirection's dead zone (the seed's 10 degrees), radians.
  float cardinal_dead_zone = 0.0f;
};

// Gait selection (the seed's UpdateGroundGait, Part03/Part15).
struct GaitSelectionSettings {
  // Analog input modifier above which a gamepad runs, and above which it walks.
  float run_stick_threshold = 0.6f;
  float walk_stick_threshold = 0.01f;
  // The mover's max speed must exceed these for run / walk to be chosen (seed 250 / 50 cm/s).
  float run_min_max_speed_m_s = 2.5f;
  float walk_min_max_speed_m_s = 0.5f;
};

// Rotation modes (the seed's Part05): constant-rate primary rotation, interpolated actor.
struct RotationSettings {
  // Rotating mode: RInterpConstantTo rate of the primary rotation toward the velocity (rad/s).
  float velocity_primary_rate = 0.0f;
  // RInterpTo speed of the actor toward the primary rotation minus RotateAlpha x StartAngle.
  float velocity_actor_interp_speed = 25.0f;
  // Strafing mode: the same pair toward the control (camera) yaw.
  float control_primary_rate = 0.0f;
  float control_actor_interp_speed = 25.0f;
};

// Start state (Part06/Part09).
struct StartSettings {
  // Play rate = clamp(ground speed / MotionSpeed, min, max).
  float play_rate_min = 0.8f;
  float play_rate_max = 1.0f;
  // Skips the clip's first frames, which hold still ("防止起步动画开头顿一下").
  float start_time_s = 0.1f;
  // Advance the start clip by the distance the capsule travelled (Lyra's
  // AdvanceTimeByDistanceMatching, play rate clamped as above) instead of by time: the clip's
  // root moves as far as the capsule, so planted feet stay put.
  bool distance_matching = true;
  // Blend into Start, and Start -> Cycle (0.5 s in the seed so the sync group matches).
  float blend_in_s = 0.2f;
  float to_cycle_blend_s = 0.5f;
  // Start -> Cycle when the start clip has this little left.
  float to_cycle_when_remaining_s = 0.3f;
};

// Cycle state (Part11).
struct CycleSettings {
  float blend_in_s = 0.25f;
  // Gait change inside the cycle (cross-fade between walk and run, feet in sync).
  float gait_transition_blend_s = 0.3f;
  // Upper bound of a gait transition clip's speed-matched play rate (its MotionSpeed ramp can lag
  // the capsule's acceleration; faster playback makes joints jump).
  float gait_transition_max_play_rate = 1.5f;
  // A cycle or gait transition clip plays no faster than makes its fastest joint turn at this
  // speed (rad/s; the joint-jump bar is per 60 Hz frame): a clip slower than the capsule (the
  // jog under the run gait's speed) would otherwise pop. Stride warping covers the rest.
  float max_joint_speed = 0.0f;
};

// Stop state (Part04/Part08).
struct StopSettings {
  // SetStopAnimStartTime's bands: below low -> low start time, up to high -> medium, else high.
  float low_speed_below_m_s = 3.0f;
  float high_speed_above_m_s = 4.0f;
  float low_speed_start_time_s = 1.8f;
  float medium_speed_start_time_s = 1.5f;
  float high_speed_start_time_s = 0.0f;
  // Distance match to the mover's predicted stop location (Lyra); the bands are used otherwise.
  bool distance_matching = true;
  float blend_in_s = 0.2f;
  // Stop -> Idle when the clip has this little left.
  float to_idle_when_remaining_s = 0.2f;
  float to_idle_blend_s = 0.3f;
  // A stop from the run plays by distance no faster than this (0: no cap). The run brakes twice
  // as hard as the default pack's run stops slow down, so distance matching played them at 2.07
  // and their joints turned up to 20 degrees in a frame by themselves (24 with the IK: a run
  // stop at the foot of the stairs). Capped, the clip lags the capsule and finishes at its own
  // rate once the capsule has stopped; the planted feet are held by the foot lock. Stops from the
  // walk keep pure distance matching: capped, a walk stop on the stairs put a foot 14 cm into a
  // step (ik/stairs_walk_heel_on_edge).
  float run_max_play_rate = 0.0f;
};

// Pivot (move-idle-move, Part03) and turn in place (Part13/Part17).
struct TurnSettings {
  float pivot_blend_s = 0.2f;
  // Past its pivot point a pivot plays by the capsule's distance, as a start does, but no faster
  // than this: its turn on the spot (flat Distance) plays at this rate while the capsule, which
  // reverses at once, already runs the new way; at the start's rate of 1 the run outran the
  // pivot's planted feet by 20 cm.
  float pivot_play_rate_max = 1.0f;
  // A pivot the capsule outruns even at that rate hands over to the cycle once the actor faces
  // its velocity within this (radians; 0: never early): played on at its cap, the Knight's
  // derived run pivot planted a foot every 4 frames under a capsule at full run speed (feet
  // dragged at 2 m/s, the thigh 49 degrees in a frame), and every joint turns twice as fast (its
  // knee 43 degrees in a frame at 2 degrees from the target).
  float pivot_outrun_facing = 0.0f;
  // After such a handover the turn stays open while the actor goes on rotating toward its
  // velocity, and is measured once its yaw changes slower than this (rad/s): it is judged where
  // the character stops turning, not where the pivot's clip ends.
  float pivot_outrun_settled = 0.0f;
  // Past the pivot point the capsule goes no faster than the pivot's clip can follow at
  // pivot_play_rate_max (its MotionSpeed times that rate): held while the clip turns on the spot,
  // it runs off as the clip's start does. Off, the capsule reverses at the gait's acceleration
  // and a turn on the spot is played at the cap under a capsule already running away from it.
  bool pivot_holds_capsule = false;
  // |target yaw - actor yaw| above which Rotating mode turns in place (radians).
  float turn_in_place_threshold = 0.0f;
  // Rate of the turn when the character has no turn-in-place clip (rad/s): the actor yaw moves
  // at this constant rate, standing in for the clip's root-motion yaw.
  float turn_in_place_rate = 0.0f;
  // The turn ends when the remaining yaw is below this (radians).
  float turn_in_place_done = 0.0f;
  float turn_in_place_blend_s = 0.2f;
  // TurnInPlace -> Idle when a turn clip (one with a RotationAmount curve) has this little left.
  float turn_clip_to_idle_when_remaining_s = 0.2f;
};

// Jump and fall (Part20).
struct AirSettings {
  float jump_start_blend_s = 0.1f;
  float fall_loop_blend_s = 0.3f;
  float land_blend_s = 0.1f;
  // FallLand -> Idle when the land clip has this little left, or at once with movement input.
  float land_to_idle_when_remaining_s = 0.3f;
  float land_to_idle_blend_s = 0.3f;
  // No new jump until the landing's root motion ends (Part20): the land clip's root motion has
  // ended once its root moves slower than this (m/s) for the rest of the clip.
  float land_root_motion_min_speed_m_s = 0.01f;
  // Heavy landing (Part20): the additive heavy-land weight ramps from 0 at this fall speed to 1
  // at the full one (downward speed at touch-down, m/s).
  float heavy_land_fall_speed_m_s = 6.0f;
  float heavy_land_full_fall_speed_m_s = 10.0f;
  // How far down DistanceToFloor looks while falling.
  float floor_trace_m = 100.0f;
  // DistanceToFloor refreshes only while the vertical speed is above this (seed: -20 cm/s).
  float floor_trace_min_vertical_speed_m_s = -0.2f;
};

// Lean (Part999_1, Lyra): a lean amount from the local acceleration (forward/back, left/right)
// and the yaw rate, smoothed; written as the LeanForward/LeanRight curves for the lean additive.
struct LeanSettings {
  // Lean per m/s^2 of local acceleration, and per rad/s of actor yaw rate.
  float acceleration_scale = 0.1f;
  float yaw_rate_scale = 0.1f;
  // RInterpTo speed toward the target lean.
  float interp_speed = 10.0f;
  // Largest lean either way (curve units, 1 = the lean clip's full pose).
  float max = 1.0f;
};

// Orientation warping while strafing (Part18, Lyra): the lower body turns from the played clip's
// own direction toward the velocity, the spine turns back so the chest keeps facing the camera.
struct StrafeSettings {
  // Largest warp either way (radians) and the FInterpTo speed of the warp angle.
  float orientation_warping_max = 0.0f;
  float orientation_warping_interp_speed = 10.0f;
  // Share of the warp the spine turns back (1 = the chest keeps the actor's facing).
  float orientation_warping_spine_fraction = 1.0f;
};

// A stair survey reaches no further ahead than this (m).
inline constexpr float kMaxStairSurveyAheadM = 5.0f;

// Stairs shorten the stride (stair_stride.h): the character slows down and takes shorter steps
// where its step would climb more than max_rise_per_step_m (or go down more than
// max_drop_per_step_m).
struct StairSettings {
  // The most a step climbs (m): a step covers as many whole treads as rise no more than this, at
  // least one. 0 turns the stair stride off.
  float max_rise_per_step_m = 0.0f;
  // The same going down (m of drop a step): descending, a foot swings level with the tread it
  // leaves and must reach down to where it lands (foot_placement.landing_drop_lead_s).
  float max_drop_per_step_m = 0.0f;
  // The same at the run gait (m of rise, and of drop, a step): a run's step is two or three times
  // a walk's, and without a shorter one the legs climb three or four risers a step. 0 turns the
  // stair stride off at the run (the run keeps its own step).
  float run_max_rise_per_step_m = 0.0f;
  float run_max_drop_per_step_m = 0.0f;
  // The survey along the way the character moves: from this far behind its feet to this far
  // ahead, a trace every survey_spacing_m (m).
  float survey_behind_m = 0.3f;
  float survey_ahead_m = 1.2f;
  // At speed the survey reaches further, as far as the character moves in this long (s), so the
  // stride has shortened by the first riser (the factor changes at factor_rate_per_s); at most
  // kMaxStairSurveyAheadM. 0: survey_ahead_m at any speed.
  float survey_ahead_s = 0.0f;
  float survey_spacing_m = 0.02f;
  // A rise or drop between neighbouring traces of this much is a riser (m).
  float min_riser_m = 0.05f;
  float max_riser_m = 0.45f;
  // The most the step is shortened (stride warping's min_ratio bounds it too).
  float max_stride_factor = 2.0f;
  // How fast the factor moves toward its target (per second).
  float factor_rate_per_s = 3.0f;
  // Footfall alignment (footfall_alignment.h): the most the stride is lengthened or shortened (a
  // share of it) so that the feet land on treads, not across edges; 0 turns it off.
  float footfall_max_stride_change = 0.0f;
  // A foot lands clear of an edge by this much behind its ankle (its heel) and ahead of its ball.
  float footfall_heel_margin_m = 0.06f;
  float footfall_toe_margin_m = 0.04f;
  // What a stride scale away from 1 costs against the overlap of feet and edges (m per unit).
  float footfall_scale_cost_m = 0.05f;
  // How fast the stride scale moves toward the one chosen (per second).
  float footfall_rate_per_s = 1.0f;
};

// Giving way (give_way.h): a character standing without input steps out of the way of a moving
// body (a platform) coming at it, walking ahead of it as fast as it comes, instead of having its
// capsule shoved and its planted feet dragged. Off with look_ahead_m 0.
struct GiveWaySettings {
  // How near (m) an oncoming body comes before the character walks away from it. 0 turns giving
  // way off.
  float look_ahead_m = 0.0f;
  // The gap (m) it keeps ahead of the body: it walks as fast as the body comes at this gap, faster
  // nearer it, slower further away.
  float keep_gap_m = 0.15f;
  // How much faster per metre the gap is short (1/s).
  float gap_gain_per_s = 3.0f;
  // With the way ahead of the body blocked (a wall behind the character), it steps aside out of
  // the body's lane at least this fast (m/s): the lane's width is not known, only that the body
  // is coming.
  float aside_speed_m_s = 3.0f;
  // It keeps walking this long (s) after the body was last seen coming, so a body that pauses or
  // a sweep that misses for a frame does not stop and restart it.
  float hold_s = 0.3f;
};

// Dead blending between states (Part07).
struct BlendSettings {
  // Velocity decay of the extrapolated outgoing pose.
  float dead_blend_decay_half_life_s = 0.05f;
};

struct LocomotionSettings {
  EssentialSettings essential;
  GaitSelectionSettings gait;
  RotationSettings rotation;
  StartSettings start;
  CycleSettings cycle;
  StopSettings stop;
  TurnSettings turn;
  AirSettings air;
  LeanSettings lean;
  StrafeSettings strafe;
  BlendSettings blend;
  StairSettings stairs;
  GiveWaySettings give_way;
  // Stride warping (the seed's Part10, Lyra), applied by the IK stage before foot lock.
  ik::StrideWarpingSettings stride_warping;
  // Chooser tables by role: CT_Start, CT_Cycle, CT_Stop, CT_Idle, CT_Air, CT_TurnInPlace (see
  // default.json). CT_TurnInPlace reads turn_angle_deg (target - actor yaw); a clip it names
  // that has a RotationAmount curve drives the turn (Part17), any other clip plays while the
  // actor turns at turn.turn_in_place_rate.
  std::shared_ptr<const graph::ChooserTable> start_chooser;
  std::shared_ptr<const graph::ChooserTable> cycle_chooser;
  std::shared_ptr<const graph::ChooserTable> stop_chooser;
  std::shared_ptr<const graph::ChooserTable> idle_chooser;
  std::shared_ptr<const graph::ChooserTable> air_chooser;
  std::shared_ptr<const graph::ChooserTable> turn_chooser;
  // Optional (CT_GaitTransition): a walk_to_run / run_to_walk clip; null or no answer cross-fades
  // the two cycles instead.
  std::shared_ptr<const graph::ChooserTable> gait_transition_chooser;
  // Optional (CT_Pivot): a pivot clip by moving gait and side (reads moving_gait, the last walk /
  // run / sprint the character moved in, and start_angle_deg), with a non-decreasing Distance
  // curve to the pivot point; null or no answer plays CT_Start's clip instead.
  std::shared_ptr<const graph::ChooserTable> pivot_chooser;
};

// Every field is required; errors name the file and the field ("default.json: stop.blend_in_s:
// missing required field"), or the chooser table. A file may extend another
// ({"extends": "default.json", ...}, see world::ReadExtendedJson): a character's file
// (assets/locomotion/<character>.json) then states only what differs.
Result<LocomotionSettings> LoadLocomotionSettings(const std::filesystem::path& path);
Result<LocomotionSettings> ParseLocomotionSettings(std::string_view json_text,
                                                   const std::string& source_name);

}  // namespace footwork::locomotion
