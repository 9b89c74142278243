#pragma once
// A scenario: timed scripted input for `footwork simulate` (issue 6's JSON format), validated on
// load so a typo in a key or a value fails with the file, the event index and the field.
//
// {"description": "...", "dt": 0.0166667, "duration_s": 10,
//  "start": {"position": [0, 0, 0], "yaw_deg": 0},
//  "events": [{"t": 0, "move": [0, 1], "device": "gamepad"}, {"t": 2, "move": [0, 0]},
//             {"t": 3, "camera_yaw_deg": 90}, {"t": 4, "rotation_mode": "strafing"},
//             {"t": 5, "gait": "walk"}, {"t": 6, "jump": true}, {"t": 7, "aim": true},
//             {"t": 8, "overlay": "pistol"}, {"t": 9, "look_target": [1, 1.6, 3]}],
//  "expect_states": ["Idle", "Start", "Cycle", "Stop", "Idle"]}
// `move` is the stick (x right, y forward) relative to the camera yaw, magnitude 0..1. Events
// are in time order; one event may set several fields. `description` and `expect_states` (the
// state sequence a scenario test asserts, consecutive duplicates collapsed) are optional.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

#include "footwork/core/error.h"

namespace footwork::sim {

// One timed input change; unset fields keep their previous value.
struct ScenarioEvent {
  double t = 0.0;
  std::optional<glm::vec2> move;
  // "gamepad" or "keyboard".
  std::optional<std::string> device;
  std::optional<float> camera_yaw_deg;
  // "velocity_direction" or "strafing".
  std::optional<std::string> rotation_mode;
  // "walk", "run" or "sprint".
  std::optional<std::string> gait;
  std::optional<bool> jump;
  std::optional<bool> aim;
  // Overlay name ("pistol", "torch", ...; "none" clears it).
  std::optional<std::string> overlay;
  // World point the head looks at.
  std::optional<glm::vec3> look_target;
};

struct Scenario {
  std::string description;
  double dt = 1.0 / 60.0;
  double duration_s = 0.0;
  glm::vec3 start_position{0.0f};
  float start_yaw_deg = 0.0f;
  std::vector<ScenarioEvent> events;
  std::vector<std::string> expect_states;
};

Result<Scenario> ParseScenario(std::string_view json_text, const std::string& source_name);
Result<Scenario> LoadScenario(const std::filesystem::path& path);

}  // namespace footwork::sim
