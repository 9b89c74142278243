// libFuzzer target for Footwork's JSON loaders: scenarios, levels, movement and gamepad
// settings, input timelines, locomotion and IK settings, chooser tables, character
// descriptions, rig profiles, traces and the metrics' segment scenarios (sim::ParseScenario). The
// first byte picks the loader, the rest is the text. Any input must give a value or an Error, never
// a crash, hang or sanitizer report.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "footwork/cook/character_description.h"
#include "footwork/graph/chooser.h"
#include "footwork/ik/ik_settings.h"
#include "footwork/io/rig_profile_io.h"
#include "footwork/locomotion/locomotion_settings.h"
#include "footwork/locomotion/scenario.h"
#include "footwork/movement/input.h"
#include "footwork/movement/movement_settings.h"
#include "footwork/sim/scenario.h"
#include "footwork/sim/trace_io.h"
#include "footwork/world/level.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0)
    return 0;
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  const std::string source = "fuzz.json";
  bool ok = false;
  switch (data[0] % 12) {
    case 0:
      ok = footwork::locomotion::ParseScenario(text, source).ok();
      break;
    case 1:
      ok = footwork::world::ParseLevel(text, source).ok();
      break;
    case 2:
      ok = footwork::movement::ParseMovementSettings(text, source).ok();
      break;
    case 3:
      ok = footwork::movement::ParseGamepadSettings(text, source).ok();
      break;
    case 4:
      ok = footwork::movement::InputTimeline::Parse(text, source).ok();
      break;
    case 5:
      ok = footwork::locomotion::ParseLocomotionSettings(text, source).ok();
      break;
    case 6:
      ok = footwork::ik::ParseCharacterIkSettings(text, source).ok();
      break;
    case 7:
      ok = footwork::graph::ParseChooserLibrary(text, source).ok();
      break;
    case 8:
      ok = footwork::cook::ParseCharacterDescription(std::string(text), source).ok();
      break;
    case 9:
      ok = footwork::io::RigProfileFromJson(text, source).ok();
      break;
    case 10:
      ok = footwork::sim::TraceReader::Parse(text, source).ok();
      break;
    default:
      ok = footwork::sim::ParseScenario(text, source).ok();
      break;
  }
  (void)ok;
  return 0;
}
