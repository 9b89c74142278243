#include "footwork/ik/riser_clearance.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace footwork::ik {
namespace {

// The riser is found to within 1/2^kRiserBisections of the heel-to-ball length.
constexpr int kRiserBisections = 6;
// The least rise off the heel's plane that is a riser (a stair's is 15 cm; terrain bumps are not).
constexpr float kMinRiserM = 0.05f;

bool IsFiniteXZ(const glm::vec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.z);
}

}  // namespace

glm::vec3 RiserClearShift(const world::CollisionWorld& world, const glm::vec3& heel,
                          const glm::vec3& ball, float root_height, float margin_m,
                          float max_shift_m, const FootPlacementSettings& settings) {
  const glm::vec3 none(0.0f);
  if (!IsFiniteXZ(heel) || !IsFiniteXZ(ball) || !std::isfinite(root_height) ||
      !(max_shift_m > 0.0f) || !std::isfinite(max_shift_m) || !std::isfinite(margin_m))
    return none;
  const auto ground = [&](float x, float z) -> std::optional<float> {
    const FootTrace under = TraceFoot(world, glm::vec3(x, root_height, z), root_height, settings);
    return under.hit ? std::optional<float>(under.point.y) : std::nullopt;
  };
  const FootTrace under_heel =
      TraceFoot(world, glm::vec3(heel.x, root_height, heel.z), root_height, settings);
  if (!under_heel.hit)
    return none;
  // A riser rises off the plane under the heel: a slope that continues it is no riser (the
  // Knight's feet were moved about on the ramps).
  const auto above_plane = [&](float x, float z, float y) {
    return y - PlaneHeightAt(under_heel, x, z);
  };
  const std::optional<float> ball_ground = ground(ball.x, ball.z);
  if (!ball_ground || above_plane(ball.x, ball.z, *ball_ground) < kMinRiserM)
    return none;
  const glm::vec2 along(ball.x - heel.x, ball.z - heel.z);
  const float length = glm::length(along);
  if (!(length > 1e-4f))
    return none;
  // Where between heel and ball the ground rises (the riser), by bisection.
  float below = 0.0f;
  float above = 1.0f;
  for (int i = 0; i < kRiserBisections; ++i) {
    const float mid = 0.5f * (below + above);
    const float x = heel.x + along.x * mid;
    const float z = heel.z + along.y * mid;
    const std::optional<float> at = ground(x, z);
    (at && above_plane(x, z, *at) >= kMinRiserM ? above : below) = mid;
  }
  const float riser = 0.5f * (below + above) * length;
  const float back = length - riser + margin_m;
  const float forward = riser + margin_m;
  const float shift = back <= forward ? -back : forward;
  if (std::fabs(shift) > max_shift_m)
    return none;
  const glm::vec2 direction = along / length;
  return glm::vec3(direction.x * shift, 0.0f, direction.y * shift);
}

}  // namespace footwork::ik
