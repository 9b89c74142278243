#include "footwork/cook/clip_sequence.h"

#include <algorithm>

#include "footwork/anim/sampling.h"
#include "footwork/cook/clip_from_poses.h"
#include "footwork/cook/derived_pose.h"
#include "footwork/cook/sample_motion.h"

namespace footwork::cook {

Result<ClipSequence> SequenceClips(const anim::Skeleton& skeleton,
                                   const std::vector<const anim::Clip*>& segments,
                                   const std::string& name, float rate_hz, float seam_blend_s) {
  if (segments.empty())
    return Error{name + ": no clips to sequence"};
  const int joints = skeleton.num_joints();
  const int blend_frames = std::max(1, static_cast<int>(seam_blend_s * rate_hz));
  ClipSequence result;
  SampledPoses poses;
  poses.joints = joints;
  poses.rate_hz = rate_hz;
  std::vector<Transform> root;
  Transform base = Transform::Identity();
  for (std::size_t s = 0; s < segments.size(); ++s) {
    const anim::Clip& segment = *segments[s];
    Result<SampledPoses> sampled = SamplePoses(skeleton, segment, rate_hz);
    if (!sampled)
      return WithContext(name + " (" + segment.name + ")", sampled.error());
    const int frames = sampled->frames();
    // The seam: how the previous segment's last pose differs from this one's first.
    std::vector<Transform> offset(static_cast<std::size_t>(joints));
    if (s > 0) {
      const Transform* last = poses.locals.data() + poses.locals.size() - joints;
      const Transform* first = sampled->Frame(0);
      for (int j = 0; j < joints; ++j) {
        offset[j].translation = last[j].translation - first[j].translation;
        offset[j].rotation = glm::normalize(last[j].rotation * glm::inverse(first[j].rotation));
      }
    }
    result.segment_frames.push_back(static_cast<int>(root.size()) - (s > 0 ? 1 : 0));
    for (int f = s > 0 ? 1 : 0; f < frames; ++f) {
      const float fade = s > 0 ? 1.0f - Smoothstep(static_cast<float>(f) / blend_frames) : 0.0f;
      const Transform* pose = sampled->Frame(f);
      for (int j = 0; j < joints; ++j) {
        Transform t = pose[j];
        if (fade > 0.0f) {
          t.translation += fade * offset[j].translation;
          t.rotation = glm::normalize(
              Nlerp(glm::quat(1.0f, 0.0f, 0.0f, 0.0f), offset[j].rotation, fade) * t.rotation);
        }
        poses.locals.push_back(t);
      }
      const float time_s = std::min(static_cast<float>(f) / rate_hz, segment.duration_s);
      root.push_back(base * anim::SampleRootMotion(segment, time_s, anim::WrapMode::kClamp));
    }
    base = root.back();
  }
  result.clip = ClipFromPoses(name, poses, root, /*looping=*/false);
  return result;
}

}  // namespace footwork::cook
