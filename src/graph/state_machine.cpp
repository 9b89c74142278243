#include "footwork/graph/state_machine.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>

namespace footwork::graph {
namespace {

// A blend this close to its end counts as finished, so float accumulation of dt cannot leave a
// weight at 0.99999 for one extra frame.
constexpr float kBlendEndToleranceS = 1e-5f;
const std::string kNoStateName;

float Shape(BlendCurve curve, float alpha) {
  switch (curve) {
    case BlendCurve::kLinear:
      return alpha;
    case BlendCurve::kSmoothStep:
      return alpha * alpha * (3.0f - 2.0f * alpha);
  }
  return alpha;
}

}  // namespace

void StateCallbackContext::ReportRelevantTimeRemaining(float seconds) {
  if (reported_time_remaining_s != nullptr)
    *reported_time_remaining_s = seconds;
}

// ---- Definition -------------------------------------------------------------------------------

int StateMachineDefinition::AddState(StateDefinition state) {
  states_.push_back(std::move(state));
  RebuildOrder();
  return static_cast<int>(states_.size()) - 1;
}

int StateMachineDefinition::AddTransition(TransitionDefinition transition) {
  transitions_.push_back(std::move(transition));
  RebuildOrder();
  return static_cast<int>(transitions_.size()) - 1;
}

void StateMachineDefinition::RebuildOrder() {
  order_.assign(states_.size(), {});
  for (std::size_t s = 0; s < states_.size(); ++s) {
    for (std::size_t t = 0; t < transitions_.size(); ++t) {
      const TransitionDefinition& transition = transitions_[t];
      const bool from_here = transition.from == static_cast<int>(s);
      const bool from_any = transition.from == kAnyState && transition.to != static_cast<int>(s);
      if (from_here || from_any)
        order_[s].push_back(static_cast<int>(t));
    }
    std::stable_sort(order_[s].begin(), order_[s].end(), [this](int a, int b) {
      return transitions_[a].priority < transitions_[b].priority;
    });
  }
}

std::span<const int> StateMachineDefinition::TransitionOrder(int state) const {
  if (state < 0 || state >= static_cast<int>(order_.size()))
    return {};
  return order_[state];
}

int StateMachineDefinition::FindState(std::string_view state_name) const {
  for (std::size_t s = 0; s < states_.size(); ++s) {
    if (states_[s].name == state_name)
      return static_cast<int>(s);
  }
  return -1;
}

Status StateMachineDefinition::Validate() const {
  const std::string where = fmt::format("state machine '{}'", name_);
  if (states_.empty())
    return Error{where + ": has no states (add at least one)"};
  const int num_states = static_cast<int>(states_.size());
  if (entry_state_ < 0 || entry_state_ >= num_states) {
    return Error{fmt::format("{}: entry state {} out of range (has {} states)", where, entry_state_,
                             num_states)};
  }
  for (int s = 0; s < num_states; ++s) {
    const StateDefinition& state = states_[s];
    if (state.name.empty())
      return Error{fmt::format("{}: state {} has no name", where, s)};
    for (int other = 0; other < s; ++other) {
      if (states_[other].name == state.name) {
        return Error{fmt::format("{}: state name '{}' is used twice", where, state.name)};
      }
    }
    if (state.relevant_clip_length_s &&
        !(std::isfinite(*state.relevant_clip_length_s) && *state.relevant_clip_length_s >= 0.0f)) {
      return Error{
          fmt::format("{}: state '{}': relevant_clip_length_s must be >= 0", where, state.name)};
    }
    if (state.sub_machine != nullptr) {
      if (state.sub_machine.get() == this) {
        return Error{fmt::format("{}: state '{}' nests its own machine", where, state.name)};
      }
      if (Status status = state.sub_machine->Validate(); !status) {
        return WithContext(fmt::format("{}: state '{}'", where, state.name), status.error());
      }
    }
  }
  for (std::size_t t = 0; t < transitions_.size(); ++t) {
    const TransitionDefinition& transition = transitions_[t];
    const std::string transition_where = fmt::format("{}: transition {}", where, t);
    if (transition.from != kAnyState && (transition.from < 0 || transition.from >= num_states)) {
      return Error{fmt::format("{}: 'from' state {} out of range (has {} states)", transition_where,
                               transition.from, num_states)};
    }
    if (transition.to < 0 || transition.to >= num_states) {
      return Error{fmt::format("{}: 'to' state {} out of range (has {} states)", transition_where,
                               transition.to, num_states)};
    }
    if (!std::isfinite(transition.blend_s) || transition.blend_s < 0.0f) {
      return Error{fmt::format("{}: blend_s must be a finite number >= 0, got {}", transition_where,
                               transition.blend_s)};
    }
    if (transition.automatic_when_remaining_below_s &&
        !std::isfinite(*transition.automatic_when_remaining_below_s)) {
      return Error{transition_where + ": automatic_when_remaining_below_s must be finite"};
    }
    if (!transition.condition && !transition.automatic_when_remaining_below_s) {
      return Error{transition_where +
                   ": needs a condition or an automatic rule (it would fire every frame)"};
    }
  }
  return Status::Ok();
}

// ---- Instance ---------------------------------------------------------------------------------

struct StateMachineInstance::Entry {
  int state = -1;
  std::uint32_t id = 0;
  float time_s = 0.0f;
  float weight = 0.0f;
  // The weight when the current blend started; scaled down by (1 - alpha) as it progresses.
  float from_weight = 0.0f;
  // NaN until the state reports it.
  float reported_remaining_s = std::numeric_limits<float>::quiet_NaN();
  std::unique_ptr<StateMachineInstance> sub;
};

StateMachineInstance::StateMachineInstance(const StateMachineDefinition& definition)
    : definition_(&definition) {
  entries_.reserve(kMaxActiveStates + 1);
  active_.reserve(kMaxActiveStates + 1);
}
StateMachineInstance::~StateMachineInstance() = default;
StateMachineInstance::StateMachineInstance(StateMachineInstance&&) noexcept = default;
StateMachineInstance& StateMachineInstance::operator=(StateMachineInstance&&) noexcept = default;

void StateMachineInstance::Reset() {
  entries_.clear();
  active_.clear();
  started_ = false;
  blend_elapsed_s_ = 0.0f;
  blend_duration_s_ = 0.0f;
  pending_inertialization_.reset();
}

int StateMachineInstance::current_state() const {
  return entries_.empty() ? -1 : entries_.back().state;
}

const std::string& StateMachineInstance::current_state_name() const {
  const int state = current_state();
  return state < 0 ? kNoStateName : definition_->states()[state].name;
}

float StateMachineInstance::time_in_state_s() const {
  return entries_.empty() ? 0.0f : entries_.back().time_s;
}

bool StateMachineInstance::fully_blended_in() const {
  return !entries_.empty() && entries_.back().weight >= 1.0f;
}

std::optional<float> StateMachineInstance::relevant_time_remaining_s() const {
  if (entries_.empty())
    return std::nullopt;
  const Entry& entry = entries_.back();
  if (!std::isnan(entry.reported_remaining_s))
    return entry.reported_remaining_s;
  const auto& length = definition_->states()[entry.state].relevant_clip_length_s;
  if (length)
    return std::max(0.0f, *length - entry.time_s);
  return std::nullopt;
}

std::optional<InertializationRequest> StateMachineInstance::TakeInertializationRequest() {
  std::optional<InertializationRequest> request = pending_inertialization_;
  pending_inertialization_.reset();
  return request;
}

void StateMachineInstance::RequestInertialization(float duration_s) {
  if (!(duration_s > 0.0f) || !std::isfinite(duration_s))
    return;
  if (pending_inertialization_ && pending_inertialization_->duration_s >= duration_s)
    return;
  const int state = current_state();
  pending_inertialization_ = InertializationRequest{duration_s, state, state};
}

const StateMachineInstance* StateMachineInstance::sub_machine(std::uint32_t entry_id) const {
  for (const Entry& entry : entries_) {
    if (entry.id == entry_id)
      return entry.sub.get();
  }
  return nullptr;
}

void StateMachineInstance::Enter(int state, NamedValues& values, void* user) {
  Entry& entry = entries_.emplace_back();
  entry.state = state;
  entry.id = next_entry_id_++;
  const StateDefinition& definition = definition_->states()[state];
  if (definition.sub_machine != nullptr) {
    entry.sub = std::make_unique<StateMachineInstance>(*definition.sub_machine);
  }
  if (definition.on_setup) {
    StateCallbackContext context{values, *this,        user,
                                 state,  entry.id,     0.0f,
                                 0.0f,   entry.weight, &entry.reported_remaining_s};
    definition.on_setup(context);
  }
}

void StateMachineInstance::StartTransition(int transition_index, NamedValues& values, void* user) {
  const TransitionDefinition& transition = definition_->transitions()[transition_index];
  last_transition_ = transition_index;
  const int from_state = current_state();
  if (transition.blend == TransitionBlend::kInertialization || transition.blend_s <= 0.0f) {
    // Inertialization replaces the pose blend: the new state owns the whole weight at once.
    entries_.clear();
    blend_elapsed_s_ = 0.0f;
    blend_duration_s_ = 0.0f;
    Enter(transition.to, values, user);
    entries_.back().weight = 1.0f;
    if (transition.blend == TransitionBlend::kInertialization && transition.blend_s > 0.0f) {
      pending_inertialization_ =
          InertializationRequest{transition.blend_s, from_state, transition.to};
    }
    return;
  }
  // An interrupted blend becomes the new blend's source: freeze each entry's current weight and
  // fade them all out together, so weights keep summing to 1.
  if (entries_.size() >= kMaxActiveStates) {
    auto lightest =
        std::min_element(entries_.begin(), entries_.end() - 1,
                         [](const Entry& a, const Entry& b) { return a.weight < b.weight; });
    entries_.erase(lightest);
    float total = 0.0f;
    for (const Entry& entry : entries_)
      total += entry.weight;
    for (Entry& entry : entries_)
      entry.weight = total > 0.0f ? entry.weight / total : 0.0f;
  }
  for (Entry& entry : entries_)
    entry.from_weight = entry.weight;
  blend_elapsed_s_ = 0.0f;
  blend_duration_s_ = transition.blend_s;
  blend_curve_ = transition.curve;
  Enter(transition.to, values, user);
  entries_.back().weight = 0.0f;
  entries_.back().from_weight = 0.0f;
}

void StateMachineInstance::AdvanceBlend(float dt_s) {
  if (entries_.empty())
    return;
  if (blend_duration_s_ <= 0.0f) {
    entries_.back().weight = 1.0f;
    return;
  }
  blend_elapsed_s_ += dt_s;
  if (blend_elapsed_s_ >= blend_duration_s_ - kBlendEndToleranceS) {
    // Blend finished: only the current state remains.
    entries_.erase(entries_.begin(), entries_.end() - 1);
    entries_.back().weight = 1.0f;
    blend_elapsed_s_ = 0.0f;
    blend_duration_s_ = 0.0f;
    return;
  }
  const float alpha = Shape(blend_curve_, blend_elapsed_s_ / blend_duration_s_);
  for (std::size_t e = 0; e + 1 < entries_.size(); ++e) {
    entries_[e].weight = entries_[e].from_weight * (1.0f - alpha);
  }
  entries_.back().weight = alpha;
}

void StateMachineInstance::Update(float dt_s, NamedValues& values, void* user) {
  if (!std::isfinite(dt_s) || dt_s < 0.0f) {
    last_error_ = fmt::format("state machine '{}': dt_s must be finite and >= 0, got {}",
                              definition_->name(), dt_s);
    return;
  }
  last_error_.clear();
  last_transition_ = -1;
  if (!started_) {
    started_ = true;
    Enter(definition_->entry_state(), values, user);
    entries_.back().weight = 1.0f;
  } else if (!entries_.empty()) {
    const TransitionContext context{values, *this, user};
    for (const int t : definition_->TransitionOrder(current_state())) {
      const TransitionDefinition& transition = definition_->transitions()[t];
      if (transition.automatic_when_remaining_below_s) {
        const std::optional<float> remaining = relevant_time_remaining_s();
        if (!remaining || !(*remaining < *transition.automatic_when_remaining_below_s))
          continue;
      }
      if (transition.condition && !transition.condition(context))
        continue;
      StartTransition(t, values, user);
      break;
    }
  }

  for (Entry& entry : entries_)
    entry.time_s += dt_s;
  AdvanceBlend(dt_s);

  // Index loop: callbacks may not add entries, but they get a reference into the vector.
  for (std::size_t e = 0; e < entries_.size(); ++e) {
    Entry& entry = entries_[e];
    const StateDefinition& definition = definition_->states()[entry.state];
    if (definition.on_update) {
      StateCallbackContext context{values,       *this,        user,
                                   entry.state,  entry.id,     dt_s,
                                   entry.time_s, entry.weight, &entry.reported_remaining_s};
      definition.on_update(context);
    }
    if (entry.sub != nullptr)
      entry.sub->Update(dt_s, values, user);
  }

  active_.clear();
  for (const Entry& entry : entries_) {
    active_.push_back({entry.state, entry.id, entry.weight, entry.time_s});
  }
}

void StateMachineInstance::CollectLeafStates(std::vector<LeafState>& out) const {
  out.clear();
  CollectLeaves(out, 1.0f, 0);
}

void StateMachineInstance::CollectLeaves(std::vector<LeafState>& out, float parent_weight,
                                         int depth) const {
  for (const Entry& entry : entries_) {
    const float weight = parent_weight * entry.weight;
    if (entry.sub != nullptr && !entry.sub->entries_.empty()) {
      entry.sub->CollectLeaves(out, weight, depth + 1);
    } else {
      out.push_back({definition_, entry.state, entry.id, weight, depth});
    }
  }
}

}  // namespace footwork::graph
