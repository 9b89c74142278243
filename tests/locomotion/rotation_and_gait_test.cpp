#include <gtest/gtest.h>

#include "footwork/core/angles.h"
#include "footwork/locomotion/essential_data.h"
#include "footwork/locomotion/gait_selector.h"
#include "footwork/locomotion/rotation_controller.h"

namespace footwork::locomotion {
namespace {

RotationSettings SeedRotation() {
  RotationSettings settings;
  settings.velocity_primary_rate = Radians(800.0f);
  settings.velocity_actor_interp_speed = 25.0f;
  settings.control_primary_rate = Radians(800.0f);
  settings.control_actor_interp_speed = 25.0f;
  return settings;
}

// The seed's Part05 worked example: actor 0, input 90, old velocity 0, RotateAlpha 1, 60 fps.
TEST(RotationControllerTest, NinetyDegreeStartFirstFrameMatchesTheSeed) {
  RotationState state;
  BeginStart(state, Radians(90.0f), 0.0f);
  EXPECT_NEAR(Degrees(state.start_angle), 90.0f, 1e-4f);
  const float actor = SmoothVelocityRotation(state, 0.0f, /*last_velocity_yaw=*/0.0f,
                                             /*rotate_alpha=*/1.0f, 1.0f / 60.0f, SeedRotation());
  EXPECT_NEAR(Degrees(state.primary_yaw), 76.667f, 0.01f);
  // 25/60 of the way to -13.33: -5.56 degrees, not the -37.5 of an RInterpTo primary.
  EXPECT_NEAR(Degrees(actor), -5.556f, 0.01f);
  EXPECT_LT(std::abs(Degrees(actor)), 5.6f);
}

TEST(RotationControllerTest, RInterpToPrimaryWouldJerkTheWrongWay) {
  // The seed's counter-example, to pin what the constant rate avoids.
  const float primary = YawInterpTo(Radians(90.0f), 0.0f, 1.0f / 60.0f, 800.0f);
  const float actor = YawInterpTo(0.0f, primary - Radians(90.0f), 1.0f / 60.0f, 25.0f);
  EXPECT_NEAR(Degrees(actor), -37.5f, 0.01f);
}

TEST(RotationControllerTest, VelocityRotationConvergesWhenRotateAlphaFades) {
  RotationState state;
  BeginStart(state, Radians(90.0f), 0.0f);
  float actor = 0.0f;
  float worst_wrong_way = 0.0f;
  for (int frame = 0; frame < 120; ++frame) {
    const float alpha = std::max(0.0f, 1.0f - frame / 40.0f);
    // The velocity has turned toward the input after the first frame.
    const float velocity_yaw = frame == 0 ? 0.0f : Radians(90.0f);
    actor = SmoothVelocityRotation(state, actor, velocity_yaw, alpha, 1.0f / 60.0f, SeedRotation());
    worst_wrong_way = std::min(worst_wrong_way, Degrees(actor));
  }
  EXPECT_NEAR(Degrees(actor), 90.0f, 0.5f);
  EXPECT_GT(worst_wrong_way, -5.6f);
}

TEST(RotationControllerTest, ControlRotationFollowsTheCamera) {
  RotationState state;
  float actor = 0.0f;
  for (int frame = 0; frame < 120; ++frame)
    actor = SmoothControlRotation(state, actor, Radians(120.0f), 1.0f / 60.0f, SeedRotation());
  EXPECT_NEAR(Degrees(actor), 120.0f, 0.1f);
}

TEST(RotationControllerTest, SetRotationModeKeepsThePrevious) {
  RotationState state;
  SetRotationMode(state, RotationMode::kStrafing);
  EXPECT_EQ(state.mode, RotationMode::kStrafing);
  EXPECT_EQ(state.previous_mode, RotationMode::kRotating);
}

GaitSelectionSettings SeedGait() {
  return {};
}

TEST(GaitSelectorTest, StickMagnitudePicksTheAnimationGait) {
  EssentialData data;
  data.is_moving = true;
  data.analog_input_modifier = 0.7f;
  EXPECT_EQ(SelectGroundGait(data, 3.75f, SeedGait()), GroundGait::kRun);
  data.analog_input_modifier = 0.5f;
  EXPECT_EQ(SelectGroundGait(data, 3.75f, SeedGait()), GroundGait::kWalk);
  data.analog_input_modifier = 0.005f;
  EXPECT_EQ(SelectGroundGait(data, 3.75f, SeedGait()), GroundGait::kIdle);
  // Walk's max speed (1.75 m/s) is under the 2.5 m/s run gate.
  data.analog_input_modifier = 1.0f;
  EXPECT_EQ(SelectGroundGait(data, 1.75f, SeedGait()), GroundGait::kWalk);
  data.should_turn = true;
  EXPECT_EQ(SelectGroundGait(data, 3.75f, SeedGait()), GroundGait::kIdle);
  data.should_turn = false;
  data.is_falling = true;
  EXPECT_EQ(SelectGroundGait(data, 3.75f, SeedGait()), GroundGait::kIdle);
}

TEST(GaitSelectorTest, KeyboardToggleGamepadReturnsToRunAndTheCurveBlocks) {
  GaitState state;
  UpdateMovementGait(state, {InputDevice::kKeyboard, /*walk_mode=*/true, false, 0.0f});
  EXPECT_EQ(state.current, movement::Gait::kWalk);
  EXPECT_TRUE(state.changed);
  // Blocked while DisableSwitchGroundGait is set.
  UpdateMovementGait(state, {InputDevice::kGamepad, true, false, 1.0f});
  EXPECT_EQ(state.current, movement::Gait::kWalk);
  EXPECT_FALSE(state.changed);
  UpdateMovementGait(state, {InputDevice::kGamepad, true, false, 0.0f});
  EXPECT_EQ(state.current, movement::Gait::kRun);
  EXPECT_EQ(state.previous, movement::Gait::kWalk);
}

TEST(EssentialDataTest, RefreshesSpeedInputAndPivot) {
  movement::MovementState movement;
  movement.mode = movement::MovementMode::kWalking;
  movement.velocity = {3.0f, 0.0f, 0.0f};
  movement.acceleration = {-8.0f, 0.0f, 0.0f};
  movement.analog_input_modifier = 1.0f;
  EssentialData data;
  EssentialInputs inputs;
  inputs.movement = &movement;
  inputs.input_direction = {-1.0f, 0.0f, 0.0f};
  inputs.foot_left_model = {0.1f, 0.0f, 0.2f};
  inputs.foot_right_model = {-0.1f, 0.0f, -0.2f};
  RefreshEssentialData(data, inputs, EssentialSettings{});
  EXPECT_FLOAT_EQ(data.ground_speed_m_s, 3.0f);
  EXPECT_TRUE(data.is_moving);
  EXPECT_TRUE(data.has_input);
  EXPECT_TRUE(data.should_turn);
  EXPECT_NEAR(Degrees(data.last_velocity_yaw), 90.0f, 1e-4f);
  EXPECT_NEAR(Degrees(data.last_input_yaw), -90.0f, 1e-4f);
  // Velocity toward +X is the character's left; the left foot is on that side.
  EXPECT_TRUE(data.is_left_foot_up);
  EXPECT_EQ(data.cardinal_direction, CardinalDirection::kLeft);

  // Stopping keeps the last rotations.
  movement.velocity = glm::vec3(0.0f);
  inputs.input_direction = glm::vec3(0.0f);
  RefreshEssentialData(data, inputs, EssentialSettings{});
  EXPECT_FALSE(data.is_moving);
  EXPECT_FALSE(data.has_input);
  EXPECT_NEAR(Degrees(data.last_velocity_yaw), 90.0f, 1e-4f);
}

TEST(EssentialDataTest, CardinalDeadZoneIsDoubledForTheCurrentDirection) {
  const float dead_zone = Radians(10.0f);
  EXPECT_EQ(SelectCardinalDirection(CardinalDirection::kForward, Radians(60.0f), dead_zone, true),
            CardinalDirection::kForward);
  EXPECT_EQ(SelectCardinalDirection(CardinalDirection::kLeft, Radians(60.0f), dead_zone, true),
            CardinalDirection::kLeft);
  EXPECT_EQ(SelectCardinalDirection(CardinalDirection::kLeft, Radians(-128.0f), dead_zone, true),
            CardinalDirection::kBackward);
  // Backward's doubled dead zone only holds while backward is current.
  EXPECT_EQ(
      SelectCardinalDirection(CardinalDirection::kBackward, Radians(-118.0f), dead_zone, true),
      CardinalDirection::kBackward);
  EXPECT_EQ(SelectCardinalDirection(CardinalDirection::kLeft, Radians(-100.0f), dead_zone, true),
            CardinalDirection::kRight);
}

}  // namespace
}  // namespace footwork::locomotion
