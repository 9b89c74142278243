#pragma once
// A character description for the procedural humanoid, shared by the cook pipeline tests.

#include <string>

namespace footwork::cook::testing {

// Roles on the humanoid's clips: idle, walk and run in place, the authored root-motion walk, the
// jump; mirrored walk; stops and starts from walk and run.
inline std::string HumanoidDescriptionJson() {
  return R"({
    "name": "procedural_humanoid",
    "sources": ["humanoid.glb"],
    "rig_profile": "procedural_humanoid.json",
    "contacts": {"height_tolerance_m": 0.02, "max_vertical_speed_m_s": 0.25, "min_duration_s": 0.06},
    "roles": {
      "idle": {"clip": "idle", "looping": true, "enable_turn_in_place": 1},
      "walk": {"clip": "walk_in_place", "looping": true, "root_motion": "contacts"},
      "run": {"clip": "run_in_place", "looping": true, "root_motion": "contacts"},
      "walk_authored": {"clip": "walk_root_motion", "looping": true, "root_motion": "authored"},
      "jump": {"clip": "jump"},
      "overlay": {"clip": "idle", "looping": true, "foot_curves": false,
                  "layering": {"Layering_Arm_L": 1, "Layering_Arm_L_LS": 1}}
    },
    "mirror_roles": ["walk"],
    "transitions": [
      {"from_role": "walk", "start_turns_deg": [0, 90]},
      {"from_role": "run", "start_turns_deg": [0]}
    ]
  })";
}

}  // namespace footwork::cook::testing
