#include "viewer_session.h"

#include "footwork/demo/character_cache.h"
#include "footwork/locomotion/simulation_runner.h"

namespace footwork::cli {
namespace {

constexpr std::size_t kChooserEntries = 40;
constexpr std::size_t kRecentFrames = 180;

// "CT_Stop row 2 'walk_left'" or "CT_Stop fallback" for the chooser answer behind `clip`.
ChooserEntry DescribeChoice(const locomotion::LocomotionCharacter& character, double t,
                            const std::string& state, const std::string& clip) {
  ChooserEntry entry{t, state, clip, "", ""};
  const locomotion::ChooserChoice& choice = character.last_choice();
  // Only when the last answer is the clip playing now (a cross-fade fallback chooses nothing).
  if (choice.table == nullptr || choice.clip < 0 || choice.clip != character.player().clip)
    return entry;
  entry.table = choice.table->name();
  const graph::ChooserTable* answered = choice.chosen_in ? choice.chosen_in : choice.table;
  entry.answered_by = answered->name();
  if (choice.row >= 0 && static_cast<std::size_t>(choice.row) < answered->rows().size()) {
    entry.answered_by += " row " + std::to_string(choice.row) + " '" +
                         answered->rows()[static_cast<std::size_t>(choice.row)].name + "'";
  } else {
    entry.answered_by += " fallback";
  }
  return entry;
}

}  // namespace

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
  context.capsule_bottom_offset_m = settings.CentreToFloorM();
  // The settings `footwork simulate` runs with (assets/ik/<character>.json or default.json), for
  // the player and NPC.
  auto ik_assets =
      locomotion::MakeCharacterIkAssets(*session->setup_.assets, session->setup_.ik_settings);
  if (!ik_assets)
    return ik_assets.error();
  session->ik_assets_ = *ik_assets;

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
  if (const auto npc = demo::LookingNpcOf(context.level))
    session->npc_.emplace(session->setup_.assets, session->ik_assets_, *session->setup_.mover,
                          *npc);
  // One step at t = 0, so the first picture already has the IK and NPC poses.
  ViewerControls controls;
  controls.input.camera_yaw = yaw;
  if (Status stepped = session->Step(controls); !stepped)
    return stepped.error();
  return session;
}

const std::vector<std::string>& ViewerSession::curve_names() const {
  return setup_.assets->curve_names();
}

std::vector<std::string> ViewerSession::overlay_names() const {
  std::vector<std::string> names = {"none"};
  for (const ik::OverlayPose& overlay : ik_assets_->overlays())
    names.push_back(overlay.name);
  return names;
}

Status ViewerSession::RunIk(ViewerControls& controls) {
  // A scenario's overlay and look-at events, applied as the simulation runner applies them.
  if (scenario_) {
    const auto& events = scenario_->events;
    for (; next_event_ < events.size() && events[next_event_].t <= time_s_; ++next_event_) {
      if (events[next_event_].overlay)
        controls.overlay = *events[next_event_].overlay;
      if (events[next_event_].look_target)
        look_target_ = *events[next_event_].look_target;
    }
  }
  if (!controls.ik) {
    ik_.reset();
    return Status::Ok();
  }
  if (!ik_) {
    // A fresh stage each time IK is switched on: no lock left over from before.
    ik_.emplace(ik_assets_);
    ik_overlay_ = "none";
  }
  if (controls.overlay != ik_overlay_) {
    if (Status set = ik_->SetOverlay(controls.overlay); !set) {
      controls.overlay = ik_overlay_;
      return set;
    }
    ik_overlay_ = controls.overlay;
  }
  ik_->SetLookTarget(look_target_);
  if (Status ran = ik_->Update(*character_, &setup_.mover->world(),
                               context_.capsule_bottom_offset_m, kStepS, true);
      !ran)
    return ran;
  ik_->WriteTrace(frame_);
  return Status::Ok();
}

Status ViewerSession::Step(ViewerControls& controls) {
  const locomotion::LocomotionInput& input =
      scenario_input_ ? scenario_input_->Advance(time_s_) : controls.input;
  if (time_s_ > 0.0)
    setup_.world->Advance(kStepS);
  if (Status updated = character_->Update(*setup_.mover, input, kStepS); !updated)
    return updated;
  frame_ = locomotion::MakeTraceFrame(*character_, time_s_, input.camera_yaw,
                                      context_.capsule_bottom_offset_m, true);
  if (Status ran = RunIk(controls); !ran)
    return ran;
  if (npc_) {
    // The NPC looks at the player's head as drawn (after IK when IK is on).
    auto head =
        ik_ ? Result<glm::vec3>(ik_->ik().head_position_world())
            : demo::HeadOfFrame(frame_, ik_assets_->rig().head, context_.capsule_bottom_offset_m);
    if (!head)
      return head.error();
    if (Status looked = npc_->Update(*setup_.mover, *head, kStepS); !looked)
      return looked;
  }
  Record();
  time_s_ += kStepS;
  return {};
}

void ViewerSession::Record() {
  curve_history_.push_back(character_->output().curves);
  if (curve_history_.size() > kHistory)
    curve_history_.pop_front();
  const std::string clip = frame_.clips.empty() ? "" : frame_.clips.front().name;
  if (chooser_trace_.empty() || chooser_trace_.back().state != frame_.state ||
      chooser_trace_.back().clip != clip) {
    chooser_trace_.push_back(DescribeChoice(*character_, frame_.t, frame_.state, clip));
    if (chooser_trace_.size() > kChooserEntries)
      chooser_trace_.pop_front();
  }
  recent_.push_back(frame_);
  if (recent_.size() > kRecentFrames)
    recent_.pop_front();
  std::array<FootIkSample, 2> feet;
  if (ik_) {
    for (int side : {ik::kLeft, ik::kRight}) {
      const ik::IkFoot& foot = ik_->ik().feet()[static_cast<std::size_t>(side)];
      feet[static_cast<std::size_t>(side)] = {foot.ankle, foot.sole, foot.locked,
                                              foot.surface_height_m};
    }
  } else {
    feet[0] = {frame_.foot_left.position, frame_.foot_left.position, frame_.foot_left.locked, {}};
    feet[1] = {
        frame_.foot_right.position, frame_.foot_right.position, frame_.foot_right.locked, {}};
  }
  foot_history_.push_back(feet);
  if (foot_history_.size() > kRecentFrames)
    foot_history_.pop_front();
}

Status ViewerSession::Advance(float real_dt_s, ViewerControls& controls) {
  if (controls.paused) {
    if (!controls.step_once)
      return {};
    controls.step_once = false;
    return Step(controls);
  }
  accumulator_s_ += real_dt_s * controls.time_scale;
  // At most a quarter second a call, so a stall does not freeze the viewer catching up.
  int steps = 0;
  while (accumulator_s_ >= kStepS && steps < 15) {
    accumulator_s_ -= kStepS;
    if (Status stepped = Step(controls); !stepped)
      return stepped;
    controls.input.jump = false;  // a press is one frame's edge
    ++steps;
  }
  if (steps == 15)
    accumulator_s_ = 0.0f;
  return {};
}

}  // namespace footwork::cli
