#include "footwork/ik/ledge_support.h"

#include <algorithm>
#include <cmath>

namespace footwork::ik {

glm::vec3 LedgeSupportShift(const world::CollisionWorld& world, const glm::vec3& foot,
                            const glm::vec3& root, float max_drop_m,
                            const FootPlacementSettings& settings) {
  const glm::vec3 none(0.0f);
  if (!(max_drop_m > 0.0f) || !(settings.ledge_search_step_m > 0.0f) ||
      !std::isfinite(max_drop_m) || !std::isfinite(foot.x) || !std::isfinite(foot.z) ||
      !std::isfinite(root.x) || !std::isfinite(root.y) || !std::isfinite(root.z))
    return none;
  const FootTrace under_root = TraceFoot(world, root, root.y, settings);
  if (!under_root.hit)
    return none;
  // Measured from the plane under the root, so that a slope is no drop: walking down 25 degrees
  // the leading foot is a stride's fall below the root.
  const auto within_reach = [&](float x, float z) {
    const FootTrace under = TraceFoot(world, glm::vec3(x, root.y, z), root.y, settings);
    if (!under.hit)
      return false;
    const glm::vec3& n = under_root.normal;
    const float plane_y =
        under_root.point.y -
        (n.x * (x - under_root.point.x) + n.z * (z - under_root.point.z)) / std::max(n.y, 1e-3f);
    return plane_y - under.point.y <= max_drop_m;
  };
  if (within_reach(foot.x, foot.z))
    return none;
  const glm::vec2 to_root(root.x - foot.x, root.z - foot.z);
  const float distance = glm::length(to_root);
  if (!(distance > settings.ledge_search_step_m))
    return none;
  const glm::vec2 direction = to_root / distance;
  for (float along = settings.ledge_search_step_m; along <= distance;
       along += settings.ledge_search_step_m) {
    if (!within_reach(foot.x + direction.x * along, foot.z + direction.y * along))
      continue;
    const float shift = std::min(along + settings.ledge_margin_m, distance);
    return glm::vec3(direction.x * shift, 0.0f, direction.y * shift);
  }
  return none;
}

}  // namespace footwork::ik
