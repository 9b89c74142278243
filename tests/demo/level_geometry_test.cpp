// The level as drawn: ramp wedges rise to the ramp's height with outward faces, terrain meshes
// follow the height field, stairs and moving platforms land where the collision world has them.
#include <gtest/gtest.h>

#include <algorithm>

#include "footwork/demo/level_geometry.h"
#include "footwork/demo/progress_bar.h"

namespace footwork::demo {
namespace {

// Sum of (face normal . (face centre - mesh centre)) signs: every face points away from the inside.
void ExpectFacesPointOutward(const render::LevelMesh& mesh) {
  glm::vec3 centre(0.0f);
  for (const glm::vec3& p : mesh.positions)
    centre += p;
  centre /= static_cast<float>(mesh.positions.size());
  for (std::size_t i = 0; i + 2 < mesh.indices.size(); i += 3) {
    const glm::vec3 a = mesh.positions[mesh.indices[i]];
    const glm::vec3 b = mesh.positions[mesh.indices[i + 1]];
    const glm::vec3 c = mesh.positions[mesh.indices[i + 2]];
    const glm::vec3 normal = glm::cross(b - a, c - a);
    EXPECT_GT(glm::dot(normal, (a + b + c) / 3.0f - centre), 0.0f) << "triangle " << i / 3;
  }
}

TEST(LevelGeometryTest, RampRisesToItsHeightAtTheFarEnd) {
  world::RampDesc ramp;
  ramp.slope_deg = 25.0f;
  ramp.length_m = 4.0f;
  ramp.width_m = 3.0f;
  const render::LevelMesh mesh = MakeRampMesh(ramp);
  float top = 0.0f;
  float far = 0.0f;
  for (const glm::vec3& p : mesh.positions) {
    top = std::max(top, p.y);
    far = std::max(far, p.z);
  }
  EXPECT_NEAR(top, ramp.RiseM(), 1e-5f);
  EXPECT_NEAR(far, 4.0f, 1e-5f);
  EXPECT_EQ(mesh.normals.size(), mesh.positions.size());
  ExpectFacesPointOutward(mesh);
}

TEST(LevelGeometryTest, TerrainTrianglesFaceUpAndFollowTheHeights) {
  world::TerrainDesc terrain;
  terrain.position_m = {2.0f, 1.0f, 3.0f};
  terrain.rows = 3;
  terrain.cols = 4;
  terrain.cell_size_m = 0.5f;
  terrain.heights_m = {0, 0.1f, 0.2f, 0.3f, 0, 0, 0, 0, 0.4f, 0, 0, 0};
  const render::LevelMesh mesh = MakeTerrainMesh(terrain);
  ASSERT_EQ(mesh.positions.size(), 12u);
  EXPECT_EQ(mesh.indices.size(), 2u * 3u * 3u * 2u);
  EXPECT_EQ(mesh.positions[3], glm::vec3(3.5f, 1.3f, 3.0f));
  EXPECT_EQ(mesh.positions[8], glm::vec3(2.0f, 1.4f, 4.0f));
  for (std::size_t i = 0; i < mesh.indices.size(); i += 3) {
    const glm::vec3 a = mesh.positions[mesh.indices[i]];
    const glm::vec3 b = mesh.positions[mesh.indices[i + 1]];
    const glm::vec3 c = mesh.positions[mesh.indices[i + 2]];
    EXPECT_GT(glm::cross(b - a, c - a).y, 0.0f) << "triangle " << i / 3;
  }
}

TEST(ProgressBarTest, ShowsTheFilledShareCountAndTimeLeft) {
  EXPECT_EQ(FormatProgress("render", 5, 10, 2.0, 10), "render [#####.....] 5/10  2 s left");
  EXPECT_EQ(FormatProgress("render", 10, 10, 4.25, 4), "render [####] 10/10  4.2 s");
  // Out-of-range counts are clamped, never a negative bar.
  EXPECT_EQ(FormatProgress("x", -3, 0, 0.0, 2), "x [..] 0/1");
}

}  // namespace
}  // namespace footwork::demo
