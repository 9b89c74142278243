// Lean from acceleration and yaw rate (Part999_1), the heavy-landing additive weight by fall speed
// (Part20) and the rotation-mode switch fast path (Part19), on the default character.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "default_character.h"

namespace footwork::locomotion {
namespace {

using testing::AssetsFrom;
using testing::DefaultLibrary;
using testing::DefaultSettingsJson;
using testing::RunFrames;

class LeanLandingSwitchTest : public testing::DefaultLevelTest {
 protected:
  std::vector<sim::TraceFrame> Run(const std::string& scenario,
                                   const nlohmann::json& settings = DefaultSettingsJson()) {
    auto assets = AssetsFrom(settings);
    EXPECT_TRUE(assets.ok()) << assets.error().message;
    if (!assets.ok())
      return {};
    auto frames = RunFrames(scenario, setup_, *assets);
    EXPECT_TRUE(frames.ok()) << frames.error().message;
    return frames.ok() ? std::move(*frames) : std::vector<sim::TraceFrame>{};
  }

};

float CurveAt(const sim::TraceFrame& frame, const char* name) {
  auto it = frame.curves.find(name);
  return it == frame.curves.end() ? 0.0f : it->second;
}

TEST_F(LeanLandingSwitchTest, LeansForwardAccelerating_BackBraking_IntoATurn) {
  // Run forward, turn left (camera 90: stick-forward becomes +X, a left turn), then stop.
  const auto frames = Run(R"({"dt": 0.0166667, "duration_s": 5,
      "start": {"position": [0, 0, -8], "yaw_deg": 0},
      "events": [{"t": 0.3, "move": [0, 1], "device": "keyboard"},
                 {"t": 2.0, "camera_yaw_deg": 90}, {"t": 3.2, "move": [0, 0]}]})");
  ASSERT_FALSE(frames.empty());
  float most_forward = 0.0f, most_back = 0.0f, most_left = 0.0f;
  for (const sim::TraceFrame& frame : frames) {
    const float forward = CurveAt(frame, kLeanForwardCurve);
    const float right = CurveAt(frame, kLeanRightCurve);
    if (frame.t < 1.5)
      most_forward = std::max(most_forward, forward);
    if (frame.t > 3.2)
      most_back = std::min(most_back, forward);
    if (frame.t > 2.0 && frame.t < 2.8)
      most_left = std::min(most_left, right);
    EXPECT_LE(std::abs(forward), 1.0f);
    EXPECT_LE(std::abs(right), 1.0f);
  }
  EXPECT_GT(most_forward, 0.2f);
  EXPECT_LT(most_back, -0.2f);
  EXPECT_LT(most_left, -0.2f);
  // Standing still at the end: the lean has settled.
  EXPECT_NEAR(CurveAt(frames.back(), kLeanForwardCurve), 0.0f, 0.02f);
  EXPECT_NEAR(CurveAt(frames.back(), kLeanRightCurve), 0.0f, 0.02f);
}

constexpr const char* kJump = R"({"dt": 0.0166667, "duration_s": 3,
    "start": {"position": [0, 0, -8], "yaw_deg": 0}, "events": [{"t": 0.3, "jump": true}]})";

float LargestHeavyLandWeight(const std::vector<sim::TraceFrame>& frames) {
  float largest = 0.0f;
  for (const sim::TraceFrame& frame : frames) {
    const float weight = CurveAt(frame, kHeavyLandWeightCurve);
    if (frame.state != "FallLand") {
      EXPECT_EQ(weight, 0.0f) << frame.t << " " << frame.state;
    }
    largest = std::max(largest, weight);
  }
  return largest;
}

TEST_F(LeanLandingSwitchTest, HeavyLandWeightFollowsTheFallSpeed) {
  // A standing jump lands slower than the default heavy threshold: light landing only.
  const auto light = Run(kJump);
  ASSERT_FALSE(light.empty());
  EXPECT_EQ(LargestHeavyLandWeight(light), 0.0f);

  // The same jump with the heavy ramp below its landing speed: full heavy weight in FallLand.
  nlohmann::json settings = DefaultSettingsJson();
  settings["air"]["heavy_land_fall_speed_m_s"] = 0.5;
  settings["air"]["heavy_land_full_fall_speed_m_s"] = 1.0;
  const auto heavy = Run(kJump, settings);
  ASSERT_FALSE(heavy.empty());
  EXPECT_EQ(LargestHeavyLandWeight(heavy), 1.0f);

  // A ramp around the landing speed gives a partial weight.
  settings["air"]["heavy_land_fall_speed_m_s"] = 0.5;
  settings["air"]["heavy_land_full_fall_speed_m_s"] = 50.0;
  const float partial = LargestHeavyLandWeight(Run(kJump, settings));
  EXPECT_GT(partial, 0.0f);
  EXPECT_LT(partial, 1.0f);
}

TEST_F(LeanLandingSwitchTest, StrafingDuringARotatingStartGoesStraightToTheCycle) {
  const auto frames = Run(R"({"dt": 0.0166667, "duration_s": 2,
      "start": {"position": [0, 0, -8], "yaw_deg": 0},
      "events": [{"t": 0.3, "move": [1, 0], "device": "keyboard"},
                 {"t": 0.5, "rotation_mode": "strafing"}]})");
  ASSERT_FALSE(frames.empty());
  double start_began = -1.0, cycle_began = -1.0;
  for (const sim::TraceFrame& frame : frames) {
    if (frame.state == "Start" && start_began < 0.0)
      start_began = frame.t;
    if (frame.state == "Cycle" && cycle_began < 0.0)
      cycle_began = frame.t;
  }
  ASSERT_GE(start_began, 0.0);
  ASSERT_GE(cycle_began, 0.0);
  // The start clip would run about a second; the switch cuts it at the strafing frame.
  EXPECT_LT(cycle_began, 0.55);
  EXPECT_EQ(frames.back().rotation_mode, "strafing");
}

// The cooked fall_loop and land_light play in FallLoop and FallLand (CT_Air), not the raw jump
// clips they are derived from.
bool Plays(const sim::TraceFrame& frame, const std::string& clip) {
  return std::any_of(frame.clips.begin(), frame.clips.end(), [&](const sim::ClipSample& sample) {
    return sample.name == clip && sample.weight > 0.0f;
  });
}

TEST_F(LeanLandingSwitchTest, FallAndLandPlayTheCookedAirClips) {
  const auto frames = Run(kJump);
  ASSERT_FALSE(frames.empty());
  int fall_frames = 0, land_frames = 0;
  for (const sim::TraceFrame& frame : frames) {
    EXPECT_FALSE(Plays(frame, "jump_loop")) << frame.t;
    EXPECT_FALSE(Plays(frame, "jump_land")) << frame.t;
    if (frame.state == "FallLoop") {
      ++fall_frames;
      EXPECT_TRUE(Plays(frame, "fall_loop")) << frame.t;
    }
    if (frame.state == "FallLand") {
      ++land_frames;
      EXPECT_TRUE(Plays(frame, "land_light")) << frame.t;
    }
  }
  EXPECT_GT(fall_frames, 0);
  EXPECT_GT(land_frames, 0);
}

}  // namespace
}  // namespace footwork::locomotion
