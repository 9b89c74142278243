#include "footwork/render/debug_shapes.h"

#include <cmath>
#include <numbers>

namespace footwork::render {
namespace {

constexpr int kCircleSegments = 24;

// A circle in the plane spanned by unit vectors u and v.
void AddCircle(DrawList& list, const glm::vec3& center, const glm::vec3& u, const glm::vec3& v,
               float radius, float from_rad, float to_rad, const glm::vec3& color, bool on_top) {
  const float step = (to_rad - from_rad) / kCircleSegments;
  glm::vec3 previous = center + radius * (std::cos(from_rad) * u + std::sin(from_rad) * v);
  for (int i = 1; i <= kCircleSegments; ++i) {
    const float angle = from_rad + step * static_cast<float>(i);
    const glm::vec3 point = center + radius * (std::cos(angle) * u + std::sin(angle) * v);
    list.lines.push_back({previous, point, color, on_top});
    previous = point;
  }
}

}  // namespace

void AddCapsule(DrawList& list, const glm::vec3& center_m, float radius_m, float half_height_m,
                const glm::vec3& color) {
  constexpr float kPi = std::numbers::pi_v<float>;
  const glm::vec3 x{1, 0, 0};
  const glm::vec3 y{0, 1, 0};
  const glm::vec3 z{0, 0, 1};
  const float cylinder_half = std::max(half_height_m - radius_m, 0.0f);
  const glm::vec3 top = center_m + y * cylinder_half;
  const glm::vec3 bottom = center_m - y * cylinder_half;
  AddCircle(list, top, x, z, radius_m, 0.0f, 2.0f * kPi, color, false);
  AddCircle(list, bottom, x, z, radius_m, 0.0f, 2.0f * kPi, color, false);
  for (const glm::vec3& side : {x, -x, z, -z}) {
    list.lines.push_back({bottom + side * radius_m, top + side * radius_m, color, false});
  }
  // Hemisphere outlines in the XY and ZY planes.
  AddCircle(list, top, x, y, radius_m, 0.0f, kPi, color, false);
  AddCircle(list, top, z, y, radius_m, 0.0f, kPi, color, false);
  AddCircle(list, bottom, x, y, radius_m, kPi, 2.0f * kPi, color, false);
  AddCircle(list, bottom, z, y, radius_m, kPi, 2.0f * kPi, color, false);
}

void AddFootMarker(DrawList& list, const glm::vec3& position_m, float size_m,
                   const glm::vec3& color) {
  const glm::vec3 lift{0.0f, 0.01f, 0.0f};  // Above the ground so depth does not hide it.
  const glm::vec3 center = position_m + lift;
  const float half = size_m * 0.5f;
  list.lines.push_back(
      {center - glm::vec3(half, 0, 0), center + glm::vec3(half, 0, 0), color, true});
  list.lines.push_back(
      {center - glm::vec3(0, 0, half), center + glm::vec3(0, 0, half), color, true});
  AddCircle(list, center, {1, 0, 0}, {0, 0, 1}, half, 0.0f, 2.0f * std::numbers::pi_v<float>, color,
            true);
}

void AddPolyline(DrawList& list, std::span<const glm::vec3> points_m, const glm::vec3& color,
                 bool on_top) {
  for (std::size_t i = 1; i < points_m.size(); ++i) {
    list.lines.push_back({points_m[i - 1], points_m[i], color, on_top});
  }
}

void AddSkeleton(DrawList& list, const anim::Skeleton& skeleton,
                 std::span<const Transform> model_pose, const glm::mat4& world,
                 const glm::vec3& color) {
  const std::size_t count = std::min(model_pose.size(), skeleton.parents.size());
  for (std::size_t joint = 0; joint < count; ++joint) {
    const int parent = skeleton.parents[joint];
    const glm::vec3 child_point = glm::vec3(world * glm::vec4(model_pose[joint].translation, 1));
    list.points.push_back({child_point, color, 4.0f, true});
    if (parent == anim::kNoParent) {
      continue;
    }
    const glm::vec3 parent_point = glm::vec3(world * glm::vec4(model_pose[parent].translation, 1));
    list.lines.push_back({parent_point, child_point, color, true});
  }
}

LevelMesh MakeUnitBoxMesh() {
  // Six faces with their own vertices so that normals stay flat.
  const glm::vec3 normals[6] = {{1, 0, 0},  {-1, 0, 0}, {0, 1, 0},
                                {0, -1, 0}, {0, 0, 1},  {0, 0, -1}};
  LevelMesh mesh;
  for (const glm::vec3& normal : normals) {
    // Two axes spanning the face, ordered so that u x v = normal (counter-clockwise outside).
    const glm::vec3 u = std::abs(normal.y) > 0.5f ? glm::vec3(0, 0, normal.y) * -1.0f
                                                  : glm::vec3(-normal.z, 0, normal.x);
    const glm::vec3 v = glm::cross(normal, u);
    const auto base = static_cast<std::uint32_t>(mesh.positions.size());
    for (const auto& [su, sv] : {std::pair{-1.f, -1.f}, {1.f, -1.f}, {1.f, 1.f}, {-1.f, 1.f}}) {
      mesh.positions.push_back(0.5f * (normal + su * u + sv * v));
      mesh.normals.push_back(normal);
    }
    for (std::uint32_t index : {0u, 1u, 2u, 0u, 2u, 3u}) {
      mesh.indices.push_back(base + index);
    }
  }
  return mesh;
}

}  // namespace footwork::render
