#include "footwork/core/spring.h"

#include <cmath>
#include <numbers>

namespace footwork {
namespace {
constexpr float kLn2 = std::numbers::ln2_v<float>;
}  // namespace

float HalfLifeToDamping(float half_life) { return (4.0f * kLn2) / half_life; }
float DampingToHalfLife(float damping) { return (4.0f * kLn2) / damping; }

float DamperExact(float value, float goal, float half_life, float dt) {
  if (half_life <= 0.0f) return goal;
  const float decay = std::exp2(-dt / half_life);
  return goal + (value - goal) * decay;
}

glm::vec3 DamperExact(const glm::vec3& value, const glm::vec3& goal, float half_life, float dt) {
  if (half_life <= 0.0f) return goal;
  const float decay = std::exp2(-dt / half_life);
  return goal + (value - goal) * decay;
}

// x(t) = goal + (j0 + j1 t) e^{-y t}, with y = damping / 2, j0 = x0 - goal, j1 = v0 + j0 y.
void CriticalSpringDamperExact(SpringState& state, float goal, float half_life, float dt) {
  if (half_life <= 0.0f) {
    state = {goal, 0.0f};
    return;
  }
  const float y = HalfLifeToDamping(half_life) * 0.5f;
  const float j0 = state.x - goal;
  const float j1 = state.v + j0 * y;
  const float eydt = std::exp(-y * dt);
  state.x = eydt * (j0 + j1 * dt) + goal;
  state.v = eydt * (state.v - j1 * y * dt);
}

void CriticalSpringDamperExact(SpringState3& state, const glm::vec3& goal, float half_life,
                               float dt) {
  if (half_life <= 0.0f) {
    state = {goal, glm::vec3(0.0f)};
    return;
  }
  const float y = HalfLifeToDamping(half_life) * 0.5f;
  const glm::vec3 j0 = state.x - goal;
  const glm::vec3 j1 = state.v + j0 * y;
  const float eydt = std::exp(-y * dt);
  state.x = eydt * (j0 + j1 * dt) + goal;
  state.v = eydt * (state.v - j1 * y * dt);
}

void DecaySpringDamperExact(SpringState& state, float half_life, float dt) {
  CriticalSpringDamperExact(state, 0.0f, half_life, dt);
}

void DecaySpringDamperExact(SpringState3& state, float half_life, float dt) {
  CriticalSpringDamperExact(state, glm::vec3(0.0f), half_life, dt);
}

}  // namespace footwork
