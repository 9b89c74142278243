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

// The pole from the animated knee: its offset across the animated hip-to-ankle `line`, steadied by
// `weight_m` metres of the thigh's knee axis `thigh_axis` (unit). A knee animated straight, or a
// little past straight (its offset pointing back against the thigh's axis), says nothing of which
// way it bends, so that backward part is dropped: added as it was, it cancelled the thigh's axis,
// and of the few millimetres left the sideways wobble of a sprint's straight leg, stride-warped,
// swung its knee 5 cm sideways in a frame (38 degrees once the foot IK folded the leg).
glm::vec3 KneePole(const glm::vec3& knee_offset, const glm::vec3& thigh_axis, const glm::vec3& line,
                   float weight_m);

// The forward part (m) a pole turned from pointing back keeps.
inline constexpr float kKneeForwardBiasM = 0.02f;

}  // namespace footwork::ik
