#include "support/pose_eval.h"

namespace footwork::testing {

std::vector<Transform> SampleLocalPose(const anim::Skeleton& skeleton, const anim::Clip& clip,
                                       float time_s) {
  std::vector<Transform> pose = skeleton.rest_pose;
  for (int j = 0; j < skeleton.num_joints() && j < static_cast<int>(clip.tracks.size()); ++j) {
    const anim::JointTrack& track = clip.tracks[j];
    const Transform& rest = skeleton.rest_pose[j];
    pose[j].translation = EvaluateChannel(track.translation, time_s, rest.translation);
    pose[j].rotation = EvaluateChannel(track.rotation, time_s, rest.rotation);
    pose[j].scale = EvaluateChannel(track.scale, time_s, rest.scale);
  }
  return pose;
}

std::vector<Transform> LocalToModel(const anim::Skeleton& skeleton,
                                    const std::vector<Transform>& local) {
  std::vector<Transform> model(local.size());
  for (int j = 0; j < skeleton.num_joints(); ++j) {
    const int parent = skeleton.parents[j];
    model[j] = parent == anim::kNoParent ? local[j] : model[parent] * local[j];
  }
  return model;
}

glm::vec3 JointModelPosition(const anim::Skeleton& skeleton, const anim::Clip& clip, int joint,
                             float time_s) {
  return LocalToModel(skeleton, SampleLocalPose(skeleton, clip, time_s))[joint].translation;
}

}  // namespace footwork::testing
