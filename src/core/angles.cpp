#include "footwork/core/angles.h"

#include <algorithm>
#include <cmath>

namespace footwork {

float NormalizeAngle(float radians) {
  if (!std::isfinite(radians)) return radians;
  const float two_pi = 2.0f * kPi;
  float wrapped = std::fmod(radians, two_pi);
  if (wrapped <= -kPi) wrapped += two_pi;
  if (wrapped > kPi) wrapped -= two_pi;
  return wrapped;
}

float NormalizedDeltaAngle(float a, float b) { return NormalizeAngle(a - b); }

Rotator Rotator::Normalized() const {
  return {NormalizeAngle(pitch), NormalizeAngle(yaw), NormalizeAngle(roll)};
}

bool Rotator::IsNearlyZero(float tolerance) const {
  const Rotator n = Normalized();
  return std::fabs(n.pitch) <= tolerance && std::fabs(n.yaw) <= tolerance &&
         std::fabs(n.roll) <= tolerance;
}

glm::quat Rotator::ToQuat() const {
  const glm::quat q_yaw = glm::angleAxis(yaw, glm::vec3(0, 1, 0));
  const glm::quat q_pitch = glm::angleAxis(pitch, glm::vec3(1, 0, 0));
  const glm::quat q_roll = glm::angleAxis(roll, glm::vec3(0, 0, 1));
  return q_yaw * q_pitch * q_roll;
}

Rotator NormalizedDeltaRotator(const Rotator& a, const Rotator& b) { return (a - b).Normalized(); }

float FInterpTo(float current, float target, float dt, float speed) {
  if (speed <= 0.0f) return target;
  const float distance = target - current;
  if (distance * distance < kSmallNumber) return target;
  return current + distance * std::clamp(dt * speed, 0.0f, 1.0f);
}

float FInterpConstantTo(float current, float target, float dt, float speed) {
  const float distance = target - current;
  if (distance * distance < kSmallNumber) return target;
  const float step = speed * dt;
  return current + std::clamp(distance, -step, step);
}

glm::vec3 VInterpTo(const glm::vec3& current, const glm::vec3& target, float dt, float speed) {
  if (speed <= 0.0f) return target;
  const glm::vec3 distance = target - current;
  if (glm::dot(distance, distance) < kKindaSmallNumber) return target;
  return current + distance * std::clamp(dt * speed, 0.0f, 1.0f);
}

glm::vec3 VInterpConstantTo(const glm::vec3& current, const glm::vec3& target, float dt,
                            float speed) {
  const glm::vec3 delta = target - current;
  const float delta_length = glm::length(delta);
  const float max_step = speed * dt;
  if (delta_length > max_step) {
    if (max_step > 0.0f) return current + delta / delta_length * max_step;
    return current;
  }
  return target;
}

Rotator RInterpTo(const Rotator& current, const Rotator& target, float dt, float speed) {
  if (dt == 0.0f || current == target) return current;
  if (speed <= 0.0f) return target;
  const Rotator delta = NormalizedDeltaRotator(target, current);
  if (delta.IsNearlyZero()) return target;
  const float alpha = std::clamp(speed * dt, 0.0f, 1.0f);
  return (current + delta * alpha).Normalized();
}

Rotator RInterpConstantTo(const Rotator& current, const Rotator& target, float dt, float speed) {
  if (dt == 0.0f || current == target) return current;
  if (speed <= 0.0f) return target;
  const float step = speed * dt;
  const Rotator delta = NormalizedDeltaRotator(target, current);
  Rotator result = current;
  result.pitch += std::clamp(delta.pitch, -step, step);
  result.yaw += std::clamp(delta.yaw, -step, step);
  result.roll += std::clamp(delta.roll, -step, step);
  return result.Normalized();
}

float YawInterpTo(float current, float target, float dt, float speed) {
  return RInterpTo(Rotator::FromYaw(current), Rotator::FromYaw(target), dt, speed).yaw;
}

float YawInterpConstantTo(float current, float target, float dt, float speed) {
  return RInterpConstantTo(Rotator::FromYaw(current), Rotator::FromYaw(target), dt, speed).yaw;
}

glm::vec3 SafeNormal2D(const glm::vec3& v, float tolerance) {
  const float square = v.x * v.x + v.z * v.z;
  if (square == 1.0f && v.y == 0.0f) return v;
  if (square < tolerance) return glm::vec3(0.0f);
  const float scale = 1.0f / std::sqrt(square);
  return {v.x * scale, 0.0f, v.z * scale};
}

float Length2D(const glm::vec3& v) { return std::sqrt(v.x * v.x + v.z * v.z); }

float YawFromDirection(const glm::vec3& direction) {
  if (direction.x == 0.0f && direction.z == 0.0f) return 0.0f;
  return std::atan2(direction.x, direction.z);
}

glm::vec3 DirectionFromYaw(float yaw) { return {std::sin(yaw), 0.0f, std::cos(yaw)}; }

glm::quat QuatFromYaw(float yaw) { return glm::angleAxis(yaw, glm::vec3(0.0f, 1.0f, 0.0f)); }

float YawFromQuat(const glm::quat& rotation) {
  return YawFromDirection(rotation * glm::vec3(0.0f, 0.0f, 1.0f));
}

float CalculateDirection(const glm::vec3& velocity, float actor_yaw) {
  const glm::vec3 normal = SafeNormal2D(velocity);
  if (normal == glm::vec3(0.0f)) return 0.0f;
  const glm::vec3 forward = DirectionFromYaw(actor_yaw);
  // The character's left is +yaw: forward rotated by +90 degrees about Y.
  const glm::vec3 left = DirectionFromYaw(actor_yaw + kPi * 0.5f);
  const float cos_forward = std::clamp(glm::dot(forward, normal), -1.0f, 1.0f);
  const float angle = std::acos(cos_forward);
  return glm::dot(left, normal) < 0.0f ? -angle : angle;
}

}  // namespace footwork
