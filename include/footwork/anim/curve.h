#pragma once
// Evaluating named float curves (Distance, RotateAlpha, FootLock_L, ...) and inverting monotonic
// ones: "at what time does Distance equal 1.3 m?" drives distance matching.

#include "footwork/anim/clip.h"
#include "footwork/core/error.h"

namespace footwork::anim {

// The curve's value at `time_s`: linear between keys, the first/last value outside them, 0 for
// an empty curve. Uniformly sampled curves (what the cooker writes) are indexed in O(1); others
// use a binary search.
float EvaluateCurve(const FloatCurve& curve, float time_s);

enum class Monotonicity { kNone, kNonDecreasing, kNonIncreasing };

// Whether the values never go down (or never go up). A constant curve counts as non-decreasing.
Monotonicity FindMonotonicity(const FloatCurve& curve);

// Result of an inverse lookup.
struct CurveInverse {
  float time_s = 0.0f;
  // True when `value` was outside the curve's range and the time of the nearest end was given.
  bool clamped = false;
};

// The first time at which a monotonic curve reaches `value`: binary search for the bracketing
// keys, then linear interpolation between them. Values beyond the range clamp to the time of the
// nearest end (flagged). An error names the curve when it is empty or not monotonic.
// O(keys) for the monotonicity check; use the overload below when it is known.
Result<CurveInverse> FindTimeAtValue(const FloatCurve& curve, float value);
// The same with the monotonicity already known (FindMonotonicity, e.g. once at load).
CurveInverse FindTimeAtValue(const FloatCurve& curve, float value, Monotonicity monotonicity);

}  // namespace footwork::anim
