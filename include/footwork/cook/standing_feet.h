#pragma once
// How the character's feet stand on the floor, measured once from the idle clip's first frame (the
// runtime's BasePose_N): the ankle's height over the sole, the sole's normal in the foot's frame
// and the ball joint's height. The cooker uses it to find where a clip's heel or ball sole point
// goes through the floor, with the same sole points the runtime's IK and metrics use.

#include <array>
#include <optional>

#include <glm/glm.hpp>

#include "footwork/anim/clip.h"
#include "footwork/anim/mirror.h"
#include "footwork/anim/skeleton.h"
#include "footwork/core/error.h"
#include "footwork/core/transform.h"

namespace footwork::cook {

struct StandingFoot {
  // Character up, in the foot joint's frame while standing: the sole's normal.
  glm::vec3 up_in_foot{0.0f, 1.0f, 0.0f};
  // The ankle's height over the floor while standing (the lower of the two feet, as the runtime).
  float ankle_height_m = 0.0f;
  // The ball (toe) joint in the foot's frame and its height over the floor; unset without one.
  std::optional<glm::vec3> ball_in_foot;
  float ball_height_m = 0.0f;
};

// Index 0 is the left foot, 1 the right.
using StandingFeet = std::array<StandingFoot, 2>;

// From `idle` at time 0. Errors when the profile names no foot joints, or the pose does not stand
// (an ankle at or below the floor, or implausibly high for the rig).
Result<StandingFeet> MeasureStandingFeet(const anim::Skeleton& skeleton,
                                         const anim::RigBinding& binding, const anim::Clip& idle);

// The heel's and the ball's sole points of a foot at `foot` (model or world space).
glm::vec3 HeelSole(const StandingFoot& standing, const Transform& foot);
std::optional<glm::vec3> BallSole(const StandingFoot& standing, const Transform& foot);
// The height of the lower of the two.
float LowestSoleHeight(const StandingFoot& standing, const Transform& foot);

}  // namespace footwork::cook
