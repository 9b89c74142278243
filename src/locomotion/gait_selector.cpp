#include "footwork/locomotion/gait_selector.h"

namespace footwork::locomotion {

const char* GroundGaitName(GroundGait gait) {
  switch (gait) {
    case GroundGait::kIdle:
      return "idle";
    case GroundGait::kWalk:
      return "walk";
    case GroundGait::kRun:
      return "run";
  }
  return "idle";
}

void UpdateMovementGait(GaitState& state, const GaitRequest& request) {
  state.changed = false;
  if (request.disable_switch_ground_gait > 0.0f)
    return;
  movement::Gait wanted = movement::Gait::kRun;
  if (request.device == InputDevice::kKeyboard) {
    if (request.walk_mode)
      wanted = movement::Gait::kWalk;
    else if (request.sprint)
      wanted = movement::Gait::kSprint;
  }
  if (wanted == state.current)
    return;
  state.previous = state.current;
  state.current = wanted;
  state.changed = true;
}

GroundGait SelectGroundGait(const EssentialData& data, float max_speed_m_s,
                            const GaitSelectionSettings& settings) {
  if (data.is_falling)
    return GroundGait::kIdle;
  const bool can_run = data.is_moving && max_speed_m_s > settings.run_min_max_speed_m_s &&
                       data.analog_input_modifier > settings.run_stick_threshold;
  if (can_run)
    return data.should_turn ? GroundGait::kIdle : GroundGait::kRun;
  const bool can_walk = data.is_moving && max_speed_m_s > settings.walk_min_max_speed_m_s &&
                        data.analog_input_modifier > settings.walk_stick_threshold;
  return can_walk && !data.should_turn ? GroundGait::kWalk : GroundGait::kIdle;
}

}  // namespace footwork::locomotion
