#include "footwork/anim/curve.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace footwork::anim {
namespace {

// Index k with times[k] <= t < times[k + 1], for times.front() < t < times.back().
std::size_t FindInterval(const std::vector<float>& times, float t) {
  const std::size_t count = times.size();
  // Uniform fast path: guess from the average spacing and accept the guess when it brackets t,
  // which it always does for uniformly sampled curves.
  const float spacing = (times.back() - times.front()) / static_cast<float>(count - 1);
  const float guess_f = (t - times.front()) / spacing;
  if (guess_f >= 0.0f) {
    const auto guess = std::min(static_cast<std::size_t>(guess_f), count - 2);
    if (times[guess] <= t && t < times[guess + 1])
      return guess;
    if (guess + 2 < count && times[guess + 1] <= t && t < times[guess + 2])
      return guess + 1;
    if (guess > 0 && times[guess - 1] <= t && t < times[guess])
      return guess - 1;
  }
  const auto upper = std::upper_bound(times.begin(), times.end(), t);
  return static_cast<std::size_t>(upper - times.begin()) - 1;
}

}  // namespace

float EvaluateCurve(const FloatCurve& curve, float time_s) {
  const std::size_t count = std::min(curve.times.size(), curve.values.size());
  if (count == 0)
    return 0.0f;
  if (count == 1 || time_s <= curve.times.front())
    return curve.values.front();
  if (time_s >= curve.times[count - 1])
    return curve.values[count - 1];
  const std::size_t k = FindInterval(curve.times, time_s);
  const float t0 = curve.times[k];
  const float t1 = curve.times[k + 1];
  const float alpha = (time_s - t0) / (t1 - t0);
  return curve.values[k] + (curve.values[k + 1] - curve.values[k]) * alpha;
}

Monotonicity FindMonotonicity(const FloatCurve& curve) {
  bool goes_up = false;
  bool goes_down = false;
  for (std::size_t k = 1; k < curve.values.size(); ++k) {
    goes_up |= curve.values[k] > curve.values[k - 1];
    goes_down |= curve.values[k] < curve.values[k - 1];
  }
  if (goes_up && goes_down)
    return Monotonicity::kNone;
  return goes_down ? Monotonicity::kNonIncreasing : Monotonicity::kNonDecreasing;
}

CurveInverse FindTimeAtValue(const FloatCurve& curve, float value, Monotonicity monotonicity) {
  const std::size_t count = std::min(curve.times.size(), curve.values.size());
  if (count == 0)
    return {0.0f, true};
  const bool increasing = monotonicity != Monotonicity::kNonIncreasing;
  // Map to a non-decreasing problem so one search serves both directions.
  const float sign = increasing ? 1.0f : -1.0f;
  const float target = sign * value;
  const auto key = [&](std::size_t k) { return sign * curve.values[k]; };
  if (target < key(0))
    return {curve.times.front(), true};
  if (target > key(count - 1))
    return {curve.times[count - 1], true};
  // First key whose value reaches the target; the crossing is in the interval before it.
  std::size_t low = 0;
  std::size_t high = count - 1;
  while (low < high) {
    const std::size_t middle = (low + high) / 2;
    if (key(middle) < target) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  if (low == 0)
    return {curve.times.front(), false};
  const float v0 = key(low - 1);
  const float v1 = key(low);
  const float alpha = v1 > v0 ? (target - v0) / (v1 - v0) : 1.0f;
  const float t0 = curve.times[low - 1];
  return {t0 + (curve.times[low] - t0) * alpha, false};
}

Result<CurveInverse> FindTimeAtValue(const FloatCurve& curve, float value) {
  if (curve.times.empty() || curve.times.size() != curve.values.size()) {
    return Error{fmt::format("curve '{}': {} times and {} values; an inverse lookup needs keys",
                             curve.name, curve.times.size(), curve.values.size())};
  }
  if (!std::isfinite(value)) {
    return Error{fmt::format("curve '{}': inverse lookup of a non-finite value", curve.name)};
  }
  const Monotonicity monotonicity = FindMonotonicity(curve);
  if (monotonicity == Monotonicity::kNone) {
    return Error{fmt::format(
        "curve '{}' is not monotonic, so a value may occur at several times; inverse lookup "
        "needs a curve that only rises or only falls (e.g. Distance)",
        curve.name)};
  }
  return FindTimeAtValue(curve, value, monotonicity);
}

}  // namespace footwork::anim
