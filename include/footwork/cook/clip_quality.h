#pragma once
// Measured quality of a cooked clip, against the bars a cooked clip must meet: the locked foot
// stays still, no joint pops between frames, loops close.

#include <optional>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "footwork/cook/sampled_motion.h"
#include "footwork/core/error.h"

namespace footwork::cook {

struct ClipQualityBars {
  // Mean speed of a foot while its FootLock is 1 (world space, root motion applied).
  float max_locked_foot_speed_cm_s = 1.0f;
  // Largest local rotation change of any joint between consecutive 60 Hz frames.
  float max_joint_step_deg = 15.0f;
  // Looping clips: largest joint rotation difference between the first and last pose.
  float max_loop_gap_deg = 1.0f;
  // Height of a locked foot's lower sole point (heel or ball) over the floor (the root's
  // height): issue 7's planted-foot float bar. Measured when the idle's feet are known; held to
  // this bar only when the cook grounds planted feet (a description's floor_from_idle): unset,
  // the figure is reported without a bar.
  std::optional<float> max_locked_sole_height_cm = 2.0f;
};

struct ClipQuality {
  float locked_foot_speed_cm_s_left = 0.0f;
  float locked_foot_speed_cm_s_right = 0.0f;
  float max_joint_step_deg = 0.0f;
  // Where that step is: the joint's name (empty when unmeasured) and the frame's time (s).
  std::string max_joint_step_joint;
  float max_joint_step_time_s = 0.0f;
  // Only measured for looping clips; 0 otherwise.
  float loop_gap_deg = 0.0f;
  // Highest lower sole point of a foot over the frames its FootLock is 1 (cm over the floor);
  // unset when not measured (no standing feet, or the foot never locks).
  std::optional<float> locked_sole_height_cm_left;
  std::optional<float> locked_sole_height_cm_right;
};

// Mean horizontal world-space speed (m/s) of a foot over the frames where lock >= 0.999; 0 if
// never locked.
// foot_model is the foot's model-space position per frame; root places it in the world.
float MeanLockedFootSpeed(const std::vector<Transform>& root,
                          const std::vector<glm::vec3>& foot_model, const std::vector<float>& lock,
                          float rate_hz);

// Largest rotation (radians) of any joint between consecutive frames of local rotations
// (frames x joints, row-major).
float MaxJointStep(const std::vector<glm::quat>& local_rotations, int joints);

// The same, with where it happens: the joint and the later frame of the pair (both -1 when there
// is no pair of frames).
struct JointStep {
  float radians = 0.0f;
  int joint = -1;
  int frame = -1;
};
JointStep LargestJointStep(const std::vector<glm::quat>& local_rotations, int joints);

// Largest rotation (radians) between the same joint's rotations in two poses.
float PoseGap(const std::vector<glm::quat>& a, const std::vector<glm::quat>& b);

// Ok when every measured figure is within its bar; otherwise an error listing each miss, e.g.
// "Walk_Loop: locked left foot moves 1.4 cm/s (bar 1.0)".
Status CheckQuality(const std::string& clip_name, const ClipQuality& quality,
                    const ClipQualityBars& bars, bool looping);

}  // namespace footwork::cook
