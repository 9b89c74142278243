#include "viewer_panels.h"

#include <cmath>
#include <vector>

#include <imgui.h>

#include "footwork/core/angles.h"

namespace footwork::cli {
namespace {

const char* const kOverlays[] = {"none", "pistol", "torch"};

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
    for (const char* overlay : kOverlays) {
      if (ImGui::Selectable(overlay, controls.overlay == overlay))
        controls.overlay = overlay;
    }
    ImGui::EndCombo();
  }
  ImGui::Checkbox("foot IK", &controls.ik);
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
  Row("active state", "%s", frame.state.c_str());
  for (const sim::ClipSample& clip : frame.clips) {
    Row("  clip", "%s", clip.name.c_str());
    Row("  time / weight", "%.2f s / %.2f", clip.time_s, clip.weight);
  }
  Row("  play rate", "%.2f", character.player().play_rate);
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
  ImGui::SetNextWindowSize({330, 220}, ImGuiCond_FirstUseEver);
  ImGui::Begin("Chooser trace");
  if (ImGui::BeginTable("choices", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY)) {
    ImGui::TableSetupColumn("t (s)", ImGuiTableColumnFlags_WidthFixed, 50.0f);
    ImGui::TableSetupColumn("state", ImGuiTableColumnFlags_WidthFixed, 100.0f);
    ImGui::TableSetupColumn("chosen clip");
    ImGui::TableHeadersRow();
    const auto& trace = session.chooser_trace();
    for (auto entry = trace.rbegin(); entry != trace.rend(); ++entry) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::Text("%.2f", entry->t);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(entry->state.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(entry->clip.c_str());
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
  ImGui::SetNextWindowSize({320, 230}, ImGuiCond_FirstUseEver);
  ImGui::Begin("Foot IK");
  const sim::TraceFrame& frame = session.frame();
  ImGui::Text("IK %s (the IK layer adds targets here as it lands)", controls.ik ? "on" : "off");
  for (const auto* foot : {&frame.foot_left, &frame.foot_right}) {
    const bool left = foot == &frame.foot_left;
    ImGui::Text("%s  (%.2f, %.2f, %.2f)  %s", left ? "L" : "R", foot->position.x, foot->position.y,
                foot->position.z, foot->locked ? "LOCKED" : "free");
  }
  ImGui::Text("pelvis offset %.3f m", frame.pelvis_offset_m);
  std::vector<float> left;
  std::vector<float> right;
  for (const sim::TraceFrame& recent : session.recent()) {
    const float ground = recent.position.y - session.context().capsule_bottom_offset_m;
    left.push_back(recent.foot_left.position.y - ground);
    right.push_back(recent.foot_right.position.y - ground);
  }
  ImGui::PlotLines("##left", left.data(), static_cast<int>(left.size()), 0, "left foot height",
                   -0.05f, 0.4f, {ImGui::GetContentRegionAvail().x, 50});
  ImGui::PlotLines("##right", right.data(), static_cast<int>(right.size()), 0, "right foot height",
                   -0.05f, 0.4f, {ImGui::GetContentRegionAvail().x, 50});
  ImGui::End();
}

}  // namespace footwork::cli
