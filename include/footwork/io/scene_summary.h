#pragma once
// A short description of an imported Scene (what `footwork inspect` prints): joints, clips with
// their key counts and root travel, meshes.

#include <cstddef>
#include <string>
#include <vector>

#include "footwork/io/scene.h"

namespace footwork::io {

struct ClipSummary {
  std::string name;
  float duration_s = 0.0f;
  std::size_t keys = 0;
  // Horizontal (XZ) distance the skeleton's root joint travels between its first and last
  // translation key, in metres; 0 for clips that play in place.
  float root_motion_m = 0.0f;
};

struct MeshSummary {
  std::string name;
  std::size_t vertices = 0;
  std::size_t triangles = 0;
};

struct SceneSummary {
  std::string source;
  std::vector<std::string> joint_names;
  // Parent name per joint, empty for roots.
  std::vector<std::string> parent_names;
  std::vector<ClipSummary> clips;
  std::vector<MeshSummary> meshes;
};

// Root travel below this many metres counts as "in place".
inline constexpr float kRootMotionThresholdM = 0.01f;

SceneSummary Summarize(const Scene& scene);

// Horizontal distance the root joint (joint 0) travels over the clip, in metres.
float RootTravelM(const anim::Clip& clip);

// One JSON object: {"joints": [{"name", "parent"}], "clips": [{"name", "duration_s", "keys",
// "root_motion_m"}], "meshes": [{"name", "vertices", "triangles"}]}; parent is null for roots.
std::string SummaryToJson(const SceneSummary& summary);

// Human-readable multi-line text.
std::string SummaryToText(const SceneSummary& summary);

}  // namespace footwork::io
