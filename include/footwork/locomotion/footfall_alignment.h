#pragma once
// Feet land on treads, not across a stair's edge. A cycle's steps fall where its phase puts them:
// with the stair stride (stair_stride.h) each step covers a whole tread, so a foot that lands
// across the first edge lands across every edge after it, and the IK can only move it a few
// centimetres in the last moments of its swing (the Knight walking down the stairs from 9 of 10
// starts: heels on edges, 15 cm floats, knees turning 20-42 degrees in a frame). A person
// approaching stairs adjusts their stride a few steps before, so that each foot lands on a tread.
//
// FootfallStrideScale does that: from where the swinging foot will plant (the plant predictor)
// and the edges the stair survey found ahead, it picks the stride scale, within
// StairSettings::footfall_max_stride_change of 1, whose coming plants keep heel and ball clear of
// every edge. The locomotion character multiplies its speed by it and keeps the cycle's play rate,
// so stride warping lengthens or shortens the step under way by as much: that plant moves by the
// scale's share of what is left of its swing, and every plant after it with it (the body is as
// much further on). Chosen again every frame, the scale goes back to 1 once the plants ahead are
// clear: a step lengthened for good would walk each plant a little further onto the next edge.

#include <span>

#include "footwork/locomotion/locomotion_settings.h"

namespace footwork::locomotion {

// The swinging foot's next plant, along the way the character moves, in metres from its feet (the
// capsule's bottom) now.
struct FootfallForecast {
  // Where its ankle is now, and where its ankle and ball are when it plants (the ball as far from
  // the ankle as the clip has it then: stride warping stretches the step, not the foot).
  float ankle_now_m = 0.0f;
  float ankle_plant_m = 0.0f;
  float ball_plant_m = 0.0f;
};

// How much of a foot (heel, before its ankle, to ball) lying over [ankle_m, ball_m] with the
// margins of `settings` crosses an edge in `edges_m` (m along the same line): the least it must
// move off the nearest, 0 when none is under it.
float FootfallOverlap(std::span<const float> edges_m, float ankle_m, float ball_m,
                      const StairSettings& settings);

// The stride scale to move toward (absolute: 1 is the cycle's stride on these stairs), given the
// scale applied now (`current_scale`, which the forecast was made at), the edges ahead (`edges_m`,
// along the way from the feet, any order), the forecast, the length of a step now (`step_m`, m
// between one foot's plant and the other's) and how far ahead the edges are known (`horizon_m`).
// Each plant ahead is at ankle_plant + (r - 1) (ankle_plant - ankle_now) + k step_m for a scale r
// relative to now, its ball as far from its ankle as forecast; the scale kept is the one with the
// least FootfallOverlap over the plants within the horizon, a change from 1 costing
// footfall_scale_cost_m per unit. `current_scale`
// when the setting is off (footfall_max_stride_change 0), the step is not positive or any input
// is not finite.
float FootfallStrideScale(std::span<const float> edges_m, const FootfallForecast& forecast,
                          float step_m, float horizon_m, float current_scale,
                          const StairSettings& settings);

}  // namespace footwork::locomotion
