#pragma once
// A test level as data: boxes, ramps, stairs, heightfield terrain and moving platforms, loaded
// from JSON (metres and degrees, units in key names). BulletCollisionWorld builds bodies from it.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

#include "footwork/core/error.h"

namespace footwork::world {

// An axis-aligned box turned about +Y.
struct BoxDesc {
  std::string name;
  // Full extents; every component > 0.
  glm::vec3 size_m{1.0f};
  // Centre of the box.
  glm::vec3 position_m{0.0f};
  float yaw_deg = 0.0f;
};

// A wedge rising along its facing direction (+Z at yaw 0, DESIGN.md's yaw convention).
struct RampDesc {
  std::string name;
  // Centre of the low edge, on the ground the ramp stands on.
  glm::vec3 position_m{0.0f};
  float yaw_deg = 0.0f;
  // Angle of the surface from horizontal, in (0, 90).
  float slope_deg = 10.0f;
  // Horizontal run (> 0); the top is length_m * tan(slope) above the low edge.
  float length_m = 4.0f;
  float width_m = 2.0f;

  float RiseM() const;
};

// A straight flight of solid steps (each step is a box down to the base), rising along the
// facing direction.
struct StairsDesc {
  std::string name;
  // Centre of the front edge of the first step, at its base.
  glm::vec3 position_m{0.0f};
  float yaw_deg = 0.0f;
  int step_count = 8;
  float step_height_m = 0.15f;
  float step_depth_m = 0.3f;
  float width_m = 2.0f;
};

// A regular grid of heights. Vertex (row, col) sits at
// position_m + (col * cell_size_m, heights_m[row * cols + col], row * cell_size_m).
struct TerrainDesc {
  std::string name;
  // The grid's minimum-X, minimum-Z corner; its Y is the base added to every height.
  glm::vec3 position_m{0.0f};
  float cell_size_m = 1.0f;
  // Vertex counts along Z (rows) and X (cols); each >= 2.
  int rows = 2;
  int cols = 2;
  // rows * cols heights, row-major. Filled by the generator when the JSON has one.
  std::vector<float> heights_m;
};

// How a moving platform follows its waypoints.
enum class PathMode : std::uint8_t {
  kLoop,      // last waypoint back to the first, forever
  kPingPong,  // there and back along the same points
};

// A box moving along a polyline at constant speed; its position is a pure function of time so
// that runs are reproducible and riders can query its velocity.
struct PlatformDesc {
  std::string name;
  glm::vec3 size_m{3.0f, 0.3f, 3.0f};
  // Positions of the box centre; at least 2, consecutive points distinct.
  std::vector<glm::vec3> waypoints_m;
  float speed_m_s = 1.0f;
  PathMode path_mode = PathMode::kPingPong;
};

// A standing character placed by the level; with looks_at_player it turns its head toward
// the player every frame.
struct NpcDesc {
  std::string name;
  // Capsule bottom.
  glm::vec3 position_m{0.0f};
  float yaw_deg = 0.0f;
  bool looks_at_player = true;
};

// Everything in a level file.
struct Level {
  std::string name;
  // Where a character's capsule bottom starts.
  glm::vec3 spawn_m{0.0f};
  std::vector<BoxDesc> boxes;
  std::vector<RampDesc> ramps;
  std::vector<StairsDesc> stairs;
  std::vector<TerrainDesc> terrains;
  std::vector<PlatformDesc> platforms;
  // Optional; characters, not geometry, so they do not count as level content.
  std::vector<NpcDesc> npcs;
};

// Reads and validates a level file. Errors name the file and the field ("default.json:
// ramps[1].slope_deg: expected a number in (0, 90), got 95").
Result<Level> LoadLevel(const std::filesystem::path& path);
// The same from text; source_name prefixes error messages.
Result<Level> ParseLevel(std::string_view json_text, const std::string& source_name);

// Height field values of the level format's generator: a sum of a few seeded sine waves,
// deterministic on every platform for a given seed.
std::vector<float> GenerateTerrainHeights(int rows, int cols, float cell_size_m, std::uint32_t seed,
                                          float amplitude_m, float wavelength_m);

// Where a platform's centre is at time_s (seconds since the level started; t < 0 acts as 0).
glm::vec3 PlatformPositionAt(const PlatformDesc& platform, double time_s);
// Its velocity at time_s (the velocity of the segment it is on).
glm::vec3 PlatformVelocityAt(const PlatformDesc& platform, double time_s);

}  // namespace footwork::world
