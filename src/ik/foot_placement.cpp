#include "footwork/ik/foot_placement.h"

#include <algorithm>
#include <cmath>

#include "footwork/core/spring.h"

namespace footwork::ik {
namespace {

const glm::vec3 kUp(0.0f, 1.0f, 0.0f);

glm::quat DampRotation(const glm::quat& value, const glm::quat& goal, float half_life, float dt) {
  // The fraction of the way DamperExact would cover, applied along the shortest arc.
  const float fraction = 1.0f - DamperExact(1.0f, 0.0f, half_life, dt);
  const glm::quat aligned = glm::dot(value, goal) < 0.0f ? -goal : goal;
  return glm::normalize(glm::mix(value, aligned, fraction));
}

}  // namespace

FootTrace TraceFoot(const world::CollisionWorld& world, const glm::vec3& foot_world,
                    float root_height, const FootPlacementSettings& settings) {
  FootTrace trace;
  const glm::vec3 floor(foot_world.x, root_height, foot_world.z);
  const auto hit =
      world.RayCast(floor + kUp * settings.trace_above_m, floor - kUp * settings.trace_below_m);
  if (!hit || hit->normal.y < settings.min_normal_y)
    return trace;
  trace.hit = true;
  trace.point = hit->point;
  trace.normal = glm::normalize(hit->normal);
  trace.body = hit->body;
  return trace;
}

glm::vec3 FootOffsetTarget(const FootTrace& trace, const glm::vec3& foot_world, float root_height,
                           float foot_height_m) {
  if (!trace.hit)
    return glm::vec3(0.0f);
  const glm::vec3 floor(foot_world.x, root_height, foot_world.z);
  return (trace.point + trace.normal * foot_height_m) - (floor + kUp * foot_height_m);
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

void UpdateFootPlacement(FootPlacementState& state, const std::array<glm::vec3, 2>& offset_targets,
                         const std::array<glm::quat, 2>& tilt_targets,
                         const std::array<float, 2>& enable, const FootPlacementSettings& settings,
                         float dt) {
  std::array<float, 2> weights{};
  for (int side = 0; side < 2; ++side) {
    weights[side] = std::isfinite(enable[side]) ? std::clamp(enable[side], 0.0f, 1.0f) : 0.0f;
    const float weight = weights[side];
    const glm::vec3 target = offset_targets[side] * weight;
    glm::vec3& offset = state.offset[side];
    const float half_life =
        target.y > offset.y ? settings.foot_up_half_life_s : settings.foot_down_half_life_s;
    offset = DamperExact(offset, target, half_life, dt);
    const glm::quat tilt = glm::normalize(
        glm::mix(glm::quat(1, 0, 0, 0),
                 glm::dot(tilt_targets[side], glm::quat(1, 0, 0, 0)) < 0.0f ? -tilt_targets[side]
                                                                            : tilt_targets[side],
                 weight));
    state.tilt[side] = DampRotation(state.tilt[side], tilt, settings.foot_rotation_half_life_s, dt);
  }
  // The pelvis follows the lower foot's target (not its smoothed offset, to lead the feet), and
  // never rises above the animation.
  const float pelvis_target =
      std::min({offset_targets[0].y * weights[0], offset_targets[1].y * weights[1], 0.0f});
  const float half_life = pelvis_target < state.pelvis_offset_m ? settings.pelvis_down_half_life_s
                                                                : settings.pelvis_up_half_life_s;
  state.pelvis_offset_m =
      std::min(0.0f, DamperExact(state.pelvis_offset_m, pelvis_target, half_life, dt));
}

}  // namespace footwork::ik
