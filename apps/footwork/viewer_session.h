#pragma once
// The viewer's simulation side, without any window: one locomotion character in the level, driven
// by live input or by a scenario, with a short history of curves, states and feet for the panels.

#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "footwork/demo/scenario_run.h"
#include "footwork/locomotion/locomotion_character.h"
#include "footwork/locomotion/scenario.h"
#include "footwork/locomotion/simulation_setup.h"
#include "footwork/sim/trace_frame.h"

namespace footwork::cli {

// What the user set in the toggles panel and with the controls.
struct ViewerControls {
  locomotion::LocomotionInput input;
  float time_scale = 1.0f;
  bool paused = false;
  bool step_once = false;
  bool ik = true;
  bool debug_draw = true;
  std::string overlay = "none";
};

// A state or clip change, newest last (the chooser trace panel).
struct ChooserEntry {
  double t = 0.0;
  std::string state;
  std::string clip;
};

class ViewerSession {
 public:
  static constexpr int kHistory = 300;
  static constexpr float kStepS = 1.0f / 60.0f;

  static Result<std::unique_ptr<ViewerSession>> Create(const demo::ScenarioRunInputs& inputs,
                                                       const std::string& scenario_path);
  // Advances by whole 60 Hz steps covering `real_dt_s` x time scale (or one step when stepping).
  Status Advance(float real_dt_s, ViewerControls& controls);
  Status Step(const locomotion::LocomotionInput& input);

  const sim::TraceFrame& frame() const { return frame_; }
  const locomotion::LocomotionCharacter& character() const { return *character_; }
  const demo::ScenarioRun& context() const { return context_; }
  double time_s() const { return time_s_; }
  bool scripted() const { return scenario_.has_value(); }
  const std::vector<std::string>& curve_names() const;
  const std::deque<std::vector<float>>& curve_history() const { return curve_history_; }
  const std::deque<ChooserEntry>& chooser_trace() const { return chooser_trace_; }
  const std::deque<sim::TraceFrame>& recent() const { return recent_; }

 private:
  ViewerSession() = default;
  demo::ScenarioRun context_;
  locomotion::SimulationSetup setup_;
  std::unique_ptr<locomotion::LocomotionCharacter> character_;
  std::optional<locomotion::Scenario> scenario_;
  std::unique_ptr<locomotion::ScenarioInput> scenario_input_;
  sim::TraceFrame frame_;
  double time_s_ = 0.0;
  float accumulator_s_ = 0.0f;
  std::deque<std::vector<float>> curve_history_;
  std::deque<ChooserEntry> chooser_trace_;
  std::deque<sim::TraceFrame> recent_;
};

}  // namespace footwork::cli
