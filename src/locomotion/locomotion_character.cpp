#include "footwork/locomotion/locomotion_character.h"

#include "footwork/locomotion/stair_stride.h"

#include "footwork/ik/ik_rig.h"
#include "footwork/locomotion/footfall_alignment.h"
#include "footwork/locomotion/plant_prediction.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "footwork/anim/additive.h"
#include "footwork/anim/curve_names.h"
#include "footwork/anim/local_to_model.h"
#include "footwork/anim/root_motion.h"
#include "footwork/core/angles.h"

namespace footwork::locomotion {

namespace names = anim::curve_names;
using Id = LocomotionStateId;

const char* LocomotionStateName(LocomotionStateId state) {
  static constexpr const char* kNames[kLocomotionStateCount] = {
      "Idle",  "Start",       "Cycle",     "GaitTransition", "Stop",
      "Pivot", "TurnInPlace", "JumpStart", "FallLoop",       "FallLand"};
  return kNames[static_cast<int>(state)];
}

namespace {

bool InAir(Id state) {
  return state == Id::kJumpStart || state == Id::kFallLoop;
}

// An outrun pivot's turn stays open into the cycle at most this long (s): steered round on and
// on, the actor would never stop turning.
constexpr float kOutrunTurnSettleMax_s = 1.0f;
}  // namespace

LocomotionCharacter::LocomotionCharacter(std::shared_ptr<const LocomotionAssets> assets,
                                         const movement::MovementState& spawn, float yaw)
    : assets_(std::move(assets)),
      movement_(spawn),
      actor_yaw_(NormalizeAngle(yaw)),
      machine_(assets_->machine()) {
  const anim::Skeleton& skeleton = assets_->library().skeleton;
  const std::size_t joints = static_cast<std::size_t>(skeleton.num_joints());
  const std::size_t curves = assets_->curve_names().size();
  cache_.Resize(skeleton.num_joints());
  heavy_land_additive_clip_ = assets_->FindClip(kHeavyLandAdditiveClip);
  additive_cache_.Resize(skeleton.num_joints());
  heavy_land_additive_ = anim::MakeRestPose(skeleton);
  blend_joints_.resize(joints);
  blend_curves_.resize(curves);
  sampled_pose_ = anim::MakeRestPose(skeleton);
  previous_pose_ = sampled_pose_;
  pose_velocity_.resize(joints);
  sampled_curves_.assign(curves, 0.0f);
  previous_curves_.assign(curves, 0.0f);
  curve_velocity_.assign(curves, 0.0f);
  output_.local_pose = sampled_pose_;
  output_.model_pose = sampled_pose_;
  blended_pose_ = sampled_pose_;
  output_.curves.assign(curves, 0.0f);
  essential_.last_velocity_yaw = actor_yaw_;
  essential_.last_input_yaw = actor_yaw_;
  rotation_.primary_yaw = actor_yaw_;
  lean_yaw_ = actor_yaw_;
  RefreshFeet();
}

LocomotionStateId LocomotionCharacter::state() const {
  const int current = machine_.current_state();
  return current < 0 ? LocomotionStateId::kIdle : static_cast<LocomotionStateId>(current);
}

float LocomotionCharacter::CycleReach(int clip) const {
  if (clip < 0)
    return std::numeric_limits<float>::infinity();
  const anim::Clip& cycle = assets_->library().clips[static_cast<std::size_t>(clip)];
  const anim::FloatCurve* speed = cycle.FindCurve(names::kMotionSpeed);
  const float limit = assets_->settings().cycle.max_joint_speed;
  const float joint_speed = assets_->max_joint_speed(clip);
  if (speed == nullptr || speed->values.empty() || limit <= 0.0f || joint_speed <= 0.0f)
    return std::numeric_limits<float>::infinity();
  // The clip's slowest MotionSpeed, at the fastest rate UpdateCycle plays it, stretched by
  // stride warping's longest step.
  const float motion_speed = *std::min_element(speed->values.begin(), speed->values.end());
  const ik::StrideWarpingSettings& warp = assets_->settings().stride_warping;
  return motion_speed * (limit / joint_speed) * (warp.enabled ? warp.max_ratio : 1.0f);
}

float LocomotionCharacter::Curve(const char* name) const {
  const int index = assets_->curve_index(name);
  return index < 0 ? 0.0f : output_.curves[static_cast<std::size_t>(index)];
}

float LocomotionCharacter::TurnTargetYaw(const LocomotionInput& input) const {
  // Aiming or strafing turns toward the camera; otherwise toward the primary rotation (Part13).
  if (input.aim || rotation_.mode == RotationMode::kStrafing)
    return NormalizeAngle(input.camera_yaw);
  return rotation_.primary_yaw;
}

void LocomotionCharacter::WriteValues(const LocomotionInput& input) {
  graph::NamedValues& v = values_;
  v.SetFloat("ground_speed_m_s", essential_.ground_speed_m_s);
  v.SetFloat("vertical_speed_m_s", movement_.velocity.y);
  v.SetFloat("distance_to_floor_m", essential_.distance_to_floor_m);
  v.SetBool("is_moving", essential_.is_moving);
  v.SetBool("has_input", essential_.has_input);
  v.SetBool("should_turn", essential_.should_turn);
  v.SetBool("is_falling", essential_.is_falling);
  v.SetBool("is_left_foot_up", essential_.is_left_foot_up);
  v.SetBool("is_gamepad", input.device == InputDevice::kGamepad);
  v.SetEnum("ground_gait", GroundGaitName(gait_.ground));
  // Choosers pick walk/run/sprint clips: the animation's ground gait, sprint when the movement
  // gait sprints, and the movement gait while the animation gait is still idle.
  const char* chooser_gait = movement::GaitName(gait_.current);
  if (gait_.ground == GroundGait::kWalk)
    chooser_gait = "walk";
  else if (gait_.ground == GroundGait::kRun && gait_.current != movement::Gait::kSprint)
    chooser_gait = "run";
  v.SetEnum("gait", chooser_gait);
  // The gait the character last moved in: a pivot's ground gait is already idle (should_turn).
  if (gait_.ground != GroundGait::kIdle || v.FindEnum("moving_gait") == nullptr)
    v.SetEnum("moving_gait", chooser_gait);
  v.SetEnum("rotation_mode", RotationModeName(rotation_.mode));
  // Strafing choosers pick per-direction clips by this (Part18; dead zone in the essential data).
  v.SetEnum("cardinal_direction", CardinalDirectionName(essential_.cardinal_direction));
  if (v.FindFloat("start_angle_deg") == nullptr)
    v.SetFloat("start_angle_deg", 0.0f);
  if (v.FindEnum("air_phase") == nullptr)
    v.SetEnum("air_phase", "jump_start");

  const float turn_angle = NormalizedDeltaAngle(TurnTargetYaw(input), actor_yaw_);
  v.SetFloat("turn_angle_deg", Degrees(turn_angle));
  v.SetBool("wants_turn_in_place",
            gait_.ground == GroundGait::kIdle && !essential_.has_input && !essential_.is_moving &&
                std::abs(turn_angle) > assets_->settings().turn.turn_in_place_threshold);
  v.SetBool("turn_done", std::abs(NormalizedDeltaAngle(turn_target_yaw_, actor_yaw_)) <=
                             assets_->settings().turn.turn_in_place_done);

  v.SetBool("turn_clip_ended",
            state() == Id::kTurnInPlace && turn_clip_scale_ != 0.0f && player_.clip >= 0 &&
                player_.time_s >=
                    assets_->library().clips[static_cast<std::size_t>(player_.clip)].duration_s);
  // Part19: a start begun in Rotating mode goes straight to the cycle once strafing.
  v.SetBool("rotating_start_switch_to_strafing",
            state() == Id::kStart && start_rotation_mode_ == RotationMode::kRotating &&
                rotation_.mode == RotationMode::kStrafing);
  bool cycle_changed = false;
  if (state() == Id::kCycle && Curve(names::kDisableSwitchGroundGait) <= 0.0f) {
    // Asked at the speed the cycle began with: a speed band is not a gait change.
    v.SetFloat("ground_speed_m_s", cycle_speed_m_s_);
    auto selection = assets_->settings().cycle_chooser->Evaluate(values_);
    v.SetFloat("ground_speed_m_s", essential_.ground_speed_m_s);
    const int clip = selection.ok() && selection->found()
                         ? assets_->FindClip(selection->output->clip)
                         : player_.clip;
    // A gait change waits until the new gait's cycle can cover the capsule's speed: after
    // run -> walk the capsule still ran at ~2.9 m/s, the walk held to its joint-speed rate left
    // the IK to stretch a leg through the floor. The old cycle slows with the capsule meanwhile.
    cycle_changed = clip != player_.clip && CycleReach(clip) >= essential_.ground_speed_m_s;
  }
  v.SetBool("cycle_gait_changed", cycle_changed);
}

namespace {
// The stair survey is made again once the feet have moved this far (m) or turned this much
// (cosine of 10 degrees) from where it was made: treads are 25-35 cm deep.
constexpr float kStairResurveyM = 0.05f;
constexpr float kStairResurveyCos = 0.985f;
}  // namespace

void LocomotionCharacter::UpdateStairStride(const movement::CharacterMover& mover,
                                            const glm::vec3& move_direction, float dt) {
  const StairSettings& settings = assets_->settings().stairs;
  float target = 1.0f;
  float footfall_target = 1.0f;
  bool start_onto_stairs = false;
  const bool in_cycle = state() == Id::kCycle && player_.looping;
  // A run start plays its clip's own stride, as long as a run's: onto stairs the run takes
  // shorter steps on, it hands over to the cycle, which takes them. (A walk start is over in a
  // step or two; handing it over changed every walk up and down the stairs for nothing.) Its
  // ground gait is still the walk's as it speeds up.
  const bool run_start = state() == Id::kStart && gait_.current != movement::Gait::kWalk;
  const GroundGait stride_gait = run_start ? GroundGait::kRun : gait_.ground;
  if (StairStrideOn(settings, stride_gait) && movement_.mode == movement::MovementMode::kWalking &&
      (in_cycle || run_start) && player_.clip >= 0) {
    // Along the velocity, or the input before the character moves.
    const glm::vec3 velocity(movement_.velocity.x, 0.0f, movement_.velocity.z);
    const glm::vec3 direction =
        glm::length(velocity) > assets_->settings().essential.moving_speed_m_s ? velocity
                                                                               : move_direction;
    const glm::vec3 feet =
        movement_.position - glm::vec3(0.0f, mover.settings().CentreToFloorM(), 0.0f);
    const glm::vec3 heading = SafeNormal2D(direction);
    const bool moved_on = !survey_feet_ || glm::length(feet - *survey_feet_) > kStairResurveyM ||
                          glm::dot(heading, survey_direction_) < kStairResurveyCos;
    if (moved_on) {
      StairSettings survey = settings;
      // A start hands over at the first risers, not further ahead at speed: its stride is no
      // longer than the cycle's.
      survey.survey_ahead_m = StairSurveyAheadM(settings, in_cycle ? glm::length(velocity) : 0.0f);
      surveyed_stairs_ = SurveyStairs(mover.world(), feet, heading, survey);
      survey_ahead_m_ = survey.survey_ahead_m;
      survey_feet_ = feet;
      survey_direction_ = heading;
    }
    if (surveyed_stairs_ && in_cycle) {
      target = StairStrideFactor(*surveyed_stairs_, assets_->step_length_m(player_.clip), settings,
                                 gait_.ground);
      footfall_target = FootfallTarget(feet);
    }
    start_onto_stairs = surveyed_stairs_ && run_start &&
                        MaxStairStep(settings, stride_gait, surveyed_stairs_->down) > 0.0f;
  } else {
    survey_feet_.reset();
  }
  values_.SetBool("start_onto_stairs", start_onto_stairs);
  stair_stride_base_ =
      FInterpConstantTo(stair_stride_base_, target, dt, settings.factor_rate_per_s);
  footfall_scale_ =
      FInterpConstantTo(footfall_scale_, footfall_target, dt, settings.footfall_rate_per_s);
  stair_stride_factor_ = stair_stride_base_ / footfall_scale_;
}

float LocomotionCharacter::FootfallTarget(const glm::vec3& feet_now) {
  const StairSettings& settings = assets_->settings().stairs;
  // Going down only: climbing, a foot landing across a riser is lifted onto the step or drawn
  // back off it (the IK's riser shift), and aligned going up, stops half way up failed (8 of 28
  // default stairs_walk starts, 4 of 11 of the Knight's along the side edge: the alignment cannot
  // see a stop coming); going down, the Knight's feet planted heels on edges from 9 of 10 starts.
  if (!(settings.footfall_max_stride_change > 0.0f) || footfall_unavailable_ || !survey_feet_ ||
      !surveyed_stairs_ || !surveyed_stairs_->down ||
      !(MaxStairStep(settings, gait_.ground, true) > 0.0f))
    return 1.0f;
  if (!footfall_predictor_.predictor) {
    const io::CookedLibrary& library = assets_->library();
    auto rig = ik::BuildIkRig(library.skeleton, library.rig_profile);
    if (!rig) {
      footfall_unavailable_ = true;
      return 1.0f;
    }
    footfall_predictor_.predictor = std::make_shared<PlantPredictor>(*assets_, rig->legs);
  }
  // The swinging foot that plants first (the other one plants a step after it).
  const auto plants = footfall_predictor_.predictor->Predict(*this);
  const PlantPrediction* next = nullptr;
  for (const auto& plant : plants) {
    if (plant && (next == nullptr || plant->time_s < next->time_s))
      next = &*plant;
  }
  const auto& clips = assets_->library().clips;
  if (next == nullptr || player_.clip < 0 || player_.clip >= static_cast<int>(clips.size()))
    return footfall_scale_;
  // Everything along the survey's line, from the feet now.
  const glm::quat rotation = QuatFromYaw(actor_yaw_);
  const auto along = [&](const glm::vec3& character_space) {
    const glm::vec3 world = rotation * character_space;
    return world.x * survey_direction_.x + world.z * survey_direction_.z;
  };
  FootfallForecast forecast;
  forecast.ankle_now_m = along(next->ankle_now);
  forecast.ankle_plant_m = along(next->ankle_now + next->ankle_travel);
  forecast.ball_plant_m = along(next->ankle_now + next->ankle_travel + next->ball_from_ankle);
  const glm::vec3 moved = feet_now - *survey_feet_;
  const float moved_m = moved.x * survey_direction_.x + moved.z * survey_direction_.z;
  std::vector<float>& edges = footfall_edges_;
  edges.clear();
  for (const float edge : surveyed_stairs_->edges_m)
    edges.push_back(edge - moved_m);
  // A step (one foot's plant to the other's) is half the cycle at its play rate, at the speed now.
  const float rate = std::fabs(player_.play_rate);
  if (!(rate > 1e-3f))
    return footfall_scale_;
  const float speed = glm::length(glm::vec2(movement_.velocity.x, movement_.velocity.z));
  const float step_m =
      speed * 0.5f * clips[static_cast<std::size_t>(player_.clip)].duration_s / rate;
  return FootfallStrideScale(edges, forecast, step_m, survey_ahead_m_ - moved_m, footfall_scale_,
                             settings);
}

void LocomotionCharacter::CarryStopPointWithBase() {
  // The mover carries a based character by the base's translation (no rotation), so the stop
  // point follows the same displacement; on a new base it is anchored to that base from now on.
  if (movement_.base != world::kNoBody && movement_.base == stop_base_)
    stop_point_ += movement_.base_position - stop_base_position_;
  stop_base_ = movement_.base;
  stop_base_position_ = movement_.base_position;
  output_.stop_point = stop_point_;
}

const LocomotionInput& LocomotionCharacter::EffectiveInput(const movement::CharacterMover& mover,
                                                           const LocomotionInput& input,
                                                           bool player_moves, float dt) {
  const GiveWaySettings& settings = assets_->settings().give_way;
  std::optional<movement::OncomingBody> oncoming;
  if (settings.look_ahead_m > 0.0f && !player_moves)
    oncoming = mover.FindOncomingBody(movement_, settings.look_ahead_m);
  const bool moving = essential_.is_moving || state() == Id::kStop;
  UpdateGiveWay(give_way_, oncoming, player_moves, moving, actor_yaw_, dt, settings);
  if (!give_way_.active && !give_way_.releasing)
    return input;
  // Strafing toward the held yaw keeps the facing: the character steps back or aside with the
  // directional clips rather than turning round first. The run gait's speed limit is scaled down
  // to the speed wanted, as a part-deflected key would (the walk gait may be slower than the
  // platform). A jump press still jumps.
  give_way_input_ = input;
  give_way_input_.device = InputDevice::kKeyboard;
  give_way_input_.walk_mode = false;
  give_way_input_.sprint = false;
  give_way_input_.rotation_mode = RotationMode::kStrafing;
  give_way_input_.camera_yaw = give_way_.facing_yaw;
  const float run_speed = mover.settings().ForGait(movement::Gait::kRun).max_speed_m_s;
  // The axes that WorldMoveDirection turns back into the give-way velocity.
  const glm::vec3 forward = DirectionFromYaw(give_way_.facing_yaw);
  const glm::vec3 right = DirectionFromYaw(give_way_.facing_yaw - 0.5f * kPi);
  give_way_input_.move =
      glm::vec2(glm::dot(give_way_.velocity, right), glm::dot(give_way_.velocity, forward)) /
      run_speed;
  return give_way_input_;
}

Status LocomotionCharacter::Update(const movement::CharacterMover& mover,
                                   const LocomotionInput& player_input, float dt) {
  if (!(dt > 0.0f) || !std::isfinite(dt))
    return Error{"locomotion: frame time must be a positive finite number of seconds"};
  glm::vec2 axes = player_input.device == InputDevice::kGamepad
                       ? movement::FilterStick(player_input.move, assets_->gamepad())
                       : player_input.move;
  const LocomotionInput& input = EffectiveInput(mover, player_input, axes != glm::vec2(0.0f), dt);
  if (&input == &give_way_input_)
    axes = input.move;
  if (glm::length(axes) > 1.0f)
    axes = glm::normalize(axes);
  movement::MoveInput move;
  move.direction = movement::WorldMoveDirection(axes, input.camera_yaw);

  GaitRequest request;
  request.device = input.device;
  request.walk_mode = input.walk_mode;
  request.sprint = input.sprint;
  request.disable_switch_ground_gait = Curve(names::kDisableSwitchGroundGait);
  const GaitState gait_before = gait_;
  UpdateMovementGait(gait_, request);
  move.gait = gait_.current;
  // No new jump until the landing's root motion ends (Part20: jump only while no root motion
  // plays), nor in the air.
  const bool landing_moves = state() == Id::kFallLand && player_.clip >= 0 &&
                             player_.time_s < assets_->root_motion_end_s(player_.clip);
  move.jump = input.jump && !landing_moves && !InAir(state());

  // On stairs the capsule slows by the stair stride's factor (its speed limit scales with the
  // input's length, as a stick's deflection does); the cycle keeps its flat play rate.
  UpdateStairStride(mover, move.direction, dt);
  movement::MoveInput mover_input = move;
  mover_input.direction /= stair_stride_factor_;
  // A pivot turning on the spot holds the capsule (turn.pivot_holds_capsule): a shorter input
  // lowers the mover's speed limit as a half-deflected stick does.
  if (HoldsCapsuleInPivot()) {
    const float max_speed = mover.settings().ForGait(move.gait).max_speed_m_s;
    if (max_speed > pivot_speed_limit_m_s_)
      mover_input.direction *= pivot_speed_limit_m_s_ / max_speed;
  }
  if (Status moved = mover.Update(movement_, mover_input, dt); !moved.ok()) {
    gait_ = gait_before;
    return moved;
  }
  mover_ = &mover;
  input_ = &input;
  dt_ = dt;
  output_.stop_began = false;
  CarryStopPointWithBase();
  output_.turn_began = false;
  output_.turn_ended = false;

  SetRotationMode(rotation_, input.rotation_mode);
  EssentialInputs essential_inputs;
  essential_inputs.movement = &movement_;
  essential_inputs.input_direction = move.direction;
  essential_inputs.actor_yaw = actor_yaw_;
  essential_inputs.foot_left_model = foot_left_model_;
  essential_inputs.foot_right_model = foot_right_model_;
  RefreshEssentialData(essential_, essential_inputs, assets_->settings().essential);
  // Part20: only while falling (vertical speed above the seed's -20 cm/s gate).
  if (essential_.is_falling &&
      movement_.velocity.y > assets_->settings().air.floor_trace_min_vertical_speed_m_s) {
    if (auto distance = mover.DistanceToFloor(movement_, assets_->settings().air.floor_trace_m))
      essential_.distance_to_floor_m = *distance;
  }
  gait_.ground = SelectGroundGait(essential_, mover.settings().ForGait(gait_.current).max_speed_m_s,
                                  assets_->settings().gait);

  WriteValues(input);
  const ClipPlayer before = player_;
  const Id previous = state();
  const float yaw_before = actor_yaw_;
  machine_.Update(dt, values_, this);
  const Id current = state();
  // Root motion of the clip over this frame (reported; the default character's turn in place is
  // procedural, so nothing is applied back to the mover yet).
  if (player_.clip >= 0 && player_.clip == before.clip) {
    const anim::Clip& clip = assets_->library().clips[static_cast<std::size_t>(player_.clip)];
    output_.root_motion =
        anim::ExtractRootMotion(clip, before.time_s, player_.time_s - before.time_s,
                                player_.looping ? anim::WrapMode::kLoop : anim::WrapMode::kClamp);
  } else {
    output_.root_motion = Transform::Identity();
  }
  EvaluatePose(dt);
  Rotate(input, dt);
  WarpOrientation(dt);
  if (const bool* outrun = values_.FindBool("pivot_outrun");
      previous == Id::kPivot && current == Id::kCycle && in_turn_ && outrun != nullptr && *outrun) {
    turn_settling_ = assets_->settings().turn.pivot_outrun_settled > 0.0f;
    turn_settling_s_ = 0.0f;
  }
  // A jump during a turning start keeps the turn open through the air: the actor goes on
  // rotating toward the velocity and the turn is measured once back on the ground. So does an
  // outrun pivot's handover to the cycle, until the actor has stopped turning.
  if (in_turn_ && current != Id::kStart && current != Id::kPivot && current != Id::kTurnInPlace &&
      !InAir(current)) {
    const float yaw_rate = std::fabs(NormalizedDeltaAngle(actor_yaw_, yaw_before)) / dt;
    turn_settling_s_ += dt;
    const bool settling = turn_settling_ && current == Id::kCycle &&
                          yaw_rate > assets_->settings().turn.pivot_outrun_settled &&
                          turn_settling_s_ < kOutrunTurnSettleMax_s;
    if (!settling) {
      in_turn_ = false;
      turn_settling_ = false;
      output_.turn_ended = true;
    }
  } else {
    turn_settling_ = false;
  }
  UpdateLean(dt);
  if (essential_.is_falling)
    fall_speed_m_s_ = std::max(fall_speed_m_s_, -movement_.velocity.y);
  else if (current != Id::kFallLand)
    fall_speed_m_s_ = 0.0f;
  if (current != Id::kFallLand)
    output_.heavy_land_weight = 0.0f;
  if (const int slot = assets_->curve_index(kHeavyLandWeightCurve); slot >= 0)
    output_.curves[static_cast<std::size_t>(slot)] = output_.heavy_land_weight;
  RefreshFeet();
  first_frame_ = false;
  input_ = nullptr;
  return Status::Ok();
}

void LocomotionCharacter::EvaluatePose(float dt) {
  const anim::Skeleton& skeleton = assets_->library().skeleton;
  if (player_.clip >= 0) {
    const anim::Clip& clip = assets_->library().clips[static_cast<std::size_t>(player_.clip)];
    anim::SamplingJob job;
    job.skeleton = &skeleton;
    job.clip = &clip;
    job.time_s = player_.time_s;
    job.wrap = player_.looping ? anim::WrapMode::kLoop : anim::WrapMode::kClamp;
    job.cache = &cache_;
    job.output = sampled_pose_;
    (void)job.Run();
    const std::vector<int>& slots =
        assets_->clip_curve_slots()[static_cast<std::size_t>(player_.clip)];
    for (std::size_t c = 0; c < slots.size(); ++c) {
      sampled_curves_[c] =
          slots[c] < 0 ? 0.0f
                       : anim::EvaluateCurve(clip.curves[static_cast<std::size_t>(slots[c])],
                                             player_.time_s);
    }
    AddHeavyLanding();
  }

  auto request = machine_.TakeInertializationRequest();
  if (request && !first_frame_) {
    // Dead blending from what was shown last, moving as it was moving (Part07's DeadBlending).
    graph::ComputePoseVelocities(previous_pose_, blended_pose_, dt, pose_velocity_);
    graph::DeadBlendTransition(blend_clock_, blend_joints_, blended_pose_, pose_velocity_,
                               request->duration_s);
    for (std::size_t c = 0; c < curve_velocity_.size(); ++c)
      curve_velocity_[c] = (output_.curves[c] - previous_curves_[c]) / dt;
    graph::DeadBlendCurvesTransition(blend_curves_, output_.curves, curve_velocity_,
                                     assets_->curve_ranges());
  }
  previous_pose_ = blended_pose_;
  previous_curves_ = output_.curves;
  if (blend_clock_.active()) {
    graph::AdvanceDeadBlend(blend_clock_, dt);
    const float half_life = assets_->settings().blend.dead_blend_decay_half_life_s;
    graph::DeadBlendUpdate(blended_pose_, blend_joints_, blend_clock_, sampled_pose_, half_life,
                           dt);
    graph::DeadBlendCurvesUpdate(output_.curves, blend_curves_, blend_clock_, sampled_curves_,
                                 assets_->curve_blend_mask(), half_life, dt);
  } else {
    blended_pose_ = sampled_pose_;
    output_.curves = sampled_curves_;
  }
}

void LocomotionCharacter::AddHeavyLanding() {
  if (state() != Id::kFallLand || heavy_land_additive_clip_ < 0 ||
      !(output_.heavy_land_weight > 0.0f))
    return;
  const anim::Skeleton& skeleton = assets_->library().skeleton;
  anim::SamplingJob sample;
  sample.skeleton = &skeleton;
  sample.clip = &assets_->library().clips[static_cast<std::size_t>(heavy_land_additive_clip_)];
  sample.time_s = player_.time_s;  // Same length as the land clip: sampled at its time.
  sample.wrap = anim::WrapMode::kClamp;
  sample.cache = &additive_cache_;
  sample.output = heavy_land_additive_;
  if (!sample.Run().ok())
    return;
  anim::ApplyAdditiveJob apply;
  apply.space = anim::AdditiveSpace::kLocal;
  apply.target = sampled_pose_;
  apply.additive = heavy_land_additive_;
  apply.weight = std::min(output_.heavy_land_weight, 1.0f);
  apply.output = sampled_pose_;
  (void)apply.Run();
}

void LocomotionCharacter::Rotate(const LocomotionInput& input, float dt) {
  const RotationSettings& settings = assets_->settings().rotation;
  const Id current = state();
  output_.target_yaw = actor_yaw_;
  if (current == Id::kTurnInPlace) {
    if (turn_clip_scale_ != 0.0f && player_.clip >= 0) {
      // Part17: RotationAmount x 45 deg/s over the clip time played this frame (so the play
      // rate is included), scaled to the wanted angle; midpoint of the frame's clip interval.
      const anim::FloatCurve* amount =
          assets_->library().clips[static_cast<std::size_t>(player_.clip)].FindCurve(
              names::kRotationAmount);
      const float played = player_.time_s - turn_clip_time_s_;
      const float mid = turn_clip_time_s_ + 0.5f * played;
      turn_clip_time_s_ = player_.time_s;
      if (amount != nullptr && played > 0.0f)
        actor_yaw_ = NormalizeAngle(actor_yaw_ + turn_clip_scale_ * kRotationAmountRadPerS *
                                                     anim::EvaluateCurve(*amount, mid) * played);
    } else {
      // No turn clip: the actor turns at a constant rate while the chosen clip plays.
      actor_yaw_ = YawInterpConstantTo(actor_yaw_, turn_target_yaw_, dt,
                                       assets_->settings().turn.turn_in_place_rate);
    }
    rotation_.primary_yaw = actor_yaw_;
    output_.target_yaw = turn_target_yaw_;
    return;
  }
  const bool turning_start = current == Id::kStart || current == Id::kPivot;
  if (!essential_.is_moving && !turning_start)
    return;
  if (rotation_.mode == RotationMode::kStrafing) {
    actor_yaw_ = SmoothControlRotation(rotation_, actor_yaw_, input.camera_yaw, dt, settings);
    output_.target_yaw = NormalizeAngle(input.camera_yaw);
    return;
  }
  const float rotate_alpha = turning_start ? Curve(names::kRotateAlpha) : 0.0f;
  // While a reversal's capsule still slides the old way (should_turn), its velocity points where
  // the turn began, not where it goes: chasing it would swing the primary rotation back round and
  // pull the actor against the chosen clip's turn first (the seed's worked example, stretched
  // over the braking). The primary rotation holds the committed direction until then.
  // So does a pivot holding the capsule on the spot (turn.pivot_holds_capsule): its velocity
  // stays the old way's or none until the clip runs off the new way.
  const float velocity_yaw = turning_start && (essential_.should_turn || HoldsCapsuleInPivot())
                                 ? rotation_.primary_yaw
                                 : essential_.last_velocity_yaw;
  actor_yaw_ =
      SmoothVelocityRotation(rotation_, actor_yaw_, velocity_yaw, rotate_alpha, dt, settings);
  output_.target_yaw =
      essential_.has_input ? essential_.last_input_yaw : essential_.last_velocity_yaw;
}

void LocomotionCharacter::WarpOrientation(float dt) {
  // Lyra's orientation warping, strafing only: the legs turn from the clip's travel direction to
  // the velocity's direction relative to the actor; the spine turns back so the chest keeps
  // facing the camera.
  const StrafeSettings& settings = assets_->settings().strafe;
  const Id current = state();
  float target = 0.0f;
  if (rotation_.mode == RotationMode::kStrafing && essential_.is_moving && player_.clip >= 0 &&
      (current == Id::kStart || current == Id::kCycle || current == Id::kStop ||
       current == Id::kGaitTransition)) {
    target = NormalizedDeltaAngle(essential_.velocity_locomotion_angle,
                                  assets_->travel_direction(player_.clip));
    target =
        std::clamp(target, -settings.orientation_warping_max, settings.orientation_warping_max);
  }
  warp_angle_ = FInterpTo(warp_angle_, target, dt, settings.orientation_warping_interp_speed);
  output_.local_pose = blended_pose_;
  if (std::abs(warp_angle_) < 1e-5f)
    return;
  // The root joint turns about the vertical through the capsule (model space = its parent's).
  output_.local_pose[0].rotation = QuatFromYaw(warp_angle_) * output_.local_pose[0].rotation;
  output_.local_pose[0].translation = QuatFromYaw(warp_angle_) * output_.local_pose[0].translation;
  const int spine = assets_->spine_joint();
  if (spine <= 0)
    return;
  // Spine: L' = P^-1 * yaw(-a * f) * P * L, with P the unwarped model rotation of its parent.
  const std::vector<int>& parents = assets_->library().skeleton.parents;
  glm::quat parent(1.0f, 0.0f, 0.0f, 0.0f);
  for (int j = parents[static_cast<std::size_t>(spine)]; j >= 0;
       j = parents[static_cast<std::size_t>(j)])
    parent = blended_pose_[static_cast<std::size_t>(j)].rotation * parent;
  const glm::quat back = QuatFromYaw(-warp_angle_ * settings.orientation_warping_spine_fraction);
  Transform& joint = output_.local_pose[static_cast<std::size_t>(spine)];
  joint.rotation = glm::normalize(glm::inverse(parent) * back * parent * joint.rotation);
}

void LocomotionCharacter::UpdateLean(float dt) {
  // Lyra's lean: local acceleration and yaw rate, smoothed; none in the air.
  const LeanSettings& settings = assets_->settings().lean;
  const glm::vec3 velocity(movement_.velocity.x, 0.0f, movement_.velocity.z);
  float target_forward = 0.0f;
  float target_right = 0.0f;
  if (!essential_.is_falling && !first_frame_) {
    const glm::vec3 acceleration = (velocity - lean_velocity_) / dt;
    const glm::vec3 forward(std::sin(actor_yaw_), 0.0f, std::cos(actor_yaw_));
    const glm::vec3 right(-std::cos(actor_yaw_), 0.0f, std::sin(actor_yaw_));
    // Positive yaw turns left, so a left turn leans left (negative right).
    const float yaw_rate = NormalizedDeltaAngle(actor_yaw_, lean_yaw_) / dt;
    target_forward = glm::dot(acceleration, forward) * settings.acceleration_scale;
    target_right = glm::dot(acceleration, right) * settings.acceleration_scale -
                   yaw_rate * settings.yaw_rate_scale;
  }
  target_forward = std::clamp(target_forward, -settings.max, settings.max);
  target_right = std::clamp(target_right, -settings.max, settings.max);
  output_.lean_forward = FInterpTo(output_.lean_forward, target_forward, dt, settings.interp_speed);
  output_.lean_right = FInterpTo(output_.lean_right, target_right, dt, settings.interp_speed);
  lean_velocity_ = velocity;
  lean_yaw_ = actor_yaw_;
  if (const int slot = assets_->curve_index(kLeanForwardCurve); slot >= 0)
    output_.curves[static_cast<std::size_t>(slot)] = output_.lean_forward;
  if (const int slot = assets_->curve_index(kLeanRightCurve); slot >= 0)
    output_.curves[static_cast<std::size_t>(slot)] = output_.lean_right;
}

void LocomotionCharacter::RefreshFeet() {
  anim::LocalToModelJob job;
  job.skeleton = &assets_->library().skeleton;
  job.input = output_.local_pose;
  job.output = output_.model_pose;
  (void)job.Run();
  foot_left_model_ =
      output_.model_pose[static_cast<std::size_t>(assets_->foot_left_joint())].translation;
  foot_right_model_ =
      output_.model_pose[static_cast<std::size_t>(assets_->foot_right_joint())].translation;
}

}  // namespace footwork::locomotion
