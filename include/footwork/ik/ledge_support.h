#pragma once
// A foot over a drop its leg cannot take (a ramp's side edge, a ledge the capsule stands on with
// one side over the air) is moved back toward the root, onto the surface the body stands on. The
// trace under the ankle alone puts it on the lower ground: the Knight stopped astride ramp10's
// side edge stepped 34 cm down to the floor, the pelvis dropped 35 cm with it, and the held foot,
// drawn back toward the hip, ended inside the ramp.

#include <glm/glm.hpp>

#include "footwork/ik/foot_placement.h"
#include "footwork/world/collision_world.h"

namespace footwork::ik {

// The horizontal shift (world, y = 0) that puts a foot at `foot` (world) over ground no more than
// `max_drop_m` below the plane under `root` (world; its y is the root's floor height), and
// settings.ledge_margin_m further in. Searched in steps of settings.ledge_search_step_m first
// along `side_axis` (world, horizontal: the body's left-right; none when zero), from the foot
// toward the root's side and on past it by as much, then along the line from the foot to the
// root (never past it). A root itself over a drop deeper than max_drop_m (or over nothing) is
// perched on an edge: the reference is then level at the root's height, the line to the root is
// not searched, and when nothing sideways is within the drop the nearest of the highest ground
// there is taken if it rises max_drop_m / 2 above the ground under the foot. Zero when the ground
// under the foot is within the drop or no such ground is found. Traces as TraceFoot does (from
// root height, surfaces steeper than min_normal_y ignored). `sideways_only`: only the search along
// side_axis, never toward the root.
glm::vec3 LedgeSupportShift(const world::CollisionWorld& world, const glm::vec3& foot,
                            const glm::vec3& root, float max_drop_m,
                            const FootPlacementSettings& settings,
                            const glm::vec3& side_axis = glm::vec3(0.0f),
                            bool sideways_only = false);

}  // namespace footwork::ik
