// Part16's DisableSwitchGroundGait on the cooked walk_to_run clip: while the clip's two cycles
// blend (the curve is 1), a walk toggle does not switch the gait; it switches once the curve is
// back to 0. Skipped when the CC0 pack is not installed.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "footwork/anim/curve_names.h"

#include "default_character.h"

namespace footwork::locomotion {
namespace {

namespace names = anim::curve_names;

float DisableCurve(const sim::TraceFrame& frame) {
  const auto it = frame.curves.find(names::kDisableSwitchGroundGait);
  return it == frame.curves.end() ? 0.0f : static_cast<float>(it->second);
}

class DisableSwitchGaitTest : public testing::DefaultLevelTest {};

TEST_F(DisableSwitchGaitTest, WalkToggleDuringTheWalkToRunBlendWaitsForTheCurve) {
  // Walk, toggle run at 3 s (GaitTransition plays walk_to_run, entered where its MotionSpeed ramp
  // meets the walk speed, inside the blend), toggle walk back 0.1 s later.
  auto frames = testing::RunFrames(R"({"dt": 0.0166667, "duration_s": 5.5,
      "start": {"position": [0, 0, -20], "yaw_deg": 0},
      "events": [{"t": 0.5, "move": [0, 1], "device": "keyboard"}, {"t": 0.5, "gait": "walk"},
                 {"t": 3, "gait": "run"}, {"t": 3.1, "gait": "walk"}]})",
                                   setup_, setup_.assets);
  ASSERT_TRUE(frames.ok()) << frames.error().message;
  int blocked_frames = 0;
  bool in_transition_clip = false;
  double switched_back_at = -1.0;
  for (std::size_t k = 1; k < frames->size(); ++k) {
    const sim::TraceFrame& previous = (*frames)[k - 1];
    const sim::TraceFrame& frame = (*frames)[k];
    if (frame.state == "GaitTransition" && !frame.clips.empty() &&
        frame.clips.front().name == "walk_to_run")
      in_transition_clip = true;
    // The gait selector reads last frame's curve (this frame's pose is not evaluated yet).
    const bool disabled = DisableCurve(previous) > 0.0f;
    if (frame.t >= 3.1 && disabled) {
      ++blocked_frames;
      EXPECT_EQ(frame.gait, previous.gait) << "gait switched at t=" << frame.t;
    }
    if (frame.t >= 3.1 && switched_back_at < 0.0 && frame.gait == "walk")
      switched_back_at = frame.t;
  }
  EXPECT_TRUE(in_transition_clip) << "walk_to_run never played";
  // The toggle fell inside the blend: it was held there for a while (a tenth of a second at least).
  EXPECT_GE(blocked_frames, 6);
  // And honoured once the blend was over.
  ASSERT_GT(switched_back_at, 3.1);
  EXPECT_EQ(frames->back().gait, "walk");
}

}  // namespace
}  // namespace footwork::locomotion
