#include "footwork/cook/transitions.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include <fmt/format.h>

#include "footwork/anim/root_motion.h"
#include "footwork/anim/sampling.h"
#include "footwork/cook/clip_from_poses.h"
#include "footwork/cook/sample_motion.h"
#include "footwork/core/angles.h"

namespace footwork::cook {
namespace {

float Smoothstep(float u) {
  u = std::clamp(u, 0.0f, 1.0f);
  return u * u * (3.0f - 2.0f * u);
}

// Per output frame: how far into the cycle playback has advanced (s), how much of the idle pose
// shows (0..1), and the root yaw added (radians).
struct FramePlan {
  float cycle_advance_s = 0.0f;
  float idle_weight = 0.0f;
  float added_yaw_rad = 0.0f;
};

Status Check(const anim::Clip& cycle, const anim::Clip& idle, const std::string& name) {
  if (!cycle.looping || cycle.root_motion.empty() || !(cycle.duration_s > 0.0f)) {
    return Error{
        fmt::format("{}: source {} must be a looping cycle with root motion", name, cycle.name)};
  }
  if (!(idle.duration_s >= 0.0f))
    return Error{fmt::format("{}: idle {} has an invalid duration", name, idle.name)};
  return Status::Ok();
}

Result<anim::Clip> Synthesize(const anim::Skeleton& skeleton, const anim::Clip& cycle,
                              const anim::Clip& idle, float start_time_s, float duration_s,
                              const std::function<FramePlan(float)>& plan, const std::string& name,
                              float rate_hz) {
  const int frames = FrameCount(duration_s, rate_hz);
  const int joints = skeleton.num_joints();
  SampledPoses poses;
  poses.joints = joints;
  poses.rate_hz = rate_hz;
  poses.locals.resize(static_cast<std::size_t>(frames) * joints);
  std::vector<Transform> cycle_pose(static_cast<std::size_t>(joints));
  std::vector<Transform> idle_pose(static_cast<std::size_t>(joints));
  std::vector<Transform> root(static_cast<std::size_t>(frames));
  Transform world = Transform::Identity();
  float previous_advance = 0.0f;
  for (int f = 0; f < frames; ++f) {
    const float t = static_cast<float>(f) / rate_hz;
    const FramePlan step = plan(t);
    anim::SamplingJob cycle_job{
        &skeleton, &cycle,    start_time_s + step.cycle_advance_s, anim::WrapMode::kLoop,
        nullptr,   cycle_pose};
    anim::SamplingJob idle_job{&skeleton, &idle, t, anim::WrapMode::kLoop, nullptr, idle_pose};
    if (Status status = cycle_job.Run(); !status)
      return WithContext(name, status.error());
    if (Status status = idle_job.Run(); !status)
      return WithContext(name, status.error());
    Transform* out = poses.locals.data() + static_cast<std::size_t>(f) * joints;
    for (int j = 0; j < joints; ++j)
      out[j] = Lerp(cycle_pose[j], idle_pose[j], step.idle_weight);
    // The cycle's own root motion over this frame, turned by the added yaw so far.
    const Transform delta =
        anim::ExtractRootMotion(cycle, start_time_s + previous_advance,
                                step.cycle_advance_s - previous_advance, anim::WrapMode::kLoop);
    previous_advance = step.cycle_advance_s;
    const glm::quat heading = QuatFromYaw(step.added_yaw_rad);
    if (f > 0)
      world.translation += heading * (world.rotation * delta.translation);
    world.rotation = glm::normalize(world.rotation * delta.rotation);
    root[f].translation = world.translation;
    root[f].rotation = glm::normalize(heading * world.rotation);
  }
  return ClipFromPoses(name, poses, root, /*looping=*/false);
}

}  // namespace

Result<anim::Clip> SynthesizeStop(const anim::Skeleton& skeleton, const anim::Clip& cycle,
                                  const anim::Clip& idle, float start_time_s,
                                  const TransitionDescription& settings, const std::string& name,
                                  float rate_hz, StopIdleBlend idle_blend) {
  if (Status status = Check(cycle, idle, name); !status)
    return status.error();
  const float decel_s = settings.stop_cycles * cycle.duration_s;
  const bool after_rest = idle_blend == StopIdleBlend::kAfterRest;
  const float blend_s =
      after_rest ? settings.idle_blend_s : std::min(settings.idle_blend_s, decel_s);
  const float blend_begin_s = after_rest ? decel_s : decel_s - blend_s;
  const auto plan = [&](float t) {
    FramePlan step;
    // Playback rate 1 - t / decel_s: the root decelerates uniformly to rest.
    const float u = std::min(t, decel_s);
    step.cycle_advance_s = u - u * u / (2.0f * decel_s);
    step.idle_weight = Smoothstep((t - blend_begin_s) / std::max(blend_s, 1e-3f));
    return step;
  };
  // After rest, the idle is held for stop_settle_s once the blend is done, as before it.
  const float duration_s = decel_s + (after_rest ? blend_s : 0.0f) + settings.stop_settle_s;
  return Synthesize(skeleton, cycle, idle, start_time_s, duration_s, plan, name, rate_hz);
}

Result<anim::Clip> SynthesizeStart(const anim::Skeleton& skeleton, const anim::Clip& cycle,
                                   const anim::Clip& idle, float start_time_s, float turn_deg,
                                   const TransitionDescription& settings, const std::string& name,
                                   float rate_hz) {
  if (Status status = Check(cycle, idle, name); !status)
    return status.error();
  const float ramp_s = settings.start_ramp_s;
  const float blend_s = std::max(settings.idle_blend_s, 1e-3f);
  const float turn_rad = Radians(turn_deg);
  const auto plan = [&](float t) {
    FramePlan step;
    // Playback rate t / ramp_s, then 1: the root accelerates uniformly from rest.
    step.cycle_advance_s = t < ramp_s ? t * t / (2.0f * ramp_s) : ramp_s * 0.5f + (t - ramp_s);
    step.idle_weight = 1.0f - Smoothstep(t / blend_s);
    step.added_yaw_rad = turn_rad * Smoothstep(t / ramp_s);
    return step;
  };
  return Synthesize(skeleton, cycle, idle, start_time_s, ramp_s + settings.start_cruise_s, plan,
                    name, rate_hz);
}

}  // namespace footwork::cook
