#pragma once
// Input checks shared by the graph's nodes, so every node words its errors the same way.

#include <cmath>
#include <string>

#include <fmt/format.h>

#include "footwork/core/error.h"

namespace footwork::graph::detail {

// Longest frame a node accepts: beyond it the caller has stalled (a breakpoint, a load) and
// should reset rather than play 10 s of animation in one step.
inline constexpr float kMaxNodeDt_s = 1.0f;

// dt must be finite, >= 0 and at most kMaxNodeDt_s. dt 0 is valid (nothing moves).
inline Status CheckDt(const char* node, float dt_s) {
  if (std::isfinite(dt_s) && dt_s >= 0.0f && dt_s <= kMaxNodeDt_s)
    return {};
  return Error{
      fmt::format("{}: dt_s must be finite and in [0, {}] s, got {}", node, kMaxNodeDt_s, dt_s)};
}

inline Status CheckFinite(const char* node, const char* what, float value) {
  if (std::isfinite(value))
    return {};
  return Error{fmt::format("{}: {} must be finite, got {}", node, what, value)};
}

// A weight or alpha: finite and in [0, 1].
inline Status CheckUnit(const char* node, const char* what, float value) {
  if (std::isfinite(value) && value >= 0.0f && value <= 1.0f)
    return {};
  return Error{fmt::format("{}: {} must be in [0, 1], got {}", node, what, value)};
}

}  // namespace footwork::graph::detail
