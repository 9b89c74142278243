#include "footwork/movement/input.h"

#include <gtest/gtest.h>

#include "footwork/core/angles.h"
#include "footwork/io/asset_paths.h"

namespace footwork::movement {
namespace {

TEST(Input, SeedPerAxisFilterZeroesSmallAxes) {
  // Part09's FilterGamepadValue: strictly greater than the threshold survives.
  EXPECT_EQ(FilterGamepadAxes({0.05f, 0.9f}, 0.1f), glm::vec2(0.0f, 0.9f));
  EXPECT_EQ(FilterGamepadAxes({-0.3f, 0.1f}, 0.1f), glm::vec2(-0.3f, 0.0f));
  EXPECT_EQ(FilterGamepadAxes({0.2f, -0.2f}, 0.1f), glm::vec2(0.2f, -0.2f));
}

TEST(Input, RadialDeadZoneRemapsMagnitude) {
  EXPECT_EQ(ApplyRadialDeadZone({0.1f, 0.1f}, 0.2f, 1.0f), glm::vec2(0.0f));
  const glm::vec2 half = ApplyRadialDeadZone({0.0f, 0.6f}, 0.2f, 1.0f);
  EXPECT_NEAR(half.y, 0.5f, 1e-6f);
  const glm::vec2 full = ApplyRadialDeadZone({0.8f, 0.8f}, 0.2f, 1.0f);
  EXPECT_NEAR(glm::length(full), 1.0f, 1e-6f);
  EXPECT_NEAR(full.x, full.y, 1e-6f);  // direction kept
}

TEST(Input, StickMagnitudeIsTheAnalogModifierAndFollowsTheCamera) {
  InputState state;
  state.raw_stick = {0.0f, 0.6f};  // half deflection after the 0.2 radial dead zone
  const GamepadSettings gamepad;
  const MoveInput input = ToMoveInput(state, state, gamepad);
  EXPECT_NEAR(glm::length(input.direction), 0.5f, 1e-6f);
  EXPECT_NEAR(input.direction.z, 0.5f, 1e-6f);  // camera yaw 0 looks along +Z
  // Camera turned 90 degrees (toward +X): stick forward goes +X.
  state.camera_yaw = Radians(90.0f);
  state.raw_stick = {0.0f, 1.0f};
  glm::vec3 direction = ToMoveInput(state, state, gamepad).direction;
  EXPECT_NEAR(direction.x, 1.0f, 1e-6f);
  state.raw_stick = {1.0f, 0.0f};
  direction = ToMoveInput(state, state, gamepad).direction;
  // Facing +X with +Y up, the right-hand side is +Z.
  EXPECT_NEAR(direction.z, 1.0f, 1e-6f);
  state.camera_yaw = 0.0f;
  direction = ToMoveInput(state, state, gamepad).direction;
  EXPECT_NEAR(direction.x, -1.0f, 1e-6f);  // facing +Z, right is -X
}

TEST(Input, KeyboardIsDigitalAndDiagonalsAreUnit) {
  InputState state;
  Press(state, Button::kMoveForward);
  Press(state, Button::kMoveRight);
  const glm::vec2 axes = MoveAxes(state, GamepadSettings{});
  EXPECT_NEAR(glm::length(axes), 1.0f, 1e-6f);
  EXPECT_GT(axes.x, 0.0f);
  EXPECT_GT(axes.y, 0.0f);
  Press(state, Button::kMoveBack);  // forward and back cancel
  EXPECT_EQ(KeyboardAxes(state), glm::vec2(1.0f, 0.0f));
}

TEST(Input, TogglesGaitAndJumpEdges) {
  InputState state;
  EXPECT_EQ(DesiredGait(state), Gait::kRun);
  Press(state, Button::kSprint);
  EXPECT_EQ(DesiredGait(state), Gait::kSprint);
  Press(state, Button::kWalkToggle);
  Press(state, Button::kWalkToggle);  // still held: no second toggle
  EXPECT_EQ(DesiredGait(state), Gait::kWalk);
  Release(state, Button::kWalkToggle);
  Press(state, Button::kWalkToggle);
  EXPECT_FALSE(state.walk_mode);
  Press(state, Button::kStrafeToggle);
  EXPECT_TRUE(state.strafe_mode);
  Press(state, Button::kAim);
  EXPECT_TRUE(state.aiming());
  const InputState before = state;
  Press(state, Button::kJump);
  EXPECT_TRUE(ToMoveInput(state, before, GamepadSettings{}).jump);
  EXPECT_FALSE(ToMoveInput(state, state, GamepadSettings{}).jump);
}

TEST(Input, TimelineYieldsTheStateAtAnyTime) {
  auto timeline = InputTimeline::Parse(R"({"events": [
      {"t_s": 1.0, "press": "jump"},
      {"t_s": 0.0, "stick": [0, 1]},
      {"t_s": 1.5, "release": "jump"},
      {"t_s": 2.0, "camera_yaw_deg": 90, "camera_pitch_deg": -10},
      {"t_s": 2.0, "stick": [0.5, 0]}]})",
                                       "scenario.json");
  ASSERT_TRUE(timeline.ok()) << timeline.error().message;
  EXPECT_EQ(timeline->StateAt(0.5).raw_stick, glm::vec2(0, 1));
  EXPECT_EQ(timeline->StateAt(0.5).jump_presses, 0u);
  EXPECT_TRUE(timeline->StateAt(1.0).Held(Button::kJump));
  EXPECT_EQ(timeline->StateAt(1.2).jump_presses, 1u);
  EXPECT_FALSE(timeline->StateAt(1.6).Held(Button::kJump));
  const InputState late = timeline->StateAt(3.0);
  EXPECT_NEAR(late.camera_yaw, Radians(90.0f), 1e-6f);
  EXPECT_NEAR(late.camera_pitch, Radians(-10.0f), 1e-6f);
  EXPECT_EQ(late.raw_stick, glm::vec2(0.5f, 0.0f));
  EXPECT_DOUBLE_EQ(timeline->Duration(), 2.0);
}

TEST(Input, TimelineErrorsNameTheEvent) {
  auto bad_button = InputTimeline::Parse(R"({"events": [{"t_s": 1, "press": "fly"}]})", "s.json");
  ASSERT_FALSE(bad_button.ok());
  EXPECT_NE(bad_button.error().message.find("s.json: events[0].press: expected a button name"),
            std::string::npos);
  auto two_kinds = InputTimeline::Parse(
      R"({"events": [{"t_s": 1, "press": "jump", "stick": [0, 1]}]})", "s.json");
  ASSERT_FALSE(two_kinds.ok());
  auto no_time = InputTimeline::Parse(R"({"events": [{"stick": [0, 1]}]})", "s.json");
  ASSERT_FALSE(no_time.ok());
  EXPECT_EQ(no_time.error().message, "s.json: events[0].t_s: missing required field");
  auto big_stick = InputTimeline::Parse(R"({"events": [{"t_s": 0, "stick": [0, 2]}]})", "s.json");
  ASSERT_FALSE(big_stick.ok());
  EXPECT_NE(big_stick.error().message.find("events[0].stick[1]"), std::string::npos);
}

TEST(Input, BundledFilesLoad) {
  auto gamepad = LoadGamepadSettings(io::ProjectAssets() / "movement" / "input.json");
  ASSERT_TRUE(gamepad.ok()) << gamepad.error().message;
  EXPECT_FLOAT_EQ(gamepad->radial_inner, 0.2f);
  auto timeline =
      InputTimeline::Load(io::ProjectAssets() / "movement" / "timelines" / "walk_tour.json");
  ASSERT_TRUE(timeline.ok()) << timeline.error().message;
  EXPECT_GT(timeline->events().size(), 5u);
}

}  // namespace
}  // namespace footwork::movement
