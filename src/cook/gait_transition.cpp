#include "footwork/cook/gait_transition.h"

#include <cmath>

#include <fmt/format.h>

#include "footwork/anim/curve_names.h"
#include "footwork/anim/sampling.h"
#include "footwork/cook/clip_from_poses.h"
#include "footwork/cook/derived_pose.h"
#include "footwork/cook/sample_motion.h"

namespace footwork::cook {
namespace {

float LeftFootDown(const anim::Clip& clip) {
  for (const anim::SyncMarker& marker : clip.markers) {
    if (marker.name == anim::curve_names::kMarkerFootLeft)
      return marker.time_s;
  }
  return 0.0f;
}

}  // namespace

Result<GaitTransition> SynthesizeGaitTransition(const anim::Skeleton& skeleton,
                                                const anim::Clip& from, const anim::Clip& to,
                                                const GaitTransitionSettings& settings,
                                                const std::string& name, float rate_hz) {
  for (const anim::Clip* cycle : {&from, &to}) {
    if (!cycle->looping || !(cycle->duration_s > 0.0f))
      return Error{fmt::format("{}: source {} must be a looping cycle", name, cycle->name)};
  }
  // Phase (in cycles) advances at 1 / duration of the cycle being shown: the first's during the
  // lead-in, the second's in the tail, blended in between.
  const float blend_begin = settings.lead_in_cycles;
  const float blend_end = blend_begin + settings.blend_cycles;
  const float total = blend_end + settings.tail_cycles;
  const float dt = 1.0f / rate_hz;
  const float from_start = LeftFootDown(from);
  const float to_start = LeftFootDown(to);

  GaitTransition result;
  SampledPoses poses;
  poses.joints = skeleton.num_joints();
  poses.rate_hz = rate_hz;
  // Travel per cycle of each gait (its root motion over one loop).
  const glm::vec3 from_stride =
      anim::SampleRootMotion(from, from.duration_s, anim::WrapMode::kClamp).translation;
  const glm::vec3 to_stride =
      anim::SampleRootMotion(to, to.duration_s, anim::WrapMode::kClamp).translation;
  std::vector<Transform> root;
  glm::vec3 travelled(0.0f);
  PosePair a(skeleton);
  PosePair b(skeleton);
  float phase = 0.0f;
  while (true) {
    const float w = Smoothstep((phase - blend_begin) / (blend_end - blend_begin));
    if (Status s =
            a.Sample(skeleton, from, from_start + phase * from.duration_s, anim::WrapMode::kLoop);
        !s) {
      return WithContext(name, s.error());
    }
    if (Status s = b.Sample(skeleton, to, to_start + phase * to.duration_s, anim::WrapMode::kLoop);
        !s) {
      return WithContext(name, s.error());
    }
    for (int j = 0; j < poses.joints; ++j)
      poses.locals.push_back(Lerp(a.local[j], b.local[j], w));
    result.weight.push_back(w);
    const float duration = from.duration_s + (to.duration_s - from.duration_s) * w;
    const glm::vec3 stride = from_stride + (to_stride - from_stride) * w;
    // The root covers the blended stride per cycle of phase: the speed ramps with the blend. As a
    // function of w it is (a + b w) / (c + d w), monotone, and w only grows.
    result.speed.push_back(std::hypot(stride.x, stride.z) / duration);
    Transform at;
    at.translation = travelled;
    root.push_back(at);
    if (phase >= total)
      break;
    // Every step a whole frame, the last one too (the tail runs up to a frame's phase past
    // tail_cycles): a short last step made the last frame's root speed, so MotionSpeed's last key,
    // a fraction of the second cycle's.
    const float advance = dt / duration;
    travelled += advance * stride;
    phase += advance;
  }
  result.clip = ClipFromPoses(name, poses, root, /*looping=*/false);
  return result;
}

}  // namespace footwork::cook
