#pragma once
// A pose-agnostic animation state machine, like the ones in Unreal animation blueprints: states
// with setup (on entry) and update callbacks (the seed's AnimSetup_/AnimUpdate_ pairs),
// transitions with conditions in an explicit priority order, automatic transitions when the
// state's relevant clip is about to end, and per-transition blend duration and type. It outputs
// the active states and their weights (several during cross-fades, summing to 1); the caller
// evaluates and blends the poses, or inertializes when a transition asks for it.
//
// The definition (states, transitions, callbacks) is read-only and shared by every character;
// StateMachineInstance holds one character's runtime state. Callbacks receive the character's
// NamedValues and an opaque user pointer, so shared definitions never capture per-character data.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "footwork/core/error.h"
#include "footwork/graph/named_values.h"

namespace footwork::graph {

class StateMachineDefinition;
class StateMachineInstance;

// How the machine moves from one state to another.
enum class TransitionBlend {
  // Both states stay active; the new one's weight ramps from 0 to 1 over the blend time.
  kCrossFade,
  // The new state takes weight 1 at once and the caller inertializes (or dead-blends) the pose
  // over the blend time: see StateMachineInstance::TakeInertializationRequest().
  kInertialization,
};

// The shape of a cross-fade's weight over normalised blend time.
enum class BlendCurve { kLinear, kSmoothStep };

// What a transition condition sees. Queries refer to the current (newest) state.
struct TransitionContext {
  const NamedValues& values;
  const StateMachineInstance& machine;
  void* user = nullptr;
};

// What a state's setup or update callback sees, for one active entry of that state. Callbacks
// may read the machine's queries but must not call its Update or Reset.
struct StateCallbackContext {
  NamedValues& values;
  StateMachineInstance& machine;
  void* user = nullptr;
  int state = -1;
  // Unique per entry into a state; lets the caller key per-entry player data (the same state
  // can be active twice while blending out and back in).
  std::uint32_t entry_id = 0;
  float dt_s = 0.0f;
  float time_in_state_s = 0.0f;
  float weight = 0.0f;
  // The state reports how long its relevant clip has left (drives automatic transitions and
  // "time remaining" queries). Unreported, a state with relevant_clip_length_s derives it.
  void ReportRelevantTimeRemaining(float seconds);

  // Set by the machine; ReportRelevantTimeRemaining writes through it.
  float* reported_time_remaining_s = nullptr;
};

using TransitionCondition = std::function<bool(const TransitionContext&)>;
using StateCallback = std::function<void(StateCallbackContext&)>;

// One state of the machine.
struct StateDefinition {
  std::string name{};
  // Runs when the state is entered (its time in state is 0), before its first update.
  StateCallback on_setup{};
  // Runs every update while the state has any weight, after its time advanced.
  StateCallback on_update{};
  // When the state plays one clip at rate 1 and does not report its remaining time, the
  // remaining time is derived as length - time in state. Unset and unreported: unknown.
  std::optional<float> relevant_clip_length_s{};
  // A nested machine the state runs while active; each entry gets a fresh instance of it.
  std::shared_ptr<const StateMachineDefinition> sub_machine{};
};

// A directed transition. Conditions of the current state's transitions are checked in ascending
// `priority` (ties in declaration order); the first that passes fires. At most one transition
// fires per update.
struct TransitionDefinition {
  // A state index, or kAnyState to leave from every state (never to itself).
  int from = -1;
  int to = -1;
  int priority = 0;
  // Fires when it returns true. Null means "always" (useful with automatic transitions).
  TransitionCondition condition{};
  // Automatic rule: fires when the current state's relevant time remaining is below this many
  // seconds (and the condition, when given, also passes). Unknown remaining time never fires it.
  std::optional<float> automatic_when_remaining_below_s{};
  // Blend duration in seconds; 0 switches at once.
  float blend_s = 0.2f;
  TransitionBlend blend = TransitionBlend::kCrossFade;
  BlendCurve curve = BlendCurve::kLinear;
};

// The read-only description of a machine: states, transitions, entry state.
class StateMachineDefinition {
 public:
  static constexpr int kAnyState = -2;

  explicit StateMachineDefinition(std::string name = "state_machine") : name_(std::move(name)) {}

  // Adds a state and returns its index. The first state added is the entry state.
  int AddState(StateDefinition state);
  // Adds a transition; returns its index.
  int AddTransition(TransitionDefinition transition);
  void SetEntryState(int state) { entry_state_ = state; }

  // Checks indices, names, blend times, that at least one state exists, and nested machines.
  // The error names the machine, state or transition.
  Status Validate() const;

  const std::string& name() const { return name_; }
  int entry_state() const { return entry_state_; }
  const std::vector<StateDefinition>& states() const { return states_; }
  const std::vector<TransitionDefinition>& transitions() const { return transitions_; }
  // The state index with this name, or -1.
  int FindState(std::string_view state_name) const;
  // Transitions that can leave `state` (its own and any-state ones), in evaluation order.
  std::span<const int> TransitionOrder(int state) const;

 private:
  std::string name_;
  std::vector<StateDefinition> states_;
  std::vector<TransitionDefinition> transitions_;
  // Per state: transition indices sorted by (priority, declaration order).
  std::vector<std::vector<int>> order_;
  int entry_state_ = 0;

  void RebuildOrder();
};

// One active state: what the caller evaluates and blends.
struct ActiveState {
  int state = -1;
  std::uint32_t entry_id = 0;
  // Blend weight; the weights of all active states sum to 1.
  float weight = 0.0f;
  float time_in_state_s = 0.0f;
};

// A pending inertialization: the caller captures its outgoing pose and blends over duration_s.
struct InertializationRequest {
  float duration_s = 0.0f;
  int from_state = -1;
  int to_state = -1;
};

// One character's runtime state of a machine. Keeps a pointer to the definition, which must
// outlive it.
class StateMachineInstance {
 public:
  // At most this many states are active at once; an older entry is dropped (and the others
  // renormalised) if rapid interruptions would exceed it.
  static constexpr std::size_t kMaxActiveStates = 8;

  explicit StateMachineInstance(const StateMachineDefinition& definition);
  ~StateMachineInstance();
  StateMachineInstance(StateMachineInstance&&) noexcept;
  StateMachineInstance& operator=(StateMachineInstance&&) noexcept;

  // Advances one frame: checks the current state's transitions (firing at most one and running
  // the new state's setup), advances every active state's time and the blend, then runs update
  // callbacks and nested machines. The first call enters the entry state. A non-finite or
  // negative dt_s changes nothing and sets last_error() (a good update clears it); dt_s 0 checks
  // transitions and runs callbacks without moving time.
  void Update(float dt_s, NamedValues& values, void* user = nullptr);
  // Why the last Update did nothing (bad dt), or empty.
  const std::string& last_error() const { return last_error_; }

  // Goes back to the entry state with no blend (e.g. on teleport or respawn) at the next update.
  void Reset();

  // Active states, newest (current) last; weights sum to 1.
  std::span<const ActiveState> active_states() const { return active_; }
  int current_state() const;
  const std::string& current_state_name() const;
  // Seconds since the current state was entered.
  float time_in_state_s() const;
  // True when the current state has weight 1 (no cross-fade in progress into it).
  bool fully_blended_in() const;
  // The current state's relevant clip time remaining, or nullopt when unknown.
  std::optional<float> relevant_time_remaining_s() const;
  // Seconds into the blend towards the current state, and its duration (0 when none).
  float blend_elapsed_s() const { return blend_elapsed_s_; }
  float blend_duration_s() const { return blend_duration_s_; }
  // The transition that fired during the last update, or -1.
  int last_transition() const { return last_transition_; }
  // The inertialization a transition asked for since the last call, consumed by this call.
  std::optional<InertializationRequest> TakeInertializationRequest();
  // Asks for one from inside a state (UE's "Set Sequence with Inertial Blending": an update that
  // changes its clip). from_state and to_state are the current state. A longer pending request
  // wins; duration_s <= 0 or non-finite asks for nothing.
  void RequestInertialization(float duration_s);

  // The nested machine of an active entry, or nullptr when its state has none.
  const StateMachineInstance* sub_machine(std::uint32_t entry_id) const;
  // Leaf states through nested machines with weights multiplied down; `depth` says nesting.
  // Weights of the leaves sum to 1. Appends to `out` (cleared first).
  struct LeafState {
    const StateMachineDefinition* machine = nullptr;
    int state = -1;
    std::uint32_t entry_id = 0;
    float weight = 0.0f;
    int depth = 0;
  };
  void CollectLeafStates(std::vector<LeafState>& out) const;

  const StateMachineDefinition& definition() const { return *definition_; }

 private:
  struct Entry;
  void Enter(int state, NamedValues& values, void* user);
  void StartTransition(int transition_index, NamedValues& values, void* user);
  void AdvanceBlend(float dt_s);
  void CollectLeaves(std::vector<LeafState>& out, float parent_weight, int depth) const;

  const StateMachineDefinition* definition_;
  std::vector<Entry> entries_;
  // Mirrors entries_ for the public span (ActiveState is what callers need).
  std::vector<ActiveState> active_;
  float blend_elapsed_s_ = 0.0f;
  float blend_duration_s_ = 0.0f;
  BlendCurve blend_curve_ = BlendCurve::kLinear;
  int last_transition_ = -1;
  std::uint32_t next_entry_id_ = 1;
  bool started_ = false;
  std::optional<InertializationRequest> pending_inertialization_;
  std::string last_error_;
};

}  // namespace footwork::graph
