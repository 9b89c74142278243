#pragma once
// Where a foot touches the ground. In-place clips are authored with the character's root on the
// floor, so the ground a clip stands on is the plane y = 0 of model space. A foot meets it at two
// points: the sole under the ankle (the heel) and the sole under the ball (toe running). Each
// joint's height over its sole, along the foot's own up axis, is measured once from the standing
// pose (the idle clip's first frame: the pose the runtime IK takes as BasePose_N and measures
// its sole points from, see ik::LowestSolePoint), so contacts are judged against the floor
// rather than against the lowest point a clip happens to reach.

#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "footwork/anim/clip.h"
#include "footwork/anim/mirror.h"
#include "footwork/anim/skeleton.h"
#include "footwork/cook/sampled_motion.h"
#include "footwork/core/error.h"

namespace footwork::cook {

// One foot's sole geometry. The default (up = +Y, heights 0) takes the joints themselves as
// the contact points: what analytic test trajectories, whose feet touch y = 0, describe.
struct FootSole {
  // Character up while standing, in the foot joint's frame.
  glm::vec3 up_in_foot{0.0f, 1.0f, 0.0f};
  // Height of the ankle (foot joint) and of the ball joint over the ground when standing (m).
  float ankle_height_m = 0.0f;
  float ball_height_m = 0.0f;
};

struct FootSoles {
  FootSole left;
  FootSole right;
};

// Measures both soles from `standing` at time 0, or from the skeleton's rest pose when
// `standing` is null or implausible (an ankle below the root or above 15% of the head's height:
// a pose that is not standing on the floor). Errors when the binding has no foot_l/foot_r.
Result<FootSoles> MeasureFootSoles(const anim::Skeleton& skeleton, const anim::RigBinding& binding,
                                   const anim::Clip* standing);

// The height over the ground (y = 0) of the sole point under each frame's `joint` (the ankle
// with sole.ankle_height_m, the ball with sole.ball_height_m): the joint minus its standing
// height along the foot's up axis (`rotation` per frame; straight down when it is empty).
std::vector<float> SoleHeights(const std::vector<glm::vec3>& joint,
                               const std::vector<glm::quat>& rotation, const FootSole& sole,
                               float joint_height_m);

// Convenience for the two contact points of a foot.
std::vector<float> HeelHeights(const FootTrajectory& foot, const FootSole& sole);
// Empty when the rig has no ball joint.
std::vector<float> BallHeights(const FootTrajectory& foot, const FootSole& sole);

}  // namespace footwork::cook
