// turn.pivot_holds_capsule: past the pivot point the capsule waits while the pivot's clip turns on
// the spot, and then runs off no faster than the clip's start can follow at the play-rate cap. The
// default character's full-speed gamepad reversal (assets/scenarios/locomotion/run_pivot.json),
// with the setting on and off, before IK.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "default_character.h"

namespace footwork::locomotion {
namespace {

using testing::AssetsFrom;
using testing::DefaultSettingsJson;
using testing::RunFrames;

constexpr const char* kReversal = R"({"dt": 0.0166667, "duration_s": 7,
    "start": {"position": [0, 0, 0], "yaw_deg": 180},
    "events": [{"t": 0, "camera_yaw_deg": 180, "device": "gamepad"},
               {"t": 0.5, "move": [0, 1]}, {"t": 3, "move": [0, -1]}, {"t": 5.5, "move": [0, 0]}]})";

// What the capsule and the actor did over the pivot.
struct PivotMeasures {
  // Frames in Pivot with the clip past its pivot point and not yet off it (Distance 0 to 1 cm):
  // the turn on the spot, and the capsule's fastest speed the new way over them (the old way's
  // last few cm/s are braked as before).
  int on_the_spot_frames = 0;
  float fastest_on_the_spot_m_s = 0.0f;
  // The actor's yaw turned the clip's way (degrees) and the most it went the other way.
  float turned_deg = 0.0f;
  float wrong_way_deg = 0.0f;
  // The fastest the capsule ran after the pivot, and before it.
  float fastest_after_m_s = 0.0f;
  float fastest_before_m_s = 0.0f;
};

float HorizontalSpeed(const sim::TraceFrame& frame) {
  return std::hypot(frame.velocity.x, frame.velocity.z);
}

PivotMeasures Measure(const std::vector<sim::TraceFrame>& frames) {
  PivotMeasures measures;
  if (frames.empty())
    return measures;
  // The new way: where the capsule runs at the end of the reversal (before the stop).
  glm::vec3 new_way(0.0f);
  for (const sim::TraceFrame& frame : frames) {
    if (frame.state == "Pivot")
      new_way = glm::vec3(0.0f);
    else if (glm::length(new_way) == 0.0f && HorizontalSpeed(frame) > 1.0f)
      new_way = glm::normalize(glm::vec3(frame.velocity.x, 0.0f, frame.velocity.z));
  }
  std::string side;
  float progress = 0.0f;
  bool pivoted = false;
  for (std::size_t k = 1; k < frames.size(); ++k) {
    const sim::TraceFrame& frame = frames[k];
    const bool in_pivot = frame.state == "Pivot";
    if (in_pivot && side.empty() && !frame.clips.empty())
      side = frame.clips.front().name.substr(frame.clips.front().name.size() - 2);
    pivoted |= in_pivot;
    if (!pivoted)
      measures.fastest_before_m_s = std::max(measures.fastest_before_m_s, HorizontalSpeed(frame));
    else if (!in_pivot)
      measures.fastest_after_m_s = std::max(measures.fastest_after_m_s, HorizontalSpeed(frame));
    if (!in_pivot)
      continue;
    const auto distance = frame.curves.find("Distance");
    if (distance != frame.curves.end() && distance->second >= 0.0f && distance->second <= 0.01f) {
      ++measures.on_the_spot_frames;
      measures.fastest_on_the_spot_m_s =
          std::max(measures.fastest_on_the_spot_m_s, glm::dot(frame.velocity, new_way));
    }
    const float direction = side == "_l" ? 1.0f : -1.0f;
    progress +=
        direction * std::remainder(frame.actor_yaw_deg - frames[k - 1].actor_yaw_deg, 360.0f);
    measures.wrong_way_deg = std::max(measures.wrong_way_deg, -progress);
  }
  measures.turned_deg = progress;
  return measures;
}

class PivotHoldTest : public testing::DefaultLevelTest {
 protected:
  std::vector<sim::TraceFrame> Run(bool holds) {
    nlohmann::json settings = DefaultSettingsJson();
    settings["turn"]["pivot_holds_capsule"] = holds;
    settings["turn"]["pivot_play_rate_max"] = 1.5;
    auto assets = AssetsFrom(settings);
    EXPECT_TRUE(assets.ok()) << assets.error().message;
    if (!assets.ok())
      return {};
    auto frames = RunFrames(kReversal, setup_, *assets);
    EXPECT_TRUE(frames.ok()) << frames.error().message;
    return frames.ok() ? std::move(*frames) : std::vector<sim::TraceFrame>{};
  }
};

TEST_F(PivotHoldTest, TheCapsuleWaitsForTheTurnOnTheSpotThenRunsBack) {
  const std::vector<sim::TraceFrame> frames = Run(true);
  ASSERT_FALSE(frames.empty());
  EXPECT_EQ(testing::StateSequenceOf(frames).states,
            (std::vector<std::string>{"Idle", "Start", "Cycle", "Pivot", "Cycle", "Stop", "Idle"}));
  const PivotMeasures measures = Measure(frames);
  // The derived run pivot turns on the spot for 0.7 s of clip: 28 frames at the cap of 1.5.
  EXPECT_GE(measures.on_the_spot_frames, 20);
  EXPECT_LT(measures.fastest_on_the_spot_m_s, 0.15f);
  // The actor turns with the clip (its velocity, held at nothing, cannot lead the way).
  EXPECT_GT(measures.turned_deg, 170.0f);
  EXPECT_LT(measures.wrong_way_deg, 1.0f);
  // And runs back at the run's full speed, facing the new way when it stops.
  EXPECT_GT(measures.fastest_after_m_s, 0.95f * measures.fastest_before_m_s);
  EXPECT_NEAR(std::remainder(frames.back().actor_yaw_deg, 360.0f), 0.0f, 3.0f);
}

TEST_F(PivotHoldTest, WithoutItTheCapsuleRunsOffWhileTheClipStillTurns) {
  const PivotMeasures measures = Measure(Run(false));
  EXPECT_GT(measures.on_the_spot_frames, 0);
  EXPECT_GT(measures.fastest_on_the_spot_m_s, 1.0f);
}

}  // namespace
}  // namespace footwork::locomotion
