#include "footwork/io/scene_summary.h"

#include <cmath>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace footwork::io {

float RootTravelM(const anim::Clip& clip) {
  if (clip.tracks.empty())
    return 0.0f;
  const anim::Vec3Channel& translation = clip.tracks[0].translation;
  if (translation.size() < 2)
    return 0.0f;
  const glm::vec3 delta = translation.values.back() - translation.values.front();
  return std::hypot(delta.x, delta.z);
}

SceneSummary Summarize(const Scene& scene) {
  SceneSummary summary;
  summary.source = scene.source;
  const anim::Skeleton& skeleton = scene.skeleton;
  for (int j = 0; j < skeleton.num_joints(); ++j) {
    summary.joint_names.push_back(skeleton.joint_names[j]);
    const int parent = skeleton.parents[j];
    summary.parent_names.push_back(parent == anim::kNoParent ? std::string()
                                                             : skeleton.joint_names[parent]);
  }
  for (const anim::Clip& clip : scene.clips) {
    summary.clips.push_back({clip.name, clip.duration_s, clip.CountKeys(), RootTravelM(clip)});
  }
  for (const SkinnedMesh& mesh : scene.meshes) {
    summary.meshes.push_back({mesh.name, mesh.positions.size(), mesh.indices.size() / 3});
  }
  return summary;
}

std::string SummaryToJson(const SceneSummary& summary) {
  nlohmann::ordered_json joints = nlohmann::ordered_json::array();
  for (std::size_t j = 0; j < summary.joint_names.size(); ++j) {
    nlohmann::ordered_json joint = {{"name", summary.joint_names[j]}, {"parent", nullptr}};
    if (!summary.parent_names[j].empty())
      joint["parent"] = summary.parent_names[j];
    joints.push_back(std::move(joint));
  }
  nlohmann::ordered_json clips = nlohmann::ordered_json::array();
  for (const ClipSummary& clip : summary.clips) {
    clips.push_back({{"name", clip.name},
                     {"duration_s", clip.duration_s},
                     {"keys", clip.keys},
                     {"root_motion_m", clip.root_motion_m}});
  }
  nlohmann::ordered_json meshes = nlohmann::ordered_json::array();
  for (const MeshSummary& mesh : summary.meshes) {
    meshes.push_back(
        {{"name", mesh.name}, {"vertices", mesh.vertices}, {"triangles", mesh.triangles}});
  }
  nlohmann::ordered_json root = {{"joints", joints}, {"clips", clips}, {"meshes", meshes}};
  // Replace rather than throw on invalid UTF-8 in names taken from files.
  return root.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

std::string SummaryToText(const SceneSummary& summary) {
  std::string text = fmt::format("{}\n", summary.source);
  text += fmt::format("joints: {}\n", summary.joint_names.size());
  for (std::size_t j = 0; j < summary.joint_names.size(); ++j) {
    text += fmt::format("  {:3} {:<28} parent: {}\n", j, summary.joint_names[j],
                        summary.parent_names[j].empty() ? "-" : summary.parent_names[j]);
  }
  text += fmt::format("clips: {}\n", summary.clips.size());
  for (const ClipSummary& clip : summary.clips) {
    const std::string root_motion = clip.root_motion_m >= kRootMotionThresholdM
                                        ? fmt::format("root motion {:.2f} m", clip.root_motion_m)
                                        : std::string("in place");
    text += fmt::format("  {:<32} {:6.2f} s  {:6} keys  {}\n", clip.name, clip.duration_s,
                        clip.keys, root_motion);
  }
  text += fmt::format("meshes: {}\n", summary.meshes.size());
  for (const MeshSummary& mesh : summary.meshes) {
    text += fmt::format("  {:<32} {:6} vertices  {:6} triangles\n", mesh.name, mesh.vertices,
                        mesh.triangles);
  }
  return text;
}

}  // namespace footwork::io
