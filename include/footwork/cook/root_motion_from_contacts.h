#pragma once
// Root motion for in-place clips: the packs' locomotion cycles keep the root still and slide the
// planted foot backward under it. Moving the root forward by exactly that slide keeps the planted
// foot still in the world, which is the definition of no foot sliding.

#include <vector>

#include <glm/glm.hpp>

#include "footwork/cook/sampled_motion.h"
#include "footwork/core/error.h"

namespace footwork::cook {

struct RootMotionFromContactsResult {
  // Horizontal root velocity (m/s, model space) per frame.
  std::vector<glm::vec3> velocity;
  // Root translation per frame, starting at the origin.
  std::vector<glm::vec3> translation;
  // Mean horizontal speed over the clip (m/s).
  float mean_speed_m_s = 0.0f;
};

// Root velocity per frame = minus the mean horizontal velocity of the planted feet; frames with no
// planted foot (a run's flight phase) interpolate between the nearest planted frames (across the
// loop for looping clips). Errors when no foot is ever planted or the inputs disagree in size.
Result<RootMotionFromContactsResult> RootMotionFromContacts(const SampledMotion& motion,
                                                            const ContactFlags& left_contact,
                                                            const ContactFlags& right_contact,
                                                            bool looping);

}  // namespace footwork::cook
