#pragma once
// A scripted scenario for `footwork simulate` (issue 6's format):
// {"dt": 0.0166667, "duration_s": 10, "start": {"position": [0,0,0], "yaw_deg": 0},
//  "events": [{"t": 0, "move": [0, 1], "device": "gamepad"}, {"t": 2, "move": [0, 0]},
//             {"t": 3, "camera_yaw_deg": 90}, {"t": 4, "rotation_mode": "strafing"},
//             {"t": 5, "gait": "walk"}, {"t": 6, "jump": true}, {"t": 7, "aim": true},
//             {"t": 8, "overlay": "pistol"}, {"t": 9, "look_target": [1, 1.6, 3]}]}
// An event changes only the fields it names; the input at time t is every event at or before t
// applied in order. `jump: true` is a press on the first frame at or after its time.
// `{"t": 0.5, "release_near": {"point": [x, z], "radius_m": r}}` lets go of the move input (as
// `move: [0, 0]` would) on the first frame the character's feet are within r of the point
// (horizontally), so characters of different speeds stop at the same place: the Knight, slower
// than the default character on stairs, reached the landing a few seconds later.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

#include "footwork/core/error.h"
#include "footwork/locomotion/locomotion_character.h"

namespace footwork::locomotion {

// Where a scripted move lets go (see the file's header).
struct ReleaseNear {
  glm::vec2 point{0.0f};  // world (x, z)
  float radius_m = 0.0f;
};

struct ScenarioEvent {
  double t = 0.0;
  std::optional<glm::vec2> move;
  std::optional<InputDevice> device;
  // Radians.
  std::optional<float> camera_yaw;
  std::optional<RotationMode> rotation_mode;
  // "walk" turns the keyboard walk toggle on, "run" off, "sprint" holds sprint.
  std::optional<std::string> gait;
  bool jump = false;
  std::optional<bool> aim;
  // Accepted and kept for the overlay and look-at layers; locomotion ignores them.
  std::optional<std::string> overlay;
  std::optional<glm::vec3> look_target;
  std::optional<ReleaseNear> release_near;
};

struct Scenario {
  float dt_s = 1.0f / 60.0f;
  float duration_s = 0.0f;
  // Capsule bottom (feet) at the start, and facing.
  glm::vec3 start_position{0.0f};
  float start_yaw = 0.0f;
  // Sorted by time (ties keep file order).
  std::vector<ScenarioEvent> events;

  int FrameCount() const;
};

Result<Scenario> ParseScenario(std::string_view json_text, const std::string& source_name);
Result<Scenario> LoadScenario(const std::filesystem::path& path);

// Plays a scenario's events into per-frame input.
class ScenarioInput {
 public:
  explicit ScenarioInput(const Scenario& scenario) : scenario_(&scenario) {}
  // The input of the frame at time t (call with increasing t), the character's feet (capsule
  // bottom, world) at the frame's start given for release_near (without them it never lets go).
  const LocomotionInput& Advance(double t, const std::optional<glm::vec3>& feet = std::nullopt);

 private:
  const Scenario* scenario_;
  std::size_t next_event_ = 0;
  LocomotionInput input_;
  std::optional<ReleaseNear> release_;
};

}  // namespace footwork::locomotion
