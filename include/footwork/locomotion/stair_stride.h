#pragma once
// Stairs shorten the stride. A walk cycle's step is as long as it was animated on the flat; on
// stairs whose treads are shorter, each foot lands on every second or third tread and the legs
// climb two or three risers a step. The KayKit Knight (36 cm legs) walking up 15 cm risers with its
// 52 cm step climbed 30-45 cm a step and its knees turned 38 degrees in a frame. A person takes
// one tread a step, or two with long legs.
//
// SurveyStairs measures the treads and risers along the way the character moves; StairStrideFactor
// says by how much the step must shorten so that it covers as many treads as the legs climb
// (StairSettings::max_rise_per_step_m of rise). The locomotion character divides its speed by that
// factor and keeps the cycle's play rate as on the flat, so stride warping shortens each step by
// the same factor: the cadence stays and each step lands a tread further.

#include <optional>
#include <vector>

#include <glm/glm.hpp>

#include "footwork/locomotion/gait_selector.h"
#include "footwork/locomotion/locomotion_settings.h"
#include "footwork/world/collision_world.h"

namespace footwork::locomotion {

// Stairs found along a line on the ground.
struct StairProfile {
  // Mean distance between consecutive risers (m) and mean riser height (m).
  float tread_m = 0.0f;
  float riser_m = 0.0f;
  // Risers found (at least 2).
  int risers = 0;
  // The ground goes down along the survey's direction (the risers drop, on the whole).
  bool down = false;
  // Where each riser is: m along the survey's direction from the feet it was made from (negative
  // behind them), half way between the two traces it rises or drops between.
  std::vector<float> edges_m;
};

// Traces down every settings.survey_spacing_m along `direction` (horizontal, any length) from
// survey_behind_m behind `feet` (the capsule's bottom, world) to survey_ahead_m ahead of it; a
// riser is a rise or drop between two neighbouring traces of min_riser_m to max_riser_m. Stairs
// are at least two risers; a ramp or terrain has none, a platform's edge one. Unset without them,
// without a direction, or on non-finite input.
std::optional<StairProfile> SurveyStairs(const world::CollisionWorld& world, const glm::vec3& feet,
                                         const glm::vec3& direction, const StairSettings& settings);

// How far ahead (m) a survey made at speed_m_s reaches: survey_ahead_m, or as far as the
// character moves in survey_ahead_s when that is further (at most kMaxStairSurveyAheadM).
float StairSurveyAheadM(const StairSettings& settings, float speed_m_s);

// The most a step at `gait` rises (m; going up) or drops (going down): max_rise_per_step_m or
// max_drop_per_step_m at the walk, their run_ versions at the run, 0 (off) at idle.
float MaxStairStep(const StairSettings& settings, GroundGait gait, bool down);

// Whether the stair stride acts at `gait` at all (going up or down).
bool StairStrideOn(const StairSettings& settings, GroundGait gait);

// How many times shorter a step of step_length_m must be to cover as many whole treads as rise at
// most MaxStairStep (at least one tread): 1 when it already does, at most max_stride_factor. 1
// when that is 0 (off) or the input is not positive and finite.
float StairStrideFactor(const StairProfile& stairs, float step_length_m,
                        const StairSettings& settings, GroundGait gait);

}  // namespace footwork::locomotion
