#pragma once
// Small skeletons and clips built in code for the graph node tests: a 3-joint chain whose joint 1
// turns about +Y by an angle that reveals the playback time, root motion at a known speed, and
// uniformly sampled curves.

#include <cmath>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "footwork/anim/clip.h"
#include "footwork/anim/skeleton.h"
#include "footwork/core/transform.h"

namespace footwork::graph::testing {

inline anim::Skeleton ChainSkeleton() {
  anim::Skeleton skeleton;
  skeleton.joint_names = {"root", "spine", "head"};
  skeleton.parents = {-1, 0, 1};
  skeleton.rest_pose.resize(3);
  skeleton.rest_pose[1].translation = {0.0f, 1.0f, 0.0f};
  skeleton.rest_pose[2].translation = {0.0f, 0.5f, 0.0f};
  return skeleton;
}

// Joint 1's yaw in a pose (radians about +Y), which the clips below set to `yaw_per_s * time`.
inline float SpineYaw(const Transform& spine) {
  const glm::quat q = spine.rotation;
  return 2.0f * std::atan2(q.y, q.w);
}

// A clip of `duration_s` keyed at `key_rate_hz`: joint 1 yaws by yaw_per_s * t, the root moves
// along +Z at speed_m_s, and curve "Value" = t. With a stop point (`distance_zero_s`), curve
// "Distance" is speed * (t - distance_zero_s): negative before it, 0 at it.
inline anim::Clip TimeRevealingClip(const std::string& name, float duration_s, bool looping,
                                    float yaw_per_s = 1.0f, float speed_m_s = 1.0f,
                                    float distance_zero_s = 0.0f, float key_rate_hz = 60.0f) {
  anim::Clip clip;
  clip.name = name;
  clip.duration_s = duration_s;
  clip.looping = looping;
  clip.tracks.resize(3);
  anim::FloatCurve value{"Value", {}, {}};
  anim::FloatCurve distance{"Distance", {}, {}};
  const int keys = std::max(2, static_cast<int>(std::lround(duration_s * key_rate_hz)) + 1);
  for (int k = 0; k < keys; ++k) {
    const float t = duration_s * static_cast<float>(k) / static_cast<float>(keys - 1);
    clip.tracks[1].rotation.times.push_back(t);
    clip.tracks[1].rotation.values.push_back(
        glm::angleAxis(yaw_per_s * t, glm::vec3(0.0f, 1.0f, 0.0f)));
    clip.root_motion.translation.times.push_back(t);
    clip.root_motion.translation.values.push_back({0.0f, 0.0f, speed_m_s * t});
    value.times.push_back(t);
    value.values.push_back(t);
    distance.times.push_back(t);
    distance.values.push_back(speed_m_s * (t - distance_zero_s));
  }
  clip.curves = {value, distance};
  return clip;
}

}  // namespace footwork::graph::testing
