#include "footwork/movement/movement_settings.h"

#include <cmath>

#include "footwork/core/angles.h"
#include "footwork/world/json_fields.h"

namespace footwork::movement {
namespace {

using nlohmann::json;
using world::json_fields::FieldPath;
namespace jf = world::json_fields;

Result<const json*> Section(const json& parent, const FieldPath& at, const std::string& key) {
  auto member = jf::Member(parent, at, key);
  if (!member)
    return member.error();
  if (auto s = jf::ExpectObject(**member, at.Child(key)); !s)
    return s.error();
  return *member;
}

// Reads `key` into `out` when the previous reads succeeded; keeps the first error.
struct FieldReader {
  const json& node;
  FieldPath at;
  Status status;

  void Number(const char* key, float min, float max, float& out) {
    if (!status)
      return;
    auto value = jf::ReadNumber(node, at, key, min, max);
    if (!value) {
      status = value.error();
      return;
    }
    out = *value;
  }
  void Bool(const char* key, bool& out) {
    if (!status)
      return;
    if (!node.contains(key)) {
      status = at.Child(key).Fail("missing required field");
      return;
    }
    auto value = jf::ReadBoolOr(node, at, key, out);
    if (!value) {
      status = value.error();
      return;
    }
    out = *value;
  }
  void Int(const char* key, int min, int max, int& out) {
    if (!status)
      return;
    auto value = jf::ReadInt(node, at, key, min, max);
    if (!value) {
      status = value.error();
      return;
    }
    out = *value;
  }
};

Status ReadGait(const json& gaits, const FieldPath& at, const char* name, GaitSettings& gait) {
  auto section = Section(gaits, at, name);
  if (!section)
    return section.error();
  FieldReader read{**section, at.Child(name), {}};
  read.Number("max_speed_m_s", 0.0f, 1000.0f, gait.max_speed_m_s);
  read.Number("max_acceleration_m_s2", 0.0f, 10000.0f, gait.max_acceleration_m_s2);
  read.Number("braking_deceleration_m_s2", 0.0f, 10000.0f, gait.braking_deceleration_m_s2);
  read.Number("ground_friction_per_s", 0.0f, 1000.0f, gait.ground_friction);
  read.Number("braking_friction_factor", 0.0f, 100.0f, gait.braking_friction_factor);
  read.Bool("use_separate_braking_friction", gait.use_separate_braking_friction);
  read.Number("braking_friction_per_s", 0.0f, 1000.0f, gait.braking_friction);
  return read.status;
}

}  // namespace

const char* GaitName(Gait gait) {
  switch (gait) {
    case Gait::kWalk:
      return "walk";
    case Gait::kRun:
      return "run";
    case Gait::kSprint:
      return "sprint";
  }
  return "unknown";
}

const GaitSettings& MovementSettings::ForGait(Gait gait) const {
  switch (gait) {
    case Gait::kWalk:
      return walk;
    case Gait::kSprint:
      return sprint;
    case Gait::kRun:
      break;
  }
  return run;
}

float MovementSettings::WalkableFloorNormalY() const {
  return std::cos(Radians(walkable_floor_angle_deg));
}

Status Validate(const MovementSettings& settings) {
  auto positive = [](float v) { return std::isfinite(v) && v > 0.0f; };
  if (!positive(settings.capsule.radius_m) ||
      !(settings.capsule.half_height_m >= settings.capsule.radius_m) ||
      !std::isfinite(settings.capsule.half_height_m)) {
    return Error{"movement settings: capsule: expected radius_m > 0 and half_height_m >= radius_m"};
  }
  if (!positive(settings.gravity_m_s2)) {
    return Error{"movement settings: gravity_m_s2 must be > 0"};
  }
  if (!(settings.walkable_floor_angle_deg > 0.0f && settings.walkable_floor_angle_deg < 90.0f)) {
    return Error{"movement settings: walkable_floor_angle_deg must be in (0, 90)"};
  }
  if (!(settings.max_step_height_m >= 0.0f) ||
      settings.max_step_height_m >= settings.capsule.half_height_m) {
    return Error{
        "movement settings: max_step_height_m must be >= 0 and below the capsule's "
        "half height"};
  }
  if (!positive(settings.floor_gap_m) || settings.floor_gap_m > 0.1f) {
    return Error{"movement settings: floor_gap_m must be in (0, 0.1]"};
  }
  if (!positive(settings.max_substep_s) || settings.max_substeps < 1) {
    return Error{"movement settings: max_substep_s must be > 0 and max_substeps >= 1"};
  }
  return Status::Ok();
}

Result<MovementSettings> ParseMovementSettings(std::string_view json_text,
                                               const std::string& source_name) {
  auto document = jf::ParseDocument(json_text, source_name);
  if (!document)
    return document.error();
  const json& root = *document;
  const FieldPath at{source_name, ""};
  MovementSettings settings;

  auto gaits = Section(root, at, "gaits");
  if (!gaits)
    return gaits.error();
  const FieldPath gaits_at = at.Child("gaits");
  if (auto s = ReadGait(**gaits, gaits_at, "walk", settings.walk); !s)
    return s.error();
  if (auto s = ReadGait(**gaits, gaits_at, "run", settings.run); !s)
    return s.error();
  if (auto s = ReadGait(**gaits, gaits_at, "sprint", settings.sprint); !s)
    return s.error();

  auto capsule = Section(root, at, "capsule");
  if (!capsule)
    return capsule.error();
  FieldReader read_capsule{**capsule, at.Child("capsule"), {}};
  read_capsule.Number("radius_m", 0.01f, 10.0f, settings.capsule.radius_m);
  read_capsule.Number("half_height_m", 0.01f, 20.0f, settings.capsule.half_height_m);
  if (!read_capsule.status)
    return read_capsule.status.error();

  auto falling = Section(root, at, "falling");
  if (!falling)
    return falling.error();
  FieldReader read_falling{**falling, at.Child("falling"), {}};
  read_falling.Number("gravity_m_s2", 0.001f, 1000.0f, settings.gravity_m_s2);
  read_falling.Number("jump_velocity_m_s", 0.0f, 100.0f, settings.jump_velocity_m_s);
  read_falling.Number("air_control", 0.0f, 1.0f, settings.air_control);
  read_falling.Number("falling_lateral_friction_per_s", 0.0f, 1000.0f,
                      settings.falling_lateral_friction);
  read_falling.Number("braking_deceleration_falling_m_s2", 0.0f, 10000.0f,
                      settings.braking_deceleration_falling_m_s2);
  read_falling.Number("terminal_velocity_m_s", 0.1f, 10000.0f, settings.terminal_velocity_m_s);
  if (!read_falling.status)
    return read_falling.status.error();

  auto floor = Section(root, at, "floor");
  if (!floor)
    return floor.error();
  FieldReader read_floor{**floor, at.Child("floor"), {}};
  read_floor.Number("walkable_floor_angle_deg", 0.1f, 89.9f, settings.walkable_floor_angle_deg);
  read_floor.Number("max_step_height_m", 0.0f, 10.0f, settings.max_step_height_m);
  read_floor.Number("floor_gap_m", 0.001f, 0.1f, settings.floor_gap_m);
  if (!read_floor.status)
    return read_floor.status.error();

  auto time_step = Section(root, at, "time_step");
  if (!time_step)
    return time_step.error();
  FieldReader read_time{**time_step, at.Child("time_step"), {}};
  read_time.Number("braking_substep_s", 1.0f / 75.0f, 1.0f / 20.0f, settings.braking_substep_s);
  read_time.Number("max_substep_s", 1.0e-4f, 1.0f, settings.max_substep_s);
  read_time.Int("max_substeps", 1, 100000, settings.max_substeps);
  read_time.Number("brake_to_stop_speed_m_s", 0.0f, 10.0f, settings.brake_to_stop_speed_m_s);
  if (!read_time.status)
    return read_time.status.error();

  if (auto s = Validate(settings); !s)
    return WithContext(source_name, s.error());
  return settings;
}

Result<MovementSettings> LoadMovementSettings(const std::filesystem::path& path) {
  auto text = jf::ReadTextFile(path);
  if (!text)
    return text.error();
  return ParseMovementSettings(*text, path.filename().string());
}

}  // namespace footwork::movement
