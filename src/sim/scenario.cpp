// Scenario JSON parsing with errors that name the file, the event and the field.

#include "footwork/sim/scenario.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

namespace footwork::sim {
namespace {

using Json = nlohmann::json;

constexpr std::array<const char*, 2> kDevices{"gamepad", "keyboard"};
constexpr std::array<const char*, 2> kRotationModes{"velocity_direction", "strafing"};
constexpr std::array<const char*, 3> kGaits{"walk", "run", "sprint"};
constexpr std::array<const char*, 10> kStates{
    "Idle",  "Start",       "Cycle",     "GaitTransition", "Stop",
    "Pivot", "TurnInPlace", "JumpStart", "FallLoop",       "FallLand"};
constexpr std::array<const char*, 10> kEventKeys{
    "t",    "move", "device", "camera_yaw_deg", "rotation_mode",
    "gait", "jump", "aim",    "overlay",        "look_target"};
constexpr std::array<const char*, 6> kTopKeys{"description", "dt",     "duration_s",
                                              "start",       "events", "expect_states"};
// A stick reports at most 1; allow for rounding in hand-written diagonals (0.7071).
constexpr float kMoveMagnitudeTolerance = 1e-3f;

template <std::size_t N>
std::string Join(const std::array<const char*, N>& names) {
  std::string text;
  for (const char* name : names) {
    if (!name)
      continue;
    if (!text.empty())
      text += ", ";
    text += name;
  }
  return text;
}

template <std::size_t N>
bool Contains(const std::array<const char*, N>& names, const std::string& value) {
  return std::any_of(names.begin(), names.end(),
                     [&](const char* name) { return name && value == name; });
}

std::string Describe(const Json& value) {
  std::string text = value.dump();
  if (text.size() > 40)
    text = text.substr(0, 37) + "...";
  return std::string(value.type_name()) + " " + text;
}

// Reads typed fields; every error is "<source>: <path>: <what>".
class Reader {
 public:
  explicit Reader(std::string source) : source_(std::move(source)) {}

  Error Fail(const std::string& path, const std::string& what) const {
    return Error{source_ + ": " + path + ": " + what};
  }

  Result<double> Number(const Json& value, const std::string& path) const {
    if (!value.is_number())
      return Fail(path, "expected a number, got " + Describe(value));
    const double number = value.get<double>();
    if (!std::isfinite(number))
      return Fail(path, "expected a finite number");
    return number;
  }

  template <int N>
  Result<glm::vec<N, float>> Vector(const Json& value, const std::string& path) const {
    const std::string shape = N == 2 ? "[x, y]" : "[x, y, z]";
    if (!value.is_array() || value.size() != N) {
      return Fail(path, "expected an array of " + std::to_string(N) + " numbers " + shape +
                            ", got " + Describe(value));
    }
    glm::vec<N, float> result(0.0f);
    for (int i = 0; i < N; ++i) {
      Result<double> component = Number(value[i], path + "[" + std::to_string(i) + "]");
      if (!component)
        return component.error();
      result[i] = static_cast<float>(*component);
    }
    return result;
  }

  template <std::size_t N>
  Result<std::string> OneOf(const Json& value, const std::string& path,
                            const std::array<const char*, N>& allowed) const {
    if (!value.is_string() || !Contains(allowed, value.get<std::string>())) {
      return Fail(path, "expected one of " + Join(allowed) + ", got " + Describe(value));
    }
    return value.get<std::string>();
  }

  Result<bool> Bool(const Json& value, const std::string& path) const {
    if (!value.is_boolean())
      return Fail(path, "expected true or false, got " + Describe(value));
    return value.get<bool>();
  }

 private:
  std::string source_;
};

Result<ScenarioEvent> ParseEvent(const Reader& reader, const Json& json, const std::string& path) {
  if (!json.is_object())
    return reader.Fail(path, "expected an object {\"t\": ..., ...}");
  for (const auto& [key, value] : json.items()) {
    if (!Contains(kEventKeys, key)) {
      return reader.Fail(path + "." + key, "unknown field (known: " + Join(kEventKeys) + ")");
    }
  }
  ScenarioEvent event;
  if (!json.contains("t"))
    return reader.Fail(path + ".t", "missing: every event needs a time");
  Result<double> t = reader.Number(json["t"], path + ".t");
  if (!t)
    return t.error();
  event.t = *t;
  if (json.contains("move")) {
    Result<glm::vec2> move = reader.Vector<2>(json["move"], path + ".move");
    if (!move)
      return move.error();
    if (glm::length(*move) > 1.0f + kMoveMagnitudeTolerance) {
      return reader.Fail(path + ".move", "stick magnitude " + std::to_string(glm::length(*move)) +
                                             " is above 1 (the stick is a unit disc)");
    }
    event.move = *move;
  }
  if (json.contains("device")) {
    Result<std::string> device = reader.OneOf(json["device"], path + ".device", kDevices);
    if (!device)
      return device.error();
    event.device = *device;
  }
  if (json.contains("camera_yaw_deg")) {
    Result<double> yaw = reader.Number(json["camera_yaw_deg"], path + ".camera_yaw_deg");
    if (!yaw)
      return yaw.error();
    event.camera_yaw_deg = static_cast<float>(*yaw);
  }
  if (json.contains("rotation_mode")) {
    Result<std::string> mode =
        reader.OneOf(json["rotation_mode"], path + ".rotation_mode", kRotationModes);
    if (!mode)
      return mode.error();
    event.rotation_mode = *mode;
  }
  if (json.contains("gait")) {
    Result<std::string> gait = reader.OneOf(json["gait"], path + ".gait", kGaits);
    if (!gait)
      return gait.error();
    event.gait = *gait;
  }
  for (const auto& [key, field] :
       {std::pair{"jump", &ScenarioEvent::jump}, std::pair{"aim", &ScenarioEvent::aim}}) {
    if (!json.contains(key))
      continue;
    Result<bool> flag = reader.Bool(json[key], path + "." + key);
    if (!flag)
      return flag.error();
    event.*field = *flag;
  }
  if (json.contains("overlay")) {
    if (!json["overlay"].is_string() || json["overlay"].get<std::string>().empty()) {
      return reader.Fail(
          path + ".overlay",
          "expected an overlay name (\"pistol\", \"none\"), got " + Describe(json["overlay"]));
    }
    event.overlay = json["overlay"].get<std::string>();
  }
  if (json.contains("look_target")) {
    Result<glm::vec3> target = reader.Vector<3>(json["look_target"], path + ".look_target");
    if (!target)
      return target.error();
    event.look_target = *target;
  }
  if (json.size() == 1) {
    return reader.Fail(path, "the event sets nothing besides t (add move, gait, jump, ...)");
  }
  return event;
}

}  // namespace

Result<Scenario> ParseScenario(std::string_view json_text, const std::string& source_name) {
  const Reader reader(source_name);
  Json json;
  try {
    json = Json::parse(json_text);
  } catch (const Json::exception& error) {
    // parse_error, and out_of_range for a number too large for a double (1e999).
    return Error{source_name + ": not valid JSON: " + error.what()};
  }
  if (!json.is_object())
    return reader.Fail("(root)", "expected an object");
  for (const auto& [key, value] : json.items()) {
    if (!Contains(kTopKeys, key)) {
      return reader.Fail(key, "unknown field (known: " + Join(kTopKeys) + ")");
    }
  }

  Scenario scenario;
  if (json.contains("description")) {
    if (!json["description"].is_string())
      return reader.Fail("description", "expected a string");
    scenario.description = json["description"].get<std::string>();
  }
  if (json.contains("dt")) {
    Result<double> dt = reader.Number(json["dt"], "dt");
    if (!dt)
      return dt.error();
    if (*dt <= 0.0 || *dt > 0.1) {
      return reader.Fail(
          "dt", "time step " + std::to_string(*dt) + " s is outside (0, 0.1] (60 Hz is 0.0166667)");
    }
    scenario.dt = *dt;
  }
  if (!json.contains("duration_s"))
    return reader.Fail("duration_s", "missing (seconds to run)");
  Result<double> duration = reader.Number(json["duration_s"], "duration_s");
  if (!duration)
    return duration.error();
  if (*duration <= 0.0)
    return reader.Fail("duration_s", "must be positive");
  scenario.duration_s = *duration;

  if (json.contains("start")) {
    const Json& start = json["start"];
    if (!start.is_object())
      return reader.Fail("start", "expected {\"position\", \"yaw_deg\"}");
    for (const auto& [key, value] : start.items()) {
      if (key != "position" && key != "yaw_deg") {
        return reader.Fail("start." + key, "unknown field (known: position, yaw_deg)");
      }
    }
    if (start.contains("position")) {
      Result<glm::vec3> position = reader.Vector<3>(start["position"], "start.position");
      if (!position)
        return position.error();
      scenario.start_position = *position;
    }
    if (start.contains("yaw_deg")) {
      Result<double> yaw = reader.Number(start["yaw_deg"], "start.yaw_deg");
      if (!yaw)
        return yaw.error();
      scenario.start_yaw_deg = static_cast<float>(*yaw);
    }
  }

  if (!json.contains("events"))
    return reader.Fail("events", "missing (an array of timed inputs)");
  if (!json["events"].is_array())
    return reader.Fail("events", "expected an array");
  double previous_t = 0.0;
  for (std::size_t i = 0; i < json["events"].size(); ++i) {
    const std::string path = "events[" + std::to_string(i) + "]";
    Result<ScenarioEvent> event = ParseEvent(reader, json["events"][i], path);
    if (!event)
      return event.error();
    if (event->t < previous_t) {
      return reader.Fail(path + ".t", "time " + std::to_string(event->t) +
                                          " is before the previous event's " +
                                          std::to_string(previous_t) + " (keep events in order)");
    }
    if (event->t < 0.0 || event->t > scenario.duration_s) {
      return reader.Fail(path + ".t", "time " + std::to_string(event->t) +
                                          " is outside the scenario [0, duration_s]");
    }
    previous_t = event->t;
    scenario.events.push_back(std::move(event).value());
  }

  if (json.contains("expect_states")) {
    const Json& states = json["expect_states"];
    if (!states.is_array())
      return reader.Fail("expect_states", "expected an array of state names");
    for (std::size_t i = 0; i < states.size(); ++i) {
      Result<std::string> state =
          reader.OneOf(states[i], "expect_states[" + std::to_string(i) + "]", kStates);
      if (!state)
        return state.error();
      scenario.expect_states.push_back(*state);
    }
  }
  return scenario;
}

Result<Scenario> LoadScenario(const std::filesystem::path& path) {
  std::ifstream stream(path, std::ios::binary);
  if (!stream)
    return Error{path.string() + ": cannot open the scenario file"};
  std::ostringstream text;
  text << stream.rdbuf();
  return ParseScenario(text.str(), path.string());
}

}  // namespace footwork::sim
