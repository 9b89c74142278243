#pragma once
// Player input for movement: keyboard (digital WASD, walk toggle, sprint, jump, strafe toggle,
// aim) and gamepad (analog stick with the seed's per-axis dead zone and a radial dead zone),
// camera yaw/pitch, conversion to a world move direction, and a timeline of timed input events
// that drives scripted scenarios.

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

#include "footwork/core/error.h"
#include "footwork/movement/character_mover.h"
#include "footwork/movement/movement_settings.h"

namespace footwork::movement {

// Gamepad stick filtering, as data (assets/movement/input.json).
struct GamepadSettings {
  // The seed's FilterGamepadValue (Part09): an axis whose magnitude is not above this is zeroed,
  // so a stick pushed mostly along one axis does not drift along the other. The seed leaves the
  // value to the blueprint; 0.1 is Footwork's default.
  float per_axis_threshold = 0.1f;
  // Unreal's Dead Zone input modifier (radial) that the seed adds in IMC_Default: magnitudes
  // below inner are zero, above outer are one, and rescaled linearly between (Unreal's defaults
  // 0.2 and 1.0).
  float radial_inner = 0.2f;
  float radial_outer = 1.0f;
};

Result<GamepadSettings> LoadGamepadSettings(const std::filesystem::path& path);
Result<GamepadSettings> ParseGamepadSettings(std::string_view json_text,
                                             const std::string& source_name);

// The seed's FilterGamepadValue: each axis kept only if |axis| > threshold.
glm::vec2 FilterGamepadAxes(const glm::vec2& stick, float threshold);
// Unreal's radial dead zone: direction kept, magnitude remapped from [inner, outer] to [0, 1].
glm::vec2 ApplyRadialDeadZone(const glm::vec2& stick, float inner, float outer);
// Radial dead zone (the input mapping's modifier) first, then the seed's per-axis filter.
glm::vec2 FilterStick(const glm::vec2& raw_stick, const GamepadSettings& settings);

// Buttons and keys movement listens to.
enum class Button : std::uint8_t {
  kMoveForward,  // W
  kMoveBack,     // S
  kMoveLeft,     // A
  kMoveRight,    // D
  kWalkToggle,
  kSprint,
  kJump,
  kStrafeToggle,
  kAim,
};
inline constexpr std::size_t kButtonCount = 9;

const char* ButtonName(Button button);
std::optional<Button> ButtonFromName(std::string_view name);

// The player's input at one moment. Axes: x right, y forward (stick up).
struct InputState {
  glm::vec2 raw_stick{0.0f};
  std::array<bool, kButtonCount> held{};
  // Toggled by presses of kWalkToggle / kStrafeToggle.
  bool walk_mode = false;
  bool strafe_mode = false;
  // Camera orientation in radians (yaw about +Y, DESIGN.md convention; pitch positive up).
  float camera_yaw = 0.0f;
  float camera_pitch = 0.0f;
  // Jump presses so far: a changed count between two frames is a jump request (an edge).
  std::uint32_t jump_presses = 0;

  bool Held(Button button) const { return held[static_cast<std::size_t>(button)]; }
  bool aiming() const { return Held(Button::kAim); }
};

// Applies a press: sets held, flips toggles, counts jumps. Pressing a held button does nothing.
void Press(InputState& state, Button button);
void Release(InputState& state, Button button);

// WASD as axes: each held key contributes a unit axis; diagonals are normalized to length 1.
glm::vec2 KeyboardAxes(const InputState& state);
// The filtered stick if it is deflected, else the keyboard axes. Length 0..1.
glm::vec2 MoveAxes(const InputState& state, const GamepadSettings& gamepad);
// Axes relative to the camera yaw, as a horizontal world direction of the same length (0..1;
// the length is the analog input modifier).
glm::vec3 WorldMoveDirection(const glm::vec2& axes, float camera_yaw);
// Walk when walk mode is on, sprint while sprint is held, else run.
Gait DesiredGait(const InputState& state);
// The mover's input for a frame; jump if a jump press happened since `previous`.
MoveInput ToMoveInput(const InputState& now, const InputState& previous,
                      const GamepadSettings& gamepad);

// One timed change of input.
struct InputEvent {
  enum class Kind : std::uint8_t { kStick, kPress, kRelease, kCamera };
  double time_s = 0.0;
  Kind kind = Kind::kStick;
  glm::vec2 stick{0.0f};
  Button button = Button::kJump;
  // For kCamera: new yaw/pitch in radians; unset fields keep their value.
  std::optional<float> camera_yaw;
  std::optional<float> camera_pitch;
};

// A scripted input track: events sorted by time (ties keep file order); the state at any time
// is the initial state with every event at or before that time applied.
class InputTimeline {
 public:
  // File format: {"events": [{"t_s": 0.5, "stick": [x, y]}, {"t_s": 1, "press": "jump"},
  // {"t_s": 1.1, "release": "jump"}, {"t_s": 2, "camera_yaw_deg": 90, "camera_pitch_deg": -10}]}
  // Button names: forward, back, left, right, walk, sprint, jump, strafe, aim.
  static Result<InputTimeline> Load(const std::filesystem::path& path);
  static Result<InputTimeline> Parse(std::string_view json_text, const std::string& source_name);

  // Inserts keeping time order (after events with the same time).
  void Add(const InputEvent& event);
  InputState StateAt(double time_s) const;
  const std::vector<InputEvent>& events() const { return events_; }
  // Time of the last event (0 when empty).
  double Duration() const { return events_.empty() ? 0.0 : events_.back().time_s; }

 private:
  std::vector<InputEvent> events_;
};

}  // namespace footwork::movement
