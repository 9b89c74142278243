// The walking velocity model against closed-form solutions of the same ODEs.
#include "footwork/movement/ground_physics.h"

#include <gtest/gtest.h>

#include <cmath>

namespace footwork::movement {
namespace {

const MovementSettings kSettings;

// Integrates CalcVelocity from rest with full input along +Z until max speed.
float TimeToMaxSpeed(const GaitSettings& gait, float dt) {
  glm::vec3 velocity(0.0f);
  const VelocityStep step =
      WalkingStep(gait, kSettings, glm::vec3(0, 0, gait.max_acceleration_m_s2), 1.0f);
  float time = 0.0f;
  while (glm::length(velocity) < gait.max_speed_m_s - 1e-4f && time < 10.0f) {
    velocity = CalcVelocity(velocity, dt, step);
    time += dt;
  }
  return time;
}

TEST(GroundPhysics, TimeToMaxSpeedIsSpeedOverAcceleration) {
  // With the input along the velocity, friction has nothing to turn: v' = a until v = max, so
  // t = max / a exactly; a discrete step overshoots by less than one step.
  for (const GaitSettings& gait : {kSettings.walk, kSettings.run, kSettings.sprint}) {
    const float closed_form = gait.max_speed_m_s / gait.max_acceleration_m_s2;
    for (float dt : {1.0f / 30.0f, 1.0f / 60.0f, 1.0f / 1000.0f}) {
      const float measured = TimeToMaxSpeed(gait, dt);
      EXPECT_GE(measured, closed_form - 1e-4f);
      EXPECT_LE(measured, closed_form + dt + 1e-4f) << "dt " << dt;
    }
  }
  EXPECT_NEAR(TimeToMaxSpeed(kSettings.walk, 1.0f / 1000.0f), 0.5f, 1.5e-3f);
  EXPECT_NEAR(TimeToMaxSpeed(kSettings.run, 1.0f / 1000.0f), 0.46875f, 1.5e-3f);
}

TEST(GroundPhysics, BrakingWithoutFrictionIsConstantDeceleration) {
  // The seed's gaits brake with separate braking friction 0: v' = -b, stop time v0 / b.
  for (const GaitSettings& gait : {kSettings.walk, kSettings.run}) {
    const float dt = 1.0f / 60.0f;
    glm::vec3 velocity(0, 0, gait.max_speed_m_s);
    const VelocityStep step = WalkingStep(gait, kSettings, glm::vec3(0.0f), 0.0f);
    float time = 0.0f;
    while (glm::length(velocity) > 0.0f) {
      const glm::vec3 next = CalcVelocity(velocity, dt, step);
      // Exact until the brake-to-stop threshold (0.1 m/s) snaps it to zero.
      if (glm::length(next) > 0.0f) {
        EXPECT_NEAR(glm::length(next), glm::length(velocity) - gait.braking_deceleration_m_s2 * dt,
                    1e-5f);
      }
      velocity = next;
      time += dt;
    }
    EXPECT_NEAR(time, gait.max_speed_m_s / gait.braking_deceleration_m_s2, dt);
  }
}

// Closed form of v' = -F v - b from v0: v(t) = (v0 + b/F) e^{-Ft} - b/F.
struct FrictionBraking {
  double v0, friction, deceleration;
  double StopTime() const { return std::log1p(friction * v0 / deceleration) / friction; }
  double Distance() const {
    const double t = StopTime();
    return (v0 + deceleration / friction) * (1.0 - std::exp(-friction * t)) / friction -
           deceleration * t / friction;
  }
};

TEST(GroundPhysics, BrakingWithGroundFrictionMatchesTheClosedForm) {
  GaitSettings gait = kSettings.run;
  gait.use_separate_braking_friction = false;  // brake with ground friction 8 and 12 m/s2
  const FrictionBraking exact{gait.max_speed_m_s, gait.ground_friction,
                              gait.braking_deceleration_m_s2};
  for (float dt : {1.0f / 1000.0f, 1.0f / 60.0f}) {
    glm::vec3 velocity(0, 0, gait.max_speed_m_s);
    const VelocityStep step = WalkingStep(gait, kSettings, glm::vec3(0.0f), 0.0f);
    double distance = 0.0;
    double time = 0.0;
    while (glm::length(velocity) > 0.0f && time < 5.0) {
      const glm::vec3 next = CalcVelocity(velocity, dt, step);
      distance += 0.5 * (velocity.z + next.z) * dt;
      velocity = next;
      time += dt;
    }
    // Explicit Euler on v' = -Fv - b loses O(F dt) relative accuracy: 1 cm at 1 ms steps,
    // 6 cm at 60 Hz (the seed's run gait; Unreal behaves the same).
    const double tolerance = dt < 0.01f ? 0.01 : 0.06;
    EXPECT_NEAR(distance, exact.Distance(), tolerance) << "dt " << dt;
    EXPECT_NEAR(time, exact.StopTime(), dt < 0.01f ? 0.01 : 0.03) << "dt " << dt;
  }
}

TEST(GroundPhysics, ReversalMatchesTheFrictionTurnClosedForm) {
  // Input opposite to the velocity: v' = -2 F v - a while v > 0, so the velocity reaches zero at
  // t0 = ln(1 + 2 F v0 / a) / (2 F); then v' = -a to -max.
  const GaitSettings& gait = kSettings.run;
  const double f = gait.ground_friction;
  const double a = gait.max_acceleration_m_s2;
  const double v0 = gait.max_speed_m_s;
  const double t0 = std::log1p(2.0 * f * v0 / a) / (2.0 * f);
  const float dt = 1.0f / 1000.0f;
  glm::vec3 velocity(0, 0, static_cast<float>(v0));
  const VelocityStep step =
      WalkingStep(gait, kSettings, glm::vec3(0, 0, -gait.max_acceleration_m_s2), 1.0f);
  double time = 0.0;
  while (velocity.z > 0.0f) {
    velocity = CalcVelocity(velocity, dt, step);
    time += dt;
  }
  EXPECT_NEAR(time, t0, 2e-3);
  double time_to_full = time;
  while (velocity.z > -gait.max_speed_m_s + 1e-4f) {
    velocity = CalcVelocity(velocity, dt, step);
    time_to_full += dt;
  }
  EXPECT_NEAR(time_to_full, t0 + v0 / a, 4e-3);
}

TEST(GroundPhysics, AnalogInputScalesMaxSpeed) {
  const GaitSettings& gait = kSettings.run;
  glm::vec3 velocity(0.0f);
  const VelocityStep step =
      WalkingStep(gait, kSettings, glm::vec3(0, 0, 0.5f * gait.max_acceleration_m_s2), 0.5f);
  for (int i = 0; i < 600; ++i)
    velocity = CalcVelocity(velocity, 1.0f / 60.0f, step);
  EXPECT_NEAR(glm::length(velocity), 0.5f * gait.max_speed_m_s, 1e-4f);
  // Reducing the stick above max speed brakes down to the new max, not below.
  const VelocityStep less =
      WalkingStep(gait, kSettings, glm::vec3(0, 0, 0.25f * gait.max_acceleration_m_s2), 0.25f);
  for (int i = 0; i < 600; ++i)
    velocity = CalcVelocity(velocity, 1.0f / 60.0f, less);
  EXPECT_NEAR(glm::length(velocity), 0.25f * gait.max_speed_m_s, 1e-3f);
}

TEST(GroundPhysics, PredictedStopIsVSquaredOverTwoB) {
  const GaitSettings& gait = kSettings.run;
  const glm::vec3 stop = PredictGroundMovementStopLocation({3.0f, 5.0f, 0.0f}, gait);
  EXPECT_NEAR(stop.x, 9.0f / (2.0f * gait.braking_deceleration_m_s2), 1e-5f);
  EXPECT_EQ(stop.y, 0.0f);  // horizontal only
  EXPECT_EQ(PredictGroundMovementStopLocation(glm::vec3(0.0f), gait), glm::vec3(0.0f));
}

TEST(GroundPhysics, PivotPredictionOnlyWhenAccelerationOpposesVelocity) {
  EXPECT_EQ(PredictGroundMovementPivotLocation({0, 0, 8}, {0, 0, 3}, 8.0f), glm::vec3(0.0f));
  const glm::vec3 pivot = PredictGroundMovementPivotLocation({0, 0, -8}, {0, 0, 3.75f}, 8.0f);
  EXPECT_GT(pivot.z, 0.0f);
  // Lyra's linearisation: t = s / (a + 2 s F), then x = v t + (a_total / 2) t^2.
  const float t = 3.75f / (8.0f + 2.0f * 3.75f * 8.0f);
  const float force = -8.0f - (3.75f + 3.75f) * 8.0f;
  EXPECT_NEAR(pivot.z, 3.75f * t + 0.5f * force * t * t, 1e-5f);
}

}  // namespace
}  // namespace footwork::movement
