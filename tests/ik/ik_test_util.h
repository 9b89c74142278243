#pragma once
// Shared helpers for the IK tests: a collision world made of one analytic plane (so expected
// heights are exact), and the small test humanoid's IK assets.

#include <cmath>
#include <memory>
#include <optional>
#include <vector>

#include <glm/glm.hpp>

#include "anim/anim_test_util.h"
#include "footwork/world/collision_world.h"

namespace footwork::ik::testing {

// The plane y = height + slope * x (rising toward +X), optionally moved by `offset`, as body 1.
class PlaneWorld final : public world::CollisionWorld {
 public:
  explicit PlaneWorld(float height = 0.0f, float slope = 0.0f) : height_(height), slope_(slope) {}

  void SetOffset(const glm::vec3& offset) { offset_ = offset; }
  float HeightAt(float x) const { return offset_.y + height_ + slope_ * (x - offset_.x); }
  glm::vec3 Normal() const { return glm::normalize(glm::vec3(-slope_, 1.0f, 0.0f)); }

  std::optional<world::SweepHit> RayCast(const glm::vec3& from,
                                         const glm::vec3& to) const override {
    // Signed height above the plane along the segment is linear: solve for its zero.
    const auto above = [&](const glm::vec3& p) { return p.y - HeightAt(p.x); };
    const float a = above(from);
    const float b = above(to);
    if (a < 0.0f || b > 0.0f || a == b)
      return std::nullopt;
    world::SweepHit hit;
    hit.fraction = a / (a - b);
    hit.point = from + (to - from) * hit.fraction;
    hit.distance_m = glm::length(to - from) * hit.fraction;
    hit.normal = Normal();
    hit.body = 1;
    return hit;
  }
  std::optional<world::SweepHit> SphereSweep(const glm::vec3&, const glm::vec3&,
                                             float) const override {
    return std::nullopt;
  }
  std::optional<world::SweepHit> CapsuleSweep(const glm::vec3&, const glm::vec3&,
                                              const world::CapsuleShape&) const override {
    return std::nullopt;
  }
  std::vector<world::BodyId> OverlapCapsule(const glm::vec3&,
                                            const world::CapsuleShape&) const override {
    return {};
  }
  std::optional<Transform> BodyTransform(world::BodyId body) const override {
    if (body != 1)
      return std::nullopt;
    Transform transform;
    transform.translation = offset_;
    return transform;
  }
  glm::vec3 BodyVelocity(world::BodyId) const override { return glm::vec3(0.0f); }
  // The plane moves when a test calls SetOffset: a platform.
  bool IsMovingBody(world::BodyId body) const override { return body == 1; }

 private:
  float height_;
  float slope_;
  glm::vec3 offset_{0.0f};
};

// Two static bodies: the floor (body 1, y = 0) up to z = edge, a 0.3 m step (body 2) beyond it.
class StepWorld final : public world::CollisionWorld {
 public:
  explicit StepWorld(float edge) : edge_(edge) {}
  std::optional<world::SweepHit> RayCast(const glm::vec3& from,
                                         const glm::vec3& to) const override {
    const bool on_step = from.z >= edge_;
    const float top = on_step ? 0.3f : 0.0f;
    if (from.y < top || to.y > top || from.y == to.y)
      return std::nullopt;
    world::SweepHit hit;
    hit.fraction = (from.y - top) / (from.y - to.y);
    hit.point = from + (to - from) * hit.fraction;
    hit.distance_m = glm::length(to - from) * hit.fraction;
    hit.normal = {0.0f, 1.0f, 0.0f};
    hit.body = on_step ? 2 : 1;
    return hit;
  }
  std::optional<world::SweepHit> SphereSweep(const glm::vec3&, const glm::vec3&,
                                             float) const override {
    return std::nullopt;
  }
  std::optional<world::SweepHit> CapsuleSweep(const glm::vec3&, const glm::vec3&,
                                              const world::CapsuleShape&) const override {
    return std::nullopt;
  }
  std::vector<world::BodyId> OverlapCapsule(const glm::vec3&,
                                            const world::CapsuleShape&) const override {
    return {};
  }
  std::optional<Transform> BodyTransform(world::BodyId) const override {
    return Transform::Identity();
  }
  glm::vec3 BodyVelocity(world::BodyId) const override { return glm::vec3(0.0f); }
  bool IsMovingBody(world::BodyId) const override { return false; }

 private:
  float edge_;
};

}  // namespace footwork::ik::testing
