#pragma once
// Exact, frame-rate independent smoothing: half-life dampers and critically damped springs
// (closed-form solutions, so any dt gives the same trajectory as many small steps).
// Free functions over explicit state, in the style of Holden's spring.h.

#include <glm/glm.hpp>

namespace footwork {

// Damping coefficient of a critically damped spring whose error halves every half_life seconds.
float HalfLifeToDamping(float half_life);
float DampingToHalfLife(float damping);

// Moves value toward goal so that the remaining distance halves every half_life seconds.
// half_life <= 0 snaps to goal.
float DamperExact(float value, float goal, float half_life, float dt);
glm::vec3 DamperExact(const glm::vec3& value, const glm::vec3& goal, float half_life, float dt);

// State of a critically damped spring: position and velocity.
struct SpringState {
  float x = 0.0f;
  float v = 0.0f;
};
struct SpringState3 {
  glm::vec3 x{0.0f};
  glm::vec3 v{0.0f};
};

// Critically damped spring toward goal (goal velocity 0), advanced exactly by dt.
// half_life <= 0 snaps to goal with zero velocity.
void CriticalSpringDamperExact(SpringState& state, float goal, float half_life, float dt);
void CriticalSpringDamperExact(SpringState3& state, const glm::vec3& goal, float half_life,
                               float dt);

// Spring that decays an offset and its velocity to zero: the core of offset inertialization.
void DecaySpringDamperExact(SpringState& state, float half_life, float dt);
void DecaySpringDamperExact(SpringState3& state, float half_life, float dt);

}  // namespace footwork
