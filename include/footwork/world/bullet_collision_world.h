#pragma once
// CollisionWorld on Bullet's collision module (btCollisionWorld + btDbvtBroadphase, no dynamics).
// Bullet stays behind a pimpl: this header needs no Bullet includes.

#include <memory>
#include <string>

#include "footwork/core/error.h"
#include "footwork/world/collision_world.h"
#include "footwork/world/level.h"

namespace footwork::world {

class BulletCollisionWorld final : public CollisionWorld {
 public:
  // An empty world; add bodies with AddBox or build from a level with FromLevel.
  BulletCollisionWorld();
  ~BulletCollisionWorld() override;
  BulletCollisionWorld(const BulletCollisionWorld&) = delete;
  BulletCollisionWorld& operator=(const BulletCollisionWorld&) = delete;

  // Builds every body of a level, platforms at time 0.
  static Result<std::unique_ptr<BulletCollisionWorld>> FromLevel(const Level& level);

  // Adds geometry; each returns the first body id it created.
  BodyId AddBox(const BoxDesc& box);
  BodyId AddRamp(const RampDesc& ramp);
  BodyId AddStairs(const StairsDesc& stairs);
  Result<BodyId> AddTerrain(const TerrainDesc& terrain);
  BodyId AddPlatform(const PlatformDesc& platform);

  // Moves every platform to where it is at time_s.
  void SetTime(double time_s);
  // SetTime(Time() + dt_s).
  void Advance(double dt_s) { SetTime(time_s_ + dt_s); }
  double Time() const { return time_s_; }

  // The name given to the body's level element ("boxes[2]" when unnamed); empty if unknown.
  const std::string& BodyName(BodyId body) const;
  std::size_t BodyCount() const;

  std::optional<SweepHit> RayCast(const glm::vec3& from, const glm::vec3& to) const override;
  std::optional<SweepHit> SphereSweep(const glm::vec3& from, const glm::vec3& to,
                                      float radius_m) const override;
  std::optional<SweepHit> CapsuleSweep(const glm::vec3& from, const glm::vec3& to,
                                       const CapsuleShape& capsule) const override;
  std::vector<BodyId> OverlapCapsule(const glm::vec3& center,
                                     const CapsuleShape& capsule) const override;
  std::optional<Transform> BodyTransform(BodyId body) const override;
  bool IsMovingBody(BodyId body) const override;
  glm::vec3 BodyVelocity(BodyId body) const override;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  double time_s_ = 0.0;
};

}  // namespace footwork::world
