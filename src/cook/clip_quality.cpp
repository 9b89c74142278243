#include "footwork/cook/clip_quality.h"

#include <algorithm>

#include <fmt/format.h>

#include "footwork/core/angles.h"

namespace footwork::cook {

float MeanLockedFootSpeed(const std::vector<Transform>& root,
                          const std::vector<glm::vec3>& foot_model, const std::vector<float>& lock,
                          float rate_hz) {
  const std::size_t n = std::min({root.size(), foot_model.size(), lock.size()});
  float sum = 0.0f;
  int count = 0;
  for (std::size_t i = 1; i < n; ++i) {
    if (lock[i] < 0.999f || lock[i - 1] < 0.999f)
      continue;
    // Horizontal: the runtime's lock holds the foot's place on the ground and lets its height
    // follow the animation (a heel rising as the foot rolls onto its ball).
    glm::vec3 step =
        root[i].TransformPoint(foot_model[i]) - root[i - 1].TransformPoint(foot_model[i - 1]);
    step.y = 0.0f;
    sum += glm::length(step) * rate_hz;
    ++count;
  }
  return count > 0 ? sum / static_cast<float>(count) : 0.0f;
}

JointStep LargestJointStep(const std::vector<glm::quat>& local_rotations, int joints) {
  JointStep largest;
  if (joints <= 0)
    return largest;
  const std::size_t frames = local_rotations.size() / static_cast<std::size_t>(joints);
  for (std::size_t f = 1; f < frames; ++f) {
    for (int j = 0; j < joints; ++j) {
      const float step =
          AngleBetween(local_rotations[(f - 1) * joints + j], local_rotations[f * joints + j]);
      if (step > largest.radians)
        largest = {step, j, static_cast<int>(f)};
    }
  }
  return largest;
}

float MaxJointStep(const std::vector<glm::quat>& local_rotations, int joints) {
  return LargestJointStep(local_rotations, joints).radians;
}

float PoseGap(const std::vector<glm::quat>& a, const std::vector<glm::quat>& b) {
  float largest = 0.0f;
  for (std::size_t j = 0; j < std::min(a.size(), b.size()); ++j) {
    largest = std::max(largest, AngleBetween(a[j], b[j]));
  }
  return largest;
}

Status CheckQuality(const std::string& clip_name, const ClipQuality& quality,
                    const ClipQualityBars& bars, bool looping) {
  std::string misses;
  const auto miss = [&](const std::string& text) { misses += misses.empty() ? text : "; " + text; };
  if (quality.locked_foot_speed_cm_s_left > bars.max_locked_foot_speed_cm_s) {
    miss(fmt::format("locked left foot moves {:.2f} cm/s (bar {:.2f})",
                     quality.locked_foot_speed_cm_s_left, bars.max_locked_foot_speed_cm_s));
  }
  if (quality.locked_foot_speed_cm_s_right > bars.max_locked_foot_speed_cm_s) {
    miss(fmt::format("locked right foot moves {:.2f} cm/s (bar {:.2f})",
                     quality.locked_foot_speed_cm_s_right, bars.max_locked_foot_speed_cm_s));
  }
  if (quality.max_joint_step_deg > bars.max_joint_step_deg) {
    const std::string where =
        quality.max_joint_step_joint.empty()
            ? std::string("a joint")
            : fmt::format("joint {} (at {:.2f} s)", quality.max_joint_step_joint,
                          quality.max_joint_step_time_s);
    miss(fmt::format("{} turns {:.1f} deg in one 60 Hz frame (bar {:.1f})", where,
                     quality.max_joint_step_deg, bars.max_joint_step_deg));
  }
  for (const auto& [side, height] : {std::pair{"left", quality.locked_sole_height_cm_left},
                                     std::pair{"right", quality.locked_sole_height_cm_right}}) {
    if (height && bars.max_locked_sole_height_cm && *height > *bars.max_locked_sole_height_cm) {
      miss(fmt::format("locked {} foot stands {:.2f} cm over the floor (bar {:.2f})", side, *height,
                       *bars.max_locked_sole_height_cm));
    }
  }
  if (looping && quality.loop_gap_deg > bars.max_loop_gap_deg) {
    miss(fmt::format("loop does not close: first and last pose differ by {:.2f} deg (bar {:.2f})",
                     quality.loop_gap_deg, bars.max_loop_gap_deg));
  }
  if (misses.empty())
    return Status::Ok();
  return Error{clip_name + ": " + misses};
}

}  // namespace footwork::cook
