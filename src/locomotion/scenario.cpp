#include "footwork/locomotion/scenario.h"

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

#include "footwork/core/angles.h"
#include "footwork/world/json_fields.h"

namespace footwork::locomotion {
namespace {

namespace jf = world::json_fields;
using nlohmann::json;

Result<glm::vec2> ReadVec2(const json& value, const jf::FieldPath& at) {
  if (!value.is_array() || value.size() != 2 || !value[0].is_number() || !value[1].is_number())
    return at.Fail("expected an array of 2 numbers, got " + jf::Describe(value));
  const glm::vec2 result(value[0].get<float>(), value[1].get<float>());
  if (!std::isfinite(result.x) || !std::isfinite(result.y))
    return at.Fail("expected finite numbers");
  return result;
}

Result<glm::vec3> ReadVec3(const json& value, const jf::FieldPath& at) {
  if (!value.is_array() || value.size() != 3)
    return at.Fail("expected an array of 3 numbers, got " + jf::Describe(value));
  glm::vec3 result{0.0f};
  for (int i = 0; i < 3; ++i) {
    if (!value[static_cast<std::size_t>(i)].is_number())
      return at.Fail("expected an array of 3 numbers, got " + jf::Describe(value));
    result[i] = value[static_cast<std::size_t>(i)].get<float>();
  }
  return result;
}

Result<std::string> ReadString(const json& value, const jf::FieldPath& at) {
  if (!value.is_string())
    return at.Fail("expected a string, got " + jf::Describe(value));
  return value.get<std::string>();
}

Result<bool> ReadBool(const json& value, const jf::FieldPath& at) {
  if (!value.is_boolean())
    return at.Fail("expected true or false, got " + jf::Describe(value));
  return value.get<bool>();
}

Result<ScenarioEvent> ParseEvent(const json& object, const jf::FieldPath& at) {
  if (!object.is_object())
    return at.Fail("expected an object, got " + jf::Describe(object));
  ScenarioEvent event;
  auto t = jf::ReadNumber(object, at, "t", 0.0f, 1e6f);
  if (!t)
    return t.error();
  event.t = *t;
  for (const auto& [key, value] : object.items()) {
    const jf::FieldPath field = at.Child(key);
    if (key == "t") {
      continue;
    } else if (key == "move") {
      auto move = ReadVec2(value, field);
      if (!move)
        return move.error();
      if (glm::length(*move) > 1.0001f)
        return field.Fail("stick length must be at most 1");
      event.move = *move;
    } else if (key == "device") {
      auto name = ReadString(value, field);
      if (!name)
        return name.error();
      if (*name == "gamepad")
        event.device = InputDevice::kGamepad;
      else if (*name == "keyboard")
        event.device = InputDevice::kKeyboard;
      else
        return field.Fail("expected \"gamepad\" or \"keyboard\", got \"" + *name + "\"");
    } else if (key == "camera_yaw_deg") {
      auto yaw = jf::NumberIn(value, field, -1e5f, 1e5f);
      if (!yaw)
        return yaw.error();
      event.camera_yaw = Radians(*yaw);
    } else if (key == "rotation_mode") {
      auto name = ReadString(value, field);
      if (!name)
        return name.error();
      if (*name == "strafing")
        event.rotation_mode = RotationMode::kStrafing;
      else if (*name == "rotating" || *name == "velocity_direction")
        event.rotation_mode = RotationMode::kRotating;
      else
        return field.Fail("expected \"rotating\" or \"strafing\", got \"" + *name + "\"");
    } else if (key == "gait") {
      auto name = ReadString(value, field);
      if (!name)
        return name.error();
      if (*name != "walk" && *name != "run" && *name != "sprint")
        return field.Fail("expected \"walk\", \"run\" or \"sprint\", got \"" + *name + "\"");
      event.gait = *name;
    } else if (key == "jump") {
      auto jump = ReadBool(value, field);
      if (!jump)
        return jump.error();
      event.jump = *jump;
    } else if (key == "aim") {
      auto aim = ReadBool(value, field);
      if (!aim)
        return aim.error();
      event.aim = *aim;
    } else if (key == "overlay") {
      auto overlay = ReadString(value, field);
      if (!overlay)
        return overlay.error();
      event.overlay = *overlay;
    } else if (key == "look_target") {
      auto target = ReadVec3(value, field);
      if (!target)
        return target.error();
      event.look_target = *target;
    } else if (key == "release_near") {
      if (!value.is_object())
        return field.Fail("expected an object, got " + jf::Describe(value));
      ReleaseNear release;
      for (const auto& [member, member_value] : value.items()) {
        if (member != "point" && member != "radius_m")
          return field.Child(member).Fail("unknown field (expected point, radius_m)");
      }
      auto point = jf::Member(value, field, "point");
      if (!point)
        return point.error();
      auto xz = ReadVec2(**point, field.Child("point"));
      if (!xz)
        return xz.error();
      release.point = *xz;
      auto radius = jf::ReadNumber(value, field, "radius_m", 0.0f, 1e4f);
      if (!radius)
        return radius.error();
      release.radius_m = *radius;
      event.release_near = release;
    } else {
      return field.Fail("unknown event field");
    }
  }
  return event;
}

}  // namespace

int Scenario::FrameCount() const {
  return static_cast<int>(std::floor(duration_s / dt_s + 1e-4f)) + 1;
}

Result<Scenario> ParseScenario(std::string_view json_text, const std::string& source_name) {
  auto document = jf::ParseDocument(json_text, source_name);
  if (!document)
    return document.error();
  const jf::FieldPath root{source_name, ""};
  Scenario scenario;
  auto dt = jf::ReadNumber(*document, root, "dt", 1e-4f, 1.0f);
  if (!dt)
    return dt.error();
  scenario.dt_s = *dt;
  auto duration = jf::ReadNumber(*document, root, "duration_s", 0.0f, 1e5f);
  if (!duration)
    return duration.error();
  scenario.duration_s = *duration;
  if (document->contains("start")) {
    const json& start = document->at("start");
    const jf::FieldPath at = root.Child("start");
    if (!start.is_object())
      return at.Fail("expected an object, got " + jf::Describe(start));
    if (start.contains("position")) {
      auto position = ReadVec3(start.at("position"), at.Child("position"));
      if (!position)
        return position.error();
      scenario.start_position = *position;
    }
    auto yaw = jf::ReadNumberOr(start, at, "yaw_deg", -1e5f, 1e5f, 0.0f);
    if (!yaw)
      return yaw.error();
    scenario.start_yaw = Radians(*yaw);
  }
  auto events = jf::Member(*document, root, "events");
  if (!events)
    return events.error();
  if (!(*events)->is_array())
    return root.Child("events").Fail("expected an array, got " + jf::Describe(**events));
  for (std::size_t i = 0; i < (*events)->size(); ++i) {
    auto event = ParseEvent((**events)[i], root.Child("events").Index(i));
    if (!event)
      return event.error();
    scenario.events.push_back(std::move(*event));
  }
  std::stable_sort(scenario.events.begin(), scenario.events.end(),
                   [](const ScenarioEvent& a, const ScenarioEvent& b) { return a.t < b.t; });
  return scenario;
}

Result<Scenario> LoadScenario(const std::filesystem::path& path) {
  auto text = jf::ReadTextFile(path);
  if (!text)
    return text.error();
  return ParseScenario(*text, path.filename().string());
}

const LocomotionInput& ScenarioInput::Advance(double t, const std::optional<glm::vec3>& feet) {
  input_.jump = false;
  // Half a frame of slack so an event at 2.0 s lands on the frame at 1.99999 s.
  const double slack = 0.5 * scenario_->dt_s;
  while (next_event_ < scenario_->events.size() && scenario_->events[next_event_].t <= t + slack) {
    const ScenarioEvent& event = scenario_->events[next_event_++];
    if (event.move)
      input_.move = *event.move;
    if (event.device)
      input_.device = *event.device;
    if (event.camera_yaw)
      input_.camera_yaw = *event.camera_yaw;
    if (event.rotation_mode)
      input_.rotation_mode = *event.rotation_mode;
    if (event.gait) {
      input_.walk_mode = *event.gait == "walk";
      input_.sprint = *event.gait == "sprint";
    }
    if (event.jump)
      input_.jump = true;
    if (event.aim)
      input_.aim = *event.aim;
    if (event.release_near)
      release_ = event.release_near;
    else if (event.move)
      release_.reset();  // a later move takes over
  }
  if (release_ && feet &&
      glm::length(glm::vec2(feet->x, feet->z) - release_->point) <= release_->radius_m) {
    input_.move = glm::vec2(0.0f);
    release_.reset();
  }
  return input_;
}

}  // namespace footwork::locomotion
