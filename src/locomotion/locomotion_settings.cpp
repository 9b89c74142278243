#include "footwork/locomotion/locomotion_settings.h"

#include <limits>

#include <nlohmann/json.hpp>

#include "footwork/core/angles.h"
#include "footwork/world/json_fields.h"

namespace footwork::locomotion {
namespace {

namespace jf = world::json_fields;
using nlohmann::json;

constexpr float kHuge = std::numeric_limits<float>::max();

// Reads fields of one section into floats, stopping at the first error.
class SectionReader {
 public:
  SectionReader(const json& document, const jf::FieldPath& root, const std::string& key)
      : at_(root.Child(key)) {
    auto member = jf::Member(document, root, key);
    if (!member) {
      error_ = member.error();
      return;
    }
    if (!(*member)->is_object()) {
      error_ = at_.Fail("expected an object, got " + jf::Describe(**member));
      return;
    }
    section_ = *member;
  }

  void Number(const std::string& key, float min, float max, float& out) {
    if (error_)
      return;
    auto value = jf::ReadNumber(*section_, at_, key, min, max);
    if (!value) {
      error_ = value.error();
      return;
    }
    out = *value;
  }
  // A degrees field stored in radians.
  void Angle(const std::string& key, float min_deg, float max_deg, float& out) {
    float degrees = 0.0f;
    Number(key, min_deg, max_deg, degrees);
    out = Radians(degrees);
  }
  void Bool(const std::string& key, bool& out) {
    if (error_)
      return;
    auto member = jf::Member(*section_, at_, key);
    if (!member) {
      error_ = member.error();
      return;
    }
    if (!(*member)->is_boolean()) {
      error_ = at_.Child(key).Fail("expected true or false, got " + jf::Describe(**member));
      return;
    }
    out = (*member)->get<bool>();
  }
  const std::optional<Error>& error() const { return error_; }

 private:
  jf::FieldPath at_;
  const json* section_ = nullptr;
  std::optional<Error> error_;
};

Result<std::shared_ptr<const graph::ChooserTable>> RequireTable(
    const graph::ChooserLibrary& library, const std::string& source, const char* name) {
  auto table = library.Find(name);
  if (!table)
    return Error{source + ": choosers: missing required table '" + name + "'"};
  return table;
}

}  // namespace

Result<LocomotionSettings> ParseLocomotionSettings(std::string_view json_text,
                                                   const std::string& source_name) {
  auto document = jf::ParseDocument(json_text, source_name);
  if (!document)
    return document.error();
  const jf::FieldPath root{source_name, ""};
  LocomotionSettings settings;

  SectionReader essential(*document, root, "essential");
  essential.Number("moving_speed_m_s", 0.0f, 10.0f, settings.essential.moving_speed_m_s);
  essential.Number("should_turn_dot", -1.0f, 1.0f, settings.essential.should_turn_dot);
  essential.Number("safe_normal_tolerance_m", 0.0f, 1.0f, settings.essential.safe_normal_tolerance);
  essential.Angle("cardinal_dead_zone_deg", 0.0f, 45.0f, settings.essential.cardinal_dead_zone);

  SectionReader gait(*document, root, "gait");
  gait.Number("run_stick_threshold", 0.0f, 1.0f, settings.gait.run_stick_threshold);
  gait.Number("walk_stick_threshold", 0.0f, 1.0f, settings.gait.walk_stick_threshold);
  gait.Number("run_min_max_speed_m_s", 0.0f, 100.0f, settings.gait.run_min_max_speed_m_s);
  gait.Number("walk_min_max_speed_m_s", 0.0f, 100.0f, settings.gait.walk_min_max_speed_m_s);

  SectionReader rotation(*document, root, "rotation");
  rotation.Angle("velocity_primary_rate_deg_s", 0.0f, 100000.0f,
                 settings.rotation.velocity_primary_rate);
  rotation.Number("velocity_actor_interp_speed", 0.0f, 1000.0f,
                  settings.rotation.velocity_actor_interp_speed);
  rotation.Angle("control_primary_rate_deg_s", 0.0f, 100000.0f,
                 settings.rotation.control_primary_rate);
  rotation.Number("control_actor_interp_speed", 0.0f, 1000.0f,
                  settings.rotation.control_actor_interp_speed);

  SectionReader start(*document, root, "start");
  start.Number("play_rate_min", 0.01f, 10.0f, settings.start.play_rate_min);
  start.Number("play_rate_max", 0.01f, 10.0f, settings.start.play_rate_max);
  start.Number("start_time_s", 0.0f, 10.0f, settings.start.start_time_s);
  start.Number("blend_in_s", 0.0f, 5.0f, settings.start.blend_in_s);
  start.Number("to_cycle_blend_s", 0.0f, 5.0f, settings.start.to_cycle_blend_s);
  start.Number("to_cycle_when_remaining_s", 0.0f, 10.0f, settings.start.to_cycle_when_remaining_s);

  SectionReader cycle(*document, root, "cycle");
  cycle.Number("blend_in_s", 0.0f, 5.0f, settings.cycle.blend_in_s);
  cycle.Number("gait_transition_blend_s", 0.0f, 5.0f, settings.cycle.gait_transition_blend_s);

  SectionReader stop(*document, root, "stop");
  stop.Number("low_speed_below_m_s", 0.0f, 100.0f, settings.stop.low_speed_below_m_s);
  stop.Number("high_speed_above_m_s", 0.0f, 100.0f, settings.stop.high_speed_above_m_s);
  stop.Number("low_speed_start_time_s", 0.0f, 100.0f, settings.stop.low_speed_start_time_s);
  stop.Number("medium_speed_start_time_s", 0.0f, 100.0f, settings.stop.medium_speed_start_time_s);
  stop.Number("high_speed_start_time_s", 0.0f, 100.0f, settings.stop.high_speed_start_time_s);
  stop.Bool("distance_matching", settings.stop.distance_matching);
  stop.Number("blend_in_s", 0.0f, 5.0f, settings.stop.blend_in_s);
  stop.Number("to_idle_when_remaining_s", 0.0f, 10.0f, settings.stop.to_idle_when_remaining_s);
  stop.Number("to_idle_blend_s", 0.0f, 5.0f, settings.stop.to_idle_blend_s);

  SectionReader turn(*document, root, "turn");
  turn.Number("pivot_blend_s", 0.0f, 5.0f, settings.turn.pivot_blend_s);
  turn.Angle("turn_in_place_threshold_deg", 0.0f, 180.0f, settings.turn.turn_in_place_threshold);
  turn.Angle("turn_in_place_rate_deg_s", 1.0f, 10000.0f, settings.turn.turn_in_place_rate);
  turn.Angle("turn_in_place_done_deg", 0.0f, 90.0f, settings.turn.turn_in_place_done);
  turn.Number("turn_in_place_blend_s", 0.0f, 5.0f, settings.turn.turn_in_place_blend_s);

  SectionReader air(*document, root, "air");
  air.Number("jump_start_blend_s", 0.0f, 5.0f, settings.air.jump_start_blend_s);
  air.Number("fall_loop_blend_s", 0.0f, 5.0f, settings.air.fall_loop_blend_s);
  air.Number("land_blend_s", 0.0f, 5.0f, settings.air.land_blend_s);
  air.Number("land_to_idle_when_remaining_s", 0.0f, 10.0f,
             settings.air.land_to_idle_when_remaining_s);
  air.Number("land_to_idle_blend_s", 0.0f, 5.0f, settings.air.land_to_idle_blend_s);
  air.Number("floor_trace_m", 0.0f, kHuge, settings.air.floor_trace_m);
  air.Number("floor_trace_min_vertical_speed_m_s", -kHuge, kHuge,
             settings.air.floor_trace_min_vertical_speed_m_s);

  SectionReader blend(*document, root, "blend");
  blend.Number("dead_blend_decay_half_life_s", 0.001f, 10.0f,
               settings.blend.dead_blend_decay_half_life_s);

  for (const SectionReader* section :
       {&essential, &gait, &rotation, &start, &cycle, &stop, &turn, &air, &blend}) {
    if (section->error())
      return *section->error();
  }
  if (settings.start.play_rate_min > settings.start.play_rate_max)
    return root.Child("start.play_rate_min").Fail("must not exceed start.play_rate_max");
  if (settings.stop.low_speed_below_m_s > settings.stop.high_speed_above_m_s)
    return root.Child("stop.low_speed_below_m_s").Fail("must not exceed stop.high_speed_above_m_s");
  if (settings.gait.walk_stick_threshold > settings.gait.run_stick_threshold)
    return root.Child("gait.walk_stick_threshold").Fail("must not exceed gait.run_stick_threshold");

  auto choosers = jf::Member(*document, root, "choosers");
  if (!choosers)
    return choosers.error();
  auto library = graph::ParseChooserLibrary((*choosers)->dump(), source_name + ": choosers");
  if (!library)
    return library.error();
  struct Slot {
    const char* name;
    std::shared_ptr<const graph::ChooserTable>* out;
  };
  for (const Slot& slot :
       {Slot{"CT_Start", &settings.start_chooser}, Slot{"CT_Cycle", &settings.cycle_chooser},
        Slot{"CT_Stop", &settings.stop_chooser}, Slot{"CT_Idle", &settings.idle_chooser},
        Slot{"CT_Air", &settings.air_chooser}}) {
    auto table = RequireTable(*library, source_name, slot.name);
    if (!table)
      return table.error();
    *slot.out = *table;
  }
  return settings;
}

Result<LocomotionSettings> LoadLocomotionSettings(const std::filesystem::path& path) {
  auto text = jf::ReadTextFile(path);
  if (!text)
    return text.error();
  return ParseLocomotionSettings(*text, path.filename().string());
}

}  // namespace footwork::locomotion
