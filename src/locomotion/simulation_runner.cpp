#include "footwork/locomotion/simulation_runner.h"

#include <chrono>
#include <optional>
#include <string>

#include "footwork/anim/curve_names.h"
#include "footwork/core/angles.h"
#include "footwork/ik/foot_lock.h"
#include "footwork/locomotion/character_ik_stage.h"

namespace footwork::locomotion {

sim::TraceFrame MakeTraceFrame(const LocomotionCharacter& character, double t, float camera_yaw,
                               float capsule_bottom_offset_m, bool joints) {
  const LocomotionAssets& assets = character.assets();
  const LocomotionOutput& output = character.output();
  const movement::MovementState& movement = character.movement();
  sim::TraceFrame frame;
  frame.t = t;
  frame.position = movement.position;
  frame.velocity = movement.velocity;
  frame.actor_yaw_deg = Degrees(character.actor_yaw());
  frame.camera_yaw_deg = Degrees(NormalizeAngle(camera_yaw));
  frame.gait = movement::GaitName(character.gait().current);
  frame.rotation_mode = RotationModeName(character.rotation().mode);
  frame.movement_mode = movement.mode == movement::MovementMode::kFalling ? "falling" : "walking";
  frame.state = LocomotionStateName(character.state());
  frame.cardinal_direction = CardinalDirectionName(character.essential().cardinal_direction);
  const ClipPlayer& player = character.player();
  if (player.clip >= 0) {
    frame.clips.push_back(
        {assets.library().clips[static_cast<std::size_t>(player.clip)].name, player.time_s, 1.0f});
  }
  for (std::size_t c = 0; c < assets.curve_names().size(); ++c)
    frame.curves[assets.curve_names()[c]] = output.curves[c];

  // The model's root stands at the capsule bottom, facing the actor yaw.
  Transform world;
  world.translation = movement.position - glm::vec3(0.0f, capsule_bottom_offset_m, 0.0f);
  world.rotation = QuatFromYaw(character.actor_yaw());
  auto foot = [&](int joint, const char* lock_curve) {
    sim::FootSample sample;
    sample.position =
        world.TransformPoint(output.model_pose[static_cast<std::size_t>(joint)].translation);
    const float lock = character.Curve(lock_curve);
    // Without the IK stage there is no lock state; the curve past half way stands for it.
    sample.locked = lock > 0.5f;
    // Contact means planted (the metrics' one definition, shared with the IK layer's lock).
    sample.contact = movement.mode == movement::MovementMode::kWalking && ik::IsFootPlanted(lock);
    return sample;
  };
  frame.foot_left = foot(assets.foot_left_joint(), anim::curve_names::kFootLockLeft);
  frame.foot_right = foot(assets.foot_right_joint(), anim::curve_names::kFootLockRight);
  if (joints) {
    std::vector<glm::vec3> positions;
    positions.reserve(output.model_pose.size());
    for (const Transform& joint : output.model_pose)
      positions.push_back(joint.translation);
    frame.joints_model = std::move(positions);
  }
  frame.local_rotations.reserve(output.local_pose.size());
  for (const Transform& joint : output.local_pose)
    frame.local_rotations.push_back(joint.rotation);
  frame.target_yaw_deg = Degrees(NormalizeAngle(output.target_yaw));
  return frame;
}

namespace {

// Applies the scenario's overlay and look_target events up to t, runs IK and writes its trace.
Status RunIkStage(CharacterIkStage& stage, const Scenario& scenario, std::size_t& next_event,
                  double t, const LocomotionCharacter& character,
                  const movement::CharacterMover& mover, float bottom_offset,
                  sim::TraceFrame& frame) {
  for (; next_event < scenario.events.size() && scenario.events[next_event].t <= t; ++next_event) {
    const ScenarioEvent& event = scenario.events[next_event];
    if (event.overlay) {
      if (Status set = stage.SetOverlay(*event.overlay); !set)
        return set;
    }
    if (event.look_target)
      stage.SetLookTarget(*event.look_target);
  }
  if (Status ran = stage.Update(character, &mover.world(), bottom_offset, scenario.dt_s, true);
      !ran)
    return ran;
  stage.WriteTrace(frame);
  return Status::Ok();
}

}  // namespace

Result<std::vector<sim::TraceFrame>> RunSimulation(
    const Scenario& scenario, const std::shared_ptr<const LocomotionAssets>& assets,
    const movement::CharacterMover& mover, const SimulationOptions& options) {
  const movement::MovementState spawn = mover.Spawn(scenario.start_position);
  LocomotionCharacter character(assets, spawn, scenario.start_yaw);
  const float bottom_offset = mover.settings().CentreToFloorM();
  ScenarioInput input(scenario);
  std::vector<sim::TraceFrame> frames;
  const int frame_count = scenario.FrameCount();
  frames.reserve(static_cast<std::size_t>(frame_count));
  bool stop_open = false;
  bool turn_open = false;
  bool gave_way = false;
  std::optional<CharacterIkStage> ik_stage;
  std::optional<LookingNpc> npc;
  if (options.ik) {
    auto ik_assets = MakeCharacterIkAssets(*assets, options.ik_settings);
    if (!ik_assets)
      return ik_assets.error();
    ik_stage.emplace(*ik_assets);
    if (options.npc_position)
      npc.emplace(assets, *ik_assets, mover, *options.npc_position, options.npc_yaw);
  }
  std::size_t next_ik_event = 0;
  for (int f = 0; f < frame_count; ++f) {
    const double t = f * static_cast<double>(scenario.dt_s);
    if (options.advance_world && f > 0)
      options.advance_world(scenario.dt_s);
    const LocomotionInput& frame_input =
        input.Advance(t, character.movement().position - glm::vec3(0.0f, bottom_offset, 0.0f));
    const auto update_began = std::chrono::steady_clock::now();
    const Status updated = character.Update(mover, frame_input, scenario.dt_s);
    if (options.update_seconds != nullptr) {
      *options.update_seconds +=
          std::chrono::duration<double>(std::chrono::steady_clock::now() - update_began).count();
    }
    if (!updated.ok())
      return Error{"t = " + std::to_string(t) + " s: " + updated.error().message};
    sim::TraceFrame frame =
        MakeTraceFrame(character, t, frame_input.camera_yaw, bottom_offset, options.joints);
    if (ik_stage) {
      if (Status ran = RunIkStage(*ik_stage, scenario, next_ik_event, t, character, mover,
                                  bottom_offset, frame);
          !ran)
        return Error{"t = " + std::to_string(t) + " s: " + ran.error().message};
      if (npc) {
        if (Status looked = npc->Update(mover, ik_stage->ik().head_position_world(), scenario.dt_s);
            !looked)
          return Error{"t = " + std::to_string(t) + " s: " + looked.error().message};
        if (options.npc_looks != nullptr)
          options.npc_looks->push_back(npc->look());
      }
    }
    const LocomotionOutput& output = character.output();

    // Segment markers for the metrics.
    if (turn_open && (output.turn_ended || output.turn_began)) {
      // A turn replaced by another (a pivot during a start) is interrupted, not measured.
      frame.events.push_back(sim::TraceEvent::TurnEnded(/*interrupted=*/output.turn_began));
      turn_open = false;
    }
    if (output.turn_began) {
      const LocomotionStateId state = character.state();
      const sim::TurnKind kind = state == LocomotionStateId::kPivot ? sim::TurnKind::kPivot
                                 : state == LocomotionStateId::kTurnInPlace
                                     ? sim::TurnKind::kTurnInPlace
                                     : sim::TurnKind::kStart;
      const float angle = kind == sim::TurnKind::kTurnInPlace
                              ? NormalizedDeltaAngle(output.target_yaw, character.actor_yaw())
                              : character.rotation().start_angle;
      frame.events.push_back(sim::TraceEvent::TurnBegan(kind, angle >= 0.0f ? 1 : -1));
      turn_open = true;
    }
    if (stop_open) {
      const bool left_stop = character.state() != LocomotionStateId::kStop &&
                             character.state() != LocomotionStateId::kIdle;
      if (!character.essential().is_moving || left_stop || output.stop_began) {
        frame.events.push_back(sim::TraceEvent::StopEnded(
            /*interrupted=*/character.essential().is_moving,
            // A new stop's point replaced the old one this frame: nothing carried to report.
            output.stop_began ? std::nullopt : std::optional<glm::vec3>(output.stop_point)));
        stop_open = false;
      }
    }
    if (output.stop_began) {
      frame.events.push_back(sim::TraceEvent::StopBegan(output.stop_point));
      stop_open = true;
    }
    const bool giving_way = character.give_way().active || character.give_way().releasing;
    if (giving_way != gave_way) {
      frame.events.push_back(giving_way ? sim::TraceEvent::GiveWayBegan()
                                        : sim::TraceEvent::GiveWayEnded());
      gave_way = giving_way;
    }
    frames.push_back(std::move(frame));
  }
  return frames;
}

}  // namespace footwork::locomotion
