#include "footwork/movement/input.h"

#include <algorithm>
#include <cmath>

#include "footwork/core/angles.h"
#include "footwork/world/json_fields.h"

namespace footwork::movement {
namespace {

using nlohmann::json;
using world::json_fields::FieldPath;
namespace jf = world::json_fields;

constexpr std::array<const char*, kButtonCount> kButtonNames = {
    "forward", "back", "left", "right", "walk", "sprint", "jump", "strafe", "aim"};

std::string ButtonList() {
  std::string list;
  for (const char* name : kButtonNames)
    list += std::string(list.empty() ? "" : ", ") + name;
  return list;
}

}  // namespace

Result<GamepadSettings> ParseGamepadSettings(std::string_view json_text,
                                             const std::string& source_name) {
  auto document = jf::ParseDocument(json_text, source_name);
  if (!document)
    return document.error();
  const FieldPath root{source_name, ""};
  auto gamepad = jf::Member(*document, root, "gamepad");
  if (!gamepad)
    return gamepad.error();
  const FieldPath at = root.Child("gamepad");
  if (auto s = jf::ExpectObject(**gamepad, at); !s)
    return s.error();
  GamepadSettings settings;
  auto per_axis = jf::ReadNumber(**gamepad, at, "per_axis_threshold", 0.0f, 0.99f);
  auto inner = jf::ReadNumber(**gamepad, at, "radial_inner", 0.0f, 0.99f);
  auto outer = jf::ReadNumber(**gamepad, at, "radial_outer", 0.01f, 1.0f);
  if (!per_axis)
    return per_axis.error();
  if (!inner)
    return inner.error();
  if (!outer)
    return outer.error();
  if (*outer <= *inner)
    return at.Child("radial_outer").Fail("must be greater than radial_inner");
  settings.per_axis_threshold = *per_axis;
  settings.radial_inner = *inner;
  settings.radial_outer = *outer;
  return settings;
}

Result<GamepadSettings> LoadGamepadSettings(const std::filesystem::path& path) {
  auto text = jf::ReadTextFile(path);
  if (!text)
    return text.error();
  return ParseGamepadSettings(*text, path.filename().string());
}

glm::vec2 FilterGamepadAxes(const glm::vec2& stick, float threshold) {
  return {std::abs(stick.x) > threshold ? stick.x : 0.0f,
          std::abs(stick.y) > threshold ? stick.y : 0.0f};
}

glm::vec2 ApplyRadialDeadZone(const glm::vec2& stick, float inner, float outer) {
  const float magnitude = glm::length(stick);
  if (!(magnitude > inner) || outer <= inner)
    return glm::vec2(0.0f);
  const float remapped = (std::min(magnitude, outer) - inner) / (outer - inner);
  return stick / magnitude * remapped;
}

glm::vec2 FilterStick(const glm::vec2& raw_stick, const GamepadSettings& settings) {
  return FilterGamepadAxes(
      ApplyRadialDeadZone(raw_stick, settings.radial_inner, settings.radial_outer),
      settings.per_axis_threshold);
}

const char* ButtonName(Button button) {
  const auto index = static_cast<std::size_t>(button);
  return index < kButtonCount ? kButtonNames[index] : "unknown";
}

std::optional<Button> ButtonFromName(std::string_view name) {
  for (std::size_t i = 0; i < kButtonCount; ++i) {
    if (name == kButtonNames[i])
      return static_cast<Button>(i);
  }
  return std::nullopt;
}

void Press(InputState& state, Button button) {
  bool& held = state.held[static_cast<std::size_t>(button)];
  if (held)
    return;
  held = true;
  if (button == Button::kWalkToggle)
    state.walk_mode = !state.walk_mode;
  if (button == Button::kStrafeToggle)
    state.strafe_mode = !state.strafe_mode;
  if (button == Button::kJump)
    ++state.jump_presses;
}

void Release(InputState& state, Button button) {
  state.held[static_cast<std::size_t>(button)] = false;
}

glm::vec2 KeyboardAxes(const InputState& state) {
  glm::vec2 axes(0.0f);
  if (state.Held(Button::kMoveForward))
    axes.y += 1.0f;
  if (state.Held(Button::kMoveBack))
    axes.y -= 1.0f;
  if (state.Held(Button::kMoveRight))
    axes.x += 1.0f;
  if (state.Held(Button::kMoveLeft))
    axes.x -= 1.0f;
  const float length = glm::length(axes);
  return length > 0.0f ? axes / length : axes;
}

glm::vec2 MoveAxes(const InputState& state, const GamepadSettings& gamepad) {
  const glm::vec2 stick = FilterStick(state.raw_stick, gamepad);
  if (stick.x != 0.0f || stick.y != 0.0f) {
    const float length = glm::length(stick);
    return length > 1.0f ? stick / length : stick;
  }
  return KeyboardAxes(state);
}

glm::vec3 WorldMoveDirection(const glm::vec2& axes, float camera_yaw) {
  // Positive yaw turns toward +X, the character's left, so "right" is yaw - 90 degrees.
  const glm::vec3 forward = DirectionFromYaw(camera_yaw);
  const glm::vec3 right = DirectionFromYaw(camera_yaw - 0.5f * kPi);
  return forward * axes.y + right * axes.x;
}

Gait DesiredGait(const InputState& state) {
  if (state.walk_mode)
    return Gait::kWalk;
  if (state.Held(Button::kSprint))
    return Gait::kSprint;
  return Gait::kRun;
}

MoveInput ToMoveInput(const InputState& now, const InputState& previous,
                      const GamepadSettings& gamepad) {
  MoveInput input;
  input.direction = WorldMoveDirection(MoveAxes(now, gamepad), now.camera_yaw);
  input.gait = DesiredGait(now);
  input.jump = now.jump_presses != previous.jump_presses;
  return input;
}

void InputTimeline::Add(const InputEvent& event) {
  const auto position =
      std::upper_bound(events_.begin(), events_.end(), event.time_s,
                       [](double time, const InputEvent& e) { return time < e.time_s; });
  events_.insert(position, event);
}

InputState InputTimeline::StateAt(double time_s) const {
  InputState state;
  for (const auto& event : events_) {
    if (event.time_s > time_s)
      break;
    switch (event.kind) {
      case InputEvent::Kind::kStick:
        state.raw_stick = event.stick;
        break;
      case InputEvent::Kind::kPress:
        Press(state, event.button);
        break;
      case InputEvent::Kind::kRelease:
        Release(state, event.button);
        break;
      case InputEvent::Kind::kCamera:
        if (event.camera_yaw)
          state.camera_yaw = *event.camera_yaw;
        if (event.camera_pitch)
          state.camera_pitch = *event.camera_pitch;
        break;
    }
  }
  return state;
}

Result<InputTimeline> InputTimeline::Parse(std::string_view json_text,
                                           const std::string& source_name) {
  auto document = jf::ParseDocument(json_text, source_name);
  if (!document)
    return document.error();
  const FieldPath root{source_name, ""};
  auto events = jf::Member(*document, root, "events");
  if (!events)
    return events.error();
  const FieldPath events_at = root.Child("events");
  if (!(*events)->is_array()) {
    return events_at.Fail("expected an array of events, got " + jf::Describe(**events));
  }
  InputTimeline timeline;
  for (std::size_t i = 0; i < (*events)->size(); ++i) {
    const json& node = (**events)[i];
    const FieldPath at = events_at.Index(i);
    if (auto s = jf::ExpectObject(node, at); !s)
      return s.error();
    auto time = jf::ReadNumber(node, at, "t_s", 0.0f, 1.0e6f);
    if (!time)
      return time.error();
    InputEvent event;
    event.time_s = *time;
    int kinds = 0;
    if (node.contains("stick")) {
      ++kinds;
      const json& stick = node.at("stick");
      if (!stick.is_array() || stick.size() != 2) {
        return at.Child("stick").Fail("expected [x, y] with each in [-1, 1], got " +
                                      jf::Describe(stick));
      }
      for (std::size_t axis = 0; axis < 2; ++axis) {
        auto value = jf::NumberIn(stick[axis], at.Child("stick").Index(axis), -1.0f, 1.0f);
        if (!value)
          return value.error();
        event.stick[static_cast<int>(axis)] = *value;
      }
      event.kind = InputEvent::Kind::kStick;
    }
    for (const char* key : {"press", "release"}) {
      if (!node.contains(key))
        continue;
      ++kinds;
      const json& name = node.at(key);
      const auto button = name.is_string() ? ButtonFromName(name.get<std::string>()) : std::nullopt;
      if (!button) {
        return at.Child(key).Fail("expected a button name (" + ButtonList() + "), got " +
                                  jf::Describe(name));
      }
      event.button = *button;
      event.kind =
          std::string_view(key) == "press" ? InputEvent::Kind::kPress : InputEvent::Kind::kRelease;
    }
    if (node.contains("camera_yaw_deg") || node.contains("camera_pitch_deg")) {
      ++kinds;
      event.kind = InputEvent::Kind::kCamera;
      if (node.contains("camera_yaw_deg")) {
        auto yaw = jf::ReadNumber(node, at, "camera_yaw_deg", -3600.0f, 3600.0f);
        if (!yaw)
          return yaw.error();
        event.camera_yaw = NormalizeAngle(Radians(*yaw));
      }
      if (node.contains("camera_pitch_deg")) {
        auto pitch = jf::ReadNumber(node, at, "camera_pitch_deg", -90.0f, 90.0f);
        if (!pitch)
          return pitch.error();
        event.camera_pitch = Radians(*pitch);
      }
    }
    if (kinds != 1) {
      return at.Fail(
          "expected exactly one of \"stick\", \"press\", \"release\" or camera fields "
          "(\"camera_yaw_deg\", \"camera_pitch_deg\")");
    }
    timeline.Add(event);
  }
  return timeline;
}

Result<InputTimeline> InputTimeline::Load(const std::filesystem::path& path) {
  auto text = jf::ReadTextFile(path);
  if (!text)
    return text.error();
  return Parse(*text, path.filename().string());
}

}  // namespace footwork::movement
