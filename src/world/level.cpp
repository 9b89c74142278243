#include "footwork/world/level.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>

#include "footwork/core/angles.h"
#include "footwork/world/json_fields.h"

namespace footwork::world {
namespace {

using json_fields::FieldPath;
using json_fields::FieldReader;
using json_fields::kOptional;
using nlohmann::json;

// Bounds that catch typos and unit mistakes (centimetres for metres) rather than limit levels.
constexpr float kMaxCoordinateM = 1.0e5f;
constexpr float kMinSizeM = 1.0e-3f;
constexpr float kMaxSizeM = 1.0e4f;
constexpr int kMaxTerrainVertices = 4096;

// Every shape's name defaults to its path ("boxes[2]") so messages can name it.
Result<BoxDesc> ParseBox(const json& node, const FieldPath& at) {
  BoxDesc box;
  box.name = at.path;
  FieldReader read(node, at);
  read.String("name", box.name, kOptional)
      .Vec3("size_m", box.size_m, kMinSizeM, kMaxSizeM)
      .Vec3("position_m", box.position_m, -kMaxCoordinateM, kMaxCoordinateM)
      .Number("yaw_deg", box.yaw_deg, -360.0f, 360.0f, kOptional);
  if (!read.ok())
    return read.error();
  return box;
}

Result<RampDesc> ParseRamp(const json& node, const FieldPath& at) {
  RampDesc ramp;
  ramp.name = at.path;
  FieldReader read(node, at);
  read.String("name", ramp.name, kOptional)
      .Vec3("position_m", ramp.position_m, -kMaxCoordinateM, kMaxCoordinateM)
      .Number("yaw_deg", ramp.yaw_deg, -360.0f, 360.0f, kOptional)
      // Strictly inside (0, 90): a flat or vertical wedge has no volume.
      .Number("slope_deg", ramp.slope_deg, 0.1f, 89.0f)
      .Number("length_m", ramp.length_m, kMinSizeM, kMaxSizeM)
      .Number("width_m", ramp.width_m, kMinSizeM, kMaxSizeM);
  if (!read.ok())
    return read.error();
  return ramp;
}

Result<StairsDesc> ParseStairs(const json& node, const FieldPath& at) {
  StairsDesc stairs;
  stairs.name = at.path;
  FieldReader read(node, at);
  read.String("name", stairs.name, kOptional)
      .Vec3("position_m", stairs.position_m, -kMaxCoordinateM, kMaxCoordinateM)
      .Number("yaw_deg", stairs.yaw_deg, -360.0f, 360.0f, kOptional)
      .Int("step_count", stairs.step_count, 1, 1000)
      .Number("step_height_m", stairs.step_height_m, kMinSizeM, 10.0f)
      .Number("step_depth_m", stairs.step_depth_m, kMinSizeM, 100.0f)
      .Number("width_m", stairs.width_m, kMinSizeM, kMaxSizeM);
  if (!read.ok())
    return read.error();
  return stairs;
}

Result<TerrainDesc> ParseTerrain(const json& node, const FieldPath& at) {
  TerrainDesc terrain;
  terrain.name = at.path;
  FieldReader read(node, at);
  read.String("name", terrain.name, kOptional)
      .Vec3("position_m", terrain.position_m, -kMaxCoordinateM, kMaxCoordinateM)
      .Number("cell_size_m", terrain.cell_size_m, 0.01f, 1000.0f)
      .Int("rows", terrain.rows, 2, kMaxTerrainVertices)
      .Int("cols", terrain.cols, 2, kMaxTerrainVertices);
  if (!read.ok())
    return read.error();

  if (read.Has("heights_m") == read.Has("generator")) {
    return at.Fail(
        "expected exactly one of \"heights_m\" (an array of rows*cols numbers) or "
        "\"generator\" ({seed, amplitude_m, wavelength_m})");
  }
  if (read.Has("heights_m")) {
    const std::size_t count =
        static_cast<std::size_t>(terrain.rows) * static_cast<std::size_t>(terrain.cols);
    read.Numbers("heights_m", terrain.heights_m, -kMaxSizeM, kMaxSizeM,
                 json_fields::Count::Exactly(count, "rows*cols"));
  } else {
    int seed = 0;
    float amplitude_m = 0.0f;
    float wavelength_m = 0.0f;
    read.Object("generator")
        .Int("seed", seed, 0, 0x7fffffff)
        .Number("amplitude_m", amplitude_m, 0.0f, kMaxSizeM)
        .Number("wavelength_m", wavelength_m, 0.01f, kMaxSizeM);
    if (read.ok()) {
      terrain.heights_m =
          GenerateTerrainHeights(terrain.rows, terrain.cols, terrain.cell_size_m,
                                 static_cast<std::uint32_t>(seed), amplitude_m, wavelength_m);
    }
  }
  if (!read.ok())
    return read.error();
  return terrain;
}

Result<PlatformDesc> ParsePlatform(const json& node, const FieldPath& at) {
  PlatformDesc platform;
  platform.name = at.path;
  FieldReader read(node, at);
  read.String("name", platform.name, kOptional)
      .Vec3("size_m", platform.size_m, kMinSizeM, kMaxSizeM)
      .Number("speed_m_s", platform.speed_m_s, 0.0f, 1000.0f)
      .Choice("path_mode", platform.path_mode,
              {{"loop", PathMode::kLoop}, {"ping_pong", PathMode::kPingPong}}, kOptional)
      .Vec3s("waypoints_m", platform.waypoints_m, -kMaxCoordinateM, kMaxCoordinateM,
             json_fields::Count::AtLeast(2));
  for (std::size_t i = 1; read.ok() && i < platform.waypoints_m.size(); ++i) {
    if (glm::length(platform.waypoints_m[i] - platform.waypoints_m[i - 1]) < 1e-4f) {
      read.Fail(read.Path("waypoints_m").Index(i),
                "repeats the previous waypoint; consecutive points must differ");
    }
  }
  if (!read.ok())
    return read.error();
  return platform;
}

Result<NpcDesc> ParseNpc(const json& node, const FieldPath& at) {
  NpcDesc npc;
  npc.name = at.path;
  FieldReader read(node, at);
  read.String("name", npc.name, kOptional)
      .Vec3("position", npc.position_m, -kMaxCoordinateM, kMaxCoordinateM)
      .Number("yaw_deg", npc.yaw_deg, -360.0f, 360.0f, kOptional)
      .Bool("looks_at_player", npc.looks_at_player, kOptional);
  if (!read.ok())
    return read.error();
  return npc;
}

template <typename Desc, typename Parser>
Status ParseList(const json& document, const FieldPath& root, const std::string& key, Parser parse,
                 std::vector<Desc>& out) {
  auto list = json_fields::ArrayOrNull(document, root, key);
  if (!list)
    return list.error();
  if (*list == nullptr)
    return Status::Ok();
  for (std::size_t i = 0; i < (*list)->size(); ++i) {
    auto item = parse((**list)[i], root.Child(key).Index(i));
    if (!item)
      return item.error();
    out.push_back(std::move(*item));
  }
  return Status::Ok();
}

// Segment lengths of a platform's path, closing the loop for kLoop.
struct PathSegment {
  glm::dvec3 start;
  glm::dvec3 end;
  double length;
};

std::vector<PathSegment> Segments(const PlatformDesc& platform) {
  std::vector<PathSegment> segments;
  const auto& points = platform.waypoints_m;
  const std::size_t n = points.size();
  auto add = [&](const glm::vec3& a, const glm::vec3& b) {
    segments.push_back({glm::dvec3(a), glm::dvec3(b), glm::length(glm::dvec3(b) - glm::dvec3(a))});
  };
  for (std::size_t i = 0; i + 1 < n; ++i)
    add(points[i], points[i + 1]);
  if (platform.path_mode == PathMode::kLoop) {
    add(points[n - 1], points[0]);
  } else {
    for (std::size_t i = n - 1; i > 0; --i)
      add(points[i], points[i - 1]);
  }
  return segments;
}

// The segment the platform is on at time_s and the distance travelled along it.
const PathSegment* Locate(const std::vector<PathSegment>& segments, const PlatformDesc& platform,
                          double time_s, double& along) {
  double total = 0.0;
  for (const auto& s : segments)
    total += s.length;
  if (segments.empty() || total <= 0.0)
    return nullptr;
  double travelled = std::fmod(std::max(0.0, time_s) * platform.speed_m_s, total);
  for (const auto& s : segments) {
    if (travelled <= s.length) {
      along = travelled;
      return &s;
    }
    travelled -= s.length;
  }
  along = segments.back().length;
  return &segments.back();
}

}  // namespace

float RampDesc::RiseM() const {
  return length_m * std::tan(Radians(slope_deg));
}

std::vector<float> GenerateTerrainHeights(int rows, int cols, float cell_size_m, std::uint32_t seed,
                                          float amplitude_m, float wavelength_m) {
  // Raw mt19937 output is specified by the standard (distributions are not), so heights are the
  // same on every platform for a seed.
  std::mt19937 engine(seed);
  constexpr int kWaves = 4;
  struct Wave {
    double dir_x, dir_z, phase, scale;
  };
  Wave waves[kWaves];
  for (int i = 0; i < kWaves; ++i) {
    const double angle = engine() / 4294967296.0 * 2.0 * std::numbers::pi;
    waves[i] = {std::cos(angle), std::sin(angle), engine() / 4294967296.0 * 2.0 * std::numbers::pi,
                1.0 / (i + 1)};
  }
  double scale_sum = 0.0;
  for (const auto& w : waves)
    scale_sum += w.scale;
  std::vector<float> heights(static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols));
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      const double x = c * static_cast<double>(cell_size_m);
      const double z = r * static_cast<double>(cell_size_m);
      double h = 0.0;
      for (int i = 0; i < kWaves; ++i) {
        const double k = 2.0 * std::numbers::pi * (i + 1) / wavelength_m;
        h += waves[i].scale *
             std::sin(k * (waves[i].dir_x * x + waves[i].dir_z * z) + waves[i].phase);
      }
      heights[static_cast<std::size_t>(r * cols + c)] =
          static_cast<float>(amplitude_m * h / scale_sum);
    }
  }
  return heights;
}

Result<Level> ParseLevel(std::string_view json_text, const std::string& source_name) {
  auto document = json_fields::ParseDocument(json_text, source_name);
  if (!document)
    return document.error();
  const json& root = *document;
  const FieldPath at{source_name, ""};
  Level level;
  level.name = source_name;
  FieldReader read(root, at);
  read.String("name", level.name, kOptional)
      .Vec3("spawn_m", level.spawn_m, -kMaxCoordinateM, kMaxCoordinateM, kOptional);
  if (!read.ok())
    return read.error();
  if (auto s = ParseList(root, at, "boxes", ParseBox, level.boxes); !s)
    return s.error();
  if (auto s = ParseList(root, at, "ramps", ParseRamp, level.ramps); !s)
    return s.error();
  if (auto s = ParseList(root, at, "stairs", ParseStairs, level.stairs); !s)
    return s.error();
  if (auto s = ParseList(root, at, "terrains", ParseTerrain, level.terrains); !s)
    return s.error();
  if (auto s = ParseList(root, at, "platforms", ParsePlatform, level.platforms); !s) {
    return s.error();
  }
  if (auto s = ParseList(root, at, "npcs", ParseNpc, level.npcs); !s)
    return s.error();
  if (level.boxes.empty() && level.ramps.empty() && level.stairs.empty() &&
      level.terrains.empty() && level.platforms.empty()) {
    return at.Fail(
        "the level has no geometry; expected at least one of boxes, ramps, stairs, "
        "terrains, platforms");
  }
  return level;
}

Result<Level> LoadLevel(const std::filesystem::path& path) {
  auto text = json_fields::ReadTextFile(path);
  if (!text)
    return text.error();
  return ParseLevel(*text, path.filename().string());
}

glm::vec3 PlatformPositionAt(const PlatformDesc& platform, double time_s) {
  if (platform.waypoints_m.empty())
    return glm::vec3(0.0f);
  const auto segments = Segments(platform);
  double along = 0.0;
  const PathSegment* segment = Locate(segments, platform, time_s, along);
  if (segment == nullptr)
    return platform.waypoints_m.front();
  const double alpha = segment->length > 0.0 ? along / segment->length : 0.0;
  return glm::vec3(segment->start + (segment->end - segment->start) * alpha);
}

glm::vec3 PlatformVelocityAt(const PlatformDesc& platform, double time_s) {
  const auto segments = Segments(platform);
  double along = 0.0;
  const PathSegment* segment = Locate(segments, platform, time_s, along);
  if (segment == nullptr || segment->length <= 0.0)
    return glm::vec3(0.0f);
  return glm::vec3((segment->end - segment->start) / segment->length * double(platform.speed_m_s));
}

}  // namespace footwork::world
