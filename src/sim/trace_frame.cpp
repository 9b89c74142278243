// Names of the trace's enumerations, as written in trace.jsonl, and the state sequence.

#include "footwork/sim/trace_frame.h"

#include <algorithm>
#include <array>
#include <utility>

namespace footwork::sim {
namespace {

constexpr std::array<std::pair<TurnKind, const char*>, 4> kTurnKindNames{{
    {TurnKind::kStart, "start"},
    {TurnKind::kTurn, "turn"},
    {TurnKind::kPivot, "pivot"},
    {TurnKind::kTurnInPlace, "turn_in_place"},
}};

constexpr std::array<std::pair<TraceEvent::Kind, const char*>, 6> kEventKindNames{{
    {TraceEvent::Kind::kStopBegan, "stop_began"},
    {TraceEvent::Kind::kStopEnded, "stop_ended"},
    {TraceEvent::Kind::kTurnBegan, "turn_began"},
    {TraceEvent::Kind::kTurnEnded, "turn_ended"},
    {TraceEvent::Kind::kGiveWayBegan, "give_way_began"},
    {TraceEvent::Kind::kGiveWayEnded, "give_way_ended"},
}};

}  // namespace

std::optional<float> LowestSoleClearanceM(const FootSample& foot) {
  if (!foot.surface_height_m)
    return std::nullopt;
  float clearance = foot.sole_height_m.value_or(foot.position.y) - *foot.surface_height_m;
  if (foot.toe_height_m && foot.toe_surface_height_m)
    clearance = std::min(clearance, *foot.toe_height_m - *foot.toe_surface_height_m);
  return clearance;
}

const char* TurnKindName(TurnKind kind) {
  for (const auto& [value, name] : kTurnKindNames) {
    if (value == kind)
      return name;
  }
  return "turn";
}

std::optional<TurnKind> TurnKindFromName(const std::string& name) {
  for (const auto& [value, text] : kTurnKindNames) {
    if (name == text)
      return value;
  }
  return std::nullopt;
}

const char* TraceEventKindName(TraceEvent::Kind kind) {
  for (const auto& [value, name] : kEventKindNames) {
    if (value == kind)
      return name;
  }
  return "stop_began";
}

std::optional<TraceEvent::Kind> TraceEventKindFromName(const std::string& name) {
  for (const auto& [value, text] : kEventKindNames) {
    if (name == text)
      return value;
  }
  return std::nullopt;
}

std::vector<std::string> StateSequence(const std::vector<TraceFrame>& frames) {
  std::vector<std::string> states;
  for (const TraceFrame& frame : frames) {
    if (states.empty() || states.back() != frame.state)
      states.push_back(frame.state);
  }
  return states;
}

}  // namespace footwork::sim
