#pragma once
// The collision queries character movement needs (ray cast, sphere and capsule sweeps, overlap),
// independent of the physics engine behind them. Units are metres; Y is up.

#include <cstdint>
#include <optional>
#include <vector>

#include <glm/glm.hpp>

#include "footwork/core/transform.h"

namespace footwork::world {

// Identifies one collision body of a world; stable for the world's lifetime.
using BodyId = std::uint32_t;
inline constexpr BodyId kNoBody = 0xffffffffu;

// A vertical capsule, as Unreal's: half_height_m runs from the centre to the tip and includes the
// hemisphere, so it must be >= radius_m (equal means a sphere).
struct CapsuleShape {
  float radius_m = 0.34f;
  float half_height_m = 0.88f;
};

// The first blocking contact of a ray or sweep.
struct SweepHit {
  // Fraction of the way from start to end at which the shape first touches (0..1).
  float fraction = 1.0f;
  // fraction * sweep length, in metres.
  float distance_m = 0.0f;
  // Where the shape touches the surface, in world space.
  glm::vec3 point{0.0f};
  // Unit contact normal pointing out of the hit surface toward the swept shape.
  glm::vec3 normal{0.0f, 1.0f, 0.0f};
  // What was hit.
  BodyId body = kNoBody;
};

// Read-only queries against static and kinematic bodies. Implementations are not thread-safe
// for concurrent mutation, but queries on an unchanging world may run concurrently only if the
// implementation says so (BulletCollisionWorld does not).
class CollisionWorld {
 public:
  virtual ~CollisionWorld() = default;

  // First hit of the segment from -> to, if any.
  virtual std::optional<SweepHit> RayCast(const glm::vec3& from, const glm::vec3& to) const = 0;
  // First hit of a sphere of radius_m moved from -> to (centres).
  virtual std::optional<SweepHit> SphereSweep(const glm::vec3& from, const glm::vec3& to,
                                              float radius_m) const = 0;
  // First hit of the vertical capsule moved from -> to (centres). A capsule that starts touching
  // a surface may report a hit at fraction 0.
  virtual std::optional<SweepHit> CapsuleSweep(const glm::vec3& from, const glm::vec3& to,
                                               const CapsuleShape& capsule) const = 0;
  // Bodies the vertical capsule centred at `center` overlaps (penetration deeper than ~1 mm).
  virtual std::vector<BodyId> OverlapCapsule(const glm::vec3& center,
                                             const CapsuleShape& capsule) const = 0;

  // A body's current transform (moving platforms change it as the world advances).
  virtual std::optional<Transform> BodyTransform(BodyId body) const = 0;
  // A body's linear velocity in m/s (zero for static bodies), for characters riding it.
  virtual glm::vec3 BodyVelocity(BodyId body) const = 0;
  // Whether the body moves by itself (a kinematic platform), even while it happens to be still.
  virtual bool IsMovingBody(BodyId body) const = 0;
};

}  // namespace footwork::world
