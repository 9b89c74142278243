#pragma once
// The last guard on a placed foot over uneven ground (with foot_placement.sink_guard_toe): heel
// and ball are each kept above the ground traced under them. Across a step's edge the plane under
// the ankle is the ground under neither: a heel landing over the higher tread while its ankle was
// still over the lower one stood 5.5 cm into the step (stairs), and balls went into risers (the
// showcase's stairs: 15 cm).

#include "footwork/core/transform.h"
#include "footwork/ik/foot_placement.h"
#include "footwork/ik/ik_rig.h"
#include "footwork/world/collision_world.h"

namespace footwork::ik {

// Lifts `foot` (world) until its heel's sole point is no more than settings.sink_tolerance_m
// below the ground traced under it (from root height, as TraceFoot). Then, if the ball's sole
// point is below the ground under it by more than the tolerance: over level ground (the ball's
// ground within min_step_up_m of the heel's) the foot is lifted; over a riser between heel and
// ball, the foot is drawn back horizontally until the ball is short of the riser, when that is at
// most settings.max_riser_push_back_m, and lifted otherwise; a ball at most
// settings.max_riser_lift_m under the step's top, its heel higher than that over its own tread,
// is lifted onto the step (the foot is coming down over the edge). Drawing back moves the leg far
// less: a landing walk's ball 1 cm over the first step's edge for one frame, lifted onto the step,
// snapped the knee 31 degrees. A rig without a ball joint gets the heel's guard only.
void KeepSoleAboveGround(const world::CollisionWorld& world, const LegRig& leg, float foot_height_m,
                         float root_height, const FootPlacementSettings& settings, Transform& foot);

}  // namespace footwork::ik
