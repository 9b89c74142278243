#include "footwork/ik/foot_placement.h"

#include <algorithm>
#include <cmath>

#include "footwork/core/spring.h"
#include "footwork/core/transform.h"

namespace footwork::ik {
namespace {

const glm::vec3 kUp(0.0f, 1.0f, 0.0f);

glm::quat DampRotation(const glm::quat& value, const glm::quat& goal, float half_life, float dt) {
  // The fraction of the way DamperExact would cover, applied along the shortest arc.
  const float fraction = 1.0f - DamperExact(1.0f, 0.0f, half_life, dt);
  const glm::quat aligned = glm::dot(value, goal) < 0.0f ? -goal : goal;
  return glm::normalize(glm::mix(value, aligned, fraction));
}

std::optional<world::SweepHit> TraceDown(const world::CollisionWorld& world, float x, float z,
                                         float root_height, const FootPlacementSettings& settings) {
  const glm::vec3 floor(x, root_height, z);
  auto hit =
      world.RayCast(floor + kUp * settings.trace_above_m, floor - kUp * settings.trace_below_m);
  if (!hit || hit->normal.y < settings.min_normal_y)
    return std::nullopt;
  return hit;
}

// How much further from its remembered step ahead a foot may be than the frame before, and still
// be heading for it (m): the animated toe wavers by a few millimetres as it slows to land.
constexpr float kStepAheadSlackM = 0.005f;

}  // namespace

FootTrace TraceFoot(const world::CollisionWorld& world, const glm::vec3& foot_world,
                    float root_height, const FootPlacementSettings& settings,
                    const glm::vec3& foot_velocity, const std::optional<glm::vec3>& toe_world,
                    float reach_cap_m) {
  FootTrace trace;
  const auto hit = TraceDown(world, foot_world.x, foot_world.z, root_height, settings);
  if (!hit)
    return trace;
  trace.hit = true;
  trace.point = hit->point;
  trace.normal = glm::normalize(hit->normal);
  trace.body = hit->body;

  // Where the foot is heading, and under its toe: the highest step up, so the foot is already up
  // when its ankle gets over a step's edge (the trace under the ankle alone jumps by the step's
  // height in one frame).
  const auto consider = [&](float x, float z, float distance) {
    const auto ahead = TraceDown(world, x, z, root_height, settings);
    if (!ahead)
      return;
    // Only a step up counts: ground that just continues the plane under the foot (a slope) is
    // followed by the trace under the foot as it gets there, without a jump.
    if (ahead->point.y >
            PlaneHeightAt(trace, ahead->point.x, ahead->point.z) + settings.min_step_up_m &&
        ahead->point.y > trace.ahead_height_m.value_or(trace.point.y)) {
      trace.ahead_height_m = ahead->point.y;
      trace.ahead_distance_m = distance;
      trace.ahead_point = ahead->point;
    }
  };
  const bool has_toe = toe_world && IsFinite(*toe_world);
  if (has_toe) {
    if (const auto under_toe = TraceDown(world, toe_world->x, toe_world->z, root_height, settings))
      trace.toe_ground_m = under_toe->point.y;
    consider(toe_world->x, toe_world->z, 0.0f);
  }
  const glm::vec2 velocity(foot_velocity.x, foot_velocity.z);
  const float speed = glm::length(velocity);
  const float reach =
      std::min({speed * settings.lookahead_s, settings.max_lookahead_m, reach_cap_m});
  if (!std::isfinite(reach) || reach < 1e-3f || settings.lookahead_traces <= 0)
    return trace;
  const glm::vec2 direction = velocity / speed;
  // From the toe when it is given: the toe reaches a riser first, and a toe low in its swing
  // (a walk's ball skims 2 cm over the tread) went 9 cm into the riser while the traces ahead of
  // the ankle still ended short of it.
  const glm::vec3& lead = has_toe ? *toe_world : foot_world;
  for (int i = 1; i <= settings.lookahead_traces; ++i) {
    const float along =
        reach * static_cast<float>(i) / static_cast<float>(settings.lookahead_traces);
    consider(lead.x + direction.x * along, lead.z + direction.y * along, along);
  }
  return trace;
}

float PelvisClimbFollowShare(float average_climb_m_s, const FootPlacementSettings& settings) {
  const float rise = settings.max_pelvis_rise_speed_m_s;
  if (!(rise > 0.0f) || !std::isfinite(average_climb_m_s) || !std::isfinite(rise))
    return 0.0f;
  const float from = settings.pelvis_climb_follow_from * rise;
  const float full = settings.pelvis_climb_follow_full * rise;
  if (!(full > from))
    return average_climb_m_s >= from ? 1.0f : 0.0f;
  return std::clamp((average_climb_m_s - from) / (full - from), 0.0f, 1.0f);
}

float LandingDropShare(float time_to_plant_s, float lead_s) {
  if (!(lead_s > 0.0f) || !std::isfinite(lead_s) || !std::isfinite(time_to_plant_s))
    return 0.0f;
  return std::clamp(1.0f - time_to_plant_s / lead_s, 0.0f, 1.0f);
}

void RememberStepAhead(std::optional<StepAhead>& memory, FootTrace& trace, const glm::vec3& lead,
                       bool swinging, float reach_cap_m, const FootPlacementSettings& settings) {
  if (!swinging || !trace.hit) {
    memory.reset();
    return;
  }
  if (trace.ahead_point) {
    memory = StepAhead{*trace.ahead_point, trace.ahead_distance_m.value_or(0.0f)};
    return;
  }
  if (!memory)
    return;
  const glm::vec3& top = memory->top;
  const float distance = glm::length(glm::vec2(top.x - lead.x, top.z - lead.z));
  const float ground = std::max(trace.point.y, trace.toe_ground_m.value_or(trace.point.y));
  if (!(distance <=
        std::min({settings.max_lookahead_m, reach_cap_m, memory->distance_m + kStepAheadSlackM})) ||
      ground >= top.y - settings.min_step_up_m ||
      top.y <= PlaneHeightAt(trace, top.x, top.z) + settings.min_step_up_m) {
    memory.reset();
    return;
  }
  memory->distance_m = distance;
  trace.ahead_height_m = top.y;
  trace.ahead_distance_m = distance;
  trace.ahead_point = top;
}

float PlaneHeightAt(const FootTrace& trace, float x, float z) {
  const glm::vec3& n = trace.normal;
  return trace.point.y -
         (n.x * (x - trace.point.x) + n.z * (z - trace.point.z)) / std::max(n.y, 1e-3f);
}

glm::vec3 FootOffsetTarget(const FootTrace& trace, const glm::vec3& foot_world, float root_height,
                           float foot_height_m) {
  if (!trace.hit)
    return glm::vec3(0.0f);
  const glm::vec3 floor(foot_world.x, root_height, foot_world.z);
  glm::vec3 target = (trace.point + trace.normal * foot_height_m) - (floor + kUp * foot_height_m);
  // Ahead, the ankle should clear the higher surface by its foot height (taken as level).
  if (trace.ahead_height_m)
    target.y = std::max(target.y, *trace.ahead_height_m - root_height);
  return target;
}

float EaseForSwing(float offset_y, float lift_m, float swing) {
  if (!(swing > 0.0f) || !std::isfinite(lift_m) || !std::isfinite(offset_y))
    return offset_y;
  const float slack = std::min(swing, 1.0f) * std::clamp(lift_m, 0.0f, std::fabs(offset_y));
  return offset_y > 0.0f ? offset_y - slack : offset_y + slack;
}

float FollowPelvisInSwing(float offset_y, float pelvis_y, float lowest_clear_y, float swing) {
  if (!(swing > 0.0f) || !std::isfinite(swing) || !std::isfinite(offset_y) ||
      !std::isfinite(pelvis_y) || !std::isfinite(lowest_clear_y))
    return offset_y;
  const float followed =
      offset_y < pelvis_y ? pelvis_y : std::min(offset_y, std::max(pelvis_y, lowest_clear_y));
  return offset_y + std::min(swing, 1.0f) * (followed - offset_y);
}

float LookaheadShare(float foot_lock, float lift_m, float lift_rate_m_s,
                     const FootPlacementSettings& settings) {
  if (!std::isfinite(foot_lock) || !std::isfinite(lift_m) || !std::isfinite(lift_rate_m_s))
    return 0.0f;
  const float unplanted = 1.0f - std::clamp(foot_lock, 0.0f, 1.0f);
  if (lift_rate_m_s > 0.0f)
    return unplanted;
  const float landing =
      settings.lookahead_s > 0.0f
          ? std::clamp(settings.landing_lookahead_s / settings.lookahead_s, 0.0f, 1.0f)
          : 0.0f;
  const float full_lift = std::max(settings.lookahead_full_lift_m, 1e-3f);
  return unplanted * std::max(std::clamp(lift_m / full_lift, 0.0f, 1.0f), landing);
}

glm::vec3 TrackFootVelocity(FootPlacementState& state, int side, const glm::vec3& foot_world,
                            float dt) {
  std::optional<glm::vec3>& previous = state.previous_foot[static_cast<std::size_t>(side)];
  glm::vec3 velocity(0.0f);
  if (previous && dt > 0.0f) {
    velocity = (foot_world - *previous) / dt;
    velocity.y = 0.0f;
  }
  previous = foot_world;
  return IsFinite(velocity) ? velocity : glm::vec3(0.0f);
}

float EaseSettle(float previous_m, float target_m, float planted_share, float max_speed_m_s,
                 float dt) {
  if (planted_share >= 1.0f || !(max_speed_m_s > 0.0f) || !(dt > 0.0f))
    return target_m;
  return std::min(target_m, previous_m + max_speed_m_s * dt);
}

float DampRiseCapped(float value, float goal, float half_life, float max_rise_speed, float dt) {
  if (goal <= value || half_life <= 0.0f || !(max_rise_speed > 0.0f) ||
      !std::isfinite(max_rise_speed))
    return DamperExact(value, goal, half_life, dt);
  // The damper's speed at a gap g is g * ln2 / half_life: above the gap `band` it would be faster
  // than the cap, so the value climbs at the cap until the gap is down to `band`, then decays.
  const float rate = 0.69314718f / half_life;
  const float band = max_rise_speed / rate;
  const float gap = goal - value;
  if (gap <= band)
    return DamperExact(value, goal, half_life, dt);
  const float capped_time = (gap - band) / max_rise_speed;
  if (dt <= capped_time)
    return value + max_rise_speed * dt;
  return DamperExact(goal - band, goal, half_life, dt - capped_time);
}

glm::quat FootTiltTarget(const FootTrace& trace, float max_tilt_rad) {
  if (!trace.hit)
    return glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
  const float angle = std::acos(std::clamp(glm::dot(kUp, trace.normal), -1.0f, 1.0f));
  const glm::vec3 axis = glm::cross(kUp, trace.normal);
  const float axis_length = glm::length(axis);
  if (axis_length < 1e-6f)
    return glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
  return glm::angleAxis(std::min(angle, max_tilt_rad), axis / axis_length);
}

float PelvisTarget(const std::array<glm::vec3, 2>& offset_targets,
                   const std::array<float, 2>& enable) {
  float target = 0.0f;
  for (int side = 0; side < 2; ++side) {
    const float weight = std::isfinite(enable[side]) ? std::clamp(enable[side], 0.0f, 1.0f) : 0.0f;
    target = std::min(target, offset_targets[side].y * weight);
  }
  return target;
}

void UpdateFootPlacement(FootPlacementState& state, const std::array<glm::vec3, 2>& offset_targets,
                         const std::array<glm::quat, 2>& tilt_targets,
                         const std::array<float, 2>& enable, const FootPlacementSettings& settings,
                         float dt, const std::array<float, 2>& min_rise_speeds_m_s,
                         std::optional<float> pelvis_target_m, const std::array<bool, 2>& planted) {
  std::array<float, 2> weights{};
  for (int side = 0; side < 2; ++side) {
    weights[side] = std::isfinite(enable[side]) ? std::clamp(enable[side], 0.0f, 1.0f) : 0.0f;
    const float weight = weights[side];
    const glm::vec3 target = offset_targets[side] * weight;
    glm::vec3& offset = state.offset[side];
    const float half_life =
        target.y > offset.y ? settings.foot_up_half_life_s : settings.foot_down_half_life_s;
    // Falling is rising mirrored.
    const bool drop_capped = !planted[side] && target.y < offset.y;
    const float height = drop_capped
                             ? -DampRiseCapped(-offset.y, -target.y, half_life,
                                               settings.max_swing_foot_drop_speed_m_s, dt)
                             : DampRiseCapped(offset.y, target.y, half_life,
                                              std::isfinite(min_rise_speeds_m_s[side])
                                                  ? std::max(settings.max_foot_rise_speed_m_s,
                                                             min_rise_speeds_m_s[side])
                                                  : settings.max_foot_rise_speed_m_s,
                                              dt);
    offset = DamperExact(offset, target, half_life, dt);
    offset.y = height;
    const glm::quat tilt = glm::normalize(
        glm::mix(glm::quat(1, 0, 0, 0),
                 glm::dot(tilt_targets[side], glm::quat(1, 0, 0, 0)) < 0.0f ? -tilt_targets[side]
                                                                            : tilt_targets[side],
                 weight));
    state.tilt[side] = DampRotation(state.tilt[side], tilt, settings.foot_rotation_half_life_s, dt);
  }
  // The pelvis follows the lower foot's target (not its smoothed offset, to lead the feet), and
  // never rises above the animation.
  const float pelvis_target = pelvis_target_m && std::isfinite(*pelvis_target_m)
                                  ? std::min(*pelvis_target_m, 0.0f)
                                  : PelvisTarget(offset_targets, enable);
  const float half_life = pelvis_target < state.pelvis_offset_m ? settings.pelvis_down_half_life_s
                                                                : settings.pelvis_up_half_life_s;
  state.pelvis_offset_m =
      std::min(0.0f, DampRiseCapped(state.pelvis_offset_m, pelvis_target, half_life,
                                    settings.max_pelvis_rise_speed_m_s, dt));
}

}  // namespace footwork::ik
