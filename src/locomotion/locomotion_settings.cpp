#include "footwork/locomotion/locomotion_settings.h"

#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "footwork/world/json_extends.h"
#include "footwork/world/json_fields.h"

namespace footwork::locomotion {
namespace {

namespace jf = world::json_fields;

constexpr float kHuge = std::numeric_limits<float>::max();

Result<std::shared_ptr<const graph::ChooserTable>> RequireTable(
    const graph::ChooserLibrary& library, const std::string& source, const char* name) {
  auto table = library.Find(name);
  if (!table)
    return Error{source + ": choosers: missing required table '" + name + "'"};
  return table;
}

// Every section of default.json, field by field; the reader keeps the first error.
void ReadSections(jf::FieldReader& read, LocomotionSettings& s) {
  read.Object("essential")
      .Number("moving_speed_m_s", s.essential.moving_speed_m_s, 0.0f, 10.0f)
      .Number("should_turn_dot", s.essential.should_turn_dot, -1.0f, 1.0f)
      .Number("safe_normal_tolerance_m", s.essential.safe_normal_tolerance, 0.0f, 1.0f)
      .Angle("cardinal_dead_zone_deg", s.essential.cardinal_dead_zone, 0.0f, 45.0f);

  read.Object("gait")
      .Number("run_stick_threshold", s.gait.run_stick_threshold, 0.0f, 1.0f)
      .Number("walk_stick_threshold", s.gait.walk_stick_threshold, 0.0f, 1.0f)
      .Number("run_min_max_speed_m_s", s.gait.run_min_max_speed_m_s, 0.0f, 100.0f)
      .Number("walk_min_max_speed_m_s", s.gait.walk_min_max_speed_m_s, 0.0f, 100.0f);

  read.Object("rotation")
      .Angle("velocity_primary_rate_deg_s", s.rotation.velocity_primary_rate, 0.0f, 100000.0f)
      .Number("velocity_actor_interp_speed", s.rotation.velocity_actor_interp_speed, 0.0f, 1000.0f)
      .Angle("control_primary_rate_deg_s", s.rotation.control_primary_rate, 0.0f, 100000.0f)
      .Number("control_actor_interp_speed", s.rotation.control_actor_interp_speed, 0.0f, 1000.0f);

  read.Object("start")
      .Number("play_rate_min", s.start.play_rate_min, 0.01f, 10.0f)
      .Number("play_rate_max", s.start.play_rate_max, 0.01f, 10.0f)
      .Number("start_time_s", s.start.start_time_s, 0.0f, 10.0f)
      .Bool("distance_matching", s.start.distance_matching)
      .Number("blend_in_s", s.start.blend_in_s, 0.0f, 5.0f)
      .Number("to_cycle_blend_s", s.start.to_cycle_blend_s, 0.0f, 5.0f)
      .Number("to_cycle_when_remaining_s", s.start.to_cycle_when_remaining_s, 0.0f, 10.0f);

  read.Object("cycle")
      .Number("blend_in_s", s.cycle.blend_in_s, 0.0f, 5.0f)
      .Number("gait_transition_blend_s", s.cycle.gait_transition_blend_s, 0.0f, 5.0f)
      .Number("gait_transition_max_play_rate", s.cycle.gait_transition_max_play_rate, 0.1f, 10.0f)
      .Angle("max_joint_speed_deg_s", s.cycle.max_joint_speed, 60.0f, 100000.0f);

  read.Object("stop")
      .Number("low_speed_below_m_s", s.stop.low_speed_below_m_s, 0.0f, 100.0f)
      .Number("high_speed_above_m_s", s.stop.high_speed_above_m_s, 0.0f, 100.0f)
      .Number("low_speed_start_time_s", s.stop.low_speed_start_time_s, 0.0f, 100.0f)
      .Number("medium_speed_start_time_s", s.stop.medium_speed_start_time_s, 0.0f, 100.0f)
      .Number("high_speed_start_time_s", s.stop.high_speed_start_time_s, 0.0f, 100.0f)
      .Bool("distance_matching", s.stop.distance_matching)
      .Number("blend_in_s", s.stop.blend_in_s, 0.0f, 5.0f)
      .Number("to_idle_when_remaining_s", s.stop.to_idle_when_remaining_s, 0.0f, 10.0f)
      .Number("to_idle_blend_s", s.stop.to_idle_blend_s, 0.0f, 5.0f)
      .Number("run_max_play_rate", s.stop.run_max_play_rate, 0.0f, 10.0f, jf::kOptional);

  read.Object("turn")
      .Number("pivot_blend_s", s.turn.pivot_blend_s, 0.0f, 5.0f)
      .Number("pivot_play_rate_max", s.turn.pivot_play_rate_max, 0.1f, 10.0f, jf::kOptional)
      .Angle("pivot_outrun_facing_deg", s.turn.pivot_outrun_facing, 0.0f, 45.0f, jf::kOptional)
      .Angle("pivot_outrun_settled_deg_s", s.turn.pivot_outrun_settled, 0.0f, 1000.0f,
             jf::kOptional)
      .Bool("pivot_holds_capsule", s.turn.pivot_holds_capsule, jf::kOptional)
      .Angle("turn_in_place_threshold_deg", s.turn.turn_in_place_threshold, 0.0f, 180.0f)
      .Angle("turn_in_place_rate_deg_s", s.turn.turn_in_place_rate, 1.0f, 10000.0f)
      .Angle("turn_in_place_done_deg", s.turn.turn_in_place_done, 0.0f, 90.0f)
      .Number("turn_in_place_blend_s", s.turn.turn_in_place_blend_s, 0.0f, 5.0f)
      .Number("turn_clip_to_idle_when_remaining_s", s.turn.turn_clip_to_idle_when_remaining_s, 0.0f,
              10.0f);

  read.Object("air")
      .Number("jump_start_blend_s", s.air.jump_start_blend_s, 0.0f, 5.0f)
      .Number("fall_loop_blend_s", s.air.fall_loop_blend_s, 0.0f, 5.0f)
      .Number("land_blend_s", s.air.land_blend_s, 0.0f, 5.0f)
      .Number("land_to_idle_when_remaining_s", s.air.land_to_idle_when_remaining_s, 0.0f, 10.0f)
      .Number("land_to_idle_blend_s", s.air.land_to_idle_blend_s, 0.0f, 5.0f)
      .Number("land_root_motion_min_speed_m_s", s.air.land_root_motion_min_speed_m_s, 0.0f, 10.0f)
      .Number("heavy_land_fall_speed_m_s", s.air.heavy_land_fall_speed_m_s, 0.0f, 1000.0f)
      .Number("heavy_land_full_fall_speed_m_s", s.air.heavy_land_full_fall_speed_m_s, 0.0f, 1000.0f)
      .Number("floor_trace_m", s.air.floor_trace_m, 0.0f, kHuge)
      .Number("floor_trace_min_vertical_speed_m_s", s.air.floor_trace_min_vertical_speed_m_s,
              -kHuge, kHuge);

  read.Object("lean")
      .Number("acceleration_scale", s.lean.acceleration_scale, 0.0f, 100.0f)
      .Number("yaw_rate_scale", s.lean.yaw_rate_scale, 0.0f, 100.0f)
      .Number("interp_speed", s.lean.interp_speed, 0.0f, 1000.0f)
      .Number("max", s.lean.max, 0.0f, 10.0f);

  read.Object("strafe")
      .Angle("orientation_warping_max_deg", s.strafe.orientation_warping_max, 0.0f, 180.0f)
      .Number("orientation_warping_interp_speed", s.strafe.orientation_warping_interp_speed, 0.0f,
              1000.0f)
      .Number("orientation_warping_spine_fraction", s.strafe.orientation_warping_spine_fraction,
              0.0f, 1.0f);

  read.Object("blend").Number("dead_blend_decay_half_life_s", s.blend.dead_blend_decay_half_life_s,
                              0.001f, 10.0f);

  read.Object("stairs", jf::kOptional)
      .Number("max_rise_per_step_m", s.stairs.max_rise_per_step_m, 0.0f, 2.0f, jf::kOptional)
      .Number("max_drop_per_step_m", s.stairs.max_drop_per_step_m, 0.0f, 2.0f, jf::kOptional)
      .Number("run_max_rise_per_step_m", s.stairs.run_max_rise_per_step_m, 0.0f, 2.0f,
              jf::kOptional)
      .Number("run_max_drop_per_step_m", s.stairs.run_max_drop_per_step_m, 0.0f, 2.0f,
              jf::kOptional)
      .Number("survey_behind_m", s.stairs.survey_behind_m, 0.0f, 5.0f, jf::kOptional)
      .Number("survey_ahead_m", s.stairs.survey_ahead_m, 0.0f, 5.0f, jf::kOptional)
      .Number("survey_ahead_s", s.stairs.survey_ahead_s, 0.0f, 2.0f, jf::kOptional)
      // A zero spacing would never end the survey; more than 500 traces a frame is a mistake.
      .Number("survey_spacing_m", s.stairs.survey_spacing_m, 0.005f, 1.0f, jf::kOptional)
      .Number("min_riser_m", s.stairs.min_riser_m, 0.001f, 2.0f, jf::kOptional)
      .Number("max_riser_m", s.stairs.max_riser_m, 0.001f, 2.0f, jf::kOptional)
      .Number("max_stride_factor", s.stairs.max_stride_factor, 1.0f, 10.0f, jf::kOptional)
      .Number("factor_rate_per_s", s.stairs.factor_rate_per_s, 0.0f, 1000.0f, jf::kOptional)
      .Number("footfall_max_stride_change", s.stairs.footfall_max_stride_change, 0.0f, 0.5f,
              jf::kOptional)
      .Number("footfall_heel_margin_m", s.stairs.footfall_heel_margin_m, 0.0f, 0.5f, jf::kOptional)
      .Number("footfall_toe_margin_m", s.stairs.footfall_toe_margin_m, 0.0f, 0.5f, jf::kOptional)
      .Number("footfall_scale_cost_m", s.stairs.footfall_scale_cost_m, 0.0f, 10.0f, jf::kOptional)
      .Number("footfall_rate_per_s", s.stairs.footfall_rate_per_s, 0.0f, 1000.0f, jf::kOptional);

  read.Object("give_way", jf::kOptional)
      .Number("look_ahead_m", s.give_way.look_ahead_m, 0.0f, 5.0f, jf::kOptional)
      .Number("keep_gap_m", s.give_way.keep_gap_m, 0.0f, 5.0f, jf::kOptional)
      .Number("gap_gain_per_s", s.give_way.gap_gain_per_s, 0.0f, 100.0f, jf::kOptional)
      .Number("aside_speed_m_s", s.give_way.aside_speed_m_s, 0.0f, 20.0f, jf::kOptional)
      .Number("hold_s", s.give_way.hold_s, 0.0f, 10.0f, jf::kOptional);

  read.Object("stride_warping")
      .Bool("enabled", s.stride_warping.enabled)
      .Number("min_ratio", s.stride_warping.min_ratio, 0.01f, 1.0f)
      .Number("max_ratio", s.stride_warping.max_ratio, 1.0f, 10.0f)
      .Number("interp_speed", s.stride_warping.interp_speed, 0.0f, 1000.0f)
      .Number("min_speed_m_s", s.stride_warping.min_speed_m_s, 0.0f, 100.0f)
      .Number("pelvis_drop_fraction", s.stride_warping.pelvis_drop_fraction, 0.0f, 1.0f)
      .Number("support_height_band_m", s.stride_warping.support_height_band_m, 0.0f, 1.0f)
      .Number("max_pelvis_drop_m", s.stride_warping.max_pelvis_drop_m, 0.0f, 1.0f)
      .Number("pelvis_drop_half_life_s", s.stride_warping.pelvis_drop_half_life_s, 0.0f, 1.0f)
      .Number("swing_follow_lift_m", s.stride_warping.swing_follow_lift_m, 0.0f, 1.0f)
      .Number("reach_limit", s.stride_warping.reach_limit, 0.5f, 1.0f)
      .Number("reach_soft_band", s.stride_warping.reach_soft_band, 0.0f, 0.5f)
      .Number("max_leg_extension", s.stride_warping.max_leg_extension, 0.5f, 1.0f)
      .Number("knee_axis_weight_m", s.stride_warping.knee_axis_weight_m, 0.0f, 1.0f);
}

void RejectUnknownKeys(jf::FieldReader& read, const nlohmann::json& document,
                       const jf::FieldPath& root, const std::string& section,
                       const std::vector<std::string>& known) {
  const auto object = document.find(section);
  if (object == document.end() || !object->is_object())
    return;
  for (const auto& [key, value] : object->items()) {
    if (std::find(known.begin(), known.end(), key) == known.end())
      read.Fail(root.Child(section + "." + key), "unknown field");
  }
}

}  // namespace

Result<LocomotionSettings> ParseLocomotionSettings(std::string_view json_text,
                                                   const std::string& source_name) {
  auto document = jf::ParseDocument(json_text, source_name);
  if (!document)
    return document.error();
  const jf::FieldPath root{source_name, ""};
  LocomotionSettings settings;
  jf::FieldReader read(*document, root);
  ReadSections(read, settings);
  if (settings.start.play_rate_min > settings.start.play_rate_max)
    read.Fail(root.Child("start.play_rate_min"), "must not exceed start.play_rate_max");
  if (settings.stop.low_speed_below_m_s > settings.stop.high_speed_above_m_s)
    read.Fail(root.Child("stop.low_speed_below_m_s"), "must not exceed stop.high_speed_above_m_s");
  if (settings.gait.walk_stick_threshold > settings.gait.run_stick_threshold)
    read.Fail(root.Child("gait.walk_stick_threshold"), "must not exceed gait.run_stick_threshold");
  if (settings.air.heavy_land_fall_speed_m_s > settings.air.heavy_land_full_fall_speed_m_s) {
    read.Fail(root.Child("air.heavy_land_fall_speed_m_s"),
              "must not exceed air.heavy_land_full_fall_speed_m_s");
  }
  // The optional sections are checked key by key: a misspelt key would leave the feature off.
  static const std::vector<std::string> kStairKeys = {"_comment",
                                                      "max_rise_per_step_m",
                                                      "max_drop_per_step_m",
                                                      "run_max_rise_per_step_m",
                                                      "run_max_drop_per_step_m",
                                                      "survey_behind_m",
                                                      "survey_ahead_m",
                                                      "survey_ahead_s",
                                                      "survey_spacing_m",
                                                      "min_riser_m",
                                                      "max_riser_m",
                                                      "max_stride_factor",
                                                      "factor_rate_per_s",
                                                      "footfall_max_stride_change",
                                                      "footfall_heel_margin_m",
                                                      "footfall_toe_margin_m",
                                                      "footfall_scale_cost_m",
                                                      "footfall_rate_per_s"};
  static const std::vector<std::string> kGiveWayKeys = {
      "_comment", "look_ahead_m", "keep_gap_m", "gap_gain_per_s", "aside_speed_m_s", "hold_s"};
  RejectUnknownKeys(read, *document, root, "stairs", kStairKeys);
  RejectUnknownKeys(read, *document, root, "give_way", kGiveWayKeys);
  if (settings.stairs.min_riser_m > settings.stairs.max_riser_m)
    read.Fail(root.Child("stairs.min_riser_m"), "must not exceed stairs.max_riser_m");
  // At speed the survey may reach as far as it ever does (survey_ahead_s).
  const float furthest_ahead_m =
      settings.stairs.survey_ahead_s > 0.0f
          ? std::max(settings.stairs.survey_ahead_m, kMaxStairSurveyAheadM)
          : settings.stairs.survey_ahead_m;
  if ((settings.stairs.survey_behind_m + furthest_ahead_m) / settings.stairs.survey_spacing_m >
      500.0f)
    read.Fail(root.Child("stairs.survey_spacing_m"),
              "gives more than 500 traces over survey_behind_m and the furthest the survey reaches "
              "ahead (survey_ahead_m; 5 m with survey_ahead_s)");
  if (Status warping = ik::ValidateStrideWarpingSettings(settings.stride_warping); !warping)
    read.Fail(root.Child("stride_warping"), warping.error().message);
  if (!read.ok())
    return read.error();

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
        Slot{"CT_Air", &settings.air_chooser}, Slot{"CT_TurnInPlace", &settings.turn_chooser}}) {
    auto table = RequireTable(*library, source_name, slot.name);
    if (!table)
      return table.error();
    *slot.out = *table;
  }
  settings.gait_transition_chooser = library->Find("CT_GaitTransition");
  settings.pivot_chooser = library->Find("CT_Pivot");
  return settings;
}

Result<LocomotionSettings> LoadLocomotionSettings(const std::filesystem::path& path) {
  auto document = world::ReadExtendedJson(path);
  if (!document)
    return document.error();
  return ParseLocomotionSettings(document->text, document->source);
}

}  // namespace footwork::locomotion
