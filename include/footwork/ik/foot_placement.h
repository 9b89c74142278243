#pragma once
// Foot placement on uneven ground (ALS's foot offsets, seed 003): the animation assumes a flat
// floor at the root's height, so each foot traces down from (foot XZ, root height); the hit moves
// the foot by the floor's height difference, corrected on slopes by (up - normal) * foot height,
// and turns the foot to the surface normal within a limit. The pelvis then drops to the lower
// foot (never rises). Every offset moves toward its target with an exact exponential damper, so
// the result does not depend on the frame rate.

#include <array>
#include <optional>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "footwork/world/collision_world.h"

namespace footwork::ik {

struct FootPlacementSettings {
  // The downward trace starts this far above the root's height and ends this far below it.
  float trace_above_m = 0.5f;
  float trace_below_m = 0.75f;
  // Half-lives of the foot offsets: faster when the foot has to go up (never let it sink into a
  // step), slower going down.
  float foot_up_half_life_s = 0.02f;
  float foot_down_half_life_s = 0.04f;
  float foot_rotation_half_life_s = 0.03f;
  // The pelvis drops faster than it rises back.
  float pelvis_down_half_life_s = 0.04f;
  float pelvis_up_half_life_s = 0.08f;
  // The foot turns to the surface normal by at most this much (radians).
  float max_foot_tilt_rad = 0.6f;
  // A sole may sink this far below the traced surface before the foot is lifted out (metres).
  float sink_tolerance_m = 0.004f;
  // Surfaces steeper than this (normal.y below) are ignored (walls under a foot's trace).
  float min_normal_y = 0.3f;
};

// One foot's trace result.
struct FootTrace {
  bool hit = false;
  glm::vec3 point{0.0f};
  glm::vec3 normal{0.0f, 1.0f, 0.0f};
  world::BodyId body = world::kNoBody;
};

// Traces straight down through (foot_world.x, root_height, foot_world.z).
FootTrace TraceFoot(const world::CollisionWorld& world, const glm::vec3& foot_world,
                    float root_height, const FootPlacementSettings& settings);

// The seed's target offset for one foot from its trace: (hit + normal * h) - (floor + up * h),
// where floor is the trace point at root height; zero without a hit. World space.
glm::vec3 FootOffsetTarget(const FootTrace& trace, const glm::vec3& foot_world, float root_height,
                           float foot_height_m);

// The rotation (world space, pre-multiplied) that turns up onto the surface normal, limited to
// max_tilt_rad; identity without a hit.
glm::quat FootTiltTarget(const FootTrace& trace, float max_tilt_rad);

// Per character: both feet's smoothed offsets and tilts, and the pelvis drop.
struct FootPlacementState {
  std::array<glm::vec3, 2> offset{glm::vec3(0.0f), glm::vec3(0.0f)};
  std::array<glm::quat, 2> tilt{glm::quat(1, 0, 0, 0), glm::quat(1, 0, 0, 0)};
  // World-space vertical offset of the pelvis (<= 0).
  float pelvis_offset_m = 0.0f;
};

// Moves each foot's offset and tilt toward its target (weighted by the foot's Enable_FootIK
// value, 0 gives no offset) and the pelvis toward the lower of the two vertical offsets, clamped
// to <= 0. dt > 0.
void UpdateFootPlacement(FootPlacementState& state, const std::array<glm::vec3, 2>& offset_targets,
                         const std::array<glm::quat, 2>& tilt_targets,
                         const std::array<float, 2>& enable, const FootPlacementSettings& settings,
                         float dt);

}  // namespace footwork::ik
