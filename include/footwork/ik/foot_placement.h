#pragma once
// Foot placement on uneven ground (ALS's foot offsets, seed 003): the animation assumes a flat
// floor at the root's height, so each foot traces down from (foot XZ, root height); the hit moves
// the foot by the floor's height difference, corrected on slopes by (up - normal) * foot height,
// and turns the foot to the surface normal within a limit. The pelvis then drops to the lower
// foot (never rises). Every offset moves toward its target with an exact exponential damper whose
// rising speed is capped, so the result does not depend on the frame rate and a step's full height
// is never taken in one frame. The trace also looks ahead along the foot's horizontal path, so a
// foot starts rising onto a step or up a slope before it gets there instead of snapping up when
// its ankle crosses the edge.

#include <array>
#include <limits>
#include <optional>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "footwork/world/collision_world.h"

namespace footwork::ik {

struct FootPlacementSettings {
  // The downward trace starts this far above the root's height and ends this far below it.
  float trace_above_m = 0.5f;
  float trace_below_m = 0.75f;
  // Half-lives of the foot offsets: faster when the foot has to go up (never let it sink into a
  // step), slower going down.
  float foot_up_half_life_s = 0.02f;
  float foot_down_half_life_s = 0.04f;
  float foot_rotation_half_life_s = 0.03f;
  // The pelvis drops faster than it rises back.
  float pelvis_down_half_life_s = 0.04f;
  float pelvis_up_half_life_s = 0.08f;
  // The foot turns to the surface normal by at most this much (radians).
  float max_foot_tilt_rad = 0.6f;
  // A sole may sink this far below the traced surface before the foot is lifted out (metres).
  float sink_tolerance_m = 0.004f;
  // Whether that guard keeps the ball's sole point above the surface too (not only the heel's),
  // the metrics' surface traces measure under the ball as well, and a foot whose ball is over a
  // higher step stands on it; swinging feet look ahead from the toe and rise to clear a riser
  // before the toe gets there. Off, only the heel is guarded and a toe catches stair risers.
  bool sink_guard_toe = true;
  // How far a planted foot the animation holds above its floor is brought down (m).
  float max_settle_m = 0.06f;
  // While the FootLock curve is still rising to planted, that settle grows no faster than this
  // (m/s; 0: at once). A landing foot whose curve rose in one frame to 0.83 was dropped 3.5 cm
  // in that frame (the Knight's walk-to-run: knee 20.8 degrees).
  float max_settle_speed_m_s = 1.0f;
  // Falling, a sole that hangs below the root's height (the fall pose's toes) is tucked up ahead
  // of touchdown no faster than this (m/s), so that it is clear of the ground when the body
  // lands instead of being lifted out of it in one frame (showcase: 7 cm, the shin 29 degrees).
  float max_landing_tuck_speed_m_s = 1.2f;
  // Surfaces steeper than this (normal.y below) are ignored (walls under a foot's trace).
  float min_normal_y = 0.3f;
  // Look-ahead: extra traces along the foot's horizontal velocity over this much travel time,
  // capped to max_lookahead_m; the foot's target rises to the highest surface found (never
  // lowers: a foot steps down only once it is over the lower ground). A running foot swings at
  // 4 m/s: capped at 0.3 m it saw the showcase's 30 cm platform 3 frames ahead and its ball
  // caught the edge 1.1 cm low.
  float lookahead_s = 0.1f;
  float max_lookahead_m = 0.35f;
  int lookahead_traces = 3;
  // Ground ahead counts as a step up when it is this much above the plane under the foot
  // (metres); a slope that continues that plane does not. Small: a terrain bump 1.4 cm above
  // the heel's plane, under 2 cm, went unseen and the ball stood 1.4 cm into it.
  float min_step_up_m = 0.008f;
  // The look-ahead counts fully once the animated ankle is this far above its standing height
  // (mid swing) and fades to nothing as it comes down to land, so a landing foot is not lifted
  // toward the next step beyond where it lands.
  float lookahead_full_lift_m = 0.1f;
  // With the toe traced and the landing predicted (CharacterIkInput::plant_ball_travel), the
  // look-ahead ends this far short of where the ball plants: a ball landing heel first is pitched
  // up and forward, and a walk's ball over a first step's edge by a centimetre at touch-down
  // (behind it once the foot is flat) lifted the landing foot 14 cm (stairs: 4.5 cm float, a
  // 23 degree knee drop).
  float plant_lookahead_margin_m = 0.03f;
  // ...but never below this much travel time (s), while the foot is not planted: a foot landing
  // just past a step's edge (its ankle over the higher tread) otherwise rose onto it in one frame
  // (showcase stairs: 15 cm, a 24 degree knee snap). A couple of frames of travel only reaches
  // where the ankle gets before it stops, so it does not lift feet landing short.
  float landing_lookahead_s = 0.03f;
  // Fastest a foot offset and the pelvis rise (m/s); the damper's speed is capped to these, so a
  // 30 cm step is climbed over several frames. Going down, a planted foot and the pelvis stay
  // uncapped (a planted foot must not hover when the ground under it drops, and the pelvis must
  // let the lower foot reach).
  float max_foot_rise_speed_m_s = 2.4f;
  float max_pelvis_rise_speed_m_s = 1.2f;
  // Fastest a foot that is not planted comes down (m/s; 0 = uncapped): a damper drops a foot
  // raised over a step it no longer needs to clear by a quarter of the height in the first frame.
  // Stopping with its ball over the next riser, the Knight's foot was drawn back off it and came
  // down 15 cm to its tread, 5 cm a frame as it planted (knee 20.7 degrees a frame).
  float max_swing_foot_drop_speed_m_s = 1.5f;
  // A swinging foot over higher ground is raised only as far as its lift (less this clearance,
  // metres) does not clear it (EaseForSwing); the clearance covers a sole that reaches over a
  // step's edge the ankle's trace does not see yet.
  float swing_clearance_m = 0.03f;
  // KeepSoleAboveGround (with sink_guard_toe): a ball over a riser's edge by up to this much
  // (metres, horizontally) is drawn back short of it; further over, the foot is lifted.
  float max_riser_push_back_m = 0.05f;
  // ...unless the ball is at most this far (metres) below the step's top while the heel hangs
  // higher than that over its own tread: a foot coming down over the edge is lifted onto it.
  // Drawn back, a climbing foot raised for the step ahead was held 13 cm over the tread below
  // (its ball 6 mm under the step's top as its lock engaged). 0: always drawn back.
  float max_riser_lift_m = 0.02f;
  // ...and a heel over the edge of a step up behind the foot (its ball over the tread below) by up
  // to this much is pushed forward off it; further over, the foot is lifted. Walking down stairs,
  // a foot rolling onto its toes swings its heel back over the edge it stands in front of.
  float max_heel_push_forward_m = 0.05f;
  // A swinging foot that will land on a step down (where the plant predictor puts it, ground 5 cm
  // or more below the plane under the foot) reaches down to it over the last landing_drop_lead_s
  // before the plant, and the pelvis goes down with it (s; 0 turns it off): descending stairs, the
  // swinging foot kept level with the pelvis over the tread it left and planted 12 cm over the
  // tread below, still coming down.
  float landing_drop_lead_s = 0.3f;
  // A swinging foot follows the pelvis (FollowPelvisInSwing), down as far as its sole stays
  // swing_clearance_m above the ground under it: the pelvis lowered for the other foot otherwise
  // folds the swinging leg by as much (the Knight's high kick-back under the hip folded past the
  // knee's limit and snapped back: 53 degrees in a frame running up 10 degrees).
  bool swing_follows_pelvis = true;
  // The pelvis offset is held in the world against the root's climb (a stair's step-up is then
  // climbed at max_pelvis_rise_speed_m_s), except for this much of the climb's speed (m/s): a
  // steady climb (a ramp) anchored in full keeps the pelvis below its target by its damper's lag.
  // 0 anchors every climb.
  float pelvis_steady_climb_m_s = 0.0f;
  // The root's climb is averaged over this half-life (s; 0 turns it off), and an average climb
  // near or over max_pelvis_rise_speed_m_s is followed by the pelvis, not anchored against:
  // sprinting up the stairs (1.7 m/s up), the anchored pelvis fell 70 cm below the root, a foot
  // went 9-15 cm into the stairs and a foot turned over (178 degrees in a frame).
  float pelvis_climb_average_half_life_s = 0.0f;
  // ...followed not at all up to this share of max_pelvis_rise_speed_m_s, in full from the second
  // (PelvisClimbFollowShare): a walk up the stairs (about 0.87 m/s of 1.2) is followed a few
  // percent; following from 0.6 the run's worst joint jump was 31 degrees rather than 36, but the
  // walk's grew by up to 2.
  float pelvis_climb_follow_from = 0.7f;
  float pelvis_climb_follow_full = 1.1f;
  // A foot over ground lower than the plane under the root by more than this share of its leg's
  // length (hip to knee to ankle) is moved back toward the root onto ground within that drop
  // (LedgeSupportShift), ledge_margin_m past where that ground begins; 0 never moves it.
  float max_step_down_leg_share = 0.5f;
  // A foot over ground lower by more than this share of its leg (but within the step down
  // above) is moved only sideways, onto ground within this drop beside it under the body: a
  // foot just off the side edge of stairs the body climbs stands on their treads, while a foot
  // stepping down a tread ahead still does. 0 (or not under max_step_down_leg_share): never.
  float max_side_step_down_leg_share = 0.2f;
  float ledge_search_step_m = 0.02f;
  float ledge_margin_m = 0.05f;
  // The fastest a foot moves onto or off that ground (m/s); the shift is kept while it is planted.
  float max_ledge_shift_speed_m_s = 1.0f;
  // Fastest a swinging foot over lower ground pulls the pelvis down (m/s, eased off as the foot
  // comes down; 0: uncapped). A foot swinging off a step's side pulled it 4 cm in a frame.
  float max_pelvis_swing_drop_speed_m_s = 0.6f;
  // A foot the clip lands across a stair's riser is moved onto one tread, back or forward,
  // whichever is shorter, to riser_clear_margin_m short of or past the riser, when that is at
  // most max_riser_clear_shift_m (RiserClearShift; 0: never), at max_ledge_shift_speed_m_s.
  float riser_clear_margin_m = 0.02f;
  float max_riser_clear_shift_m = 0.08f;
  // ...once the ankle is this close to where the clip lands it (m, horizontally).
  float riser_clear_lead_m = 0.2f;
  // A stop's last steps down the stairs (where the stop point and the stop clip land them) are
  // moved back onto the tread under the heel when the ball would be over the one below, by at most
  // this much (StopLandingBackShift; 0: never), at max_ledge_shift_speed_m_s.
  float max_stop_landing_shift_m = 0.24f;
};

// One foot's trace result.
struct FootTrace {
  bool hit = false;
  glm::vec3 point{0.0f};
  glm::vec3 normal{0.0f, 1.0f, 0.0f};
  world::BodyId body = world::kNoBody;
  // The highest step up (world y of its top) found by the look-ahead traces: ground ahead above
  // the plane under the foot by min_step_up_m; unset otherwise (no motion, nothing ahead, the
  // same slope, or lower ground ahead).
  std::optional<float> ahead_height_m;
  // How far ahead of the toe (of the ankle without one) that step was found, horizontally (m):
  // 0 when it is under the toe.
  std::optional<float> ahead_distance_m;
  // Where that step's top was found (world).
  std::optional<glm::vec3> ahead_point;
  // The ground under the toe (world y), when a toe was given and the trace under it hit.
  std::optional<float> toe_ground_m;
};

// A step up seen ahead of a swinging foot: where its top was found (world) and how far ahead of
// the foot's lead (its toe, or its ankle) it was last (m, horizontally).
struct StepAhead {
  glm::vec3 top{0.0f};
  float distance_m = 0.0f;
};

// Traces straight down through (foot_world.x, root_height, foot_world.z); with a toe (world) also
// under the toe, and with a horizontal foot_velocity (world, m/s) also at
// settings.lookahead_traces points ahead along it from the toe (from the ankle without one), over
// at most reach_cap_m (where the foot lands), for ahead_height_m.
FootTrace TraceFoot(const world::CollisionWorld& world, const glm::vec3& foot_world,
                    float root_height, const FootPlacementSettings& settings,
                    const glm::vec3& foot_velocity = glm::vec3(0.0f),
                    const std::optional<glm::vec3>& toe_world = std::nullopt,
                    float reach_cap_m = std::numeric_limits<float>::infinity());

// How far a swinging foot has reached down to a step down it lands on (0..1): 0 until lead_s
// before the plant (time_to_plant_s ahead), 1 at it. 0 for lead_s <= 0 or non-finite input.
float LandingDropShare(float time_to_plant_s, float lead_s);

// How much (0..1) of the root's average climb (m/s, positive up) the pelvis follows rather than
// being anchored against: 0 up to settings.pelvis_climb_follow_from times
// max_pelvis_rise_speed_m_s, 1 from pelvis_climb_follow_full times it, linear between. 0 on
// non-finite input or a non-positive rise speed.
float PelvisClimbFollowShare(float average_climb_m_s, const FootPlacementSettings& settings);

// Keeps a swinging foot's step ahead from flickering: the look-ahead reaches as far as the foot
// moves in lookahead_s, and a toe slowing just short of a riser (its landing) stopped finding it
// every other frame, so the foot's raise for it dropped by the step's height and came back (the
// Knight's foot turned 42 degrees in a frame climbing the stairs). `memory` takes the step `trace`
// found; when it finds none, the step remembered is put back into `trace` while `lead` (the toe,
// or the ankle) keeps closing on it (no more than kStepAheadSlackM further than last frame: a foot
// drawn back by a gait transition landed short of it, held up 3 cm), within max_lookahead_m and
// `reach_cap_m` (where the foot lands, as TraceFoot's), and while it is above both the plane under
// the foot and the ground under the toe. Forgotten when the foot is not `swinging` (planted) and
// once it is on the step.
void RememberStepAhead(std::optional<StepAhead>& memory, FootTrace& trace, const glm::vec3& lead,
                       bool swinging, float reach_cap_m, const FootPlacementSettings& settings);

// The height (world y) at (x, z) of the plane through trace.point with trace.normal: the ground
// under the trace continued as a slope. Its normal's y is taken as at least 1e-3.
float PlaneHeightAt(const FootTrace& trace, float x, float z);

// The seed's target offset for one foot from its trace: (hit + normal * h) - (floor + up * h),
// where floor is the trace point at root height, raised so the ankle is at least one foot height
// above the surface ahead (trace.ahead_height_m); zero without a hit. World space.
glm::vec3 FootOffsetTarget(const FootTrace& trace, const glm::vec3& foot_world, float root_height,
                           float foot_height_m);

// A swinging foot needs the ground's offset only as far as its animated lift above its standing
// height does not already cover it: moves `offset_y` toward 0 by swing * clamp(lift_m, 0,
// |offset_y|), `swing` from 0 (planted: unchanged) to 1 (fully swinging). Foot placement uses it
// for the raise (offset > 0: a lifted foot over higher ground is raised only to clear it). Why:
// running down stairs, the trailing foot lifted behind over the higher step was raised by the
// whole step while the pelvis was low for the leading foot; the leg folded so tight that the
// thigh swung 35-50 degrees in a frame as the foot passed under the hip. (Easing the pelvis's
// pull the same way for lower ground was tried: it straightened trailing legs to the clamp.)
float EaseForSwing(float offset_y, float lift_m, float swing);

// A swinging foot keeps its place under the hip: its offset moves toward the pelvis's,
// `pelvis_y` (<= 0), by `swing` (0: planted, unchanged; 1: all the way). Down only as far as
// `lowest_clear_y`, the offset at which its sole would come within the clearance of the ground
// (never below its own offset_y for that), up from an offset_y below pelvis_y. Non-finite inputs
// leave offset_y as it is.
float FollowPelvisInSwing(float offset_y, float pelvis_y, float lowest_clear_y, float swing);

// The share of the look-ahead (scales the foot velocity given to TraceFoot) a foot uses: none
// once planted (foot_lock 1); all while its animated ankle rises relative to the root
// (lift_rate_m_s > 0: stepping up and forward, toward what lies ahead; a walk start's foot,
// placed 30 cm down off the platform the root already stood on, saw the platform's edge two
// frames ahead and the sole guard lifted it 15 cm in one frame); while it comes down, fading with
// its lift (metres above standing height) over lookahead_full_lift_m to a floor of
// landing_lookahead_s / lookahead_s.
float LookaheadShare(float foot_lock, float lift_m, float lift_rate_m_s,
                     const FootPlacementSettings& settings);

// The rotation (world space, pre-multiplied) that turns up onto the surface normal, limited to
// max_tilt_rad; identity without a hit.
glm::quat FootTiltTarget(const FootTrace& trace, float max_tilt_rad);

// Per character: both feet's smoothed offsets and tilts, and the pelvis drop.
struct FootPlacementState {
  std::array<glm::vec3, 2> offset{glm::vec3(0.0f), glm::vec3(0.0f)};
  std::array<glm::quat, 2> tilt{glm::quat(1, 0, 0, 0), glm::quat(1, 0, 0, 0)};
  // World-space vertical offset of the pelvis (<= 0).
  float pelvis_offset_m = 0.0f;
  // Last frame's animated feet (world), for the look-ahead's foot velocity.
  std::array<std::optional<glm::vec3>, 2> previous_foot;
  // The planted-foot settle applied last frame (m, >= 0), for max_settle_speed_m_s.
  std::array<float, 2> settle_m{0.0f, 0.0f};
  // Each foot's horizontal shift onto the ground the body stands on (LedgeSupportShift), as it
  // moves there at max_ledge_shift_speed_m_s (world, y = 0).
  std::array<glm::vec3, 2> ledge_shift{glm::vec3(0.0f), glm::vec3(0.0f)};
  // Each foot's horizontal shift off a riser it lands across (RiserClearShift), likewise.
  std::array<glm::vec3, 2> riser_shift{glm::vec3(0.0f), glm::vec3(0.0f)};
  // Each swinging foot's horizontal hold short of higher ground it would cross with its sole below
  // that ground (world, y = 0), let go at max_ledge_shift_speed_m_s once the sole is above.
  std::array<glm::vec3, 2> edge_hold{glm::vec3(0.0f), glm::vec3(0.0f)};
  // Where each foot was traced last frame (x, z) and the ground found there (y), for the hold.
  std::array<std::optional<glm::vec3>, 2> previous_ground;
  // The step up each swinging foot's look-ahead last found, kept for RememberStepAhead until the
  // foot plants or gets onto it.
  std::array<std::optional<StepAhead>, 2> step_ahead;
};

// The animated foot's horizontal velocity (world, m/s) from last frame's position, and remembers
// this one; zero on the first frame. dt > 0.
glm::vec3 TrackFootVelocity(FootPlacementState& state, int side, const glm::vec3& foot_world,
                            float dt);

// Exponential damper toward `goal` (exact over dt, see DamperExact) whose rising speed is capped
// to max_rise_speed (m/s), also exact: it moves up at the cap until the damper's own speed falls
// below it. Going down is the plain damper.
float DampRiseCapped(float value, float goal, float half_life, float max_rise_speed, float dt);

// This frame's planted-foot settle (how far a foot held above the ground is put down, m): the
// target at once when the foot is fully planted (planted_share 1) or max_speed_m_s is 0;
// otherwise, while its lock is still rising, no more than max_speed_m_s * dt beyond last frame's
// settle. Lowering the settle is never held back.
float EaseSettle(float previous_m, float target_m, float planted_share, float max_speed_m_s,
                 float dt);

// The pelvis's target: the lower of the two feet's vertical offset targets, each weighted by its
// Enable_FootIK value (clamped to [0, 1]; non-finite counts as 0), and never above 0.
float PelvisTarget(const std::array<glm::vec3, 2>& offset_targets,
                   const std::array<float, 2>& enable);

// Moves each foot's offset and tilt toward its target (weighted by the foot's Enable_FootIK
// value, 0 gives no offset) and the pelvis toward `pelvis_target_m` when given, else
// PelvisTarget(offset_targets, enable), clamped to <= 0. dt > 0. A foot's offset rises at up to
// the larger of settings.max_foot_rise_speed_m_s and its min_rise_speeds_m_s (a swinging foot that
// must clear a riser before it gets there), and falls at up to
// settings.max_swing_foot_drop_speed_m_s where `planted` is false (a planted foot comes down
// uncapped). The pelvis's target is given apart when the feet's targets were moved after it was
// taken (FollowPelvisInSwing: a foot following the pelvis down must not pull the pelvis further
// down after it).
void UpdateFootPlacement(FootPlacementState& state, const std::array<glm::vec3, 2>& offset_targets,
                         const std::array<glm::quat, 2>& tilt_targets,
                         const std::array<float, 2>& enable, const FootPlacementSettings& settings,
                         float dt, const std::array<float, 2>& min_rise_speeds_m_s = {0.0f, 0.0f},
                         std::optional<float> pelvis_target_m = std::nullopt,
                         const std::array<bool, 2>& planted = {true, true});

}  // namespace footwork::ik
