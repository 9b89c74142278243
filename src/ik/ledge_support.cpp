#include "footwork/ik/ledge_support.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace footwork::ik {
namespace {

bool IsFiniteXZ(const glm::vec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.z);
}

// Perched a step above the tread beside the foot, nothing beside may be within the leg's drop:
// the nearest of the highest ground along `direction` (up to `limit`), ledge_margin_m further
// in, if it rises half that drop above the ground under the foot.
std::optional<glm::vec3> SearchHighestBeside(const world::CollisionWorld& world,
                                             const glm::vec3& foot, const glm::vec3& root,
                                             const glm::vec2& direction, float limit,
                                             float max_drop_m,
                                             const FootPlacementSettings& settings) {
  const FootTrace under_foot =
      TraceFoot(world, glm::vec3(foot.x, root.y, foot.z), root.y, settings);
  float highest = under_foot.hit ? under_foot.point.y : -std::numeric_limits<float>::infinity();
  float highest_along = 0.0f;
  for (float along = settings.ledge_search_step_m; along <= limit;
       along += settings.ledge_search_step_m) {
    const FootTrace under = TraceFoot(
        world, glm::vec3(foot.x + direction.x * along, root.y, foot.z + direction.y * along),
        root.y, settings);
    if (under.hit && under.point.y > highest + settings.min_step_up_m) {
      highest = under.point.y;
      highest_along = along;
    }
  }
  if (!(highest_along > 0.0f) ||
      (under_foot.hit && highest - under_foot.point.y < 0.5f * max_drop_m))
    return std::nullopt;
  const float shift = std::min(highest_along + settings.ledge_margin_m, limit);
  return glm::vec3(direction.x * shift, 0.0f, direction.y * shift);
}

}  // namespace

glm::vec3 LedgeSupportShift(const world::CollisionWorld& world, const glm::vec3& foot,
                            const glm::vec3& root, float max_drop_m,
                            const FootPlacementSettings& settings, const glm::vec3& side_axis,
                            bool sideways_only) {
  const glm::vec3 none(0.0f);
  if (!(max_drop_m > 0.0f) || !(settings.ledge_search_step_m > 0.0f) ||
      !std::isfinite(max_drop_m) || !IsFiniteXZ(foot) || !IsFiniteXZ(root) ||
      !std::isfinite(root.y) || !IsFiniteXZ(side_axis))
    return none;
  const FootTrace under_root = TraceFoot(world, root, root.y, settings);
  // A root over a drop deeper than the leg takes stands perched on the edge of what holds the
  // capsule up (the stairs' side with the capsule's axis just off them): its height is then the
  // reference, level, and the ground under it is not.
  const bool perched = !under_root.hit || root.y - under_root.point.y > max_drop_m;
  // Measured from the plane under the root, so that a slope is no drop: walking down 25 degrees
  // the leading foot is a stride's fall below the root.
  const auto within_reach = [&](float x, float z) {
    const FootTrace under = TraceFoot(world, glm::vec3(x, root.y, z), root.y, settings);
    if (!under.hit)
      return false;
    if (perched)
      return root.y - under.point.y <= max_drop_m;
    return PlaneHeightAt(under_root, x, z) - under.point.y <= max_drop_m;
  };
  if (within_reach(foot.x, foot.z))
    return none;
  // First point along `direction` within reach, up to `limit`, and the margin further in.
  const auto search = [&](const glm::vec2& direction, float limit) -> std::optional<glm::vec3> {
    for (float along = settings.ledge_search_step_m; along <= limit;
         along += settings.ledge_search_step_m) {
      if (!within_reach(foot.x + direction.x * along, foot.z + direction.y * along))
        continue;
      const float shift = std::min(along + settings.ledge_margin_m, limit);
      return glm::vec3(direction.x * shift, 0.0f, direction.y * shift);
    }
    return std::nullopt;
  };
  // First sideways, toward the body's middle and on past it as far again (where the other foot
  // stands), so the stride along an edge is kept: walking up the stairs along their side, the line
  // toward the root crossed onto them only at the root, and the foot was moved there, a stride
  // back or ahead of where it stepped.
  if (side_axis != none) {
    const glm::vec2 side = glm::normalize(glm::vec2(side_axis.x, side_axis.z));
    const float lateral = glm::dot(glm::vec2(root.x - foot.x, root.z - foot.z), side);
    if (std::fabs(lateral) > settings.ledge_search_step_m) {
      const glm::vec2 direction = lateral > 0.0f ? side : -side;
      const float limit = 2.0f * std::fabs(lateral);
      if (const auto within = search(direction, limit))
        return *within;
      if (perched) {
        if (const auto highest =
                SearchHighestBeside(world, foot, root, direction, limit, max_drop_m, settings))
          return *highest;
      }
    }
  }
  // Then (not perched: the root stands over the ground it is on) toward the root: a foot behind
  // the edge of a step the body stepped up onto, or ahead of it stepping down.
  if (perched || sideways_only)
    return none;
  const glm::vec2 to_root(root.x - foot.x, root.z - foot.z);
  const float distance = glm::length(to_root);
  if (!(distance > settings.ledge_search_step_m))
    return none;
  return search(to_root / distance, distance).value_or(none);
}

}  // namespace footwork::ik
