#pragma once
// Which way a knee bends. The IK takes the bend direction (the two-bone solve's pole) from the
// clip's knee, measured across the clip's own hip-to-ankle line. With the foot's target far from
// the clip's foot, that direction can point back across the target's line, and the solve bends
// the knee backward: running up the stairs, the Knight's swinging foot was lifted two treads up
// behind and under its hip, and its thigh turned half round in a frame (180 degrees).

#include <glm/glm.hpp>

namespace footwork::ik {

// The pole for a leg from its hip along `hip_to_target` (model space: +z forward, +y up) with no
// part pointing back: the knee stays on the character's forward side of the hip-to-foot line. A
// pole already on that side (or with the line along the forward axis, which has no forward side)
// is returned as it is; one pointing back keeps its sideways part and gets a small forward part
// (KneeForwardBiasM) so it never vanishes. Non-finite input is returned as it is.
glm::vec3 KneeForwardOfLine(const glm::vec3& pole, const glm::vec3& hip_to_target);

// The forward part (m) a pole turned from pointing back keeps.
inline constexpr float kKneeForwardBiasM = 0.02f;

}  // namespace footwork::ik
