#pragma once
// A foot landing across a stair's riser (heel on the lower tread, ball over the higher one) is
// moved to land on one tread: the ball's ground would stand it on the step above with its heel in
// the air, or the heel's would put its ball into the riser. The KayKit Knight's stride on the
// default level's 30 cm treads landed a foot across a riser on most steps.

#include <glm/glm.hpp>

#include "footwork/ik/foot_placement.h"
#include "footwork/world/collision_world.h"

namespace footwork::ik {

// Ground this much (m) off the plane under a foot is another stair tread, not the slope going on
// (a stair's riser is 15 cm; terrain bumps and slopes under a foot's length are far less).
inline constexpr float kMinStairStepM = 0.05f;

// The horizontal shift (world, y = 0) that moves a foot landing with its heel at `heel` and its
// ball at `ball` (world) off a riser between them, or within `margin_m` ahead of the ball: back
// until the ball is `margin_m` short of the riser, or forward until the heel is `margin_m` past
// it, whichever is shorter (a riser past the ball: back). Back, when the ball's least move onto
// its tread is at most `max_shift_m`, with as much of the margin as max_shift_m leaves; forward,
// only when all of it fits. Zero when the ground there does not rise 5 cm above the plane under
// the heel (a slope is no riser), when the move does not fit, or on non-finite input. Walking down
// (the ground margin_m behind the heel 5 cm or more above the plane under the ball), the same for
// the step's edge behind: forward until the heel is margin_m past it, or back until the ball is
// margin_m short of it, whichever is shorter. Traces as TraceFoot does (from root_height).
glm::vec3 RiserClearShift(const world::CollisionWorld& world, const glm::vec3& heel,
                          const glm::vec3& ball, float root_height, float margin_m,
                          float max_shift_m, const FootPlacementSettings& settings);

// A stop's last step down the stairs, where the stop puts it: a foot whose ball (`ball`), or the
// ground `margin_m` ahead of it, is over a tread lower than the one under its heel is moved back
// along itself until the ball is `margin_m` short of that step's edge. It lands on the tread it is
// over, at the height it swings at, rather than dropping a step at the last moment. `heel` is the
// ankle's sole point (world); the heel itself is taken 0.4 of the ankle-to-ball length behind it.
// Returns the shift (world, y = 0), or zero when:
// - there is no such edge (the heel's and the ball's ground within kMinStairStepM);
// - either ground is not level within about 5 degrees (a ramp over the floor beside it);
// - the ground as far ahead along `facing` (the body's forward) is no step lower (the floor beside
//   the stairs, off their side edge);
// - the move is longer than `max_shift_m`, or the input is not finite.
// Traces as TraceFoot does (from root_height).
glm::vec3 StopLandingBackShift(const world::CollisionWorld& world, const glm::vec3& heel,
                               const glm::vec3& ball, const glm::vec3& facing, float root_height,
                               float margin_m, float max_shift_m,
                               const FootPlacementSettings& settings);

}  // namespace footwork::ik
