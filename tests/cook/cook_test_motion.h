#pragma once
// Analytic in-place walk for cook tests: each foot is planted for `duty` of the cycle, sliding
// backward at exactly `speed_m_s` in model space, then swings forward on an arc. The true contact
// windows and ground speed are known exactly.

#include <cmath>

#include "footwork/cook/sampled_motion.h"

namespace footwork::cook::testing {

struct AnalyticWalk {
  float speed_m_s = 1.2f;
  float cycle_s = 1.0f;
  float duty = 0.6f;  // fraction of the cycle a foot is planted
  float rate_hz = 60.0f;
  float lift_m = 0.12f;

  float Stride() const { return speed_m_s * duty * cycle_s; }

  // Whether a foot with phase offset `offset` is planted at time t.
  bool Planted(float t, float offset) const {
    const float phase = std::fmod(t / cycle_s + offset, 1.0f);
    return phase < duty;
  }

  glm::vec3 Foot(float t, float offset, float side_x) const {
    const float phase = std::fmod(t / cycle_s + offset, 1.0f);
    const float half = Stride() * 0.5f;
    if (phase < duty)
      return {side_x, 0.0f, half - speed_m_s * phase * cycle_s};
    const float u = (phase - duty) / (1.0f - duty);
    const float s = u * u * (3.0f - 2.0f * u);
    return {side_x, lift_m * std::sin(3.14159265f * u), -half + 2.0f * half * s};
  }

  SampledMotion Sample() const {
    SampledMotion motion;
    motion.rate_hz = rate_hz;
    motion.duration_s = cycle_s;
    const int frames = static_cast<int>(std::lround(cycle_s * rate_hz)) + 1;
    for (int i = 0; i < frames; ++i) {
      const float t = static_cast<float>(i) / rate_hz;
      motion.root.push_back(Transform::Identity());
      motion.left.ankle.push_back(Foot(t, 0.0f, 0.1f));
      motion.right.ankle.push_back(Foot(t, 0.5f, -0.1f));
    }
    return motion;
  }
};

}  // namespace footwork::cook::testing
