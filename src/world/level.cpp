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
using nlohmann::json;

// Bounds that catch typos and unit mistakes (centimetres for metres) rather than limit levels.
constexpr float kMaxCoordinateM = 1.0e5f;
constexpr float kMinSizeM = 1.0e-3f;
constexpr float kMaxSizeM = 1.0e4f;
constexpr int kMaxTerrainVertices = 4096;

Result<BoxDesc> ParseBox(const json& node, const FieldPath& at) {
  if (auto s = json_fields::ExpectObject(node, at); !s)
    return s.error();
  BoxDesc box;
  auto name = json_fields::ReadStringOr(node, at, "name", at.path);
  auto size = json_fields::ReadVec3(node, at, "size_m", kMinSizeM, kMaxSizeM);
  auto position = json_fields::ReadVec3(node, at, "position_m", -kMaxCoordinateM, kMaxCoordinateM);
  auto yaw = json_fields::ReadNumberOr(node, at, "yaw_deg", -360.0f, 360.0f, 0.0f);
  if (!name)
    return name.error();
  if (!size)
    return size.error();
  if (!position)
    return position.error();
  if (!yaw)
    return yaw.error();
  box.name = *name;
  box.size_m = *size;
  box.position_m = *position;
  box.yaw_deg = *yaw;
  return box;
}

Result<RampDesc> ParseRamp(const json& node, const FieldPath& at) {
  if (auto s = json_fields::ExpectObject(node, at); !s)
    return s.error();
  RampDesc ramp;
  auto name = json_fields::ReadStringOr(node, at, "name", at.path);
  auto position = json_fields::ReadVec3(node, at, "position_m", -kMaxCoordinateM, kMaxCoordinateM);
  auto yaw = json_fields::ReadNumberOr(node, at, "yaw_deg", -360.0f, 360.0f, 0.0f);
  // Strictly inside (0, 90): a flat or vertical wedge has no volume.
  auto slope = json_fields::ReadNumber(node, at, "slope_deg", 0.1f, 89.0f);
  auto length = json_fields::ReadNumber(node, at, "length_m", kMinSizeM, kMaxSizeM);
  auto width = json_fields::ReadNumber(node, at, "width_m", kMinSizeM, kMaxSizeM);
  if (!name)
    return name.error();
  if (!position)
    return position.error();
  if (!yaw)
    return yaw.error();
  if (!slope)
    return slope.error();
  if (!length)
    return length.error();
  if (!width)
    return width.error();
  ramp.name = *name;
  ramp.position_m = *position;
  ramp.yaw_deg = *yaw;
  ramp.slope_deg = *slope;
  ramp.length_m = *length;
  ramp.width_m = *width;
  return ramp;
}

Result<StairsDesc> ParseStairs(const json& node, const FieldPath& at) {
  if (auto s = json_fields::ExpectObject(node, at); !s)
    return s.error();
  StairsDesc stairs;
  auto name = json_fields::ReadStringOr(node, at, "name", at.path);
  auto position = json_fields::ReadVec3(node, at, "position_m", -kMaxCoordinateM, kMaxCoordinateM);
  auto yaw = json_fields::ReadNumberOr(node, at, "yaw_deg", -360.0f, 360.0f, 0.0f);
  auto count = json_fields::ReadInt(node, at, "step_count", 1, 1000);
  auto height = json_fields::ReadNumber(node, at, "step_height_m", kMinSizeM, 10.0f);
  auto depth = json_fields::ReadNumber(node, at, "step_depth_m", kMinSizeM, 100.0f);
  auto width = json_fields::ReadNumber(node, at, "width_m", kMinSizeM, kMaxSizeM);
  if (!name)
    return name.error();
  if (!position)
    return position.error();
  if (!yaw)
    return yaw.error();
  if (!count)
    return count.error();
  if (!height)
    return height.error();
  if (!depth)
    return depth.error();
  if (!width)
    return width.error();
  stairs.name = *name;
  stairs.position_m = *position;
  stairs.yaw_deg = *yaw;
  stairs.step_count = *count;
  stairs.step_height_m = *height;
  stairs.step_depth_m = *depth;
  stairs.width_m = *width;
  return stairs;
}

Result<TerrainDesc> ParseTerrain(const json& node, const FieldPath& at) {
  if (auto s = json_fields::ExpectObject(node, at); !s)
    return s.error();
  TerrainDesc terrain;
  auto name = json_fields::ReadStringOr(node, at, "name", at.path);
  auto position = json_fields::ReadVec3(node, at, "position_m", -kMaxCoordinateM, kMaxCoordinateM);
  auto cell = json_fields::ReadNumber(node, at, "cell_size_m", 0.01f, 1000.0f);
  auto rows = json_fields::ReadInt(node, at, "rows", 2, kMaxTerrainVertices);
  auto cols = json_fields::ReadInt(node, at, "cols", 2, kMaxTerrainVertices);
  if (!name)
    return name.error();
  if (!position)
    return position.error();
  if (!cell)
    return cell.error();
  if (!rows)
    return rows.error();
  if (!cols)
    return cols.error();
  terrain.name = *name;
  terrain.position_m = *position;
  terrain.cell_size_m = *cell;
  terrain.rows = *rows;
  terrain.cols = *cols;
  const std::size_t count = static_cast<std::size_t>(*rows) * static_cast<std::size_t>(*cols);

  const bool has_heights = node.contains("heights_m");
  const bool has_generator = node.contains("generator");
  if (has_heights == has_generator) {
    return at.Fail(
        "expected exactly one of \"heights_m\" (an array of rows*cols numbers) or "
        "\"generator\" ({seed, amplitude_m, wavelength_m})");
  }
  if (has_heights) {
    const json& heights = node.at("heights_m");
    const FieldPath heights_at = at.Child("heights_m");
    if (!heights.is_array() || heights.size() != count) {
      return heights_at.Fail("expected an array of rows*cols = " + std::to_string(count) +
                             " numbers, got " + json_fields::Describe(heights));
    }
    terrain.heights_m.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
      auto h = json_fields::NumberIn(heights[i], heights_at.Index(i), -kMaxSizeM, kMaxSizeM);
      if (!h)
        return h.error();
      terrain.heights_m.push_back(*h);
    }
  } else {
    const json& generator = node.at("generator");
    const FieldPath gen_at = at.Child("generator");
    if (auto s = json_fields::ExpectObject(generator, gen_at); !s)
      return s.error();
    auto seed = json_fields::ReadInt(generator, gen_at, "seed", 0, 0x7fffffff);
    auto amplitude = json_fields::ReadNumber(generator, gen_at, "amplitude_m", 0.0f, kMaxSizeM);
    auto wavelength = json_fields::ReadNumber(generator, gen_at, "wavelength_m", 0.01f, kMaxSizeM);
    if (!seed)
      return seed.error();
    if (!amplitude)
      return amplitude.error();
    if (!wavelength)
      return wavelength.error();
    terrain.heights_m = GenerateTerrainHeights(
        *rows, *cols, *cell, static_cast<std::uint32_t>(*seed), *amplitude, *wavelength);
  }
  return terrain;
}

Result<PlatformDesc> ParsePlatform(const json& node, const FieldPath& at) {
  if (auto s = json_fields::ExpectObject(node, at); !s)
    return s.error();
  PlatformDesc platform;
  auto name = json_fields::ReadStringOr(node, at, "name", at.path);
  auto size = json_fields::ReadVec3(node, at, "size_m", kMinSizeM, kMaxSizeM);
  auto speed = json_fields::ReadNumber(node, at, "speed_m_s", 0.0f, 1000.0f);
  auto mode = json_fields::ReadStringOr(node, at, "path_mode", "ping_pong");
  if (!name)
    return name.error();
  if (!size)
    return size.error();
  if (!speed)
    return speed.error();
  if (!mode)
    return mode.error();
  platform.name = *name;
  platform.size_m = *size;
  platform.speed_m_s = *speed;
  if (*mode == "loop") {
    platform.path_mode = PathMode::kLoop;
  } else if (*mode == "ping_pong") {
    platform.path_mode = PathMode::kPingPong;
  } else {
    return at.Child("path_mode").Fail("expected \"loop\" or \"ping_pong\", got \"" + *mode + "\"");
  }
  auto waypoints = json_fields::Member(node, at, "waypoints_m");
  if (!waypoints)
    return waypoints.error();
  const FieldPath points_at = at.Child("waypoints_m");
  if (!(*waypoints)->is_array() || (*waypoints)->size() < 2) {
    return points_at.Fail("expected an array of at least 2 [x, y, z] points, got " +
                          json_fields::Describe(**waypoints));
  }
  for (std::size_t i = 0; i < (*waypoints)->size(); ++i) {
    auto point = json_fields::Vec3In((**waypoints)[i], points_at.Index(i), -kMaxCoordinateM,
                                     kMaxCoordinateM);
    if (!point)
      return point.error();
    if (!platform.waypoints_m.empty() &&
        glm::length(*point - platform.waypoints_m.back()) < 1e-4f) {
      return points_at.Index(i).Fail(
          "repeats the previous waypoint; consecutive points must differ");
    }
    platform.waypoints_m.push_back(*point);
  }
  return platform;
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
  auto name = json_fields::ReadStringOr(root, at, "name", source_name);
  if (!name)
    return name.error();
  level.name = *name;
  if (root.contains("spawn_m")) {
    auto spawn = json_fields::Vec3In(root.at("spawn_m"), at.Child("spawn_m"), -kMaxCoordinateM,
                                     kMaxCoordinateM);
    if (!spawn)
      return spawn.error();
    level.spawn_m = *spawn;
  }
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
