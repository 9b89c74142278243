#pragma once
// What the renderer draws besides characters: level geometry (boxes and triangle meshes) and
// debug lines and points. Plain data, so that callers (the demo, the world layer's adapters) fill
// it without depending on OpenGL.

#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

namespace footwork::render {

// A static triangle mesh (ramps, stairs, terrain) in its own space, uploaded once with
// Renderer::UploadMesh and then drawn by id any number of times.
struct LevelMesh {
  std::vector<glm::vec3> positions;
  // One per position; empty: computed from the triangles (smooth).
  std::vector<glm::vec3> normals;
  // Triangle list, counter-clockwise seen from outside.
  std::vector<std::uint32_t> indices;
};

// Id returned by Renderer::UploadMesh.
using MeshId = int;

// A box: full extents, centre, turned about +Y (the level layer's box description).
struct BoxInstance {
  glm::vec3 center_m{0.0f};
  glm::vec3 size_m{1.0f};
  float yaw_rad = 0.0f;
  // Linear RGB.
  glm::vec3 color{0.6f};
};

// An uploaded mesh placed in the world.
struct MeshInstance {
  MeshId mesh = -1;
  glm::mat4 world{1.0f};
  glm::vec3 color{0.6f};
};

// A debug segment. on_top segments ignore depth so they show through geometry.
struct DebugLine {
  glm::vec3 from_m{0.0f};
  glm::vec3 to_m{0.0f};
  glm::vec3 color{1.0f, 1.0f, 0.0f};
  bool on_top = false;
};

// A debug dot of a fixed size in pixels.
struct DebugPoint {
  glm::vec3 position_m{0.0f};
  glm::vec3 color{1.0f, 0.0f, 0.0f};
  float size_px = 8.0f;
  bool on_top = true;
};

// Everything but characters for one frame. Cleared and refilled by the caller each frame.
struct DrawList {
  std::vector<BoxInstance> boxes;
  std::vector<MeshInstance> meshes;
  std::vector<DebugLine> lines;
  std::vector<DebugPoint> points;

  void Clear() {
    boxes.clear();
    meshes.clear();
    lines.clear();
    points.clear();
  }
};

}  // namespace footwork::render
