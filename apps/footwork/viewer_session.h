#pragma once
// The viewer's simulation side, without any window: one locomotion character in the level, driven
// by live input or by a scenario, with the IK stage (switchable), the level's looking NPC, and a
// short history of curves, states, chooser answers and feet for the panels.

#include <array>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "footwork/demo/npc_puppet.h"
#include "footwork/demo/scenario_run.h"
#include "footwork/locomotion/character_ik_stage.h"
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
  // The IK stage after the graph (overlays, foot placement and lock, look-at); off shows the
  // graph's pose as it comes.
  bool ik = true;
  bool debug_draw = true;
  std::string overlay = "none";
};

// A new clip from a chooser, newest last (the chooser trace panel).
struct ChooserEntry {
  double t = 0.0;
  std::string state;
  std::string clip;
  // The table the state asked, and the table and row that answered ("fallback" for its
  // fallback row); empty when the clip did not come from a chooser (e.g. a gait cross-fade).
  std::string table;
  std::string answered_by;
};

// One IK foot on one frame (the foot IK panel's traces).
struct FootIkSample {
  glm::vec3 ankle{0.0f};
  glm::vec3 sole{0.0f};
  bool locked = false;
  // Height of the surface the downward trace hit under the sole; unset when nothing was hit.
  std::optional<float> surface_height_m;
};

class ViewerSession {
 public:
  static constexpr int kHistory = 300;
  static constexpr float kStepS = 1.0f / 60.0f;

  static Result<std::unique_ptr<ViewerSession>> Create(const demo::ScenarioRunInputs& inputs,
                                                       const std::string& scenario_path);
  // Advances by whole 60 Hz steps covering `real_dt_s` x time scale (or one step when stepping).
  // A scenario's overlay events change controls.overlay.
  Status Advance(float real_dt_s, ViewerControls& controls);
  Status Step(ViewerControls& controls);

  const sim::TraceFrame& frame() const { return frame_; }
  const locomotion::LocomotionCharacter& character() const { return *character_; }
  const demo::ScenarioRun& context() const { return context_; }
  double time_s() const { return time_s_; }
  bool scripted() const { return scenario_.has_value(); }
  const std::vector<std::string>& curve_names() const;
  // "none" and the character's overlays (the overlay chooser's entries).
  std::vector<std::string> overlay_names() const;
  const std::deque<std::vector<float>>& curve_history() const { return curve_history_; }
  const std::deque<ChooserEntry>& chooser_trace() const { return chooser_trace_; }
  const std::deque<sim::TraceFrame>& recent() const { return recent_; }
  // The IK stage when IK is on (nullptr when off) and its feet over the recent frames
  // ([0] left, [1] right; newest last).
  const locomotion::CharacterIkStage* ik() const { return ik_ ? &*ik_ : nullptr; }
  const std::deque<std::array<FootIkSample, 2>>& foot_history() const { return foot_history_; }
  // The level's looking NPC (nullptr when the level has none) and its pose this frame.
  const demo::NpcPuppet* npc() const { return npc_ ? &*npc_ : nullptr; }

 private:
  ViewerSession() = default;
  Status RunIk(ViewerControls& controls);
  void Record();

  demo::ScenarioRun context_;
  locomotion::SimulationSetup setup_;
  std::shared_ptr<const ik::CharacterIkAssets> ik_assets_;
  std::unique_ptr<locomotion::LocomotionCharacter> character_;
  std::optional<locomotion::CharacterIkStage> ik_;
  std::string ik_overlay_;
  std::optional<demo::NpcPuppet> npc_;
  std::optional<locomotion::Scenario> scenario_;
  std::unique_ptr<locomotion::ScenarioInput> scenario_input_;
  std::size_t next_event_ = 0;
  std::optional<glm::vec3> look_target_;
  sim::TraceFrame frame_;
  double time_s_ = 0.0;
  float accumulator_s_ = 0.0f;
  std::deque<std::vector<float>> curve_history_;
  std::deque<ChooserEntry> chooser_trace_;
  std::deque<sim::TraceFrame> recent_;
  std::deque<std::array<FootIkSample, 2>> foot_history_;
};

}  // namespace footwork::cli
