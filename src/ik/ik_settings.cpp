#include "footwork/ik/ik_settings.h"

#include <algorithm>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "footwork/world/json_extends.h"
#include "footwork/world/json_fields.h"

namespace footwork::ik {
namespace {

namespace jf = world::json_fields;
using jf::kOptional;

// The file's sections and their fields, so a misspelt key is an error rather than a silently
// kept default.
struct Section {
  const char* name;
  std::vector<const char*> keys;
};
const std::vector<Section>& Sections() {
  static const std::vector<Section> kSections = {
      {"foot_placement",
       {"trace_above_m",
        "trace_below_m",
        "foot_height_scale",
        "foot_up_half_life_s",
        "foot_down_half_life_s",
        "foot_rotation_half_life_s",
        "pelvis_down_half_life_s",
        "pelvis_up_half_life_s",
        "max_foot_tilt_deg",
        "sink_tolerance_m",
        "sink_guard_toe",
        "max_settle_m",
        "max_settle_speed_m_s",
        "max_landing_tuck_speed_m_s",
        "min_surface_normal_y",
        "lookahead_s",
        "max_lookahead_m",
        "lookahead_traces",
        "min_step_up_m",
        "lookahead_full_lift_m",
        "landing_lookahead_s",
        "plant_lookahead_margin_m",
        "max_foot_rise_speed_m_s",
        "max_pelvis_rise_speed_m_s",
        "max_swing_foot_drop_speed_m_s",
        "swing_clearance_m",
        "max_riser_push_back_m",
        "max_riser_lift_m",
        "max_heel_push_forward_m",
        "landing_drop_lead_s",
        "swing_follows_pelvis",
        "pelvis_steady_climb_m_s",
        "pelvis_climb_average_half_life_s",
        "pelvis_climb_follow_from",
        "pelvis_climb_follow_full",
        "max_step_down_leg_share",
        "max_side_step_down_leg_share",
        "ledge_search_step_m",
        "ledge_margin_m",
        "max_ledge_shift_speed_m_s",
        "max_pelvis_swing_drop_speed_m_s",
        "riser_clear_margin_m",
        "max_riser_clear_shift_m",
        "max_stop_landing_shift_m",
        "riser_clear_lead_m"}},
      {"legs",
       {"max_extension", "soft_extension", "knee_axis_weight_m", "min_swing_reach",
        "max_swing_knee_speed_deg_s", "min_knee_swing_share", "max_swing_ankle_speed_deg_s",
        "min_ankle_swing_share"}},
      {"foot_lock",
       {"enabled", "follow_placement_height", "teleport_distance_m", "max_reach_draw_m",
        "max_pelvis_reach_drop_m", "animated_reach_drop_speed_m_s", "min_release_s"}},
      {"look_at",
       {"max_yaw_deg", "max_pitch_up_deg", "max_pitch_down_deg", "behind_enter_deg",
        "behind_exit_deg", "half_life_s", "weight_half_life_s", "neck_share", "clip"}},
      {"overlay", {"blend_s", "stance_blend_s", "stand_ins"}},
  };
  return kSections;
}

void RejectUnknownKeys(const nlohmann::json& document, const jf::FieldPath& root,
                       jf::FieldReader& read) {
  for (auto it = document.begin(); it != document.end(); ++it) {
    // A note for the reader of the file (why a character's file differs from the default).
    if (it.key() == "_comment" && it->is_string())
      continue;
    const std::vector<Section>& sections = Sections();
    const auto section = std::find_if(sections.begin(), sections.end(),
                                      [&](const Section& known) { return it.key() == known.name; });
    if (section == sections.end()) {
      read.Fail(root.Child(it.key()),
                "unknown section (expected foot_placement, legs, foot_lock, look_at or overlay)");
      return;
    }
    if (!it->is_object())
      continue;  // the reader reports the type
    for (auto field = it->begin(); field != it->end(); ++field) {
      const std::vector<const char*>& keys = section->keys;
      if (std::none_of(keys.begin(), keys.end(), [&](const char* k) { return field.key() == k; })) {
        std::string known;
        for (const char* k : keys)
          known += (known.empty() ? "" : ", ") + std::string(k);
        read.Fail(root.Child(it.key()).Child(field.key()),
                  "unknown field (expected one of: " + known + ")");
        return;
      }
    }
  }
}

void ReadSections(jf::FieldReader& read, CharacterIkSettings& s) {
  FootPlacementSettings& feet = s.feet;
  read.Object("foot_placement", kOptional)
      .Number("trace_above_m", feet.trace_above_m, 0.01f, 10.0f, kOptional)
      .Number("trace_below_m", feet.trace_below_m, 0.01f, 10.0f, kOptional)
      .Number("foot_height_scale", s.foot_height_scale, 0.0f, 5.0f, kOptional)
      .Number("foot_up_half_life_s", feet.foot_up_half_life_s, 0.0f, 5.0f, kOptional)
      .Number("foot_down_half_life_s", feet.foot_down_half_life_s, 0.0f, 5.0f, kOptional)
      .Number("foot_rotation_half_life_s", feet.foot_rotation_half_life_s, 0.0f, 5.0f, kOptional)
      .Number("pelvis_down_half_life_s", feet.pelvis_down_half_life_s, 0.0f, 5.0f, kOptional)
      .Number("pelvis_up_half_life_s", feet.pelvis_up_half_life_s, 0.0f, 5.0f, kOptional)
      .Angle("max_foot_tilt_deg", feet.max_foot_tilt_rad, 0.0f, 90.0f, kOptional)
      .Number("sink_tolerance_m", feet.sink_tolerance_m, 0.0f, 0.5f, kOptional)
      .Bool("sink_guard_toe", feet.sink_guard_toe, kOptional)
      .Number("max_settle_m", feet.max_settle_m, 0.0f, 0.5f, kOptional)
      .Number("max_settle_speed_m_s", feet.max_settle_speed_m_s, 0.0f, 50.0f, kOptional)
      .Number("max_landing_tuck_speed_m_s", feet.max_landing_tuck_speed_m_s, 0.0f, 20.0f, kOptional)
      .Number("min_surface_normal_y", feet.min_normal_y, 0.0f, 1.0f, kOptional)
      .Number("lookahead_s", feet.lookahead_s, 0.0f, 1.0f, kOptional)
      .Number("max_lookahead_m", feet.max_lookahead_m, 0.0f, 2.0f, kOptional)
      .Int("lookahead_traces", feet.lookahead_traces, 0, 16, kOptional)
      .Number("min_step_up_m", feet.min_step_up_m, 0.0f, 1.0f, kOptional)
      // Divides the ankle's lift: a zero would make the look-ahead all or nothing.
      .Number("lookahead_full_lift_m", feet.lookahead_full_lift_m, 0.001f, 1.0f, kOptional)
      .Number("landing_lookahead_s", feet.landing_lookahead_s, 0.0f, 1.0f, kOptional)
      .Number("plant_lookahead_margin_m", feet.plant_lookahead_margin_m, 0.0f, 1.0f, kOptional)
      // A zero or negative cap would mean "uncapped" to DampRiseCapped; the file asks for a cap.
      .Number("max_foot_rise_speed_m_s", feet.max_foot_rise_speed_m_s, 0.01f, 100.0f, kOptional)
      .Number("max_pelvis_rise_speed_m_s", feet.max_pelvis_rise_speed_m_s, 0.01f, 100.0f, kOptional)
      // 0 leaves a swinging foot's fall uncapped (DampRiseCapped's "no cap").
      .Number("max_swing_foot_drop_speed_m_s", feet.max_swing_foot_drop_speed_m_s, 0.0f, 100.0f,
              kOptional)
      .Number("swing_clearance_m", feet.swing_clearance_m, 0.0f, 1.0f, kOptional)
      .Number("max_riser_push_back_m", feet.max_riser_push_back_m, 0.0f, 0.5f, kOptional)
      .Number("max_riser_lift_m", feet.max_riser_lift_m, 0.0f, 0.5f, kOptional)
      .Number("max_heel_push_forward_m", feet.max_heel_push_forward_m, 0.0f, 0.5f, kOptional)
      .Number("landing_drop_lead_s", feet.landing_drop_lead_s, 0.0f, 2.0f, kOptional)
      .Bool("swing_follows_pelvis", feet.swing_follows_pelvis, kOptional)
      .Number("pelvis_steady_climb_m_s", feet.pelvis_steady_climb_m_s, 0.0f, 10.0f, kOptional)
      .Number("pelvis_climb_average_half_life_s", feet.pelvis_climb_average_half_life_s, 0.0f,
              10.0f, kOptional)
      .Number("pelvis_climb_follow_from", feet.pelvis_climb_follow_from, 0.0f, 10.0f, kOptional)
      .Number("pelvis_climb_follow_full", feet.pelvis_climb_follow_full, 0.0f, 10.0f, kOptional)
      .Number("max_step_down_leg_share", feet.max_step_down_leg_share, 0.0f, 2.0f, kOptional)
      .Number("max_side_step_down_leg_share", feet.max_side_step_down_leg_share, 0.0f, 2.0f,
              kOptional)
      // A zero step would never end the search.
      .Number("ledge_search_step_m", feet.ledge_search_step_m, 0.005f, 0.5f, kOptional)
      .Number("ledge_margin_m", feet.ledge_margin_m, 0.0f, 0.5f, kOptional)
      .Number("max_ledge_shift_speed_m_s", feet.max_ledge_shift_speed_m_s, 0.0f, 100.0f, kOptional)
      .Number("max_pelvis_swing_drop_speed_m_s", feet.max_pelvis_swing_drop_speed_m_s, 0.0f, 100.0f,
              kOptional)
      .Number("riser_clear_margin_m", feet.riser_clear_margin_m, 0.0f, 0.5f, kOptional)
      .Number("max_riser_clear_shift_m", feet.max_riser_clear_shift_m, 0.0f, 1.0f, kOptional)
      .Number("max_stop_landing_shift_m", feet.max_stop_landing_shift_m, 0.0f, 1.0f, kOptional)
      .Number("riser_clear_lead_m", feet.riser_clear_lead_m, 0.0f, 5.0f, kOptional);

  read.Object("legs", kOptional)
      .Number("max_extension", s.max_leg_extension, 0.5f, 1.0f, kOptional)
      .Number("soft_extension", s.leg_soft_extension, 0.0f, 0.25f, kOptional)
      .Number("knee_axis_weight_m", s.knee_axis_weight_m, 0.0f, 1.0f, kOptional)
      .Number("min_swing_reach", s.min_swing_reach, 0.0f, 0.9f, kOptional)
      .Number("max_swing_knee_speed_deg_s", s.max_swing_knee_speed_deg_s, 0.0f, 100000.0f,
              kOptional)
      .Number("min_knee_swing_share", s.min_knee_swing_share, 0.0f, 1.0f, kOptional)
      .Number("max_swing_ankle_speed_deg_s", s.max_swing_ankle_speed_deg_s, 0.0f, 100000.0f,
              kOptional)
      .Number("min_ankle_swing_share", s.min_ankle_swing_share, 0.0f, 1.0f, kOptional);

  read.Object("foot_lock", kOptional)
      .Bool("enabled", s.lock.enabled, kOptional)
      .Bool("follow_placement_height", s.lock.follow_placement_height, kOptional)
      .Number("teleport_distance_m", s.lock.teleport_distance_m, 0.01f, 1000.0f, kOptional)
      .Number("max_reach_draw_m", s.lock.max_reach_draw_m, 0.0f, 1.0f, kOptional)
      .Number("max_pelvis_reach_drop_m", s.lock.max_pelvis_reach_drop_m, 0.0f, 1.0f, kOptional)
      .Number("animated_reach_drop_speed_m_s", s.lock.animated_reach_drop_speed_m_s, 0.0f, 100.0f,
              kOptional)
      .Number("min_release_s", s.lock.min_release_s, 0.0f, 2.0f, kOptional);

  LookAtSettings& look = s.look;
  read.Object("look_at", kOptional)
      .Angle("max_yaw_deg", look.max_yaw_rad, 0.0f, 180.0f, kOptional)
      .Angle("max_pitch_up_deg", look.max_pitch_up_rad, 0.0f, 90.0f, kOptional)
      .Angle("max_pitch_down_deg", look.max_pitch_down_rad, 0.0f, 90.0f, kOptional)
      .Angle("behind_enter_deg", look.behind_enter_rad, 0.0f, 180.0f, kOptional)
      .Angle("behind_exit_deg", look.behind_exit_rad, 0.0f, 180.0f, kOptional)
      .Number("half_life_s", look.half_life_s, 0.0f, 5.0f, kOptional)
      .Number("weight_half_life_s", look.weight_half_life_s, 0.0f, 5.0f, kOptional)
      .Number("neck_share", look.neck_share, 0.0f, 1.0f, kOptional)
      .String("clip", s.look_clip, kOptional);

  read.Object("overlay", kOptional)
      .Number("blend_s", s.overlay_blend_s, 0.0f, 10.0f, kOptional)
      .Number("stance_blend_s", s.stance_blend_s, 0.0f, 10.0f, kOptional);
}

// overlay.stand_ins: {"asked-for overlay": "the character's own overlay", ...}.
void ReadStandIns(const nlohmann::json& document, const jf::FieldPath& root, jf::FieldReader& read,
                  CharacterIkSettings& s) {
  const auto overlay = document.find("overlay");
  if (overlay == document.end() || !overlay->is_object() || !overlay->contains("stand_ins"))
    return;
  const jf::FieldPath at = root.Child("overlay").Child("stand_ins");
  const nlohmann::json& stand_ins = (*overlay)["stand_ins"];
  if (!stand_ins.is_object()) {
    read.Fail(at, "expected an object of overlay names, got " + jf::Describe(stand_ins));
    return;
  }
  for (auto it = stand_ins.begin(); it != stand_ins.end(); ++it) {
    if (it.key().empty() || !it->is_string() || it->get<std::string>().empty()) {
      read.Fail(at.Child(it.key()),
                "expected the name of one of the character's overlays, got " + jf::Describe(*it));
      return;
    }
    s.overlay_stand_ins[it.key()] = it->get<std::string>();
  }
}

}  // namespace

Result<CharacterIkSettings> ParseCharacterIkSettings(std::string_view json_text,
                                                     const std::string& source) {
  auto document = jf::ParseDocument(json_text, source);
  if (!document)
    return document.error();
  const jf::FieldPath root{source, ""};
  CharacterIkSettings settings;
  jf::FieldReader read(*document, root);
  RejectUnknownKeys(*document, root, read);
  ReadSections(read, settings);
  ReadStandIns(*document, root, read, settings);
  // Hysteresis needs the exit angle inside the enter angle, or the head would flip back and
  // forth at one angle.
  if (settings.look.behind_exit_rad > settings.look.behind_enter_rad)
    read.Fail(root.Child("look_at.behind_exit_deg"), "must not exceed look_at.behind_enter_deg");
  if (!read.ok())
    return read.error();
  return settings;
}

Result<CharacterIkSettings> LoadCharacterIkSettings(const std::filesystem::path& path) {
  auto document = world::ReadExtendedJson(path);
  if (!document)
    return document.error();
  return ParseCharacterIkSettings(document->text, document->source);
}

}  // namespace footwork::ik
