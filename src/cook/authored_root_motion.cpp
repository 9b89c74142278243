#include "footwork/cook/authored_root_motion.h"

#include <cmath>

namespace footwork::cook {

float RootJointTravel(const anim::Clip& clip, int root_joint) {
  if (root_joint < 0 || root_joint >= static_cast<int>(clip.tracks.size()))
    return 0.0f;
  const anim::Vec3Channel& translation = clip.tracks[root_joint].translation;
  if (translation.size() < 2)
    return 0.0f;
  const glm::vec3 delta = translation.values.back() - translation.values.front();
  return std::hypot(delta.x, delta.z);
}

void MoveRootJointTravelToRootMotion(anim::Clip& clip, int root_joint) {
  if (root_joint < 0 || root_joint >= static_cast<int>(clip.tracks.size()))
    return;
  anim::Vec3Channel& joint = clip.tracks[root_joint].translation;
  if (joint.empty())
    return;
  const glm::vec3 start = joint.values.front();
  anim::Vec3Channel travel;
  travel.times = joint.times;
  travel.interpolation = joint.interpolation;
  for (glm::vec3& value : joint.values) {
    travel.values.push_back({value.x - start.x, 0.0f, value.z - start.z});
    value.x = start.x;
    value.z = start.z;
  }
  clip.root_motion.translation = std::move(travel);
}

}  // namespace footwork::cook
