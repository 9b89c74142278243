#pragma once
// Gait selection: the movement gait the player asks for (keyboard walk toggle, gamepad auto-run,
// blocked while the DisableSwitchGroundGait curve is set; Part15) and the animation's ground
// gait from speed and stick deflection (the seed's UpdateGroundGait, Part03).

#include <cstdint>

#include "footwork/locomotion/essential_data.h"
#include "footwork/locomotion/locomotion_settings.h"
#include "footwork/movement/movement_settings.h"

namespace footwork::locomotion {

// What the animation plays: Idle covers standing, falling and the move-idle-move pivot.
enum class GroundGait : std::uint8_t { kIdle, kWalk, kRun };
const char* GroundGaitName(GroundGait gait);

enum class InputDevice : std::uint8_t { kKeyboard, kGamepad };

// One character's gait state (the seed's CurrentGroundGait / PreviousGroundGait).
struct GaitState {
  movement::Gait current = movement::Gait::kRun;
  movement::Gait previous = movement::Gait::kRun;
  GroundGait ground = GroundGait::kIdle;
  // True on the frame the movement gait changed (the mover's per-gait settings apply from then).
  bool changed = false;
};

// What the player asks for this frame.
struct GaitRequest {
  InputDevice device = InputDevice::kKeyboard;
  // Keyboard walk toggle state, and sprint held.
  bool walk_mode = false;
  bool sprint = false;
  // The DisableSwitchGroundGait curve of the current pose.
  float disable_switch_ground_gait = 0.0f;
};

// The seed's SetGroundGait driven by input: a gamepad always moves in Run (its stick deflection
// picks the walk or run animation; Part15 "手柄输入时设置GroundGait为Run"), a keyboard walks
// while the walk toggle is on and sprints while sprint is held. Nothing changes while
// DisableSwitchGroundGait is set.
void UpdateMovementGait(GaitState& state, const GaitRequest& request);

// The seed's UpdateGroundGait: Run when moving, the gait's max speed allows it and the stick is
// past the run threshold; Walk likewise; Idle when falling or the velocity opposes the input.
GroundGait SelectGroundGait(const EssentialData& data, float max_speed_m_s,
                            const GaitSelectionSettings& settings);

}  // namespace footwork::locomotion
