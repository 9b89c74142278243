#pragma once
// A character description for the procedural humanoid, shared by the cook pipeline tests.

#include <string>

#include <gtest/gtest.h>

#include "footwork/cook/character_description.h"
#include "footwork/cook/cook_character.h"
#include "support/procedural_humanoid.h"

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

// The humanoid described above, cooked once per test program (a cook is most of a cook test's
// time) and shared by the tests that only read it. Fails the calling test if it does not cook.
inline const CookedCharacter& CookedHumanoid() {
  static const Result<CookedCharacter> cooked = [] {
    Result<CharacterDescription> description =
        ParseCharacterDescription(HumanoidDescriptionJson(), "humanoid.json");
    if (!description)
      return Result<CookedCharacter>(description.error());
    return CookCharacter(*description, footwork::testing::HumanoidScene(),
                         footwork::testing::HumanoidRigProfile());
  }();
  EXPECT_TRUE(cooked.ok()) << cooked.error().message;
  static const CookedCharacter empty;
  return cooked.ok() ? *cooked : empty;
}

// Index of the cooked clip named `name`, or -1.
inline int ClipIndex(const CookedCharacter& character, const std::string& name) {
  for (std::size_t i = 0; i < character.clips.size(); ++i) {
    if (character.clips[i].name == name)
      return static_cast<int>(i);
  }
  return -1;
}

}  // namespace footwork::cook::testing
