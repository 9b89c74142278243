#pragma once
// The level as the renderer draws it: boxes for boxes, stair steps and platforms (platforms where
// they are at a given time), triangle meshes for ramps and terrain. Ground-like boxes (top at or
// below the ground plane) are left to the renderer's grid so the two do not fight for depth.

#include <vector>

#include "footwork/core/error.h"
#include "footwork/render/draw_list.h"
#include "footwork/render/renderer.h"
#include "footwork/world/level.h"

namespace footwork::demo {

// The ramp's wedge in its own space (low edge centred at the origin, rising along +Z).
render::LevelMesh MakeRampMesh(const world::RampDesc& ramp);
// The terrain grid in world space.
render::LevelMesh MakeTerrainMesh(const world::TerrainDesc& terrain);

// A level whose meshes are uploaded to one renderer.
class LevelDrawing {
 public:
  static Result<LevelDrawing> Upload(const world::Level& level, render::Renderer& renderer);
  // Adds everything at level time `time_s` (platforms move) to `list`.
  void AddTo(render::DrawList& list, double time_s) const;

 private:
  world::Level level_;
  std::vector<render::MeshInstance> meshes_;
};

}  // namespace footwork::demo
