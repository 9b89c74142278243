#pragma once
// Closing loops: some source cycles end on a pose a few degrees off their first (Jog_Fwd_Loop is
// 3 degrees off), which pops once per cycle. Spreading the gap over the clip's last keys makes the
// last pose equal the first without changing the rest of the cycle.

#include "footwork/anim/clip.h"

namespace footwork::cook {

// For every channel with two or more keys, adds w(t) * (first - last) to the keys in the last
// blend_s seconds (rotations: the same fraction of the rotation from last to first), with w a
// smoothstep from 0 at duration - blend_s to 1 at the last key.
void CloseLoop(anim::Clip& clip, float blend_s);

}  // namespace footwork::cook
