#pragma once
// Which clips' root motion moves the character, switchable at run time by a notify state (the
// seed's Part14): the default is "from montages only"; a turn-in-place clip carries a notify
// state that switches to "from everything" while it rotates, and back at its end. Movement input
// can end the override early (turn in place can be interrupted; a heavy landing cannot).

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "footwork/graph/notify.h"

namespace footwork::graph {

enum class RootMotionMode {
  // Root motion is ignored (the capsule moves by movement physics only).
  kNone,
  // Only montages (slot clips) move the character.
  kFromMontagesOnly,
  // Every weighted clip's root motion moves the character.
  kFromEverything,
};

// Whether a clip's root motion counts under `mode`.
bool ExtractsRootMotion(RootMotionMode mode, bool is_montage);

// A notify state name that overrides the mode while active.
struct RootMotionModeNotifyRule {
  std::string notify_name = "ANS_RootMotionMode";
  RootMotionMode mode_while_active = RootMotionMode::kFromEverything;
  // Movement input during the state restores the default mode and reports an interruption
  // (the seed's bInterruptRootMotion).
  bool interruptible_by_input = true;
};

// Shared tuning: the mode outside overrides and the notify states that override it.
struct RootMotionModeSettings {
  RootMotionMode default_mode = RootMotionMode::kFromMontagesOnly;
  std::vector<RootMotionModeNotifyRule> rules = {RootMotionModeNotifyRule{}};
};

// Per-character state.
struct RootMotionModeState {
  RootMotionMode mode = RootMotionMode::kFromMontagesOnly;
  // The notify state instance that set the override (source id and notify index), if any.
  bool overridden = false;
  std::uint32_t source_id = 0;
  int notify_index = -1;
  // That instance was interrupted by input; its later ticks do not re-enable the override.
  bool interrupted = false;
  // True for the frame in which input interrupted the override (the caller stops the clip).
  bool interrupted_this_frame = false;
};

// Applies this frame's notify events in order: begin of a rule's state -> its mode; tick with
// movement input on an interruptible rule -> default mode, interrupted; end -> default mode.
void UpdateRootMotionMode(RootMotionModeState& state, const RootMotionModeSettings& settings,
                          std::span<const NotifyEvent> events, bool has_movement_input);

}  // namespace footwork::graph
