#include "footwork/demo/motion_bake.h"

#include <algorithm>
#include <cmath>

#include "footwork/demo/trace_pose.h"

namespace footwork::demo {
namespace {

// Below this a translation channel is the rest value and is left out of the file.
constexpr float kStillTranslationM = 1e-4f;

// The frame shown at time t: the last one at or before it.
std::size_t FrameAt(std::span<const sim::TraceFrame> frames, double t) {
  auto after = std::upper_bound(frames.begin(), frames.end(), t + 1e-9,
                                [](double time, const sim::TraceFrame& f) { return time < f.t; });
  return after == frames.begin() ? 0 : static_cast<std::size_t>(after - frames.begin()) - 1;
}

}  // namespace

Result<io::Scene> BakeMotion(std::span<const sim::TraceFrame> frames,
                             const io::CookedLibrary& library, const MotionBakeOptions& options) {
  if (frames.empty())
    return Error{"bake motion: the trace has no frames"};
  if (!(options.keys_per_second > 0.0f) || !std::isfinite(options.keys_per_second))
    return Error{"bake motion: keys_per_second must be > 0"};
  const anim::Skeleton& skeleton = library.skeleton;
  const double duration = options.duration_s > 0.0 ? options.duration_s : frames.back().t;
  const int intervals =
      std::max(1, static_cast<int>(std::ceil(duration * options.keys_per_second - 1e-6)));

  anim::Clip clip;
  clip.name = options.animation_name;
  clip.duration_s = static_cast<float>(duration);
  clip.tracks.resize(static_cast<std::size_t>(skeleton.num_joints()));
  std::vector<std::vector<glm::vec3>> translations(clip.tracks.size());
  for (int key = 0; key <= intervals; ++key) {
    const double t =
        key == intervals ? duration : key / static_cast<double>(options.keys_per_second);
    auto pose = PoseOfFrame(frames[FrameAt(frames, t)], skeleton, options.capsule_bottom_offset_m);
    if (!pose)
      return pose.error();
    std::vector<Transform> local = LocalFromModel(skeleton, pose->model);
    for (std::size_t j = 0; j < local.size(); ++j) {
      if (skeleton.parents[j] == anim::kNoParent) {
        // The root carries the world motion.
        local[j].translation = pose->world.TransformPoint(local[j].translation);
        local[j].rotation = glm::normalize(pose->world.rotation * local[j].rotation);
      }
      anim::JointTrack& track = clip.tracks[j];
      glm::quat rotation = local[j].rotation;
      // Keep neighbouring keys in the same hemisphere so interpolation takes the short way.
      if (!track.rotation.values.empty() && glm::dot(track.rotation.values.back(), rotation) < 0)
        rotation = -rotation;
      track.rotation.times.push_back(static_cast<float>(t));
      track.rotation.values.push_back(rotation);
      translations[j].push_back(local[j].translation);
    }
  }
  for (std::size_t j = 0; j < clip.tracks.size(); ++j) {
    const glm::vec3 rest = skeleton.rest_pose[j].translation;
    const bool moves =
        std::any_of(translations[j].begin(), translations[j].end(),
                    [&](const glm::vec3& v) { return glm::length(v - rest) > kStillTranslationM; });
    if (moves) {
      clip.tracks[j].translation.times = clip.tracks[j].rotation.times;
      clip.tracks[j].translation.values = std::move(translations[j]);
    }
  }
  if (Status valid = clip.Validate(skeleton.num_joints()); !valid)
    return Error{"bake motion: " + valid.error().message};

  io::Scene scene;
  scene.source = library.character.empty() ? "footwork" : library.character;
  scene.skeleton = skeleton;
  scene.meshes = library.meshes;
  scene.clips.push_back(std::move(clip));
  return scene;
}

}  // namespace footwork::demo
