#include "footwork/ik/ik_settings.h"

#include <string>

#include <gtest/gtest.h>

#include "footwork/io/asset_paths.h"

namespace footwork::ik {
namespace {

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
  EXPECT_EQ(a.feet.min_normal_y, b.feet.min_normal_y);
  EXPECT_EQ(a.foot_height_scale, b.foot_height_scale);
  EXPECT_EQ(a.lock.enabled, b.lock.enabled);
  EXPECT_EQ(a.lock.follow_placement_height, b.lock.follow_placement_height);
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
  EXPECT_EQ(a.max_leg_extension, b.max_leg_extension);
  EXPECT_EQ(a.knee_axis_weight_m, b.knee_axis_weight_m);
}

TEST(IkSettings, TheShippedFileEqualsTheDefaults) {
  auto loaded = LoadCharacterIkSettings(io::ProjectAssets() / "ik" / "default.json");
  ASSERT_TRUE(loaded.ok()) << loaded.error().message;
  ExpectSameSettings(*loaded, CharacterIkSettings{});
}

TEST(IkSettings, AnEmptyDocumentKeepsTheDefaultsAndFieldsOverrideThem) {
  auto empty = ParseCharacterIkSettings("{}", "ik.json");
  ASSERT_TRUE(empty.ok()) << empty.error().message;
  ExpectSameSettings(*empty, CharacterIkSettings{});

  auto tuned = ParseCharacterIkSettings(R"({
    "foot_placement": {"trace_below_m": 1.25, "max_foot_tilt_deg": 90, "foot_height_scale": 0.5},
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
      {"{\"feet\": {}}", "ik.json: feet: unknown section"},
      {"{\"overlay\": 0.25}", "ik.json: overlay: expected an object, got number"},
      {"{\"foot_lock\": {\"enabled\": 1}}",
       "ik.json: foot_lock.enabled: expected true or false, got number"},
      {"{\"look_at\": {\"behind_enter_deg\": 90, \"behind_exit_deg\": 120}}",
       "ik.json: look_at.behind_exit_deg: must not exceed look_at.behind_enter_deg"},
      {"{\"overlay\": {\"blend_s\": 0.2", "ik.json: not valid JSON"},
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
