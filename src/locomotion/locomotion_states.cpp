// The locomotion state machine: states with their setup/update callbacks (the seed's
// AnimSetup_/AnimUpdate_ pairs) and the transitions between them, all from settings.
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "footwork/anim/curve_names.h"
#include "footwork/core/angles.h"
#include "footwork/graph/sync_group.h"
#include "footwork/locomotion/locomotion_character.h"
#include "footwork/movement/ground_physics.h"

namespace footwork::locomotion {

namespace names = anim::curve_names;
using graph::StateCallbackContext;
using graph::TransitionContext;
using Id = LocomotionStateId;

namespace {

// A pivot clip's Distance up to this past its pivot point: still turning on the spot (the
// derived turn's root drifts by millimetres).
constexpr float kPivotOnTheSpotM = 0.01f;

float SafeDivide(float a, float b) {
  return b != 0.0f ? a / b : 0.0f;
}

// Whether a gait transition clip's MotionSpeed ramp goes down (run_to_walk) rather than up. The
// cooker writes a monotone ramp from one cycle's speed to the other's (checked at load).
bool Slows(const anim::FloatCurve& speed) {
  return !speed.values.empty() && speed.values.back() < speed.values.front();
}

}  // namespace

struct LocomotionCharacter::Access {
  static LocomotionCharacter& Self(StateCallbackContext& context) {
    return *static_cast<LocomotionCharacter*>(context.user);
  }

  // Chooses from `table` against the character's values; -1 when nothing answers.
  static int Choose(LocomotionCharacter& self, const graph::ChooserTable& table,
                    float* start_time = nullptr) {
    auto selection = table.Evaluate(self.values_);
    self.last_choice_ = ChooserChoice{&table, nullptr, -1, -1};
    if (!selection.ok() || !selection->found())
      return -1;
    if (start_time != nullptr)
      *start_time = selection->output->start_time_s;
    const int clip = self.assets_->FindClip(selection->output->clip);
    self.last_choice_ = ChooserChoice{&table, selection->table, selection->row, clip};
    return clip;
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
    // Past a start's last marker there is no next one: the cycle goes on as far past the same
    // foot's marker (from 0, the Knight's run strafe cycle began 7 frames out of step with the
    // start it took over from, its FootLock still planted while the cycle's foot was up: 9 cm).
    if (!phase.valid())
      return graph::TimePastLastMarker(from_clip, from.time_s, ClipOf(self, clip)).value_or(0.0f);
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
      // Strafing keeps facing the camera: no turning start. CT_Start's strafing rows choose the
      // start by cardinal direction (forward falls through to the forward start at angle 0).
      self.rotation_.start_angle = 0.0f;
    } else {
      BeginStart(self.rotation_, self.essential_.last_input_yaw, self.actor_yaw_);
    }
    self.values_.SetFloat("start_angle_deg", Degrees(self.rotation_.start_angle));
    // CT_Start's strafing rows read the direction the start began in: the chooser is asked again
    // every update for the gait (Part06), but a new direction mid-start would swap the pose in
    // one frame; orientation warping covers it until the cycle, which cross-fades.
    self.values_.SetEnum("start_cardinal_direction",
                         CardinalDirectionName(self.essential_.cardinal_direction));
    self.output_.turn_began = true;
    self.in_turn_ = true;
  }
  static void SetupStart(StateCallbackContext& context) {
    LocomotionCharacter& self = Self(context);
    self.start_rotation_mode_ = self.rotation_.mode;
    BeginTurningStart(self);
    const float start_time = self.assets_->settings().start.start_time_s;
    Play(self, Choose(self, *self.assets_->settings().start_chooser), start_time, false);
  }
  static void UpdateStart(StateCallbackContext& context) {
    LocomotionCharacter& self = Self(context);
    // Re-chosen every update: a gamepad's stick can change the gait during the start (Part06).
    const int clip = Choose(self, *self.assets_->settings().start_chooser);
    if (clip >= 0 && clip != self.player_.clip) {
      // Set Sequence with Inertial Blending: the new start enters where it has covered as much
      // ground as the old one, and the pose blends from what was shown, over the cycle's gait
      // change blend, instead of popping to the new clip in one frame.
      self.player_.time_s = StartTimeAfterSwap(self, self.player_.clip, self.player_.time_s, clip);
      self.player_.clip = clip;
      context.machine.RequestInertialization(
          self.assets_->settings().cycle.gait_transition_blend_s);
    }
    AdvanceStartClip(self, context);
  }
  // The time in start clip `to` at which its Distance equals the one `from` has at `time_s`
  // (both distance matched from the same spot), else the same time.
  static float StartTimeAfterSwap(const LocomotionCharacter& self, int from, float time_s, int to) {
    const anim::FloatCurve* from_distance = ClipOf(self, from).FindCurve(names::kDistance);
    const anim::FloatCurve* to_distance = ClipOf(self, to).FindCurve(names::kDistance);
    const auto rises = anim::Monotonicity::kNonDecreasing;
    if (from_distance == nullptr || to_distance == nullptr ||
        self.assets_->distance_monotonicity(from) != rises ||
        self.assets_->distance_monotonicity(to) != rises)
      return std::min(time_s, ClipOf(self, to).duration_s);
    const float covered = anim::EvaluateCurve(*from_distance, time_s);
    return anim::FindTimeAtValue(*to_distance, covered, rises).time_s;
  }
  // Plays a start (or a pivot past its pivot point) by the distance the capsule travels, at a
  // clamped play rate: where the clip's Distance stays flat (a pivot's turn on the spot) the
  // clamp's upper bound plays it through instead of skipping it.
  // Returns the play rate distance matching asked for, before the clamp (0 without a clip).
  static float AdvanceStartClip(LocomotionCharacter& self, StateCallbackContext& context,
                                std::optional<float> max_rate = std::nullopt) {
    const StartSettings& settings = self.assets_->settings().start;
    float desired_rate = 0.0f;
    if (self.player_.clip >= 0) {
      const anim::Clip& start_clip = ClipOf(self, self.player_.clip);
      const anim::FloatCurve* distance = start_clip.FindCurve(names::kDistance);
      const anim::Monotonicity monotonicity =
          self.assets_->distance_monotonicity(self.player_.clip);
      if (settings.distance_matching && distance != nullptr &&
          monotonicity == anim::Monotonicity::kNonDecreasing && context.dt_s > 0.0f) {
        // AdvanceTimeByDistanceMatching: the clip's root covers the capsule's distance this
        // frame, at a play rate clamped like Part09's.
        const float travelled = self.essential_.ground_speed_m_s * context.dt_s;
        const float now = anim::EvaluateCurve(*distance, self.player_.time_s);
        const float target = anim::FindTimeAtValue(*distance, now + travelled, monotonicity).time_s;
        desired_rate = (target - self.player_.time_s) / context.dt_s;
      } else {
        const anim::FloatCurve* speed = start_clip.FindCurve(names::kMotionSpeed);
        const float motion_speed = speed ? anim::EvaluateCurve(*speed, self.player_.time_s) : 0.0f;
        desired_rate = SafeDivide(self.essential_.ground_speed_m_s, motion_speed);
      }
      self.player_.play_rate =
          std::clamp(desired_rate, settings.play_rate_min,
                     std::max(settings.play_rate_min, max_rate.value_or(settings.play_rate_max)));
    }
    Advance(self, context);
    return desired_rate;
  }

  static void SetupCycle(StateCallbackContext& context) {
    LocomotionCharacter& self = Self(context);
    self.cycle_speed_m_s_ = self.essential_.ground_speed_m_s;
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
      // Play at the capsule's speed so planted feet do not slide (Part09's MotionSpeed); on
      // stairs at the speed before the stair stride divided it, stride warping shortening the
      // steps by as much.
      const float wanted =
          SafeDivide(self.essential_.ground_speed_m_s * self.stair_stride_factor_, motion_speed);
      float rate = wanted;
      // No faster than the clip's fastest joint allows (a jog under the run gait's speed would
      // pop); stride warping (IK) lengthens the steps for the speed left over.
      const float joint_speed = self.assets_->max_joint_speed(self.player_.clip);
      const float limit = self.assets_->settings().cycle.max_joint_speed;
      if (limit > 0.0f && joint_speed > 0.0f)
        rate = std::min(rate, limit / joint_speed);
      if (!self.player_.looping) {  // a gait transition clip (the cycles loop)
        const float cap = self.assets_->settings().cycle.gait_transition_max_play_rate;
        rate = std::min(rate, cap);
        // A clip the capsule outruns cannot keep its planted feet: a slowing one (run_to_walk,
        // the capsule speeds up again) is void, and a speeding one (walk_to_run) whose blend is
        // over has done its job; the cycle takes over.
        const bool slowing = speed != nullptr && Slows(*speed);
        const anim::FloatCurve* disable =
            ClipOf(self, self.player_.clip).FindCurve(names::kDisableSwitchGroundGait);
        const bool blend_over =
            disable == nullptr || anim::EvaluateCurve(*disable, self.player_.time_s) <= 0.0f;
        self.values_.SetBool("gait_transition_outrun", wanted > rate && (slowing || blend_over));
      }
      self.player_.play_rate = rate > 0.0f ? rate : 1.0f;
    }
    Advance(self, context);
  }

  // Part16: a transition clip (walk_to_run, run_to_walk) when the chooser has one, entered where
  // its MotionSpeed ramp matches the capsule's speed; otherwise the new cycle cross-fades in.
  static void SetupGaitTransition(StateCallbackContext& context) {
    LocomotionCharacter& self = Self(context);
    const auto& chooser = self.assets_->settings().gait_transition_chooser;
    const int clip = chooser ? Choose(self, *chooser) : -1;
    self.values_.SetBool("gait_transition_clip", clip >= 0);
    self.values_.SetBool("gait_transition_outrun", false);
    if (clip < 0) {
      SetupCycle(context);
      return;
    }
    float start_time = 0.0f;
    if (const anim::FloatCurve* speed = ClipOf(self, clip).FindCurve(names::kMotionSpeed)) {
      // The first time the ramp reaches the capsule's speed (its ends when out of range).
      const anim::Monotonicity ramp =
          Slows(*speed) ? anim::Monotonicity::kNonIncreasing : anim::Monotonicity::kNonDecreasing;
      start_time = anim::FindTimeAtValue(*speed, self.essential_.ground_speed_m_s, ramp).time_s;
    }
    // UpdateCycle then plays it at capsule speed / MotionSpeed, so planted feet do not slide.
    Play(self, clip, start_time, false);
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
      float next = matched;
      const float cap = self.assets_->settings().stop.run_max_play_rate;
      if (cap > 0.0f && self.gait_.current != movement::Gait::kWalk)
        next = std::min(next, previous + cap * context.dt_s);
      self.player_.time_s = std::max(previous, next);
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
    // Not the last pivot's: a new one must not hand over on its first frame.
    self.values_.SetBool("pivot_outrun", false);
    self.pivot_speed_limit_m_s_ = std::numeric_limits<float>::infinity();
    self.pivot_passed_ = false;
    BeginTurningStart(self);
    const LocomotionSettings& settings = self.assets_->settings();
    const int clip = settings.pivot_chooser ? Choose(self, *settings.pivot_chooser) : -1;
    self.pivot_clip_ = clip >= 0;
    if (!self.pivot_clip_) {
      Play(self, Choose(self, *settings.start_chooser), settings.start.start_time_s, false);
      return;
    }
    // The clip's Distance 0 is matched to where the capsule stops sliding the old way.
    const float friction = self.mover_->settings().ForGait(self.gait_.current).ground_friction;
    const glm::vec3 offset = movement::PredictGroundMovementPivotLocation(
        self.essential_.acceleration, self.movement_.velocity, friction);
    self.pivot_point_ = self.movement_.position + offset;
    Play(self, clip, MatchedStopTime(self, clip, Length2D(offset)), false);
  }
  static void UpdatePivot(StateCallbackContext& context) {
    LocomotionCharacter& self = Self(context);
    self.values_.SetBool("pivot_outrun", false);
    if (!self.pivot_clip_) {
      UpdateStart(context);
      return;
    }
    const glm::vec3 to_pivot = self.pivot_point_ - self.movement_.position;
    const glm::vec3 velocity(self.movement_.velocity.x, 0.0f, self.movement_.velocity.z);
    // Holding the capsule (turn.pivot_holds_capsule), once past it never braking again: the held
    // capsule may stop short of the point and creep on toward it.
    const bool holds = self.assets_->settings().turn.pivot_holds_capsule;
    const bool braking = glm::dot(velocity, glm::vec3(to_pivot.x, 0.0f, to_pivot.z)) > 0.0f;
    self.pivot_passed_ = (holds && self.pivot_passed_) || !braking;
    if (!self.pivot_passed_) {
      // Braking toward the pivot point: the pose follows the remaining distance, never backwards.
      const float matched = MatchedStopTime(self, self.player_.clip, Length2D(to_pivot));
      self.player_.time_s = std::max(self.player_.time_s, matched);
      self.player_.play_rate = 0.0f;
      Advance(self, context);
      self.player_.play_rate = 1.0f;
      return;
    }
    const TurnSettings& turn = self.assets_->settings().turn;
    if (turn.pivot_holds_capsule && HoldCapsuleToPivot(self, context))
      return;
    const float wanted = AdvanceStartClip(self, context, turn.pivot_play_rate_max);
    // Facing both the way the pivot turned to and the way the capsule now runs: sliding on past
    // the pivot point the old way, the actor still faces its velocity.
    const auto facing = [&](float yaw) {
      return std::fabs(NormalizedDeltaAngle(yaw, self.actor_yaw_)) <= turn.pivot_outrun_facing;
    };
    self.values_.SetBool("pivot_outrun", turn.pivot_outrun_facing > 0.0f &&
                                             wanted > turn.pivot_play_rate_max &&
                                             facing(self.rotation_.primary_yaw) &&
                                             facing(self.essential_.last_velocity_yaw));
  }

  // turn.pivot_holds_capsule past the pivot point: the turn on the spot (Distance still at the
  // pivot point's 0) plays at the cap, the start after it by distance, and the capsule may go
  // next frame as fast as the clip's root does at the cap. False without the clip's curves.
  static bool HoldCapsuleToPivot(LocomotionCharacter& self, StateCallbackContext& context) {
    const anim::Clip& clip = ClipOf(self, self.player_.clip);
    const anim::FloatCurve* distance = clip.FindCurve(names::kDistance);
    const anim::FloatCurve* speed = clip.FindCurve(names::kMotionSpeed);
    if (distance == nullptr || speed == nullptr)
      return false;
    const float cap = self.assets_->settings().turn.pivot_play_rate_max;
    if (anim::EvaluateCurve(*distance, self.player_.time_s) <= kPivotOnTheSpotM) {
      self.player_.play_rate = cap;
      Advance(self, context);
    } else {
      AdvanceStartClip(self, context, cap);
    }
    self.pivot_speed_limit_m_s_ = cap * anim::EvaluateCurve(*speed, self.player_.time_s);
    return true;
  }

  static void SetupTurnInPlace(StateCallbackContext& context) {
    LocomotionCharacter& self = Self(context);
    self.turn_target_yaw_ = self.TurnTargetYaw(*self.input_);
    self.output_.turn_began = true;
    self.in_turn_ = true;
    self.turn_clip_scale_ = 0.0f;
    self.turn_clip_time_s_ = 0.0f;
    const int clip = Choose(self, *self.assets_->settings().turn_chooser);
    const float clip_yaw = clip >= 0 ? self.assets_->rotation_amount_yaw(clip) : 0.0f;
    if (clip_yaw != 0.0f) {
      // Part17: the clip's RotationAmount turns the actor, scaled by actual / clip angle so a 70
      // degree turn on the 90 degree clip ends on target.
      const float angle = NormalizedDeltaAngle(self.turn_target_yaw_, self.actor_yaw_);
      self.turn_clip_scale_ = angle / clip_yaw;
      Play(self, clip, 0.0f, false);
    } else if (clip >= 0 && clip != self.player_.clip) {
      Play(self, clip, 0.0f, true);
    }
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
    LocomotionCharacter& self = Self(context);
    // The heavy-land additive's weight ramps with the fall speed at touch-down (Part20).
    const AirSettings& air = self.assets_->settings().air;
    const float span = air.heavy_land_full_fall_speed_m_s - air.heavy_land_fall_speed_m_s;
    const float excess = self.fall_speed_m_s_ - air.heavy_land_fall_speed_m_s;
    self.output_.heavy_land_weight =
        span > 0.0f ? std::clamp(excess / span, 0.0f, 1.0f) : (excess >= 0.0f ? 1.0f : 0.0f);
    self.values_.SetFloat("fall_speed_m_s", self.fall_speed_m_s_);
    SetupAir(self, "fall_land", false);
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
  const int gait_transition = add("GaitTransition", A::SetupGaitTransition, A::UpdateCycle);
  const int stop = add("Stop", A::SetupStop, A::UpdateStop);
  const int pivot = add("Pivot", A::SetupPivot, A::UpdatePivot);
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
      // FallLand -> JumpStart too (the seed's WantToJumpStart): a jump once the landing's root
      // motion has ended.
      [jump_start, fall_loop](const TransitionContext& c) {
        const int current = c.machine.current_state();
        return c.values.GetBool("is_falling") && c.values.GetFloat("vertical_speed_m_s") > 0.0f &&
               current != jump_start && current != fall_loop;
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
  // A turn clip that has played out ends the turn even if the yaw is not within turn_done (its
  // RotationAmount has done all it can); not before, or the clip's last yaw would be lost.
  link(turn, idle, 2, flag("turn_clip_ended"), s.turn.turn_in_place_blend_s,
       s.turn.turn_clip_to_idle_when_remaining_s);

  auto wants_pivot = [](const TransitionContext& c) {
    return c.values.GetBool("should_turn") && c.values.GetBool("has_input");
  };
  for (int moving : {start, cycle, gait_transition, pivot}) {
    if (moving != pivot)
      link(moving, pivot, 0, wants_pivot, s.turn.pivot_blend_s);
    link(moving, stop, 1, not_flag("has_input"), s.stop.blend_in_s);
  }
  // Part19's fast path: Rotating start, now strafing -> the strafing cycle at once.
  link(start, cycle, 0, flag("rotating_start_switch_to_strafing"), s.start.to_cycle_blend_s);
  link(start, cycle, 2, nullptr, s.start.to_cycle_blend_s, s.start.to_cycle_when_remaining_s);
  // Onto stairs the gait takes shorter steps on (stair_stride.h), the cycle takes them.
  link(start, cycle, 3, flag("start_onto_stairs"), s.start.to_cycle_blend_s);
  link(pivot, cycle, 2, nullptr, s.start.to_cycle_blend_s, s.start.to_cycle_when_remaining_s);
  link(pivot, cycle, 3, flag("pivot_outrun"), s.start.to_cycle_blend_s);
  // A gait change inside the cycle, once DisableSwitchGroundGait allows it (Part16).
  link(cycle, gait_transition, 2, flag("cycle_gait_changed"), s.cycle.gait_transition_blend_s);
  link(
      gait_transition, cycle, 2,
      [blend = s.cycle.gait_transition_blend_s](const TransitionContext& c) {
        return !c.values.GetBool("gait_transition_clip") && c.machine.time_in_state_s() >= blend;
      },
      // Usually the same clip at the same phase (a seamless hand-over), but a speed band crossed
      // meanwhile makes the cycle choose another (run_backward -> sprint_backward: 33.8 deg).
      s.cycle.gait_transition_blend_s);
  // A transition clip hands over to the new gait's cycle near its end, feet in step.
  link(gait_transition, cycle, 3, flag("gait_transition_clip"), s.start.to_cycle_blend_s,
       s.start.to_cycle_when_remaining_s);
  link(gait_transition, cycle, 4, flag("gait_transition_outrun"), s.start.to_cycle_blend_s);
  link(stop, start, 0, wants_to_move, s.start.blend_in_s);
  link(stop, idle, 1, not_flag("is_moving"), s.stop.to_idle_blend_s,
       s.stop.to_idle_when_remaining_s);
}

}  // namespace footwork::locomotion
