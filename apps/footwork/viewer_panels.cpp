#include "viewer_panels.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <vector>

#include <imgui.h>

#include "footwork/core/angles.h"

namespace footwork::cli {
namespace {

// A weight as the progress bar's label.
const char* WeightLabel(float weight) {
  static char text[16];
  std::snprintf(text, sizeof(text), "%.2f", weight);
  return text;
}

void Row(const char* name, const char* format, auto... values) {
  ImGui::TextUnformatted(name);
  ImGui::SameLine(170.0f);
  ImGui::Text(format, values...);
}

}  // namespace

void DrawControlsPanel(ViewerControls& controls, const ViewerSession& session) {
  ImGui::SetNextWindowPos({10, 10}, ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize({300, 330}, ImGuiCond_FirstUseEver);
  ImGui::Begin("Controls");
  locomotion::LocomotionInput& input = controls.input;
  if (session.scripted())
    ImGui::TextColored({1, 0.8f, 0.3f, 1}, "playing a scenario: live input off");
  int mode = input.rotation_mode == locomotion::RotationMode::kStrafing ? 1 : 0;
  ImGui::TextUnformatted("rotation mode (Tab)");
  ImGui::RadioButton("velocity direction", &mode, 0);
  ImGui::SameLine();
  ImGui::RadioButton("strafing", &mode, 1);
  input.rotation_mode =
      mode == 1 ? locomotion::RotationMode::kStrafing : locomotion::RotationMode::kRotating;
  int gait = input.sprint ? 2 : input.walk_mode ? 0 : 1;
  ImGui::TextUnformatted("gait (Q walk, Shift sprint)");
  ImGui::RadioButton("walk", &gait, 0);
  ImGui::SameLine();
  ImGui::RadioButton("run", &gait, 1);
  ImGui::SameLine();
  ImGui::RadioButton("sprint", &gait, 2);
  input.walk_mode = gait == 0;
  input.sprint = gait == 2;
  ImGui::Checkbox("aim (right mouse, LT)", &input.aim);
  if (ImGui::BeginCombo("overlay", controls.overlay.c_str())) {
    for (const std::string& overlay : session.overlay_names()) {
      if (ImGui::Selectable(overlay.c_str(), controls.overlay == overlay))
        controls.overlay = overlay;
    }
    ImGui::EndCombo();
  }
  ImGui::Checkbox("IK (I): overlay, feet, look-at", &controls.ik);
  ImGui::Checkbox("debug draw", &controls.debug_draw);
  ImGui::SliderFloat("time scale", &controls.time_scale, 0.05f, 2.0f, "%.2f");
  ImGui::Checkbox("pause (P)", &controls.paused);
  ImGui::SameLine();
  if (ImGui::Button("step (N)")) {
    controls.paused = true;
    controls.step_once = true;
  }
  ImGui::Separator();
  ImGui::TextWrapped(
      "WASD move, Space jump, left drag orbit, wheel zoom. Gamepad: left stick move, right stick "
      "camera, A jump, Y rotation mode, LT aim.");
  ImGui::End();
}

void DrawStatePanel(const ViewerSession& session) {
  ImGui::SetNextWindowPos({10, 350}, ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize({300, 300}, ImGuiCond_FirstUseEver);
  ImGui::Begin("State machine");
  const sim::TraceFrame& frame = session.frame();
  const locomotion::LocomotionCharacter& character = session.character();
  const locomotion::EssentialData& essential = character.essential();
  Row("time", "%.2f s", session.time_s());
  Row("current state", "%s", frame.state.c_str());
  ImGui::TextUnformatted("active states (machine weight, time in state)");
  for (const graph::ActiveState& active : character.machine().active_states()) {
    ImGui::Text(
        "  %-14s %.2f  %.2f s",
        locomotion::LocomotionStateName(static_cast<locomotion::LocomotionStateId>(active.state)),
        active.weight, active.time_in_state_s);
  }
  // Every transition dead-blends: the outgoing clip's extrapolated pose fades out while the
  // incoming clip fades in by the blend clock's alpha.
  const graph::DeadBlendClock& blend = character.dead_blend();
  const float incoming = blend.active() ? blend.Alpha() : 1.0f;
  ImGui::Separator();
  ImGui::Text("transition %s", blend.active() ? "(dead blend)" : "(none)");
  const auto& clips = session.context().library.clips;
  const auto clip_name = [&clips](int clip) {
    return clip >= 0 && static_cast<std::size_t>(clip) < clips.size()
               ? clips[static_cast<std::size_t>(clip)].name.c_str()
               : "-";
  };
  if (blend.active()) {
    ImGui::Text("  out %s", clip_name(character.previous_player().clip));
    ImGui::ProgressBar(1.0f - incoming, {-1, 0}, WeightLabel(1.0f - incoming));
    ImGui::Text("  %.2f / %.2f s", blend.elapsed_s, blend.duration_s);
  }
  ImGui::Text("  in  %s", clip_name(character.player().clip));
  ImGui::ProgressBar(incoming, {-1, 0}, WeightLabel(incoming));
  Row("  clip time / rate", "%.2f s / %.2f", character.player().time_s,
      character.player().play_rate);
  Row("gait", "%s", frame.gait.c_str());
  Row("rotation mode", "%s", frame.rotation_mode.c_str());
  Row("movement mode", "%s", frame.movement_mode.c_str());
  Row("cardinal direction", "%s", frame.cardinal_direction.c_str());
  Row("ground speed", "%.2f m/s", essential.ground_speed_m_s);
  Row("is moving / input", "%d / %d", essential.is_moving, essential.has_input);
  Row("should turn", "%d", essential.should_turn);
  Row("left foot up", "%d", essential.is_left_foot_up);
  Row("actor / target yaw", "%.1f / %.1f deg", frame.actor_yaw_deg,
      frame.target_yaw_deg.value_or(frame.actor_yaw_deg));
  if (essential.is_falling)
    Row("distance to floor", "%.2f m", essential.distance_to_floor_m);
  ImGui::End();
}

void DrawChooserPanel(const ViewerSession& session) {
  ImGui::SetNextWindowPos({320, 10}, ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize({470, 230}, ImGuiCond_FirstUseEver);
  ImGui::Begin("Chooser trace");
  const auto& trace = session.chooser_trace();
  if (!trace.empty()) {
    const ChooserEntry& now = trace.back();
    ImGui::TextWrapped(
        "now: %s plays %s, chosen by %s", now.state.c_str(), now.clip.c_str(),
        now.table.empty() ? "(no chooser: kept or cross-faded)" : now.answered_by.c_str());
  }
  if (ImGui::BeginTable(
          "choices", 4,
          ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_Resizable)) {
    ImGui::TableSetupColumn("t (s)", ImGuiTableColumnFlags_WidthFixed, 40.0f);
    ImGui::TableSetupColumn("state", ImGuiTableColumnFlags_WidthFixed, 85.0f);
    ImGui::TableSetupColumn("clip", ImGuiTableColumnFlags_WidthFixed, 110.0f);
    ImGui::TableSetupColumn("table / row");
    ImGui::TableHeadersRow();
    for (auto entry = trace.rbegin(); entry != trace.rend(); ++entry) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::Text("%.2f", entry->t);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(entry->state.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(entry->clip.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(entry->table.empty() ? "-" : entry->answered_by.c_str());
    }
    ImGui::EndTable();
  }
  ImGui::End();
}

void DrawCurvesPanel(const ViewerSession& session) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos({display.x - 330, 10}, ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize({320, 420}, ImGuiCond_FirstUseEver);
  ImGui::Begin("Curves");
  const auto& names = session.curve_names();
  const auto& history = session.curve_history();
  std::vector<float> values(history.size());
  for (std::size_t c = 0; c < names.size(); ++c) {
    for (std::size_t i = 0; i < history.size(); ++i)
      values[i] = c < history[i].size() ? history[i][c] : 0.0f;
    const float current = values.empty() ? 0.0f : values.back();
    char label[96];
    std::snprintf(label, sizeof(label), "%s %.2f", names[c].c_str(), current);
    ImGui::PushID(static_cast<int>(c));
    ImGui::PlotLines("##curve", values.data(), static_cast<int>(values.size()), 0, label, FLT_MAX,
                     FLT_MAX, {ImGui::GetContentRegionAvail().x, 36});
    ImGui::PopID();
  }
  ImGui::End();
}

void DrawFootPanel(const ViewerSession& session, const ViewerControls& controls) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos({display.x - 330, 440}, ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize({320, 300}, ImGuiCond_FirstUseEver);
  ImGui::Begin("Foot IK");
  const auto& history = session.foot_history();
  ImGui::Text("IK %s, pelvis offset %.3f m", controls.ik ? "on" : "off (graph pose)",
              session.frame().pelvis_offset_m);
  if (!history.empty()) {
    for (int side : {0, 1}) {
      const FootIkSample& foot = history.back()[static_cast<std::size_t>(side)];
      ImGui::Text("%s ankle (%.2f, %.2f, %.2f) %s", side == 0 ? "L" : "R", foot.ankle.x,
                  foot.ankle.y, foot.ankle.z, foot.locked ? "LOCKED" : "free");
      if (foot.surface_height_m)
        ImGui::Text("  surface hit %.3f m, sole %.3f m above", *foot.surface_height_m,
                    foot.sole.y - *foot.surface_height_m);
      else
        ImGui::TextUnformatted(controls.ik ? "  surface: no hit" : "  surface: not traced");
    }
  }
  // Sole height above the traced surface (or the capsule's floor when nothing was traced) and
  // the lock flag, over the last three seconds.
  std::array<std::vector<float>, 2> heights;
  std::array<std::vector<float>, 2> locks;
  for (std::size_t i = 0; i < history.size(); ++i) {
    // recent() and foot_history() are recorded together, one entry a step.
    const sim::TraceFrame& frame = session.recent()[std::min(i, session.recent().size() - 1)];
    const float floor = frame.position.y - session.context().capsule_bottom_offset_m;
    for (std::size_t side = 0; side < 2; ++side) {
      const FootIkSample& foot = history[i][side];
      heights[side].push_back(foot.sole.y - foot.surface_height_m.value_or(floor));
      locks[side].push_back(foot.locked ? 1.0f : 0.0f);
    }
  }
  const float width = ImGui::GetContentRegionAvail().x;
  for (std::size_t side = 0; side < 2; ++side) {
    ImGui::PushID(static_cast<int>(side));
    ImGui::PlotLines("##height", heights[side].data(), static_cast<int>(heights[side].size()), 0,
                     side == 0 ? "left sole above surface" : "right sole above surface", -0.05f,
                     0.4f, {width, 45});
    ImGui::PlotLines("##lock", locks[side].data(), static_cast<int>(locks[side].size()), 0,
                     side == 0 ? "left lock" : "right lock", -0.1f, 1.1f, {width, 20});
    ImGui::PopID();
  }
  ImGui::End();
}

}  // namespace footwork::cli
