#pragma once
// A 180 pivot from a cycle: decelerate to a plant (a short stop), step round on the spot (a quick
// turn in place, the feet stepping), re-accelerate the other way (a forward start), as one clip.
// Its root yaws 180 degrees; the Distance curve is measured to the pivot point (negative while
// braking, 0 while turning, positive after).

#include <string>
#include <vector>

#include "footwork/anim/clip.h"
#include "footwork/anim/mirror.h"
#include "footwork/anim/skeleton.h"
#include "footwork/core/error.h"

namespace footwork::cook {

struct PivotSettings {
  // Braking: the cycle's playback rate falls to 0 over this many cycles.
  float brake_cycles = 0.5f;
  // Turning time for the 180 degrees (s).
  float turn_s = 0.7f;
  // Shortest time per step of the turn (s); wide stances take more steps (see turn_in_place.h).
  float min_step_s = 0.15f;
  // Re-accelerating: the playback rate ramps back to 1 over this long (s), then holds this long.
  float ramp_s = 0.5f;
  float cruise_s = 0.3f;
  // Pose blends between the cycle and the idle stance (s), and at the seams (s).
  float idle_blend_s = 0.3f;
  float seam_blend_s = 0.15f;
};

struct Pivot {
  anim::Clip clip;
  // Frame (at rate_hz) where the root comes to rest and the turn begins: Distance is 0 there.
  int pivot_frame = 0;
};

// `cycle` (looping, with root motion and Foot_L/Foot_R markers) pivoting by turn_deg (+180 turns
// left, -180 right) through the idle stance of `idle`.
Result<Pivot> SynthesizePivot(const anim::Skeleton& skeleton, const anim::RigBinding& binding,
                              const anim::Clip& cycle, const anim::Clip& idle, float turn_deg,
                              const PivotSettings& settings, const std::string& name,
                              float rate_hz);

}  // namespace footwork::cook
