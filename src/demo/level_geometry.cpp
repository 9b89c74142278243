#include "footwork/demo/level_geometry.h"

#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

namespace footwork::demo {
namespace {

constexpr float kDegToRad = 0.017453292f;
// Colours (linear RGB) that read apart from the grey ground and the character.
const glm::vec3 kBoxColor{0.55f, 0.50f, 0.44f};
const glm::vec3 kRampColor{0.36f, 0.50f, 0.62f};
const glm::vec3 kStairsColor{0.62f, 0.52f, 0.36f};
const glm::vec3 kTerrainColor{0.38f, 0.52f, 0.32f};
const glm::vec3 kPlatformColor{0.75f, 0.38f, 0.25f};

glm::mat4 YawPlacement(const glm::vec3& position_m, float yaw_deg) {
  return glm::rotate(glm::translate(glm::mat4(1.0f), position_m), yaw_deg * kDegToRad,
                     glm::vec3(0.0f, 1.0f, 0.0f));
}

// Corners are listed clockwise seen from outside (Y up, X right, Z forward is right-handed, so
// the triangles are emitted reversed to face out).
void AddQuad(render::LevelMesh& mesh, glm::vec3 a, glm::vec3 b, glm::vec3 c, glm::vec3 d) {
  // Flat-shaded: each face has its own vertices so normals stay sharp.
  const glm::vec3 normal = glm::normalize(glm::cross(c - a, b - a));
  const auto base = static_cast<std::uint32_t>(mesh.positions.size());
  for (const glm::vec3& p : {a, b, c, d}) {
    mesh.positions.push_back(p);
    mesh.normals.push_back(normal);
  }
  for (std::uint32_t i : {0u, 2u, 1u, 0u, 3u, 2u})
    mesh.indices.push_back(base + i);
}

void AddTriangle(render::LevelMesh& mesh, glm::vec3 a, glm::vec3 b, glm::vec3 c) {
  const glm::vec3 normal = glm::normalize(glm::cross(c - a, b - a));
  const auto base = static_cast<std::uint32_t>(mesh.positions.size());
  for (const glm::vec3& p : {a, b, c}) {
    mesh.positions.push_back(p);
    mesh.normals.push_back(normal);
  }
  for (std::uint32_t i : {0u, 2u, 1u})
    mesh.indices.push_back(base + i);
}

}  // namespace

render::LevelMesh MakeRampMesh(const world::RampDesc& ramp) {
  const float w = ramp.width_m * 0.5f;
  const float l = ramp.length_m;
  const float h = ramp.RiseM();
  render::LevelMesh mesh;
  AddQuad(mesh, {-w, 0, 0}, {w, 0, 0}, {w, h, l}, {-w, h, l});  // slope
  AddQuad(mesh, {-w, 0, l}, {w, 0, l}, {w, 0, 0}, {-w, 0, 0});  // bottom
  AddQuad(mesh, {w, 0, l}, {-w, 0, l}, {-w, h, l}, {w, h, l});  // back wall
  AddTriangle(mesh, {w, 0, 0}, {w, 0, l}, {w, h, l});           // +X side
  AddTriangle(mesh, {-w, 0, 0}, {-w, h, l}, {-w, 0, l});        // -X side
  return mesh;
}

render::LevelMesh MakeTerrainMesh(const world::TerrainDesc& terrain) {
  render::LevelMesh mesh;
  for (int r = 0; r < terrain.rows; ++r) {
    for (int c = 0; c < terrain.cols; ++c) {
      const float height = terrain.heights_m[static_cast<std::size_t>(r * terrain.cols + c)];
      mesh.positions.push_back(terrain.position_m +
                               glm::vec3(c * terrain.cell_size_m, height, r * terrain.cell_size_m));
    }
  }
  auto index = [&](int r, int c) { return static_cast<std::uint32_t>(r * terrain.cols + c); };
  for (int r = 0; r + 1 < terrain.rows; ++r) {
    for (int c = 0; c + 1 < terrain.cols; ++c) {
      // Rows run along +Z and columns along +X, so (r,c) (r+1,c) (r+1,c+1) faces up.
      for (std::uint32_t i : {index(r, c), index(r + 1, c), index(r + 1, c + 1), index(r, c),
                              index(r + 1, c + 1), index(r, c + 1)})
        mesh.indices.push_back(i);
    }
  }
  return mesh;  // normals computed smooth by the renderer
}

Result<LevelDrawing> LevelDrawing::Upload(const world::Level& level, render::Renderer& renderer) {
  LevelDrawing drawing;
  drawing.level_ = level;
  for (const world::RampDesc& ramp : level.ramps) {
    auto id = renderer.UploadMesh(MakeRampMesh(ramp));
    if (!id)
      return Error{"ramp '" + ramp.name + "': " + id.error().message};
    drawing.meshes_.push_back({*id, YawPlacement(ramp.position_m, ramp.yaw_deg), kRampColor});
  }
  for (const world::TerrainDesc& terrain : level.terrains) {
    auto id = renderer.UploadMesh(MakeTerrainMesh(terrain));
    if (!id)
      return Error{"terrain '" + terrain.name + "': " + id.error().message};
    drawing.meshes_.push_back({*id, glm::mat4(1.0f), kTerrainColor});
  }
  return drawing;
}

void LevelDrawing::AddTo(render::DrawList& list, double time_s) const {
  for (const world::BoxDesc& box : level_.boxes) {
    if (box.position_m.y + box.size_m.y * 0.5f <= 1e-3f)
      continue;  // the ground: drawn as the renderer's grid
    list.boxes.push_back({box.position_m, box.size_m, box.yaw_deg * kDegToRad, kBoxColor});
  }
  for (const world::StairsDesc& stairs : level_.stairs) {
    const glm::mat4 base = YawPlacement(stairs.position_m, stairs.yaw_deg);
    for (int i = 0; i < stairs.step_count; ++i) {
      const float height = stairs.step_height_m * static_cast<float>(i + 1);
      const glm::vec3 local(0.0f, height * 0.5f,
                            stairs.step_depth_m * (static_cast<float>(i) + 0.5f));
      // Alternate shades so each step's edge shows.
      const glm::vec3 color = kStairsColor * (i % 2 == 0 ? 1.0f : 0.85f);
      list.boxes.push_back({glm::vec3(base * glm::vec4(local, 1.0f)),
                            {stairs.width_m, height, stairs.step_depth_m},
                            stairs.yaw_deg * kDegToRad,
                            color});
    }
  }
  for (const world::PlatformDesc& platform : level_.platforms) {
    list.boxes.push_back(
        {world::PlatformPositionAt(platform, time_s), platform.size_m, 0.0f, kPlatformColor});
  }
  for (const render::MeshInstance& mesh : meshes_)
    list.meshes.push_back(mesh);
}

}  // namespace footwork::demo
