#pragma once
// Yaw and rotator helpers with the semantics of Unreal's FMath interpolation functions, in
// Footwork's frame: right-handed, Y up, a character faces +Z, angles in radians.
//
// Yaw is a rotation about +Y. Yaw 0 faces +Z; positive yaw turns +Z toward +X, which is the
// character's left (counter-clockwise seen from above). Unreal's yaw turns the other way (to the
// right), but every relation the seed relies on still holds: velocity yaw minus actor yaw is the
// direction of movement relative to the actor (CalculateDirection), and it wraps to (-pi, pi].

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <numbers>

namespace footwork {

inline constexpr float kPi = std::numbers::pi_v<float>;
inline constexpr float kDegToRad = kPi / 180.0f;
inline constexpr float kRadToDeg = 180.0f / kPi;
// Unreal's SMALL_NUMBER and KINDA_SMALL_NUMBER, used where Unreal uses them.
inline constexpr float kSmallNumber = 1e-8f;
inline constexpr float kKindaSmallNumber = 1e-4f;

constexpr float Radians(float degrees) { return degrees * kDegToRad; }
constexpr float Degrees(float radians) { return radians * kRadToDeg; }

// Wraps an angle to (-pi, pi], as FRotator::NormalizeAxis does in degrees.
float NormalizeAngle(float radians);

// NormalizeAngle(a - b): the shortest signed rotation from b to a.
float NormalizedDeltaAngle(float a, float b);

// Pitch (about the character's right axis, +X), yaw (about +Y) and roll (about the forward axis
// +Z), in radians. Applied yaw * pitch * roll, as Unreal composes FRotator.
struct Rotator {
  float pitch = 0.0f;
  float yaw = 0.0f;
  float roll = 0.0f;

  static Rotator FromYaw(float yaw) { return {0.0f, yaw, 0.0f}; }
  // Each axis wrapped to (-pi, pi].
  Rotator Normalized() const;
  // Unreal compares against KINDA_SMALL_NUMBER degrees; the same tolerance in radians.
  bool IsNearlyZero(float tolerance = kKindaSmallNumber * kDegToRad) const;
  glm::quat ToQuat() const;

  friend Rotator operator+(const Rotator& a, const Rotator& b) {
    return {a.pitch + b.pitch, a.yaw + b.yaw, a.roll + b.roll};
  }
  friend Rotator operator-(const Rotator& a, const Rotator& b) {
    return {a.pitch - b.pitch, a.yaw - b.yaw, a.roll - b.roll};
  }
  friend Rotator operator*(const Rotator& a, float s) { return {a.pitch * s, a.yaw * s, a.roll * s}; }
  friend bool operator==(const Rotator&, const Rotator&) = default;
};

// UKismetMathLibrary::NormalizedDeltaRotator: (a - b), each axis wrapped to (-pi, pi].
Rotator NormalizedDeltaRotator(const Rotator& a, const Rotator& b);

// FMath::FInterpTo: moves current toward target by (target - current) * clamp(dt * speed, 0, 1).
// speed <= 0 snaps to target; a remaining distance below ~1e-4 snaps too.
float FInterpTo(float current, float target, float dt, float speed);
// FMath::FInterpConstantTo: moves toward target by at most speed * dt.
float FInterpConstantTo(float current, float target, float dt, float speed);
// FMath::VInterpTo for vectors.
glm::vec3 VInterpTo(const glm::vec3& current, const glm::vec3& target, float dt, float speed);
// FMath::VInterpConstantTo for vectors: moves at most speed * dt along the straight line.
glm::vec3 VInterpConstantTo(const glm::vec3& current, const glm::vec3& target, float dt,
                            float speed);

// FMath::RInterpTo: exponential-style step along the shortest path of each axis.
// dt == 0 or current == target returns current; speed <= 0 returns target.
Rotator RInterpTo(const Rotator& current, const Rotator& target, float dt, float speed);
// FMath::RInterpConstantTo: each axis moves at most speed * dt (speed in radians per second)
// along its shortest path; the result is normalized.
Rotator RInterpConstantTo(const Rotator& current, const Rotator& target, float dt, float speed);

// Yaw-only shorthands of the two above, returning a normalized yaw.
float YawInterpTo(float current, float target, float dt, float speed);
float YawInterpConstantTo(float current, float target, float dt, float speed);

// FVector::GetSafeNormal2D in Footwork's frame: the horizontal (XZ) part normalized, Y = 0;
// zero when the horizontal length is below tolerance.
glm::vec3 SafeNormal2D(const glm::vec3& v, float tolerance = kSmallNumber);

// Horizontal length of a vector (ignores Y).
float Length2D(const glm::vec3& v);

// Yaw of a horizontal direction: atan2(x, z); 0 for +Z. Returns 0 for a vertical/zero vector.
float YawFromDirection(const glm::vec3& direction);
// Unit horizontal direction for a yaw: (sin yaw, 0, cos yaw).
glm::vec3 DirectionFromYaw(float yaw);
// The rotation about +Y by yaw.
glm::quat QuatFromYaw(float yaw);
// The yaw part of a rotation (the heading of its +Z axis).
float YawFromQuat(const glm::quat& rotation);

// UAnimInstance::CalculateDirection: the signed angle (radians, (-pi, pi]) from the facing given by
// actor_yaw to the horizontal velocity; positive toward the character's left (+yaw), so that
// actor_yaw + direction == velocity yaw. Returns 0 for a (nearly) zero velocity.
float CalculateDirection(const glm::vec3& velocity, float actor_yaw);

}  // namespace footwork
