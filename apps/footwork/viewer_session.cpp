#include "viewer_session.h"

#include "footwork/demo/character_cache.h"
#include "footwork/locomotion/simulation_runner.h"

namespace footwork::cli {

Result<std::unique_ptr<ViewerSession>> ViewerSession::Create(const demo::ScenarioRunInputs& inputs,
                                                             const std::string& scenario_path) {
  std::unique_ptr<ViewerSession> session(new ViewerSession());
  auto character = demo::LoadOrCookCharacter(
      inputs.character.empty() ? demo::DefaultCharacter() : inputs.character, inputs.cache_dir);
  if (!character)
    return character.error();
  session->context_.library = character->library;
  auto setup = locomotion::LoadSimulationSetup(
      inputs.level.empty() ? demo::DefaultLevel() : inputs.level,
      std::make_shared<const io::CookedLibrary>(std::move(character->library)));
  if (!setup)
    return setup.error();
  session->setup_ = std::move(*setup);
  demo::ScenarioRun& context = session->context_;
  context.level = session->setup_.level;
  const auto& settings = session->setup_.mover->settings();
  context.capsule_radius_m = settings.capsule.radius_m;
  context.capsule_half_height_m = settings.capsule.half_height_m;
  context.capsule_bottom_offset_m = settings.capsule.half_height_m + settings.floor_gap_m;

  glm::vec3 start = context.level.spawn_m + glm::vec3(0.0f, 0.0f, -4.0f);
  float yaw = 0.0f;
  if (!scenario_path.empty()) {
    auto scenario = locomotion::LoadScenario(scenario_path);
    if (!scenario)
      return scenario.error();
    session->scenario_ = std::move(*scenario);
    session->scenario_input_ = std::make_unique<locomotion::ScenarioInput>(*session->scenario_);
    start = session->scenario_->start_position;
    yaw = session->scenario_->start_yaw;
  }
  session->character_ = std::make_unique<locomotion::LocomotionCharacter>(
      session->setup_.assets, session->setup_.mover->Spawn(start), yaw);
  session->frame_ = locomotion::MakeTraceFrame(*session->character_, 0.0, 0.0f,
                                               context.capsule_bottom_offset_m, true);
  return session;
}

const std::vector<std::string>& ViewerSession::curve_names() const {
  return setup_.assets->curve_names();
}

Status ViewerSession::Step(const locomotion::LocomotionInput& live_input) {
  const locomotion::LocomotionInput& input =
      scenario_input_ ? scenario_input_->Advance(time_s_) : live_input;
  if (time_s_ > 0.0)
    setup_.world->Advance(kStepS);
  if (Status updated = character_->Update(*setup_.mover, input, kStepS); !updated)
    return updated;
  frame_ = locomotion::MakeTraceFrame(*character_, time_s_, input.camera_yaw,
                                      context_.capsule_bottom_offset_m, true);
  time_s_ += kStepS;

  curve_history_.push_back(character_->output().curves);
  if (curve_history_.size() > kHistory)
    curve_history_.pop_front();
  const std::string clip = frame_.clips.empty() ? "" : frame_.clips.front().name;
  if (chooser_trace_.empty() || chooser_trace_.back().state != frame_.state ||
      chooser_trace_.back().clip != clip) {
    chooser_trace_.push_back({frame_.t, frame_.state, clip});
    if (chooser_trace_.size() > 40)
      chooser_trace_.pop_front();
  }
  recent_.push_back(frame_);
  if (recent_.size() > 180)
    recent_.pop_front();
  return {};
}

Status ViewerSession::Advance(float real_dt_s, ViewerControls& controls) {
  if (controls.paused) {
    if (!controls.step_once)
      return {};
    controls.step_once = false;
    return Step(controls.input);
  }
  accumulator_s_ += real_dt_s * controls.time_scale;
  // At most a quarter second a call, so a stall does not freeze the viewer catching up.
  int steps = 0;
  while (accumulator_s_ >= kStepS && steps < 15) {
    accumulator_s_ -= kStepS;
    if (Status stepped = Step(controls.input); !stepped)
      return stepped;
    controls.input.jump = false;  // a press is one frame's edge
    ++steps;
  }
  if (steps == 15)
    accumulator_s_ = 0.0f;
  return {};
}

}  // namespace footwork::cli
