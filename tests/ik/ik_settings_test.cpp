#include "footwork/ik/ik_settings.h"

#include <cstddef>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "footwork/io/asset_paths.h"
#include "footwork/world/json_fields.h"

namespace footwork::ik {
namespace {

// Converts to anything; only named in unevaluated requires-expressions.
struct AnyField {
  template <typename T>
  operator T() const;  // NOLINT(google-explicit-constructor)
};

// The number of members of aggregate T: the longest brace list of AnyField it accepts.
template <typename T, typename... Fields>
constexpr std::size_t FieldCount() {
  if constexpr (requires { T{Fields{}..., AnyField{}}; })
    return FieldCount<T, Fields..., AnyField>();
  else
    return sizeof...(Fields);
}

// Every field, compared exactly: the shipped file must not change behaviour.
void ExpectSameSettings(const CharacterIkSettings& a, const CharacterIkSettings& b) {
  EXPECT_EQ(a.feet.trace_above_m, b.feet.trace_above_m);
  EXPECT_EQ(a.feet.trace_below_m, b.feet.trace_below_m);
  EXPECT_EQ(a.feet.foot_up_half_life_s, b.feet.foot_up_half_life_s);
  EXPECT_EQ(a.feet.foot_down_half_life_s, b.feet.foot_down_half_life_s);
  EXPECT_EQ(a.feet.foot_rotation_half_life_s, b.feet.foot_rotation_half_life_s);
  EXPECT_EQ(a.feet.pelvis_down_half_life_s, b.feet.pelvis_down_half_life_s);
  EXPECT_EQ(a.feet.pelvis_up_half_life_s, b.feet.pelvis_up_half_life_s);
  EXPECT_EQ(a.feet.max_foot_tilt_rad, b.feet.max_foot_tilt_rad);
  EXPECT_EQ(a.feet.sink_tolerance_m, b.feet.sink_tolerance_m);
  EXPECT_EQ(a.feet.sink_guard_toe, b.feet.sink_guard_toe);
  EXPECT_EQ(a.feet.max_settle_m, b.feet.max_settle_m);
  EXPECT_EQ(a.feet.max_settle_speed_m_s, b.feet.max_settle_speed_m_s);
  EXPECT_EQ(a.feet.max_landing_tuck_speed_m_s, b.feet.max_landing_tuck_speed_m_s);
  EXPECT_EQ(a.feet.min_normal_y, b.feet.min_normal_y);
  EXPECT_EQ(a.feet.lookahead_s, b.feet.lookahead_s);
  EXPECT_EQ(a.feet.max_lookahead_m, b.feet.max_lookahead_m);
  EXPECT_EQ(a.feet.lookahead_traces, b.feet.lookahead_traces);
  EXPECT_EQ(a.feet.min_step_up_m, b.feet.min_step_up_m);
  EXPECT_EQ(a.feet.lookahead_full_lift_m, b.feet.lookahead_full_lift_m);
  EXPECT_EQ(a.feet.landing_lookahead_s, b.feet.landing_lookahead_s);
  EXPECT_EQ(a.feet.plant_lookahead_margin_m, b.feet.plant_lookahead_margin_m);
  EXPECT_EQ(a.feet.swing_clearance_m, b.feet.swing_clearance_m);
  EXPECT_EQ(a.feet.max_riser_push_back_m, b.feet.max_riser_push_back_m);
  EXPECT_EQ(a.feet.max_riser_lift_m, b.feet.max_riser_lift_m);
  EXPECT_EQ(a.feet.max_heel_push_forward_m, b.feet.max_heel_push_forward_m);
  EXPECT_EQ(a.feet.landing_drop_lead_s, b.feet.landing_drop_lead_s);
  EXPECT_EQ(a.feet.riser_clear_margin_m, b.feet.riser_clear_margin_m);
  EXPECT_EQ(a.feet.max_foot_rise_speed_m_s, b.feet.max_foot_rise_speed_m_s);
  EXPECT_EQ(a.feet.max_pelvis_rise_speed_m_s, b.feet.max_pelvis_rise_speed_m_s);
  EXPECT_EQ(a.feet.max_swing_foot_drop_speed_m_s, b.feet.max_swing_foot_drop_speed_m_s);
  EXPECT_EQ(a.feet.swing_follows_pelvis, b.feet.swing_follows_pelvis);
  EXPECT_EQ(a.feet.pelvis_steady_climb_m_s, b.feet.pelvis_steady_climb_m_s);
  EXPECT_EQ(a.feet.max_step_down_leg_share, b.feet.max_step_down_leg_share);
  EXPECT_EQ(a.feet.max_side_step_down_leg_share, b.feet.max_side_step_down_leg_share);
  EXPECT_EQ(a.feet.ledge_search_step_m, b.feet.ledge_search_step_m);
  EXPECT_EQ(a.feet.ledge_margin_m, b.feet.ledge_margin_m);
  EXPECT_EQ(a.feet.max_ledge_shift_speed_m_s, b.feet.max_ledge_shift_speed_m_s);
  EXPECT_EQ(a.feet.max_pelvis_swing_drop_speed_m_s, b.feet.max_pelvis_swing_drop_speed_m_s);
  EXPECT_EQ(a.feet.max_riser_clear_shift_m, b.feet.max_riser_clear_shift_m);
  EXPECT_EQ(a.feet.max_stop_landing_shift_m, b.feet.max_stop_landing_shift_m);
  EXPECT_EQ(a.feet.riser_clear_lead_m, b.feet.riser_clear_lead_m);
  EXPECT_EQ(a.foot_height_scale, b.foot_height_scale);
  EXPECT_EQ(a.lock.enabled, b.lock.enabled);
  EXPECT_EQ(a.lock.follow_placement_height, b.lock.follow_placement_height);
  EXPECT_EQ(a.lock.max_pelvis_reach_drop_m, b.lock.max_pelvis_reach_drop_m);
  EXPECT_EQ(a.lock.animated_reach_drop_speed_m_s, b.lock.animated_reach_drop_speed_m_s);
  EXPECT_EQ(a.lock.min_release_s, b.lock.min_release_s);
  EXPECT_EQ(a.lock.teleport_distance_m, b.lock.teleport_distance_m);
  EXPECT_EQ(a.look.max_yaw_rad, b.look.max_yaw_rad);
  EXPECT_EQ(a.look.max_pitch_up_rad, b.look.max_pitch_up_rad);
  EXPECT_EQ(a.look.max_pitch_down_rad, b.look.max_pitch_down_rad);
  EXPECT_EQ(a.look.behind_enter_rad, b.look.behind_enter_rad);
  EXPECT_EQ(a.look.behind_exit_rad, b.look.behind_exit_rad);
  EXPECT_EQ(a.look.half_life_s, b.look.half_life_s);
  EXPECT_EQ(a.look.weight_half_life_s, b.look.weight_half_life_s);
  EXPECT_EQ(a.look.neck_share, b.look.neck_share);
  EXPECT_EQ(a.look_clip, b.look_clip);
  EXPECT_EQ(a.overlay_blend_s, b.overlay_blend_s);
  EXPECT_EQ(a.stance_blend_s, b.stance_blend_s);
  EXPECT_EQ(a.overlay_stand_ins, b.overlay_stand_ins);
  EXPECT_EQ(a.max_leg_extension, b.max_leg_extension);
  EXPECT_EQ(a.leg_soft_extension, b.leg_soft_extension);
  EXPECT_EQ(a.knee_axis_weight_m, b.knee_axis_weight_m);
  EXPECT_EQ(a.min_swing_reach, b.min_swing_reach);
  EXPECT_EQ(a.max_swing_knee_speed_deg_s, b.max_swing_knee_speed_deg_s);
  EXPECT_EQ(a.min_knee_swing_share, b.min_knee_swing_share);
  EXPECT_EQ(a.max_swing_ankle_speed_deg_s, b.max_swing_ankle_speed_deg_s);
  EXPECT_EQ(a.min_ankle_swing_share, b.min_ankle_swing_share);
}

TEST(IkSettings, TheShippedFileEqualsTheDefaults) {
  auto loaded = LoadCharacterIkSettings(io::ProjectAssets() / "ik" / "default.json");
  ASSERT_TRUE(loaded.ok()) << loaded.error().message;
  ExpectSameSettings(*loaded, CharacterIkSettings{});
}

// A character's file states only what differs from the default it extends, and says why in a
// "_comment" (a note: any other unknown key is still an error).
TEST(IkSettings, ACharacterFileExtendsTheDefaultWithItsOwnFields) {
  auto knight = LoadCharacterIkSettings(io::ProjectAssets() / "ik" / "kaykit_knight.json");
  ASSERT_TRUE(knight.ok()) << knight.error().message;
  CharacterIkSettings expected;
  expected.feet.max_foot_rise_speed_m_s = 2.8f;
  expected.feet.pelvis_steady_climb_m_s = 1.2f;
  expected.feet.pelvis_down_half_life_s = 0.03f;
  expected.feet.riser_clear_margin_m = 0.05f;
  expected.feet.max_riser_push_back_m = 0.0f;
  expected.feet.landing_drop_lead_s = 0.2f;
  expected.feet.max_swing_foot_drop_speed_m_s = 0.8f;
  expected.feet.max_side_step_down_leg_share = 0.35f;
  expected.lock.min_release_s = 0.06f;
  expected.max_swing_knee_speed_deg_s = 900.0f;
  expected.max_swing_ankle_speed_deg_s = 900.0f;
  expected.overlay_stand_ins = {
      {"pistol", "2h_melee"}, {"sword", "2h_melee"}, {"torch", "block"}, {"spell", "block"}};
  ExpectSameSettings(*knight, expected);

  auto commented = ParseCharacterIkSettings(
      R"({"_comment": "why", "legs": {"max_extension": 0.99}})", "ik.json");
  ASSERT_TRUE(commented.ok()) << commented.error().message;
  EXPECT_FLOAT_EQ(commented->max_leg_extension, 0.99f);
  auto not_a_note = ParseCharacterIkSettings(R"({"_comment": 3})", "ik.json");
  ASSERT_FALSE(not_a_note.ok());
  EXPECT_NE(not_a_note.error().message.find("ik.json: _comment: unknown section"),
            std::string::npos)
      << not_a_note.error().message;
}

// A field added to a settings struct without its key in assets/ik/default.json (and so, as the
// parser rejects unknown keys and reads each key into one field, without a parser line) fails
// here: the shipped file has exactly one key per field.
TEST(IkSettings, TheShippedFileHasAKeyForEveryField) {
  namespace jf = world::json_fields;
  auto text = jf::ReadTextFile(io::ProjectAssets() / "ik" / "default.json");
  ASSERT_TRUE(text.ok()) << text.error().message;
  auto document = jf::ParseDocument(*text, "default.json");
  ASSERT_TRUE(document.ok()) << document.error().message;
  const auto keys = [&](const char* section) { return document->at(section).size(); };
  // foot_placement also holds CharacterIkSettings::foot_height_scale, look_at its look_clip.
  EXPECT_EQ(keys("foot_placement"), FieldCount<FootPlacementSettings>() + 1);
  EXPECT_EQ(keys("foot_lock"), FieldCount<FootLockSettings>());
  EXPECT_EQ(keys("look_at"), FieldCount<LookAtSettings>() + 1);
  // CharacterIkSettings' own fields besides its three sub-structs: foot_height_scale, look_clip,
  // the three overlay and the eight legs fields.
  EXPECT_EQ(FieldCount<CharacterIkSettings>() - 3, 13u)
      << "a new CharacterIkSettings field needs a key in default.json and a line here";
  EXPECT_EQ(keys("overlay") + keys("legs"), 11u);
}

TEST(IkSettings, AnEmptyDocumentKeepsTheDefaultsAndFieldsOverrideThem) {
  auto empty = ParseCharacterIkSettings("{}", "ik.json");
  ASSERT_TRUE(empty.ok()) << empty.error().message;
  ExpectSameSettings(*empty, CharacterIkSettings{});

  auto tuned = ParseCharacterIkSettings(R"({
    "foot_placement": {"trace_below_m": 1.25, "max_foot_tilt_deg": 90, "foot_height_scale": 0.5,
                       "lookahead_traces": 5, "max_foot_rise_speed_m_s": 3.5},
    "foot_lock": {"enabled": false, "teleport_distance_m": 3},
    "look_at": {"max_yaw_deg": 45, "behind_exit_deg": 100, "clip": ""},
    "overlay": {"blend_s": 0.5},
    "legs": {"max_extension": 0.98}
  })",
                                        "ik.json");
  ASSERT_TRUE(tuned.ok()) << tuned.error().message;
  EXPECT_EQ(tuned->feet.trace_below_m, 1.25f);
  EXPECT_EQ(tuned->feet.trace_above_m, CharacterIkSettings{}.feet.trace_above_m);
  EXPECT_NEAR(tuned->feet.max_foot_tilt_rad, 1.5707963f, 1e-6f);
  EXPECT_EQ(tuned->foot_height_scale, 0.5f);
  EXPECT_EQ(tuned->feet.lookahead_traces, 5);
  EXPECT_EQ(tuned->feet.max_foot_rise_speed_m_s, 3.5f);
  EXPECT_EQ(tuned->feet.max_pelvis_rise_speed_m_s,
            CharacterIkSettings{}.feet.max_pelvis_rise_speed_m_s);
  EXPECT_FALSE(tuned->lock.enabled);
  EXPECT_EQ(tuned->lock.teleport_distance_m, 3.0f);
  EXPECT_NEAR(tuned->look.max_yaw_rad, 0.7853982f, 1e-6f);
  EXPECT_TRUE(tuned->look_clip.empty());
  EXPECT_EQ(tuned->overlay_blend_s, 0.5f);
  EXPECT_EQ(tuned->max_leg_extension, 0.98f);
}

TEST(IkSettings, MalformedValuesNameTheFileAndTheField) {
  const struct {
    const char* json;
    const char* message;
  } cases[] = {
      {"[1]", "ik.json: expected a JSON object"},
      {"{\"look_at\": {\"max_yaw_deg\": 300}}",
       "ik.json: look_at.max_yaw_deg: expected a number in [0, 180], got 300"},
      {"{\"look_at\": {\"half_life_s\": \"fast\"}}",
       "ik.json: look_at.half_life_s: expected a number, got string"},
      {"{\"foot_placement\": {\"trace_below_m\": -1}}",
       "ik.json: foot_placement.trace_below_m: expected a number in [0.01, 10], got -1"},
      {"{\"foot_placement\": {\"trace_belw_m\": 1}}",
       "ik.json: foot_placement.trace_belw_m: unknown field (expected one of: trace_above_m"},
      {"{\"foot_placement\": {\"lookahead_traces\": 2.5}}",
       "ik.json: foot_placement.lookahead_traces: expected an integer, got number 2.5"},
      {"{\"foot_placement\": {\"lookahead_traces\": 17}}",
       "ik.json: foot_placement.lookahead_traces: expected an integer in [0, 16], got 17"},
      {"{\"foot_placement\": {\"max_pelvis_rise_speed_m_s\": 0}}",
       "ik.json: foot_placement.max_pelvis_rise_speed_m_s: expected a number in [0.01, 100], got "
       "0"},
      {"{\"foot_placement\": {\"lookahead_full_lift_m\": 0}}",
       "ik.json: foot_placement.lookahead_full_lift_m: expected a number in [0.001, 1], got 0"},
      {"{\"feet\": {}}", "ik.json: feet: unknown section"},
      {"{\"overlay\": 0.25}", "ik.json: overlay: expected an object, got number"},
      {"{\"foot_lock\": {\"enabled\": 1}}",
       "ik.json: foot_lock.enabled: expected true or false, got number"},
      {"{\"look_at\": {\"behind_enter_deg\": 90, \"behind_exit_deg\": 120}}",
       "ik.json: look_at.behind_exit_deg: must not exceed look_at.behind_enter_deg"},
      {"{\"overlay\": {\"blend_s\": 0.2", "ik.json: not valid JSON"},
      {"{\"overlay\": {\"stand_ins\": [\"pistol\"]}}",
       "ik.json: overlay.stand_ins: expected an object of overlay names, got array"},
      {"{\"overlay\": {\"stand_ins\": {\"pistol\": 3}}}",
       "ik.json: overlay.stand_ins.pistol: expected the name of one of the character's overlays"},
      {"{\"overlay\": {\"stand_ins\": {\"pistol\": \"\"}}}",
       "ik.json: overlay.stand_ins.pistol: expected the name of one of the character's overlays"},
  };
  for (const auto& c : cases) {
    auto parsed = ParseCharacterIkSettings(c.json, "ik.json");
    ASSERT_FALSE(parsed.ok()) << c.json;
    EXPECT_NE(parsed.error().message.find(c.message), std::string::npos)
        << c.json << " -> " << parsed.error().message;
  }
  EXPECT_FALSE(LoadCharacterIkSettings("/nonexistent/ik.json").ok());
}

}  // namespace
}  // namespace footwork::ik
