#pragma once
// The locomotion character: one frame of movement + the seed's ALS logic + the animation state
// machine, on a cooked character library. LocomotionAssets is shared and read-only (settings,
// clip lookups, the state machine definition); LocomotionCharacter is one character's state.
//
// Per frame (Update): gait from input -> mover -> essential data -> ground gait -> state machine
// (Idle, Start, Cycle, GaitTransition, Stop, Pivot, TurnInPlace, JumpStart, FallLoop, FallLand)
// -> sample the state's clip -> dead blend across state changes (RotateAlpha filtered) -> actor
// rotation (Rotating or Strafing) -> feet for the next frame's left-foot-up.
//
// States play one clip each and every transition dead-blends, so only the current state's clip
// is sampled. Turn in place plays CT_TurnInPlace's clip; a clip with a RotationAmount curve turns
// the actor by that curve scaled to the wanted angle (Part17), any other (today's default: the
// idle clip, until turn clips are cooked) plays while the actor turns at turn.turn_in_place_rate.
// Pivot plays CT_Pivot's clip (walk/run pivot by side), distance matched to the predicted pivot
// point and then played through its turn like a start; without one it plays the 180-degree
// start chosen for the new direction. GaitTransition plays CT_GaitTransition's clip, or the new
// cycle from the old cycle's foot phase. Strafing plays per-cardinal-direction starts, cycles
// and stops (CT_Start, CT_Cycle, CT_Stop rows by rotation mode and direction; forward uses the
// forward clips) while the actor keeps facing the camera; orientation warping turns the legs
// from the clip's travel direction to the velocity's.

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "footwork/anim/clip.h"
#include "footwork/anim/curve.h"
#include "footwork/anim/pose.h"
#include "footwork/anim/sampling.h"
#include "footwork/core/error.h"
#include "footwork/graph/inertialization.h"
#include "footwork/graph/named_values.h"
#include "footwork/graph/state_machine.h"
#include "footwork/io/cooked_library.h"
#include "footwork/locomotion/essential_data.h"
#include "footwork/locomotion/gait_selector.h"
#include "footwork/locomotion/give_way.h"
#include "footwork/locomotion/locomotion_settings.h"
#include "footwork/locomotion/rotation_controller.h"
#include "footwork/locomotion/stair_stride.h"
#include "footwork/movement/character_mover.h"
#include "footwork/movement/input.h"

namespace footwork::locomotion {

class PlantPredictor;

// Units of the RotationAmount curve (anim/curve_names.h): 1 means 45 degrees of yaw per second
// of clip time. A unit, not a tuning value.
inline constexpr float kRotationAmountRadPerS = 45.0f * 3.14159265358979f / 180.0f;

// The state machine's states, in definition order.
enum class LocomotionStateId : std::uint8_t {
  kIdle,
  kStart,
  kCycle,
  kGaitTransition,
  kStop,
  kPivot,
  kTurnInPlace,
  kJumpStart,
  kFallLoop,
  kFallLand,
};
inline constexpr int kLocomotionStateCount = 10;
const char* LocomotionStateName(LocomotionStateId state);

// Shared, read-only: settings, the library's clips by role, the state machine definition.
class LocomotionAssets {
 public:
  // Checks that every clip a chooser can name exists in the library, with the curves its state
  // reads (Distance for stops, MotionSpeed for starts and cycles); errors name the clip.
  static Result<std::shared_ptr<const LocomotionAssets>> Create(
      std::shared_ptr<const io::CookedLibrary> library, LocomotionSettings settings,
      movement::GamepadSettings gamepad);

  const io::CookedLibrary& library() const { return *library_; }
  const LocomotionSettings& settings() const { return settings_; }
  const movement::GamepadSettings& gamepad() const { return gamepad_; }
  const graph::StateMachineDefinition& machine() const { return machine_; }
  // Index of the clip with this name in the library, or -1.
  int FindClip(const std::string& name) const;
  // Union of every clip's curve names, sorted: the order of LocomotionOutput::curves.
  const std::vector<std::string>& curve_names() const { return curve_names_; }
  int curve_index(const char* name) const;
  int foot_left_joint() const { return foot_left_; }
  int foot_right_joint() const { return foot_right_; }
  // Per clip: index into clip.curves of each output curve (or -1), and Distance monotonicity.
  const std::vector<std::vector<int>>& clip_curve_slots() const { return clip_curve_slots_; }
  anim::Monotonicity distance_monotonicity(int clip) const { return distance_monotonicity_[clip]; }
  // The yaw (radians, positive toward +X) a clip's RotationAmount curve turns over the whole clip
  // at play rate 1; 0 for a clip without the curve.
  float rotation_amount_yaw(int clip) const { return rotation_amount_yaw_[clip]; }
  // The direction a clip travels, as a yaw in character space (0 forward, +90 degrees left), from
  // its whole root-motion displacement; 0 for a clip that does not travel.
  float travel_direction(int clip) const { return travel_direction_[clip]; }
  // Half a clip's whole root travel (m): a cycle's step length, a loop being two steps.
  float step_length_m(int clip) const { return step_length_m_[clip]; }
  // Clip time after which the clip's root moves slower than air.land_root_motion_min_speed_m_s
  // for good (0 for a clip whose root never moves that fast).
  float root_motion_end_s(int clip) const { return root_motion_end_s_[clip]; }
  // The fastest any joint of the clip turns between two rotation keys (rad/s at play rate 1).
  float max_joint_speed(int clip) const { return max_joint_speed_[clip]; }
  // The first joint of the rig's spine chain (orientation warping turns it back), or -1.
  int spine_joint() const { return spine_joint_; }
  // How a state change's dead blend treats each curve (graph::kCurveBlended ...): RotateAlpha is
  // the incoming state's at once, the FootLock curves never above the incoming state's.
  const std::vector<std::uint8_t>& curve_blend_mask() const { return curve_blend_mask_; }
  // Per curve, the values the library's clips author it with (0 included where a clip lacks it,
  // as it samples 0 there); unbounded for curves no clip authors (written by the locomotion).
  // Dead blending never extrapolates a curve out of it (a 0..1 FootLock stays in 0..1).
  const std::vector<graph::CurveRange>& curve_ranges() const { return curve_ranges_; }

 private:
  LocomotionAssets() = default;
  void BuildMachine();

  std::shared_ptr<const io::CookedLibrary> library_;
  LocomotionSettings settings_;
  movement::GamepadSettings gamepad_;
  graph::StateMachineDefinition machine_{"locomotion"};
  std::vector<std::string> curve_names_;
  std::vector<std::vector<int>> clip_curve_slots_;
  std::vector<anim::Monotonicity> distance_monotonicity_;
  std::vector<float> rotation_amount_yaw_;
  std::vector<float> travel_direction_;
  std::vector<float> step_length_m_;
  std::vector<float> root_motion_end_s_;
  std::vector<float> max_joint_speed_;
  int spine_joint_ = -1;
  std::vector<std::uint8_t> curve_blend_mask_;
  std::vector<graph::CurveRange> curve_ranges_;
  int foot_left_ = -1;
  int foot_right_ = -1;
};

// One frame of player input.
struct LocomotionInput {
  // Stick or WASD axes: x right, y forward, relative to the camera yaw; length 0..1 (raw: the
  // gamepad dead zones are applied here).
  glm::vec2 move{0.0f};
  InputDevice device = InputDevice::kGamepad;
  // Radians, about +Y (DESIGN.md).
  float camera_yaw = 0.0f;
  bool walk_mode = false;
  bool sprint = false;
  // A jump press this frame (an edge).
  bool jump = false;
  RotationMode rotation_mode = RotationMode::kRotating;
  bool aim = false;
};

// Plays one clip for the current state.
struct ClipPlayer {
  int clip = -1;
  float time_s = 0.0f;
  float play_rate = 1.0f;
  bool looping = false;
};

// What one frame produced, besides the state.
struct LocomotionOutput {
  // Local pose after dead blending, skeleton order.
  anim::Pose local_pose;
  // Model-space pose (character space, facing +Z).
  anim::Pose model_pose;
  // Curve values in LocomotionAssets::curve_names order.
  std::vector<float> curves;
  // Root motion of the played clip over this frame (character space), whether applied or not.
  Transform root_motion = Transform::Identity();
  // Set on the frame a Stop began. stop_point: the world point where the stop clip's Distance
  // reaches 0; it rides with the base (moving platform) the character stands on, so it is
  // refreshed every frame and is this frame's world position of that point.
  bool stop_began = false;
  glm::vec3 stop_point{0.0f};
  // Set on the frame a start/pivot/turn in place began, and when it ended.
  bool turn_began = false;
  bool turn_ended = false;
  // The yaw the actor is rotating toward (radians).
  float target_yaw = 0.0f;
  // Lean (Part999_1, Lyra), -max..max: forward from the local acceleration, right from the
  // sideways acceleration and the yaw rate (leaning into a turn). Also in `curves` as
  // LeanForward / LeanRight, the weights of a lean additive.
  float lean_forward = 0.0f;
  float lean_right = 0.0f;
  // Heavy landing (Part20): the weight of the heavy-land additive over the landing, from the fall
  // speed at touch-down; 0 outside FallLand. Also in `curves` as HeavyLandWeight.
  float heavy_land_weight = 0.0f;
};

// Curves the locomotion writes itself (appended to LocomotionAssets::curve_names).
inline constexpr const char* kLeanForwardCurve = "LeanForward";
inline constexpr const char* kLeanRightCurve = "LeanRight";
inline constexpr const char* kHeavyLandWeightCurve = "HeavyLandWeight";
// The cooked heavy-minus-light landing additive (cook/landings.h), added on the land clip.
inline constexpr const char* kHeavyLandAdditiveClip = "land_heavy_additive";

// Which chooser picked the clip last chosen (debugging: the viewer's chooser trace). `table` is
// the table the state asked, `chosen_in` the one that answered (a nested table, or `table`
// itself), `row` its row index (-1: its fallback); `clip` is -1 when nothing answered.
struct ChooserChoice {
  const graph::ChooserTable* table = nullptr;
  const graph::ChooserTable* chosen_in = nullptr;
  int row = -1;
  int clip = -1;
};

// One character's locomotion state. Keeps a pointer to the assets, which must outlive it.
class LocomotionCharacter {
 public:
  LocomotionCharacter(std::shared_ptr<const LocomotionAssets> assets,
                      const movement::MovementState& spawn, float yaw);

  // Advances one frame of dt seconds (> 0). Errors come from the mover (NaN input, bad dt) and
  // leave the character unchanged.
  Status Update(const movement::CharacterMover& mover, const LocomotionInput& input, float dt);

  const movement::MovementState& movement() const { return movement_; }
  float actor_yaw() const { return actor_yaw_; }
  const EssentialData& essential() const { return essential_; }
  const GaitState& gait() const { return gait_; }
  const RotationState& rotation() const { return rotation_; }
  const GiveWayState& give_way() const { return give_way_; }
  LocomotionStateId state() const;
  const ClipPlayer& player() const { return player_; }
  const LocomotionOutput& output() const { return output_; }
  // How many times shorter than the cycle's own the steps are on stairs now (1 elsewhere).
  float stair_stride_factor() const { return stair_stride_factor_; }
  // How much longer the footfall alignment makes the steps on stairs now (1 elsewhere).
  float footfall_scale() const { return footfall_scale_; }
  const LocomotionAssets& assets() const { return *assets_; }
  // The named values choosers and transitions read (for debugging and tests).
  const graph::NamedValues& values() const { return values_; }
  float Curve(const char* name) const;
  // The fastest ground speed a cycle clip covers: its slowest MotionSpeed at the play rate
  // cycle.max_joint_speed allows, times stride warping's max_ratio (infinite when unbounded).
  float CycleReach(int clip) const;
  // Moves stair_stride_factor_ toward the stairs ahead's (StairStrideFactor of the cycle playing
  // at its ground gait; 1 off stairs, in the air or in any other state) at
  // stairs.factor_rate_per_s, and sets start_onto_stairs for a run start with such stairs ahead
  // (it hands over to the cycle).
  void UpdateStairStride(const movement::CharacterMover& mover, const glm::vec3& move_direction,
                         float dt);
  // Read-only views for debugging (the viewer's panels): the state machine instance, the clip
  // played before the last state change, the dead blend from it (weight of the incoming clip:
  // dead_blend().Alpha() while active) and the last chooser answer.
  const graph::StateMachineInstance& machine() const { return machine_; }
  const ClipPlayer& previous_player() const { return previous_player_; }
  const graph::DeadBlendClock& dead_blend() const { return blend_clock_; }
  const ChooserChoice& last_choice() const { return last_choice_; }

  // Used by the state callbacks (internal).
  struct Access;

 private:
  void WriteValues(const LocomotionInput& input);
  void EvaluatePose(float dt);
  // FallLand: adds the heavy-land additive at the land clip's time, weighted by heavy_land_weight.
  void AddHeavyLanding();
  void Rotate(const LocomotionInput& input, float dt);
  void RefreshFeet();
  // Moves stop_point_ with the base the mover carried the character on this frame.
  void CarryStopPointWithBase();
  void UpdateLean(float dt);
  void WarpOrientation(float dt);
  float TurnTargetYaw(const LocomotionInput& input) const;

  std::shared_ptr<const LocomotionAssets> assets_;
  movement::MovementState movement_;
  float actor_yaw_ = 0.0f;
  EssentialData essential_;
  GaitState gait_;
  RotationState rotation_;
  graph::NamedValues values_;
  graph::StateMachineInstance machine_;
  ClipPlayer player_;
  ClipPlayer previous_player_;
  anim::SamplingCache cache_;
  // The heavy-land additive clip (-1 if not cooked), its own sampling cache and sampled delta.
  int heavy_land_additive_clip_ = -1;
  anim::SamplingCache additive_cache_;
  anim::Pose heavy_land_additive_;
  // Dead blending across state changes.
  graph::DeadBlendClock blend_clock_;
  std::vector<graph::DeadBlendJoint> blend_joints_;
  std::vector<graph::DeadBlendCurve> blend_curves_;
  anim::Pose sampled_pose_;
  // The dead-blended pose before orientation warping (the blend's own state).
  anim::Pose blended_pose_;
  anim::Pose previous_pose_;
  std::vector<graph::TransformVelocity> pose_velocity_;
  std::vector<float> sampled_curves_;
  std::vector<float> previous_curves_;
  std::vector<float> curve_velocity_;
  LocomotionOutput output_;
  glm::vec3 foot_left_model_{0.0f};
  glm::vec3 foot_right_model_{0.0f};
  // Stop distance matching: the world point the stop clip's Distance 0 is matched to. It is
  // kept in the frame of the base the character stands on: each frame it moves with the base.
  glm::vec3 stop_point_{0.0f};
  world::BodyId stop_base_ = world::kNoBody;
  glm::vec3 stop_base_position_{0.0f};
  // Pivot: the world point where the capsule's velocity against the new direction reaches zero
  // (Lyra's PredictGroundMovementPivotLocation), and whether a pivot clip (CT_Pivot) plays.
  glm::vec3 pivot_point_{0.0f};
  bool pivot_clip_ = false;
  // The capsule's speed limit the pivot's clip sets for the next frame (turn.pivot_holds_capsule;
  // infinite while braking toward the pivot point or without the setting).
  float pivot_speed_limit_m_s_ = std::numeric_limits<float>::infinity();
  // Whether a pivot holds the capsule this frame (turn.pivot_holds_capsule past its pivot point).
  bool HoldsCapsuleInPivot() const {
    return state() == LocomotionStateId::kPivot && std::isfinite(pivot_speed_limit_m_s_);
  }
  // Whether the capsule has passed the pivot point (or stopped short of it) since the pivot began.
  bool pivot_passed_ = false;
  // Giving way to a platform (give_way.h), and the input it stands in for the player's with.
  GiveWayState give_way_;
  LocomotionInput give_way_input_;
  // The player's input, or the give-way input while giving way.
  const LocomotionInput& EffectiveInput(const movement::CharacterMover& mover,
                                        const LocomotionInput& input, bool player_moves, float dt);
  // Orientation warping angle now (radians).
  float warp_angle_ = 0.0f;
  // Lean: last frame's horizontal velocity and actor yaw (acceleration and yaw rate).
  glm::vec3 lean_velocity_{0.0f};
  float lean_yaw_ = 0.0f;
  // Largest downward speed of the current fall (m/s), for the heavy landing.
  float fall_speed_m_s_ = 0.0f;
  // Ground speed when the cycle began: CT_Cycle's speed band (jog or sprint under the run gait)
  // is chosen once per cycle; only a gait or direction change switches clips mid-cycle.
  float cycle_speed_m_s_ = 0.0f;
  // How many times shorter the cycle's steps are on stairs (stair_stride.h; 1 elsewhere): the
  // capsule's speed is divided by it and the cycle's play rate kept as for the undivided speed.
  // It is the stair stride's factor divided by the footfall alignment's scale.
  float stair_stride_factor_ = 1.0f;
  float stair_stride_base_ = 1.0f;
  float footfall_scale_ = 1.0f;
  // The footfall alignment's own plant predictor, made on first use (a copy of the character
  // makes its own: the predictor holds sampling scratch, which two characters updated on two
  // threads must not share), and whether the rig has no legs for one.
  struct OwnPlantPredictor {
    std::shared_ptr<PlantPredictor> predictor;
    OwnPlantPredictor() = default;
    OwnPlantPredictor(const OwnPlantPredictor&) {}
    OwnPlantPredictor& operator=(const OwnPlantPredictor&) {
      predictor.reset();
      return *this;
    }
    OwnPlantPredictor(OwnPlantPredictor&&) = default;
    OwnPlantPredictor& operator=(OwnPlantPredictor&&) = default;
  };
  OwnPlantPredictor footfall_predictor_;
  bool footfall_unavailable_ = false;
  std::vector<float> footfall_edges_;
  // The footfall alignment's target stride scale (footfall_alignment.h) on the stairs surveyed
  // from feet_now along survey_direction_: the scale now where no plant is forecast, 1 off stairs
  // going down.
  float FootfallTarget(const glm::vec3& feet_now);
  // The last stair survey, where and which way it was made: surveyed again once the feet move
  // kStairResurveyM or turn away from it (a survey costs up to 0.1 ms on the default level).
  std::optional<StairProfile> surveyed_stairs_;
  std::optional<glm::vec3> survey_feet_;
  glm::vec3 survey_direction_{0.0f};
  float survey_ahead_m_ = 0.0f;  // how far ahead it reached (StairSurveyAheadM)
  // Part19: the rotation mode the Start state began in.
  RotationMode start_rotation_mode_ = RotationMode::kRotating;
  float turn_target_yaw_ = 0.0f;
  // Turn in place by clip (Part17): actual angle / clip angle, times the play rate when applied;
  // 0 while the turn is procedural (the clip has no RotationAmount curve).
  float turn_clip_scale_ = 0.0f;
  // Clip time up to which the turn clip's rotation has been applied.
  float turn_clip_time_s_ = 0.0f;
  bool in_turn_ = false;
  // An outrun pivot handed over to the cycle: its turn stays open while the actor goes on
  // rotating (TurnSettings::pivot_outrun_settled), for at most a second.
  bool turn_settling_ = false;
  float turn_settling_s_ = 0.0f;
  float dt_ = 0.0f;
  const LocomotionInput* input_ = nullptr;
  const movement::CharacterMover* mover_ = nullptr;
  bool first_frame_ = true;
  ChooserChoice last_choice_;
};

}  // namespace footwork::locomotion
