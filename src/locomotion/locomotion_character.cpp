#include "footwork/locomotion/locomotion_character.h"

#include <algorithm>
#include <cmath>

#include "footwork/anim/curve_names.h"
#include "footwork/anim/local_to_model.h"
#include "footwork/anim/root_motion.h"
#include "footwork/core/angles.h"
#include "footwork/graph/sync_group.h"
#include "footwork/movement/ground_physics.h"

namespace footwork::locomotion {

namespace names = anim::curve_names;
using graph::StateCallbackContext;
using graph::TransitionContext;
using Id = LocomotionStateId;

const char* LocomotionStateName(LocomotionStateId state) {
  static constexpr const char* kNames[kLocomotionStateCount] = {
      "Idle",  "Start",       "Cycle",     "GaitTransition", "Stop",
      "Pivot", "TurnInPlace", "JumpStart", "FallLoop",       "FallLand"};
  return kNames[static_cast<int>(state)];
}

namespace {

float SafeDivide(float a, float b) {
  return b != 0.0f ? a / b : 0.0f;
}

// Every clip a chooser table can answer with (rows and fallbacks, nested tables included).
void CollectClips(const graph::ChooserTable& table, std::vector<std::string>& out) {
  auto add = [&](const graph::ChooserOutput& output) {
    if (output.nested)
      CollectClips(*output.nested, out);
    else if (!output.clip.empty())
      out.push_back(output.clip);
  };
  for (const graph::ChooserRow& row : table.rows())
    add(row.output);
  if (table.fallback() != nullptr)
    add(*table.fallback());
}

bool InAir(Id state) {
  return state == Id::kJumpStart || state == Id::kFallLoop;
}

}  // namespace

// ---- Assets -------------------------------------------------------------------------------------

Result<std::shared_ptr<const LocomotionAssets>> LocomotionAssets::Create(
    std::shared_ptr<const io::CookedLibrary> library, LocomotionSettings settings,
    movement::GamepadSettings gamepad) {
  if (!library)
    return Error{"locomotion: no cooked library"};
  std::shared_ptr<LocomotionAssets> assets(new LocomotionAssets());
  assets->library_ = std::move(library);
  assets->settings_ = std::move(settings);
  assets->gamepad_ = gamepad;
  const io::CookedLibrary& lib = *assets->library_;

  const auto& roles = lib.rig_profile.roles;
  for (const char* role : {"foot_l", "foot_r"}) {
    auto it = roles.find(role);
    const int joint = it == roles.end() ? -1 : lib.skeleton.FindJoint(it->second);
    if (joint < 0) {
      return Error{"locomotion: character '" + lib.character + "': rig profile has no joint for '" +
                   role + "'"};
    }
    (std::string(role) == "foot_l" ? assets->foot_left_ : assets->foot_right_) = joint;
  }

  std::vector<std::string> curve_names;
  for (const anim::Clip& clip : lib.clips)
    for (const anim::FloatCurve& curve : clip.curves)
      curve_names.push_back(curve.name);
  std::sort(curve_names.begin(), curve_names.end());
  curve_names.erase(std::unique(curve_names.begin(), curve_names.end()), curve_names.end());
  assets->curve_names_ = std::move(curve_names);
  for (const anim::Clip& clip : lib.clips) {
    std::vector<int> slots(assets->curve_names_.size(), -1);
    for (std::size_t c = 0; c < clip.curves.size(); ++c) {
      const auto it = std::lower_bound(assets->curve_names_.begin(), assets->curve_names_.end(),
                                       clip.curves[c].name);
      slots[static_cast<std::size_t>(it - assets->curve_names_.begin())] = static_cast<int>(c);
    }
    assets->clip_curve_slots_.push_back(std::move(slots));
    const anim::FloatCurve* distance = clip.FindCurve(names::kDistance);
    assets->distance_monotonicity_.push_back(distance ? anim::FindMonotonicity(*distance)
                                                      : anim::Monotonicity::kNone);
  }
  assets->curve_filter_mask_.assign(assets->curve_names_.size(), 0);
  const int rotate_alpha = assets->curve_index(names::kRotateAlpha);
  if (rotate_alpha >= 0)
    assets->curve_filter_mask_[static_cast<std::size_t>(rotate_alpha)] = 1;

  // Every chooser answer must exist, with the curves its state needs.
  const LocomotionSettings& s = assets->settings_;
  struct Need {
    const graph::ChooserTable* table;
    const char* curve;
  };
  for (const Need& need :
       {Need{s.start_chooser.get(), names::kMotionSpeed},
        Need{s.cycle_chooser.get(), names::kMotionSpeed},
        Need{s.stop_chooser.get(), names::kDistance}, Need{s.idle_chooser.get(), nullptr},
        Need{s.air_chooser.get(), nullptr}}) {
    std::vector<std::string> clips;
    CollectClips(*need.table, clips);
    for (const std::string& name : clips) {
      const int index = assets->FindClip(name);
      if (index < 0) {
        return Error{"locomotion: chooser '" + need.table->name() + "' names clip '" + name +
                     "', which the cooked library of '" + lib.character + "' does not have"};
      }
      if (need.curve != nullptr &&
          lib.clips[static_cast<std::size_t>(index)].FindCurve(need.curve) == nullptr) {
        return Error{"locomotion: clip '" + name + "' (chooser '" + need.table->name() +
                     "') has no " + need.curve + " curve"};
      }
      if (need.table == s.stop_chooser.get() &&
          assets->distance_monotonicity_[static_cast<std::size_t>(index)] ==
              anim::Monotonicity::kNone) {
        return Error{"locomotion: stop clip '" + name + "': Distance curve is not monotonic"};
      }
    }
  }
  assets->BuildMachine();
  if (Status valid = assets->machine_.Validate(); !valid.ok())
    return valid.error();
  return std::shared_ptr<const LocomotionAssets>(std::move(assets));
}

int LocomotionAssets::FindClip(const std::string& name) const {
  for (std::size_t i = 0; i < library_->clips.size(); ++i)
    if (library_->clips[i].name == name)
      return static_cast<int>(i);
  return -1;
}

int LocomotionAssets::curve_index(const char* name) const {
  const auto it = std::lower_bound(curve_names_.begin(), curve_names_.end(), name);
  if (it == curve_names_.end() || *it != name)
    return -1;
  return static_cast<int>(it - curve_names_.begin());
}

// ---- State callbacks ----------------------------------------------------------------------------

struct LocomotionCharacter::Access {
  static LocomotionCharacter& Self(StateCallbackContext& context) {
    return *static_cast<LocomotionCharacter*>(context.user);
  }

  // Chooses from `table` against the character's values; -1 when nothing answers.
  static int Choose(LocomotionCharacter& self, const graph::ChooserTable& table,
                    float* start_time = nullptr) {
    auto selection = table.Evaluate(self.values_);
    if (!selection.ok() || !selection->found())
      return -1;
    if (start_time != nullptr)
      *start_time = selection->output->start_time_s;
    return self.assets_->FindClip(selection->output->clip);
  }

  static const anim::Clip& ClipOf(const LocomotionCharacter& self, int clip) {
    return self.assets_->library().clips[static_cast<std::size_t>(clip)];
  }

  static void Play(LocomotionCharacter& self, int clip, float time_s, bool looping) {
    self.previous_player_ = self.player_;
    self.player_ = ClipPlayer{clip, time_s, 1.0f, looping};
  }

  static void Advance(LocomotionCharacter& self, StateCallbackContext& context) {
    ClipPlayer& player = self.player_;
    if (player.clip < 0)
      return;
    const anim::Clip& clip = ClipOf(self, player.clip);
    player.time_s += context.dt_s * player.play_rate;
    if (player.looping) {
      player.time_s = anim::WrapTime(player.time_s, clip.duration_s, anim::WrapMode::kLoop);
    } else {
      player.time_s = std::min(player.time_s, clip.duration_s);
      context.ReportRelevantTimeRemaining(
          SafeDivide(clip.duration_s - player.time_s, std::max(player.play_rate, 1e-3f)));
    }
  }

  // The new cycle starts at the outgoing clip's foot phase, so the feet stay in step (the seed's
  // sync group between Start and Cycle, and between the two cycles of a gait transition).
  static float SyncedTime(const LocomotionCharacter& self, int clip) {
    const ClipPlayer& from = self.previous_player_;
    if (from.clip < 0)
      return 0.0f;
    const anim::Clip& from_clip = ClipOf(self, from.clip);
    const graph::MarkerPhase phase = graph::FindMarkerPhase(from_clip, from.time_s);
    if (!phase.valid())
      return 0.0f;
    const auto& markers = from_clip.markers;
    auto time = graph::TimeAtMarkerPhase(
        ClipOf(self, clip), markers[static_cast<std::size_t>(phase.previous_marker)].name,
        markers[static_cast<std::size_t>(phase.next_marker)].name, phase.fraction, 0.0f);
    return time.value_or(0.0f);
  }

  static void SetupIdle(StateCallbackContext& context) {
    LocomotionCharacter& self = Self(context);
    Play(self, Choose(self, *self.assets_->settings().idle_chooser), 0.0f, true);
  }
  static void UpdateLooping(StateCallbackContext& context) { Advance(Self(context), context); }

  static void BeginTurningStart(LocomotionCharacter& self) {
    if (self.rotation_.mode == RotationMode::kStrafing) {
      // Strafing keeps facing the camera: no turning start. The default library has no
      // per-direction strafe clips, so the forward start plays (a known gap, see the header).
      self.rotation_.start_angle = 0.0f;
    } else {
      BeginStart(self.rotation_, self.essential_.last_input_yaw, self.actor_yaw_);
    }
    self.values_.SetFloat("start_angle_deg", Degrees(self.rotation_.start_angle));
    self.output_.turn_began = true;
    self.in_turn_ = true;
  }
  static void SetupStart(StateCallbackContext& context) {
    LocomotionCharacter& self = Self(context);
    BeginTurningStart(self);
    const float start_time = self.assets_->settings().start.start_time_s;
    Play(self, Choose(self, *self.assets_->settings().start_chooser), start_time, false);
  }
  static void UpdateStart(StateCallbackContext& context) {
    LocomotionCharacter& self = Self(context);
    const StartSettings& settings = self.assets_->settings().start;
    // Re-chosen every update: a gamepad's stick can change the gait during the start (Part06).
    const int clip = Choose(self, *self.assets_->settings().start_chooser);
    if (clip >= 0 && clip != self.player_.clip)
      self.player_.clip = clip;
    if (self.player_.clip >= 0) {
      const anim::FloatCurve* speed =
          ClipOf(self, self.player_.clip).FindCurve(names::kMotionSpeed);
      const float motion_speed = speed ? anim::EvaluateCurve(*speed, self.player_.time_s) : 0.0f;
      self.player_.play_rate =
          std::clamp(SafeDivide(self.essential_.ground_speed_m_s, motion_speed),
                     settings.play_rate_min, settings.play_rate_max);
    }
    Advance(self, context);
  }

  static void SetupCycle(StateCallbackContext& context) {
    LocomotionCharacter& self = Self(context);
    const int clip = Choose(self, *self.assets_->settings().cycle_chooser);
    Play(self, clip, 0.0f, true);
    if (clip >= 0)
      self.player_.time_s = SyncedTime(self, clip);
  }
  static void UpdateCycle(StateCallbackContext& context) {
    LocomotionCharacter& self = Self(context);
    if (self.player_.clip >= 0) {
      const anim::FloatCurve* speed =
          ClipOf(self, self.player_.clip).FindCurve(names::kMotionSpeed);
      const float motion_speed = speed ? anim::EvaluateCurve(*speed, self.player_.time_s) : 0.0f;
      // Play at the capsule's speed so planted feet do not slide (Part09's MotionSpeed).
      const float rate = SafeDivide(self.essential_.ground_speed_m_s, motion_speed);
      self.player_.play_rate = rate > 0.0f ? rate : 1.0f;
    }
    Advance(self, context);
  }

  static void SetupStop(StateCallbackContext& context) {
    LocomotionCharacter& self = Self(context);
    const StopSettings& settings = self.assets_->settings().stop;
    const int clip = Choose(self, *self.assets_->settings().stop_chooser);
    Play(self, clip, 0.0f, false);
    const movement::GaitSettings& gait = self.mover_->settings().ForGait(self.gait_.current);
    const glm::vec3 offset =
        movement::PredictGroundMovementStopLocation(self.movement_.velocity, gait);
    self.stop_point_ = self.movement_.position + offset;
    self.output_.stop_began = true;
    self.output_.stop_point = self.stop_point_;
    if (clip < 0)
      return;
    const anim::Clip& stop_clip = ClipOf(self, clip);
    if (settings.distance_matching) {
      self.player_.time_s = MatchedStopTime(self, clip, Length2D(offset));
    } else {
      const float speed = self.essential_.ground_speed_m_s;
      const float start = speed < settings.low_speed_below_m_s ? settings.low_speed_start_time_s
                          : speed <= settings.high_speed_above_m_s
                              ? settings.medium_speed_start_time_s
                              : settings.high_speed_start_time_s;
      self.player_.time_s = std::min(start, stop_clip.duration_s);
    }
  }
  // The time at which the clip's Distance curve (negative before the stop point) says the
  // remaining distance is `remaining_m`.
  static float MatchedStopTime(const LocomotionCharacter& self, int clip, float remaining_m) {
    const anim::FloatCurve* distance = ClipOf(self, clip).FindCurve(names::kDistance);
    return anim::FindTimeAtValue(*distance, -remaining_m, self.assets_->distance_monotonicity(clip))
        .time_s;
  }
  static void UpdateStop(StateCallbackContext& context) {
    LocomotionCharacter& self = Self(context);
    if (self.player_.clip >= 0 && self.assets_->settings().stop.distance_matching &&
        self.essential_.is_moving) {
      // Distance matching: the pose follows the capsule's remaining distance, never backwards.
      const glm::vec3 to_stop = self.stop_point_ - self.movement_.position;
      const float matched = MatchedStopTime(self, self.player_.clip, Length2D(to_stop));
      const float previous = self.player_.time_s;
      self.player_.time_s = std::max(previous, matched);
      self.player_.play_rate = 0.0f;
      Advance(self, context);
      self.player_.play_rate = 1.0f;
      return;
    }
    self.player_.play_rate = 1.0f;
    Advance(self, context);
  }

  static void SetupPivot(StateCallbackContext& context) {
    LocomotionCharacter& self = Self(context);
    BeginTurningStart(self);
    Play(self, Choose(self, *self.assets_->settings().start_chooser),
         self.assets_->settings().start.start_time_s, false);
  }

  static void SetupTurnInPlace(StateCallbackContext& context) {
    LocomotionCharacter& self = Self(context);
    self.turn_target_yaw_ = self.TurnTargetYaw(*self.input_);
    self.output_.turn_began = true;
    self.in_turn_ = true;
    // No turn clip in the default library: keep the idle clip playing.
    if (self.player_.clip < 0)
      Play(self, Choose(self, *self.assets_->settings().idle_chooser), 0.0f, true);
  }

  static void SetupAir(LocomotionCharacter& self, const char* phase, bool looping) {
    self.values_.SetEnum("air_phase", phase);
    Play(self, Choose(self, *self.assets_->settings().air_chooser), 0.0f, looping);
  }
  static void SetupJumpStart(StateCallbackContext& context) {
    SetupAir(Self(context), "jump_start", false);
  }
  static void SetupFallLoop(StateCallbackContext& context) {
    SetupAir(Self(context), "fall_loop", true);
  }
  static void SetupFallLand(StateCallbackContext& context) {
    SetupAir(Self(context), "fall_land", false);
  }
};

void LocomotionAssets::BuildMachine() {
  using A = LocomotionCharacter::Access;
  const LocomotionSettings& s = settings_;
  auto add = [&](const char* name, graph::StateCallback setup, graph::StateCallback update) {
    graph::StateDefinition state;
    state.name = name;
    state.on_setup = std::move(setup);
    state.on_update = std::move(update);
    return machine_.AddState(std::move(state));
  };
  const int idle = add("Idle", A::SetupIdle, A::UpdateLooping);
  const int start = add("Start", A::SetupStart, A::UpdateStart);
  const int cycle = add("Cycle", A::SetupCycle, A::UpdateCycle);
  const int gait_transition = add("GaitTransition", A::SetupCycle, A::UpdateCycle);
  const int stop = add("Stop", A::SetupStop, A::UpdateStop);
  const int pivot = add("Pivot", A::SetupPivot, A::UpdateStart);
  const int turn = add("TurnInPlace", A::SetupTurnInPlace, A::UpdateLooping);
  const int jump_start = add("JumpStart", A::SetupJumpStart, A::UpdateLooping);
  const int fall_loop = add("FallLoop", A::SetupFallLoop, A::UpdateLooping);
  const int fall_land = add("FallLand", A::SetupFallLand, A::UpdateLooping);

  auto flag = [](const char* name) {
    return [name](const TransitionContext& c) { return c.values.GetBool(name); };
  };
  auto not_flag = [](const char* name) {
    return [name](const TransitionContext& c) { return !c.values.GetBool(name); };
  };
  auto wants_to_move = [](const TransitionContext& c) {
    return c.values.GetBool("has_input") && c.values.GetEnum("ground_gait") != "idle";
  };
  auto link = [&](int from, int to, int priority, graph::TransitionCondition condition,
                  float blend_s, std::optional<float> automatic = std::nullopt) {
    graph::TransitionDefinition transition;
    transition.from = from;
    transition.to = to;
    transition.priority = priority;
    transition.condition = std::move(condition);
    transition.blend_s = blend_s;
    transition.blend = graph::TransitionBlend::kInertialization;
    transition.automatic_when_remaining_below_s = automatic;
    machine_.AddTransition(std::move(transition));
  };
  constexpr int kAny = graph::StateMachineDefinition::kAnyState;

  // Air first: leaving the ground overrides everything (Part20).
  link(jump_start, fall_land, -30, not_flag("is_falling"), s.air.land_blend_s);
  link(fall_loop, fall_land, -30, not_flag("is_falling"), s.air.land_blend_s);
  link(
      kAny, jump_start, -20,
      [jump_start, fall_loop, fall_land](const TransitionContext& c) {
        const int current = c.machine.current_state();
        return c.values.GetBool("is_falling") && c.values.GetFloat("vertical_speed_m_s") > 0.0f &&
               current != jump_start && current != fall_loop && current != fall_land;
      },
      s.air.jump_start_blend_s);
  link(
      kAny, fall_loop, -19,
      [jump_start, fall_loop](const TransitionContext& c) {
        const int current = c.machine.current_state();
        return c.values.GetBool("is_falling") && current != jump_start && current != fall_loop;
      },
      s.air.fall_loop_blend_s);
  link(
      jump_start, fall_loop, 0,
      [](const TransitionContext& c) { return c.values.GetFloat("vertical_speed_m_s") <= 0.0f; },
      s.air.fall_loop_blend_s);
  link(fall_land, start, 0, wants_to_move, s.start.blend_in_s);
  link(fall_land, idle, 1, nullptr, s.air.land_to_idle_blend_s,
       s.air.land_to_idle_when_remaining_s);

  link(idle, start, 0, wants_to_move, s.start.blend_in_s);
  link(idle, turn, 1, flag("wants_turn_in_place"), s.turn.turn_in_place_blend_s);
  link(turn, start, 0, wants_to_move, s.start.blend_in_s);
  link(turn, idle, 1, flag("turn_done"), s.turn.turn_in_place_blend_s);

  auto wants_pivot = [](const TransitionContext& c) {
    return c.values.GetBool("should_turn") && c.values.GetBool("has_input");
  };
  for (int moving : {start, cycle, gait_transition, pivot}) {
    if (moving != pivot)
      link(moving, pivot, 0, wants_pivot, s.turn.pivot_blend_s);
    link(moving, stop, 1, not_flag("has_input"), s.stop.blend_in_s);
  }
  link(start, cycle, 2, nullptr, s.start.to_cycle_blend_s, s.start.to_cycle_when_remaining_s);
  link(pivot, cycle, 2, nullptr, s.start.to_cycle_blend_s, s.start.to_cycle_when_remaining_s);
  // A gait change inside the cycle, once DisableSwitchGroundGait allows it (Part16).
  link(cycle, gait_transition, 2, flag("cycle_gait_changed"), s.cycle.gait_transition_blend_s);
  link(
      gait_transition, cycle, 2,
      [blend = s.cycle.gait_transition_blend_s](const TransitionContext& c) {
        return c.machine.time_in_state_s() >= blend;
      },
      0.0f);
  link(stop, start, 0, wants_to_move, s.start.blend_in_s);
  link(stop, idle, 1, not_flag("is_moving"), s.stop.to_idle_blend_s,
       s.stop.to_idle_when_remaining_s);
}

// ---- Character ----------------------------------------------------------------------------------

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
  output_.curves.assign(curves, 0.0f);
  essential_.last_velocity_yaw = actor_yaw_;
  essential_.last_input_yaw = actor_yaw_;
  rotation_.primary_yaw = actor_yaw_;
  RefreshFeet();
}

LocomotionStateId LocomotionCharacter::state() const {
  const int current = machine_.current_state();
  return current < 0 ? LocomotionStateId::kIdle : static_cast<LocomotionStateId>(current);
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
  v.SetEnum("rotation_mode", RotationModeName(rotation_.mode));
  if (v.FindFloat("start_angle_deg") == nullptr)
    v.SetFloat("start_angle_deg", 0.0f);
  if (v.FindEnum("air_phase") == nullptr)
    v.SetEnum("air_phase", "jump_start");

  const float turn_angle = NormalizedDeltaAngle(TurnTargetYaw(input), actor_yaw_);
  v.SetBool("wants_turn_in_place",
            gait_.ground == GroundGait::kIdle && !essential_.has_input && !essential_.is_moving &&
                std::abs(turn_angle) > assets_->settings().turn.turn_in_place_threshold);
  v.SetBool("turn_done", std::abs(NormalizedDeltaAngle(turn_target_yaw_, actor_yaw_)) <=
                             assets_->settings().turn.turn_in_place_done);

  bool cycle_changed = false;
  if (state() == Id::kCycle && Curve(names::kDisableSwitchGroundGait) <= 0.0f) {
    auto selection = assets_->settings().cycle_chooser->Evaluate(values_);
    cycle_changed = selection.ok() && selection->found() &&
                    assets_->FindClip(selection->output->clip) != player_.clip;
  }
  v.SetBool("cycle_gait_changed", cycle_changed);
}

Status LocomotionCharacter::Update(const movement::CharacterMover& mover,
                                   const LocomotionInput& input, float dt) {
  if (!(dt > 0.0f) || !std::isfinite(dt))
    return Error{"locomotion: frame time must be a positive finite number of seconds"};
  glm::vec2 axes = input.device == InputDevice::kGamepad
                       ? movement::FilterStick(input.move, assets_->gamepad())
                       : input.move;
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
  // No new jump until the landing has played out (Part20).
  move.jump = input.jump && state() != Id::kFallLand && !InAir(state());

  if (Status moved = mover.Update(movement_, move, dt); !moved.ok()) {
    gait_ = gait_before;
    return moved;
  }
  mover_ = &mover;
  input_ = &input;
  dt_ = dt;
  output_.stop_began = false;
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
  gait_.ground = SelectGroundGait(essential_, mover.settings().ForGait(gait_.current).max_speed_m_s,
                                  assets_->settings().gait);

  WriteValues(input);
  const ClipPlayer before = player_;
  machine_.Update(dt, values_, this);
  const Id current = state();
  if (in_turn_ && current != Id::kStart && current != Id::kPivot && current != Id::kTurnInPlace) {
    in_turn_ = false;
    output_.turn_ended = true;
  }
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
  }

  auto request = machine_.TakeInertializationRequest();
  if (request && !first_frame_) {
    // Dead blending from what was shown last, moving as it was moving (Part07's DeadBlending).
    graph::ComputePoseVelocities(previous_pose_, output_.local_pose, dt, pose_velocity_);
    graph::DeadBlendTransition(blend_clock_, blend_joints_, output_.local_pose, pose_velocity_,
                               request->duration_s);
    for (std::size_t c = 0; c < curve_velocity_.size(); ++c)
      curve_velocity_[c] = (output_.curves[c] - previous_curves_[c]) / dt;
    graph::DeadBlendCurvesTransition(blend_curves_, output_.curves, curve_velocity_);
  }
  previous_pose_ = output_.local_pose;
  previous_curves_ = output_.curves;
  if (blend_clock_.active()) {
    graph::AdvanceDeadBlend(blend_clock_, dt);
    const float half_life = assets_->settings().blend.dead_blend_decay_half_life_s;
    graph::DeadBlendUpdate(output_.local_pose, blend_joints_, blend_clock_, sampled_pose_,
                           half_life, dt);
    graph::DeadBlendCurvesUpdate(output_.curves, blend_curves_, blend_clock_, sampled_curves_,
                                 assets_->curve_filter_mask(), half_life, dt);
  } else {
    output_.local_pose = sampled_pose_;
    output_.curves = sampled_curves_;
  }
}

void LocomotionCharacter::Rotate(const LocomotionInput& input, float dt) {
  const RotationSettings& settings = assets_->settings().rotation;
  const Id current = state();
  output_.target_yaw = actor_yaw_;
  if (current == Id::kTurnInPlace) {
    // Stands in for the turn clip's root-motion yaw (no such clip in the default library).
    actor_yaw_ = YawInterpConstantTo(actor_yaw_, turn_target_yaw_, dt,
                                     assets_->settings().turn.turn_in_place_rate);
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
  actor_yaw_ = SmoothVelocityRotation(rotation_, actor_yaw_, essential_.last_velocity_yaw,
                                      rotate_alpha, dt, settings);
  output_.target_yaw =
      essential_.has_input ? essential_.last_input_yaw : essential_.last_velocity_yaw;
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
