#include "footwork/ik/riser_clearance.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include "footwork/core/bisect.h"

namespace footwork::ik {
namespace {

// Ground whose normal is within about 5 degrees of up is a level tread.
constexpr float kLevelTreadCos = 0.996f;

// A foot's heel is this share of its ankle-to-ball length behind the ankle.
constexpr float kHeelBehindAnkleShare = 0.4f;

// The riser is found to within 1/2^kRiserBisections of the heel-to-ball length.
constexpr int kRiserBisections = 6;

bool IsFiniteXZ(const glm::vec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.z);
}

// The share (0 to 1) of a line at which `past(share)` turns true: the middle of its bracket.
template <typename Past>
float BoundaryShare(const Past& past) {
  const Bracket bracket = BisectBoundary(past, kRiserBisections);
  return 0.5f * (bracket.before + bracket.after);
}

// Walking down: the ground margin_m behind the heel stands on a higher tread than the ball's (a
// stair's edge under the foot or just behind it). The shift that lands the foot on one tread: on
// the lower one, the heel margin_m past the edge, or on the upper one, the ball margin_m short of
// it, whichever is shorter (the Knight planted its ankle 1-3 mm past the edge, and its heel point,
// pitched as the foot rolled, crossed back over it: lifted 14 cm in a frame). The margin is cut
// to what max_shift_m leaves, as going up. Nothing when there is no such edge.
std::optional<glm::vec3> DropClearShift(const world::CollisionWorld& world, const glm::vec3& heel,
                                        const glm::vec3& ball, const glm::vec2& direction,
                                        float length, float root_height, float margin_m,
                                        float max_shift_m, const FootPlacementSettings& settings) {
  const FootTrace under_ball =
      TraceFoot(world, glm::vec3(ball.x, root_height, ball.z), root_height, settings);
  if (!under_ball.hit)
    return std::nullopt;
  const auto above_ball_plane = [&](const glm::vec2& at) {
    const FootTrace under =
        TraceFoot(world, glm::vec3(at.x, root_height, at.y), root_height, settings);
    return under.hit && under.point.y - PlaneHeightAt(under_ball, at.x, at.y) >= kMinStairStepM;
  };
  const glm::vec2 rear = glm::vec2(heel.x, heel.z) - direction * margin_m;
  if (!above_ball_plane(rear))
    return std::nullopt;
  // The edge, from the rear point toward the ball.
  const float span = length + margin_m;
  const float edge_from_heel = BoundaryShare([&](float share) {
                                 return !above_ball_plane(rear + direction * (span * share));
                               }) * span -
                               margin_m;
  const float forward = std::max(edge_from_heel, 0.0f);
  const float back = length - edge_from_heel;
  float shift = 0.0f;
  if (forward <= back) {
    if (forward > max_shift_m)
      return glm::vec3(0.0f);
    shift = std::min(edge_from_heel + margin_m, max_shift_m);
  } else {
    if (back > max_shift_m)
      return glm::vec3(0.0f);
    shift = -std::min(back + margin_m, max_shift_m);
  }
  return glm::vec3(direction.x * shift, 0.0f, direction.y * shift);
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
  const glm::vec2 along(ball.x - heel.x, ball.z - heel.z);
  const float length = glm::length(along);
  if (!(length > 1e-4f))
    return none;
  const glm::vec2 direction = along / length;
  if (const std::optional<glm::vec3> drop = DropClearShift(
          world, heel, ball, direction, length, root_height, margin_m, max_shift_m, settings))
    return *drop;
  // A riser within margin_m ahead of the ball counts too: the ball the plant predictor gives is
  // where it is as the lock catches the heel, and the foot rolls onto it after (the Knight's ball,
  // predicted 2 cm short of the first riser, stood on the step's edge with its heel in the air).
  const float reach = length + margin_m;
  const glm::vec2 front = glm::vec2(heel.x, heel.z) + direction * reach;
  const std::optional<float> front_ground = ground(front.x, front.y);
  if (!front_ground || above_plane(front.x, front.y, *front_ground) < kMinStairStepM)
    return none;
  // Where between the heel and that point the ground rises (the riser).
  const float riser = BoundaryShare([&](float share) {
                        const float x = heel.x + direction.x * reach * share;
                        const float z = heel.z + direction.y * reach * share;
                        const std::optional<float> at = ground(x, z);
                        return at && above_plane(x, z, *at) >= kMinStairStepM;
                      }) *
                      reach;
  // The least moves that clear it: the ball back onto it, or the heel forward onto it (a riser
  // past the ball is cleared only by moving back). Back, the margin is added as far as
  // max_shift_m allows: all or nothing, the Knight's shift went back to none as its predicted
  // ball crept 1 cm further over the riser. Forward, all of it or nothing: part of it took a
  // ball on toward the next riser (the Knight's showcase, 1.4 cm into it).
  // (Negative for a riser past the ball: the margin less the gap is what is left to move.)
  const float back = length - riser;
  const float forward = riser;
  const bool backward = back <= forward || riser >= length;
  float shift = 0.0f;
  if (backward) {
    if (back > max_shift_m)
      return none;
    shift = -std::min(back + margin_m, max_shift_m);
  } else {
    if (forward + margin_m > max_shift_m)
      return none;
    shift = forward + margin_m;
  }
  return glm::vec3(direction.x * shift, 0.0f, direction.y * shift);
}

glm::vec3 StopLandingBackShift(const world::CollisionWorld& world, const glm::vec3& heel,
                               const glm::vec3& ball, const glm::vec3& facing, float root_height,
                               float margin_m, float max_shift_m,
                               const FootPlacementSettings& settings) {
  const glm::vec3 none(0.0f);
  if (!IsFiniteXZ(heel) || !IsFiniteXZ(ball) || !std::isfinite(root_height) ||
      !(max_shift_m > 0.0f) || !std::isfinite(max_shift_m) || !std::isfinite(margin_m))
    return none;
  const glm::vec2 along(ball.x - heel.x, ball.z - heel.z);
  const float length = glm::length(along);
  if (!(length > 1e-4f))
    return none;
  const glm::vec2 direction = along / length;
  // The heel itself is behind the ankle's sole point.
  const float behind = kHeelBehindAnkleShare * length;
  const glm::vec2 rear = glm::vec2(heel.x, heel.z) - direction * behind;
  // An edge within margin_m ahead of the ball counts too (a ball landing on the nosing).
  const float span = behind + length + std::max(margin_m, 0.0f);
  const glm::vec2 front = rear + direction * span;
  const FootTrace under_heel =
      TraceFoot(world, glm::vec3(rear.x, root_height, rear.y), root_height, settings);
  const FootTrace under_ball =
      TraceFoot(world, glm::vec3(front.x, root_height, front.y), root_height, settings);
  if (!under_heel.hit || !under_ball.hit ||
      under_heel.point.y - PlaneHeightAt(under_ball, rear.x, rear.y) < kMinStairStepM)
    return none;
  // Treads are level: a foot on a ramp over the floor beside it is the ledge's business.
  if (under_heel.normal.y < kLevelTreadCos || under_ball.normal.y < kLevelTreadCos)
    return none;
  // And the step goes down ahead of the body, not off the side of the stairs: the Knight stopping
  // on their side edge, going up, had its foot over the floor beside them moved back along itself
  // and held there (1.5 cm slid in its idle).
  const glm::vec2 ahead_direction(facing.x, facing.z);
  if (!(glm::length(ahead_direction) > 1e-4f))
    return none;
  const glm::vec2 ahead = rear + glm::normalize(ahead_direction) * span;
  const FootTrace under_ahead =
      TraceFoot(world, glm::vec3(ahead.x, root_height, ahead.y), root_height, settings);
  if (under_ahead.hit &&
      under_heel.point.y - PlaneHeightAt(under_ahead, rear.x, rear.y) < kMinStairStepM)
    return none;
  // The edge: where, from the heel toward the ball, the ground leaves the heel's tread.
  const float edge_from_heel =
      BoundaryShare([&](float share) {
        const glm::vec2 at = rear + direction * (span * share);
        const FootTrace under =
            TraceFoot(world, glm::vec3(at.x, root_height, at.y), root_height, settings);
        return !under.hit ||
               PlaneHeightAt(under_heel, at.x, at.y) - under.point.y >= kMinStairStepM;
      }) *
      span;
  const float back = behind + length - edge_from_heel + margin_m;
  if (back > max_shift_m)
    return none;
  return glm::vec3(-direction.x * back, 0.0f, -direction.y * back);
}

}  // namespace footwork::ik
