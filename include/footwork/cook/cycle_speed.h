#pragma once
// The ground speed of an in-place locomotion cycle, from its feet. Two estimates:
//  - planted: the planted point's backward speed (the root speed at which it would not slide);
//  - stride: step length (the feet's largest fore-aft separation) x cadence (foot-downs per s).
// For walks (double support) both agree. Stylised runs sweep the planted foot back much faster
// than their stride and cadence allow (the Quaternius jog: 5.7 m/s planted vs 2.5 m/s from its
// stride); their description picks the stride estimate, and foot pinning holds the planted foot
// still at that speed. A run animated against a ground (the test humanoid) has flight phases the
// separation does not see, so there the planted estimate is the exact one.

#include <string>

#include <glm/glm.hpp>

#include "footwork/cook/foot_plants.h"
#include "footwork/cook/sampled_motion.h"
#include "footwork/core/error.h"

namespace footwork::cook {

struct CycleSpeed {
  // Mean horizontal root velocity that keeps the planted points still (m/s, model space).
  glm::vec3 planted_velocity{0.0f};
  float planted_speed_m_s = 0.0f;
  // Largest separation of the ankles along the direction of travel (m).
  float step_length_m = 0.0f;
  // Foot-downs per second.
  float cadence_hz = 0.0f;
  float stride_speed_m_s = 0.0f;
  // The root velocity along the planted velocity's direction at the chosen speed.
  glm::vec3 VelocityAt(float speed_m_s) const;
};

// Errors when no foot is ever planted or the trajectories and flags differ in size.
Result<CycleSpeed> EstimateCycleSpeed(const SampledMotion& motion, const FootPlants& left,
                                      const FootPlants& right, bool looping);

}  // namespace footwork::cook
