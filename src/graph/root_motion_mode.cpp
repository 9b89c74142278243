#include "footwork/graph/root_motion_mode.h"

namespace footwork::graph {

bool ExtractsRootMotion(RootMotionMode mode, bool is_montage) {
  switch (mode) {
    case RootMotionMode::kNone:
      return false;
    case RootMotionMode::kFromMontagesOnly:
      return is_montage;
    case RootMotionMode::kFromEverything:
      return true;
  }
  return false;
}

void UpdateRootMotionMode(RootMotionModeState& state, const RootMotionModeSettings& settings,
                          std::span<const NotifyEvent> events, bool has_movement_input) {
  state.interrupted_this_frame = false;
  if (!state.overridden)
    state.mode = settings.default_mode;
  for (const NotifyEvent& event : events) {
    if (event.type == NotifyEventType::kTrigger)
      continue;
    const RootMotionModeNotifyRule* rule = nullptr;
    for (const RootMotionModeNotifyRule& candidate : settings.rules) {
      if (candidate.notify_name == event.name)
        rule = &candidate;
    }
    if (rule == nullptr)
      continue;
    const bool same_instance =
        state.source_id == event.source_id && state.notify_index == event.notify_index;
    switch (event.type) {
      case NotifyEventType::kBegin:
        state.mode = rule->mode_while_active;
        state.overridden = true;
        state.interrupted = false;
        state.source_id = event.source_id;
        state.notify_index = event.notify_index;
        break;
      case NotifyEventType::kTick:
        if (same_instance && state.overridden && rule->interruptible_by_input &&
            has_movement_input) {
          state.mode = settings.default_mode;
          state.overridden = false;
          state.interrupted = true;
          state.interrupted_this_frame = true;
        }
        break;
      case NotifyEventType::kEnd:
        // Only the instance that set the override restores the default (another clip's state
        // may have begun meanwhile, e.g. during a cross-fade).
        if (same_instance) {
          state.mode = settings.default_mode;
          state.overridden = false;
          state.interrupted = false;
          state.notify_index = -1;
        }
        break;
      case NotifyEventType::kTrigger:
        break;
    }
  }
}

}  // namespace footwork::graph
