#include "footwork/movement/movement_settings.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "footwork/core/angles.h"
#include "footwork/world/json_extends.h"
#include "footwork/world/json_fields.h"

namespace footwork::movement {
namespace {

namespace jf = world::json_fields;

void ReadGait(jf::FieldReader& gaits, const char* name, GaitSettings& gait) {
  gaits.Object(name)
      .Number("max_speed_m_s", gait.max_speed_m_s, 0.0f, 1000.0f)
      .Number("max_acceleration_m_s2", gait.max_acceleration_m_s2, 0.0f, 10000.0f)
      .Number("braking_deceleration_m_s2", gait.braking_deceleration_m_s2, 0.0f, 10000.0f)
      .Number("ground_friction_per_s", gait.ground_friction, 0.0f, 1000.0f)
      .Number("braking_friction_factor", gait.braking_friction_factor, 0.0f, 100.0f)
      .Bool("use_separate_braking_friction", gait.use_separate_braking_friction)
      .Number("braking_friction_per_s", gait.braking_friction, 0.0f, 1000.0f);
}

// Every section of the file, field by field; the reader keeps the first error.
void ReadSections(jf::FieldReader& read, MovementSettings& s) {
  jf::FieldReader gaits = read.Object("gaits");
  ReadGait(gaits, "walk", s.walk);
  ReadGait(gaits, "run", s.run);
  ReadGait(gaits, "sprint", s.sprint);

  read.Object("capsule")
      .Number("radius_m", s.capsule.radius_m, 0.01f, 10.0f)
      .Number("half_height_m", s.capsule.half_height_m, 0.01f, 20.0f);

  read.Object("falling")
      .Number("gravity_m_s2", s.gravity_m_s2, 0.001f, 1000.0f)
      .Number("jump_velocity_m_s", s.jump_velocity_m_s, 0.0f, 100.0f)
      .Number("air_control", s.air_control, 0.0f, 1.0f)
      .Number("falling_lateral_friction_per_s", s.falling_lateral_friction, 0.0f, 1000.0f)
      .Number("braking_deceleration_falling_m_s2", s.braking_deceleration_falling_m_s2, 0.0f,
              10000.0f)
      .Number("terminal_velocity_m_s", s.terminal_velocity_m_s, 0.1f, 10000.0f);

  read.Object("floor")
      .Number("walkable_floor_angle_deg", s.walkable_floor_angle_deg, 0.1f, 89.9f)
      .Number("max_step_height_m", s.max_step_height_m, 0.0f, 10.0f)
      .Number("floor_gap_m", s.floor_gap_m, 0.001f, 0.1f)
      .Number("perch_slide_offset_m", s.perch_slide_offset_m, 0.0f, 10.0f)
      .Number("perch_slide_drop_m", s.perch_slide_drop_m, 0.0f, 10.0f)
      .Number("perch_slide_speed_m_s", s.perch_slide_speed_m_s, 0.0f, 100.0f)
      .Number("perch_slide_min_speed_m_s", s.perch_slide_min_speed_m_s, 0.0f, 100.0f);

  read.Object("time_step")
      .Number("braking_substep_s", s.braking_substep_s, 1.0f / 75.0f, 1.0f / 20.0f)
      .Number("max_substep_s", s.max_substep_s, 1.0e-4f, 1.0f)
      .Int("max_substeps", s.max_substeps, 1, 100000)
      .Number("brake_to_stop_speed_m_s", s.brake_to_stop_speed_m_s, 0.0f, 10.0f);
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
  MovementSettings settings;
  jf::FieldReader read(*document, jf::FieldPath{source_name, ""});
  ReadSections(read, settings);
  if (!read.ok())
    return read.error();

  if (auto s = Validate(settings); !s)
    return WithContext(source_name, s.error());
  return settings;
}

Result<MovementSettings> LoadMovementSettings(const std::filesystem::path& path) {
  auto document = world::ReadExtendedJson(path);
  if (!document)
    return document.error();
  return ParseMovementSettings(document->text, document->source);
}

}  // namespace footwork::movement
