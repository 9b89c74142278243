#include "footwork/ik/sole_guard.h"

#include <algorithm>

#include "footwork/core/bisect.h"

namespace footwork::ik {
namespace {

// The riser is found to within 1/2^kRiserBisections of the heel-to-ball length (5 mm of 15 cm).
constexpr int kRiserBisections = 5;

// Whether the ground at `point`'s place rises above it by more than the sink tolerance.
bool IsInsideGround(const world::CollisionWorld& world, const glm::vec3& point, float root_height,
                    const FootPlacementSettings& settings) {
  const FootTrace under = TraceFoot(world, point, root_height, settings);
  return under.hit && under.point.y > point.y + settings.sink_tolerance_m;
}

// How far (a share of the way) from `clear` toward `sunk` the ground stays below `sunk`'s height:
// where the riser between them is, by bisection. 0 when it rises right away.
float ShareClearOfRiser(const world::CollisionWorld& world, const glm::vec3& clear,
                        const glm::vec3& sunk, float root_height,
                        const FootPlacementSettings& settings) {
  const auto inside = [&](float share) {
    const glm::vec3 point = clear + (sunk - clear) * share;
    return IsInsideGround(world, glm::vec3(point.x, sunk.y, point.z), root_height, settings);
  };
  return BisectBoundary(inside, kRiserBisections).before;
}

// A heel sunk into a step up behind the foot while its ball is over lower ground (walking down
// stairs, a foot rolling onto its toes swings its heel back over the edge it stands in front of):
// pushes `foot` horizontally toward its ball until the heel is off the riser, when that is at
// most settings.max_heel_push_forward_m. Lifted onto the step instead, the Knight's foot rose 13 cm
// in a frame and came back down the next. Returns whether it pushed.
bool PushHeelOffRiser(const world::CollisionWorld& world, const LegRig& leg, float root_height,
                      const FootPlacementSettings& settings, const glm::vec3& heel,
                      Transform& foot) {
  if (!(settings.max_heel_push_forward_m > 0.0f))
    return false;
  const std::optional<glm::vec3> ball = ToeSolePoint(leg, foot);
  if (!ball || IsInsideGround(world, glm::vec3(ball->x, heel.y, ball->z), root_height, settings))
    return false;
  const float outside_share = ShareClearOfRiser(world, *ball, heel, root_height, settings);
  const glm::vec3 overlap = (heel - *ball) * (1.0f - outside_share);
  const glm::vec2 forward(overlap.x, overlap.z);
  if (!(outside_share > 0.0f) || glm::length(forward) > settings.max_heel_push_forward_m)
    return false;
  foot.translation.x -= forward.x;
  foot.translation.z -= forward.y;
  return true;
}

}  // namespace

void KeepSoleAboveGround(const world::CollisionWorld& world, const LegRig& leg, float foot_height_m,
                         float root_height, const FootPlacementSettings& settings,
                         Transform& foot) {
  const auto ground_under = [&](const glm::vec3& point) -> std::optional<float> {
    const FootTrace under = TraceFoot(world, point, root_height, settings);
    return under.hit ? std::optional<float>(under.point.y) : std::nullopt;
  };
  glm::vec3 heel_point = HeelSolePoint(leg, foot_height_m, foot);
  std::optional<float> heel_ground = ground_under(heel_point);
  if (heel_ground && *heel_ground - heel_point.y > settings.sink_tolerance_m &&
      PushHeelOffRiser(world, leg, root_height, settings, heel_point, foot)) {
    heel_point = HeelSolePoint(leg, foot_height_m, foot);
    heel_ground = ground_under(heel_point);
  }
  if (heel_ground && *heel_ground - heel_point.y > settings.sink_tolerance_m)
    foot.translation.y += *heel_ground - heel_point.y - settings.sink_tolerance_m;
  const std::optional<glm::vec3> ball = ToeSolePoint(leg, foot);
  if (!ball)
    return;
  const std::optional<float> ball_ground = ground_under(*ball);
  const float ball_sink = ball_ground ? *ball_ground - ball->y - settings.sink_tolerance_m : 0.0f;
  if (!(ball_sink > 0.0f))
    return;
  // Level ground (no step between heel and ball): lifted.
  if (!heel_ground || *ball_ground < *heel_ground + settings.min_step_up_m) {
    foot.translation.y += ball_sink;
    return;
  }
  // Where between heel and ball the ground rises over the ball's height (the riser), by
  // bisection; the foot is drawn back horizontally until the ball is short of it, when that is
  // at most settings.max_riser_push_back_m, and lifted otherwise.
  const glm::vec3 heel = HeelSolePoint(leg, foot_height_m, foot);
  if (ball_sink <= settings.max_riser_lift_m && heel.y - *heel_ground > ball_sink) {
    foot.translation.y += ball_sink;
    return;
  }
  const float outside_share = ShareClearOfRiser(world, heel, *ball, root_height, settings);
  const glm::vec3 overlap = (*ball - heel) * (1.0f - outside_share);
  const glm::vec2 back(overlap.x, overlap.z);
  const float push = glm::length(back);
  if (push <= settings.max_riser_push_back_m && outside_share > 0.0f) {
    foot.translation.x -= back.x;
    foot.translation.z -= back.y;
    return;
  }
  foot.translation.y += ball_sink;
}

}  // namespace footwork::ik
