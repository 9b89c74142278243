#include "footwork/cook/mirror_clip.h"

#include "footwork/anim/sampling.h"
#include "footwork/cook/clip_from_poses.h"
#include "footwork/cook/sample_motion.h"

namespace footwork::cook {

Result<anim::Clip> MirrorClip(const anim::Skeleton& skeleton, const anim::RigBinding& binding,
                              const anim::Clip& clip, const std::string& name, float rate_hz) {
  Result<SampledPoses> poses = SamplePoses(skeleton, clip, rate_hz);
  if (!poses)
    return poses.error();
  std::vector<Transform> scratch(static_cast<std::size_t>(poses->joints));
  std::vector<Transform> root;
  for (int f = 0; f < poses->frames(); ++f) {
    const std::span<Transform> pose{poses->locals.data() + f * poses->joints,
                                    static_cast<std::size_t>(poses->joints)};
    anim::MirrorJob job;
    job.skeleton = &skeleton;
    job.binding = &binding;
    job.input = pose;
    job.scratch = scratch;
    job.output = pose;
    if (Status status = job.Run(); !status)
      return WithContext(clip.name + " (mirroring)", status.error());
    if (!clip.root_motion.empty()) {
      const float time_s = std::min(static_cast<float>(f) / rate_hz, clip.duration_s);
      Transform r = anim::SampleRootMotion(clip, time_s, anim::WrapMode::kClamp);
      // Reflection across x = 0: M R M for a rotation keeps w and x and negates y and z.
      r.translation.x = -r.translation.x;
      r.rotation = glm::quat(r.rotation.w, r.rotation.x, -r.rotation.y, -r.rotation.z);
      root.push_back(r);
    }
  }
  return ClipFromPoses(name, *poses, root, clip.looping);
}

}  // namespace footwork::cook
