#pragma once
// Which point of each foot carries the weight, frame by frame. A walking foot lands on the heel
// with the ankle low and flat, then rolls onto the ball while the heel rises: judging contact by
// the lower of the two points (DetectFootContacts) misses the heel phase and counts the roll,
// where the ankle is no longer still. Each point is judged against its own lowest height here.

#include <vector>

#include "footwork/cook/foot_contacts.h"
#include "footwork/cook/sampled_motion.h"
#include "footwork/cook/standing_feet.h"
#include "footwork/core/error.h"

namespace footwork::cook {

struct FootPlants {
  // The ankle is down and still (heel strike to heel off).
  ContactFlags ankle;
  // The ball is down and still (empty when the rig has no ball joint).
  ContactFlags ball;
  // Either point is planted: the foot is on the ground (foot-down markers).
  ContactFlags any;
  // Where FootLock is 1: the ankle's plant, or the ball's for a foot that never plants its ankle
  // (toe running).
  ContactFlags lock;
  bool lock_on_ball = false;
};

// With `standing`, each point is judged against the lower of its lowest in the clip and its
// height standing on the floor (see DetectFootContacts).
Result<FootPlants> DetectFootPlants(const FootTrajectory& foot, float rate_hz,
                                    const FootContactSettings& settings,
                                    const StandingFoot* standing = nullptr);

// A foot dragged along the ground (a dodge sliding back on one foot) is low and level, as a
// planted one is, but it moves in the world. Clears the plant flags of frames where the point
// moves faster than max_speed_m_s horizontally in the world (`root` applied), drops what is left
// shorter than min_duration_s, and re-derives `any`, `lock` and `lock_on_ball`.
void DropSlidingPlants(FootPlants& plants, const FootTrajectory& foot,
                       const std::vector<Transform>& root, float rate_hz, float max_speed_m_s,
                       const FootContactSettings& settings);

// The trajectory FootLock pins: the ankle, or the ball when lock_on_ball.
const std::vector<glm::vec3>& LockedPoint(const FootTrajectory& foot, const FootPlants& plants);

// Root translation per frame (from the origin) that keeps each foot's planted point still: the
// root moves by minus the mean horizontal velocity of the planted points (the ankle where it is
// planted, else the ball); frames with no planted point interpolate between their neighbours.
// Errors when no point is ever planted.
Result<std::vector<glm::vec3>> RootTranslationFromPlants(const SampledMotion& motion,
                                                         const FootPlants& left,
                                                         const FootPlants& right, bool looping);

}  // namespace footwork::cook
