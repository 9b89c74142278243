// The mover against a real Bullet world: flat-ground kinematics against closed forms, slopes,
// steps, walls, jumping, platforms, time-step safety and determinism.
#include "footwork/movement/character_mover.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>

#include "footwork/core/angles.h"
#include "footwork/io/asset_paths.h"
#include "footwork/movement/ground_physics.h"
#include "footwork/world/bullet_collision_world.h"

namespace footwork::movement {
namespace {

constexpr float kDt = 1.0f / 60.0f;

class MoverTest : public ::testing::Test {
 protected:
  MoverTest() { world_.AddBox({"ground", {400.0f, 1.0f, 400.0f}, {0.0f, -0.5f, 0.0f}, 0.0f}); }

  float Feet(const MovementState& state) const {
    return state.position.y - settings_.capsule.half_height_m - settings_.floor_gap_m;
  }

  // A 3 x 3 m platform 30 cm high sliding along the floor at 1 m/s from its centre at z 5 to
  // `to_z` and back, about x = 0: its leading face is kSlidingPlatformHalfDepth ahead of its
  // centre.
  static constexpr float kSlidingPlatformHalfDepth = 1.5f;
  world::BodyId AddSlidingPlatform(float to_z) {
    world::PlatformDesc platform;
    platform.size_m = {3.0f, 0.3f, 2.0f * kSlidingPlatformHalfDepth};
    platform.waypoints_m = {{0, 0.15f, 5.0f}, {0, 0.15f, to_z}};
    platform.speed_m_s = 1.0f;
    return world_.AddPlatform(platform);
  }

  // Eight 15 x 30 cm steps up from z = 2 toward +Z, `width_m` wide about x = 0, and a landing
  // 1.2 m high beyond them.
  void AddStairsAndLanding(float width_m) {
    world::StairsDesc stairs;
    stairs.position_m = {0, 0, 2};
    stairs.width_m = width_m;
    stairs.step_count = 8;
    stairs.step_height_m = 0.15f;
    stairs.step_depth_m = 0.3f;
    world_.AddStairs(stairs);
    world_.AddBox({"top", {width_m, 1.2f, 4.0f}, {0.0f, 0.6f, 2.0f + 2.4f + 2.0f}, 0.0f});
  }

  // Runs `seconds` of frames with a constant input; returns the state.
  void Run(CharacterMover& mover, MovementState& state, const MoveInput& input, float seconds,
           float dt = kDt) {
    const int frames = static_cast<int>(std::lround(seconds / dt));
    for (int i = 0; i < frames; ++i) {
      world_.Advance(dt);
      ASSERT_TRUE(mover.Update(state, input, dt).ok());
    }
  }

  MovementSettings settings_;
  world::BulletCollisionWorld world_;
};

TEST_F(MoverTest, SpawnsStandingOnTheGround) {
  CharacterMover mover(settings_, world_);
  const MovementState state = mover.Spawn({0, 0, 0});
  EXPECT_EQ(state.mode, MovementMode::kWalking);
  EXPECT_NEAR(Feet(state), 0.0f, 2e-3f);
  EXPECT_TRUE(state.floor.walkable);
}

TEST_F(MoverTest, AccelerationTimeAndDistanceOnFlatGround) {
  CharacterMover mover(settings_, world_);
  for (Gait gait : {Gait::kWalk, Gait::kRun, Gait::kSprint}) {
    const GaitSettings& g = settings_.ForGait(gait);
    MovementState state = mover.Spawn({0, 0, 0});
    const MoveInput input{{0, 0, 1}, gait, false};
    float time = 0.0f;
    while (glm::length(state.velocity) < g.max_speed_m_s - 1e-4f && time < 5.0f) {
      ASSERT_TRUE(mover.Update(state, input, kDt).ok());
      time += kDt;
    }
    const float closed_time = g.max_speed_m_s / g.max_acceleration_m_s2;
    const float closed_distance = g.max_speed_m_s * g.max_speed_m_s / (2 * g.max_acceleration_m_s2);
    // Reached within one frame of v/a; the trapezoidal position is exact until the frame that
    // clamps to max speed, which adds under half a frame of travel at max speed.
    EXPECT_NEAR(time, closed_time, kDt) << GaitName(gait);
    const float overshoot_allowance = 0.5f * g.max_speed_m_s * kDt;
    const float distance = state.position.z;
    EXPECT_GE(distance, closed_distance - 1e-3f);
    EXPECT_LE(distance,
              closed_distance + (time - closed_time) * g.max_speed_m_s + overshoot_allowance)
        << GaitName(gait);
    std::printf("[measure] %s: time to max %.4f s (closed %.4f), distance %.4f m (closed %.4f)\n",
                GaitName(gait), time, closed_time, distance, closed_distance);
    EXPECT_NEAR(Feet(state), 0.0f, 2e-3f);
  }
}

TEST_F(MoverTest, BrakingDistanceAndPredictedStopLocation) {
  CharacterMover mover(settings_, world_);
  for (Gait gait : {Gait::kWalk, Gait::kRun, Gait::kSprint}) {
    const GaitSettings& g = settings_.ForGait(gait);
    MovementState state = mover.Spawn({0, 0, 0});
    Run(mover, state, {{0, 0, 1}, gait, false}, 2.0f);
    ASSERT_NEAR(glm::length(state.velocity), g.max_speed_m_s, 1e-4f);
    const glm::vec3 start = state.position;
    const glm::vec3 predicted = start + PredictGroundMovementStopLocation(state.velocity, g);
    float time = 0.0f;
    while (glm::length(state.velocity) > 0.0f && time < 5.0f) {
      ASSERT_TRUE(mover.Update(state, {{0, 0, 0}, gait, false}, kDt).ok());
      time += kDt;
    }
    const float closed = g.max_speed_m_s * g.max_speed_m_s / (2 * g.braking_deceleration_m_s2);
    const float distance = state.position.z - start.z;
    const float prediction_error = Length2D(state.position - predicted);
    std::printf(
        "[measure] %s: braking distance %.4f m (closed %.4f), stop time %.4f s (closed "
        "%.4f), prediction error %.2f mm\n",
        GaitName(gait), distance, closed, time, g.max_speed_m_s / g.braking_deceleration_m_s2,
        prediction_error * 1000.0f);
    EXPECT_NEAR(distance, closed, 0.01f) << GaitName(gait);
    EXPECT_LT(prediction_error, 0.01f) << GaitName(gait);
  }
}

TEST_F(MoverTest, SlidesAlongAWallAndLosesOnlyTheNormalVelocity) {
  world_.AddBox({"wall", {0.4f, 3.0f, 20.0f}, {2.0f, 1.5f, 0.0f}, 0.0f});
  CharacterMover mover(settings_, world_);
  MovementState state = mover.Spawn({0, 0, 0});
  const glm::vec3 diagonal = glm::normalize(glm::vec3(1, 0, 1));
  Run(mover, state, {diagonal, Gait::kRun, false}, 2.0f);
  // Stopped by the wall face at x = 1.8, sliding along +Z.
  EXPECT_LE(state.position.x, 1.8f - settings_.capsule.radius_m + 1e-3f);
  EXPECT_GT(state.position.x, 1.8f - settings_.capsule.radius_m - 0.01f);
  EXPECT_GT(state.position.z, 2.0f);
  EXPECT_NEAR(state.velocity.x, 0.0f, 1e-3f);
  EXPECT_GT(state.velocity.z, 1.0f);
  EXPECT_EQ(state.mode, MovementMode::kWalking);
}

TEST_F(MoverTest, WalksUpRampsBelowTheWalkableLimitAndNotAbove) {
  // Five lanes: ramps rising along +Z to 1.5 m, with a long landing at the top.
  const float slopes[] = {10.0f, 25.0f, 40.0f, 50.0f, 60.0f};
  for (int i = 0; i < 5; ++i) {
    world::RampDesc ramp;
    ramp.position_m = {static_cast<float>(i) * 5.0f, 0.0f, 2.0f};
    ramp.slope_deg = slopes[i];
    ramp.length_m = 1.5f / std::tan(Radians(slopes[i]));
    ramp.width_m = 3.0f;
    world_.AddRamp(ramp);
    world_.AddBox({"landing",
                   {3.0f, 1.5f, 40.0f},
                   {ramp.position_m.x, 0.75f, 2.0f + ramp.length_m + 20.0f},
                   0.0f});
  }
  CharacterMover mover(settings_, world_);
  for (int i = 0; i < 5; ++i) {
    MovementState state = mover.Spawn({static_cast<float>(i) * 5.0f, 0, 0});
    Run(mover, state, {{0, 0, 1}, Gait::kRun, false}, 6.0f);
    const bool walkable = slopes[i] < settings_.walkable_floor_angle_deg;
    std::printf("[measure] slope %.0f deg: feet at %.3f m, mode %d\n", slopes[i], Feet(state),
                static_cast<int>(state.mode));
    if (walkable) {
      EXPECT_NEAR(Feet(state), 1.5f, 0.01f) << slopes[i] << " deg should be climbed";
    } else {
      EXPECT_LT(Feet(state), 0.6f) << slopes[i] << " deg should block";
    }
  }
}

TEST_F(MoverTest, StepsUpToTheLimitAreClimbedAndHigherOnesBlock) {
  const float heights[] = {0.15f, 0.30f, 0.40f, 0.50f, 0.70f};
  for (int i = 0; i < 5; ++i) {
    world_.AddBox({"step",
                   {2.0f, heights[i], 4.0f},
                   {static_cast<float>(i) * 4.0f, heights[i] * 0.5f, 3.0f},
                   0.0f});
  }
  CharacterMover mover(settings_, world_);
  for (int i = 0; i < 5; ++i) {
    MovementState state = mover.Spawn({static_cast<float>(i) * 4.0f, 0, 0});
    Run(mover, state, {{0, 0, 1}, Gait::kRun, false}, 1.5f);
    const bool climbable = heights[i] <= settings_.max_step_height_m;
    if (climbable) {
      EXPECT_NEAR(Feet(state), heights[i], 0.01f) << heights[i] << " m step should be climbed";
      EXPECT_GT(state.position.z, 2.0f);
    } else {
      EXPECT_NEAR(Feet(state), 0.0f, 0.01f) << heights[i] << " m step should block";
      EXPECT_LT(state.position.z, 1.0f - settings_.capsule.radius_m + 0.01f);
    }
  }
}

TEST_F(MoverTest, ClimbsStairsOfFifteenCentimetreSteps) {
  AddStairsAndLanding(2.0f);
  CharacterMover mover(settings_, world_);
  MovementState state = mover.Spawn({0, 0, 0});
  Run(mover, state, {{0, 0, 1}, Gait::kWalk, false}, 4.0f);
  EXPECT_NEAR(Feet(state), 1.2f, 0.01f);
  EXPECT_EQ(state.mode, MovementMode::kWalking);
}

// A capsule walking along a ledge with its axis beside it rests on the ledge's corner, its feet
// in the air over the ground; it is pushed off (perch_slide_*). One walking with its axis over the
// ledge stays on it, and one standing still where it perches is left there.
TEST_F(MoverTest, AWalkingCapsulePerchedOnALedgesSideEdgeSlidesOffIt) {
  // The ledge's side edge runs along Z at x = 0; the ledge is 30 cm high, on +X.
  world_.AddBox({"ledge", {2.0f, 0.3f, 20.0f}, {1.0f, 0.15f, 5.0f}, 0.0f});
  const MoveInput along{{0, 0, 1}, Gait::kWalk, false};
  const auto walk = [&](const MovementSettings& settings, float axis_x, const MoveInput& input) {
    CharacterMover mover(settings, world_);
    MovementState state = mover.Spawn({axis_x, 0.3f, 0.0f});
    EXPECT_EQ(state.mode, MovementMode::kWalking);
    Run(mover, state, input, 2.0f);
    return state;
  };
  // 20 cm outside the edge: the capsule (radius 34 cm) perches on the corner without the slide.
  MovementSettings no_slide = settings_;
  no_slide.perch_slide_speed_m_s = 0.0f;
  const MovementState perched = walk(no_slide, -0.2f, along);
  EXPECT_GT(Feet(perched), 0.05f);
  const MovementState slid = walk(settings_, -0.2f, along);
  EXPECT_EQ(slid.mode, MovementMode::kWalking);
  EXPECT_NEAR(Feet(slid), 0.0f, 2e-3f);
  EXPECT_LT(slid.position.x, -settings_.capsule.radius_m + 0.01f);
  EXPECT_GT(slid.position.z, 2.0f);
  // A centimetre and a millimetre outside: the corner under the capsule's round bottom is that
  // far from the axis; with the slide starting 2 cm off the axis, the capsule climbed the stairs'
  // side edge with its feet on the floor beside them (a planted heel 10 cm over the floor).
  for (const float axis_x : {-0.01f, -0.001f}) {
    const MovementState near_edge = walk(settings_, axis_x, along);
    EXPECT_NEAR(Feet(near_edge), 0.0f, 2e-3f) << axis_x;
    EXPECT_LT(near_edge.position.x, -settings_.capsule.radius_m + 0.01f) << axis_x;
  }
  // Axis 5 cm onto the ledge: standing on it, not perched.
  const MovementState on_ledge = walk(settings_, 0.05f, along);
  EXPECT_NEAR(Feet(on_ledge), 0.3f, 2e-3f);
  EXPECT_NEAR(on_ledge.position.x, 0.05f, 1e-4f);
  // Standing still on the corner: left where it is.
  const MovementState still = walk(settings_, -0.2f, MoveInput{{0, 0, 0}, Gait::kWalk, false});
  EXPECT_GT(Feet(still), 0.05f);
  EXPECT_NEAR(still.position.x, -0.2f, 1e-4f);
}

// The perch slide pushes only across the way the capsule moves, and only off an edge with lower
// ground under the axis: climbing stairs at an angle (the riser's edge ahead and to one side of
// the axis, over the lower tread) still gets to the top.
TEST_F(MoverTest, StairsClimbedAtAnAngleAreStillClimbedWithThePerchSlide) {
  AddStairsAndLanding(14.0f);
  ASSERT_GT(settings_.perch_slide_speed_m_s, 0.0f);
  CharacterMover mover(settings_, world_);
  for (const float degrees : {20.0f, 40.0f}) {
    MovementState state = mover.Spawn({0, 0, 0});
    const float angle = Radians(degrees);
    Run(mover, state, {{std::sin(angle), 0, std::cos(angle)}, Gait::kWalk, false}, 4.0f);
    // Up the stairs along the line it walked, not carried aside along them.
    EXPECT_NEAR(state.position.x / state.position.z, std::tan(angle), 0.02f) << degrees;
    EXPECT_NEAR(Feet(state), 1.2f, 0.01f) << degrees;
    EXPECT_EQ(state.mode, MovementMode::kWalking) << degrees;
  }
}

TEST_F(MoverTest, JumpApexIsVSquaredOverTwoG) {
  CharacterMover mover(settings_, world_);
  for (float dt : {1.0f / 30.0f, 1.0f / 60.0f, 1.0f / 144.0f}) {
    MovementState state = mover.Spawn({0, 0, 0});
    const float start = Feet(state);
    ASSERT_TRUE(mover.Update(state, {{0, 0, 0}, Gait::kRun, true}, dt).ok());
    EXPECT_EQ(state.mode, MovementMode::kFalling);
    float apex = Feet(state);
    float time = dt;
    while (state.mode == MovementMode::kFalling && time < 3.0f) {
      ASSERT_TRUE(mover.Update(state, {{0, 0, 0}, Gait::kRun, false}, dt).ok());
      apex = std::max(apex, Feet(state));
      time += dt;
    }
    const float v = settings_.jump_velocity_m_s;
    const float closed = v * v / (2 * settings_.gravity_m_s2);
    std::printf("[measure] jump dt %.4f: apex %.4f m (closed %.4f), airtime %.3f s (closed %.3f)\n",
                dt, apex - start, closed, time, 2 * v / settings_.gravity_m_s2);
    EXPECT_NEAR(apex - start, closed, 0.01f) << "dt " << dt;
    EXPECT_EQ(state.mode, MovementMode::kWalking);
    EXPECT_NEAR(Feet(state), 0.0f, 2e-3f);
  }
}

TEST_F(MoverTest, FallsOffALedgeAndReportsTheDistanceToTheFloor) {
  world_.AddBox({"ledge", {4.0f, 2.0f, 4.0f}, {0.0f, 1.0f, 0.0f}, 0.0f});
  CharacterMover mover(settings_, world_);
  MovementState state = mover.Spawn({0, 2, 0});
  ASSERT_EQ(state.mode, MovementMode::kWalking);
  bool saw_falling = false;
  for (int i = 0; i < 180; ++i) {
    ASSERT_TRUE(mover.Update(state, {{0, 0, 1}, Gait::kRun, false}, kDt).ok());
    if (state.mode == MovementMode::kFalling) {
      saw_falling = true;
      const auto distance = mover.DistanceToFloor(state, 5.0f);
      ASSERT_TRUE(distance.has_value());
      EXPECT_NEAR(*distance, state.position.y - settings_.capsule.half_height_m, 0.01f);
    }
  }
  EXPECT_TRUE(saw_falling);
  EXPECT_EQ(state.mode, MovementMode::kWalking);
  EXPECT_NEAR(Feet(state), 0.0f, 2e-3f);
  EXPECT_GT(state.position.z, 2.0f + settings_.capsule.radius_m);
}

TEST_F(MoverTest, MovingPlatformCarriesAStandingCharacterWithoutDrift) {
  world::PlatformDesc platform;
  platform.size_m = {3.0f, 0.3f, 3.0f};
  // A corner and a rise, and back (ping-pong), at 1.5 m/s.
  platform.waypoints_m = {{0, 1.0f, 0}, {4, 1.0f, 0}, {4, 2.0f, 3}};
  platform.speed_m_s = 1.5f;
  const world::BodyId id = world_.AddPlatform(platform);
  CharacterMover mover(settings_, world_);
  MovementState state = mover.Spawn({0.3f, 1.15f, -0.2f});
  ASSERT_EQ(state.mode, MovementMode::kWalking);
  ASSERT_EQ(state.base, id);
  const glm::vec3 offset = state.position - world_.BodyTransform(id)->translation;
  float max_drift = 0.0f;
  for (int i = 0; i < 8 * 60; ++i) {
    world_.Advance(kDt);
    ASSERT_TRUE(mover.Update(state, {{0, 0, 0}, Gait::kRun, false}, kDt).ok());
    const glm::vec3 now = state.position - world_.BodyTransform(id)->translation;
    max_drift = std::max(max_drift, glm::length(now - offset));
  }
  std::printf("[measure] platform drift over 8 s: %.3f mm\n", max_drift * 1000.0f);
  EXPECT_LT(max_drift, 0.01f);
  EXPECT_EQ(state.mode, MovementMode::kWalking);
}

TEST_F(MoverTest, APlatformSlidingIntoAStandingCharacterPushesItAndLetsGoAsItReverses) {
  // A 30 cm platform sliding along the floor toward -Z at 1 m/s, 4 m one way then back; the
  // character stands 2 m ahead of its leading face. It was carried along by the platform's top
  // edge against its side (and back again), its feet under the platform.
  const world::BodyId id = AddSlidingPlatform(1.0f);
  CharacterMover mover(settings_, world_);
  MovementState state = mover.Spawn({0.2f, 0.0f, 1.5f});
  ASSERT_EQ(state.mode, MovementMode::kWalking);
  const float start_height = state.position.y;
  float lowest_z = state.position.z;
  bool pushed = false;
  for (int i = 0; i < 8 * 60; ++i) {
    world_.Advance(kDt);
    ASSERT_TRUE(mover.Update(state, {{0, 0, 0}, Gait::kRun, false}, kDt).ok());
    pushed |= glm::length(state.pushed) > 0.0f;
    lowest_z = std::min(lowest_z, state.position.z);
    // Never on the platform nor on its edge: on the floor, beside it.
    ASSERT_NE(state.base, id) << "t " << i * kDt;
    ASSERT_NEAR(state.position.y, start_height, 1e-3f) << "t " << i * kDt;
    // Ahead of its leading face (z - 1.5) whenever it comes on.
    const float face = world_.BodyTransform(id)->translation.z - kSlidingPlatformHalfDepth;
    ASSERT_LT(state.position.z, face - settings_.capsule.radius_m + 0.02f) << "t " << i * kDt;
  }
  EXPECT_TRUE(pushed);
  // Pushed to where the platform turned back (its face at -0.5), and left there.
  EXPECT_NEAR(lowest_z, -0.5f - settings_.capsule.radius_m, 0.03f);
  EXPECT_NEAR(state.position.z, lowest_z, 1e-4f);
  EXPECT_EQ(state.pushed, glm::vec3(0.0f));
  EXPECT_EQ(state.mode, MovementMode::kWalking);
}

TEST_F(MoverTest, AMovingPlatformDoesNotPushACharacterIntoAWall) {
  // The same platform, the character standing with its back 1 cm from a wall whose face is at
  // z 0.6, in the platform's way. Pinned, it is not pushed into the wall; once the platform has
  // slid under it, it rides the platform (the next test).
  const world::BodyId id = AddSlidingPlatform(1.0f);
  const float face = 0.6f;
  world_.AddBox({"wall", {4.0f, 2.0f, 0.2f}, {0.0f, 1.0f, face - 0.1f}, 0.0f});
  CharacterMover mover(settings_, world_);
  MovementState state = mover.Spawn({0.2f, 0.0f, face + settings_.capsule.radius_m + 0.01f});
  int pinned_frames = 0;
  for (int i = 0; i < 4 * 60 && state.base != id; ++i) {
    world_.Advance(kDt);
    ASSERT_TRUE(mover.Update(state, {{0, 0, 0}, Gait::kRun, false}, kDt).ok());
    const float platform_face = world_.BodyTransform(id)->translation.z - kSlidingPlatformHalfDepth;
    pinned_frames += platform_face < state.position.z + settings_.capsule.radius_m ? 1 : 0;
    ASSERT_GT(state.position.z, face + settings_.capsule.radius_m - 0.005f) << "t " << i * kDt;
  }
  EXPECT_GT(pinned_frames, 0);
}

TEST_F(MoverTest, APlatformCarryingACrushedCharacterDoesNotCarryItThroughTheWall) {
  // The wall test's character, pinned until the platform slid under it, then riding it: the
  // platform goes on through the wall (it is kinematic), its rider stays on this side of it.
  const world::BodyId id = AddSlidingPlatform(-3.0f);
  const float face = 0.6f;
  world_.AddBox({"wall", {4.0f, 2.0f, 0.2f}, {0.0f, 1.0f, face - 0.1f}, 0.0f});
  CharacterMover mover(settings_, world_);
  MovementState state = mover.Spawn({0.2f, 0.0f, face + settings_.capsule.radius_m + 0.01f});
  int riding_frames = 0;
  for (int i = 0; i < 8 * 60; ++i) {
    world_.Advance(kDt);
    ASSERT_TRUE(mover.Update(state, {{0, 0, 0}, Gait::kRun, false}, kDt).ok());
    riding_frames += state.base == id ? 1 : 0;
    ASSERT_GT(state.position.z, face + settings_.capsule.radius_m - 0.005f) << "t " << i * kDt;
  }
  EXPECT_GT(riding_frames, 0);
}

TEST_F(MoverTest, ALongFrameDoesNotPushACharacterFurtherThanItsRadius) {
  // The platform of the push test, stepped in one 10 s frame once it touches the character:
  // the platform has moved on metres, the push is held to a capsule radius.
  AddSlidingPlatform(-20.0f);
  CharacterMover mover(settings_, world_);
  MovementState state = mover.Spawn({0.2f, 0.0f, 3.0f});
  int frames = 0;
  while (glm::length(state.pushed) == 0.0f && frames++ < 120) {
    world_.Advance(kDt);
    ASSERT_TRUE(mover.Update(state, {{0, 0, 0}, Gait::kRun, false}, kDt).ok());
  }
  ASSERT_GT(glm::length(state.pushed), 0.0f);
  world_.Advance(10.0);
  ASSERT_TRUE(mover.Update(state, {{0, 0, 0}, Gait::kRun, false}, 10.0f).ok());
  EXPECT_LE(glm::length(state.pushed), settings_.capsule.radius_m + 1e-5f);
  EXPECT_TRUE(std::isfinite(state.position.z));
}

TEST_F(MoverTest, AnOncomingPlatformIsFoundWithinTheLookAheadWithItsGapAndVelocity) {
  // The sliding platform coming toward -Z at 1 m/s at three standing characters: one in its way,
  // one in the next lane (it passes beside it), one behind it (it moves away from it).
  const world::BodyId id = AddSlidingPlatform(-20.0f);
  CharacterMover mover(settings_, world_);
  const float radius = settings_.capsule.radius_m;
  MovementState ahead = mover.Spawn({0.2f, 0.0f, 2.0f});
  const MovementState beside = mover.Spawn({1.5f + radius + 0.05f, 0.0f, 2.0f});
  const MovementState behind = mover.Spawn({0.2f, 0.0f, 5.0f + kSlidingPlatformHalfDepth + 0.3f});
  constexpr float kLookAhead = 0.6f;
  int found_frames = 0;
  // Until the platform's leading face reaches the axis of the one in its way (1.5 s).
  for (int i = 0; i < 90; ++i) {
    world_.Advance(kDt);
    const float face = world_.BodyTransform(id)->translation.z + kSlidingPlatformHalfDepth;
    const float lead = world_.BodyTransform(id)->translation.z - kSlidingPlatformHalfDepth;
    const float gap = lead - (ahead.position.z + radius);
    const auto oncoming = mover.FindOncomingBody(ahead, kLookAhead);
    if (gap > kLookAhead + 0.02f) {
      EXPECT_FALSE(oncoming.has_value()) << "t " << i * kDt << " gap " << gap;
    } else if (gap < kLookAhead - 0.02f) {
      ASSERT_TRUE(oncoming.has_value()) << "t " << i * kDt << " gap " << gap;
      ++found_frames;
      EXPECT_EQ(oncoming->body, id);
      EXPECT_NEAR(oncoming->gap_m, std::max(gap, 0.0f), 0.01f) << "t " << i * kDt;
      EXPECT_NEAR(oncoming->velocity.z, -1.0f, 1e-3f);
      EXPECT_NEAR(oncoming->velocity.x, 0.0f, 1e-3f);
    }
    EXPECT_FALSE(mover.FindOncomingBody(beside, kLookAhead).has_value()) << "t " << i * kDt;
    EXPECT_FALSE(mover.FindOncomingBody(behind, kLookAhead).has_value()) << "t " << i * kDt;
    ASSERT_GT(behind.position.z, face) << "the platform stays ahead of the one behind it";
  }
  EXPECT_GT(found_frames, 30);
  // Off with no look-ahead, and in the air.
  EXPECT_FALSE(mover.FindOncomingBody(ahead, 0.0f).has_value());
  ahead.mode = MovementMode::kFalling;
  EXPECT_FALSE(mover.FindOncomingBody(ahead, kLookAhead).has_value());
}

TEST_F(MoverTest, TheWayOutOfAnOncomingPlatformIsAheadOfItThenAsideThenNone) {
  // The platform coming toward -Z; the character 20 cm right (+X) of its lane's middle, 5 cm
  // inside its look-ahead.
  AddSlidingPlatform(-20.0f);
  CharacterMover mover(settings_, world_);
  const float radius = settings_.capsule.radius_m;
  const glm::vec3 feet(0.2f, 0.0f, 5.0f - kSlidingPlatformHalfDepth - radius - 0.55f);
  auto way_out = [&](const MovementState& state) {
    const auto oncoming = mover.FindOncomingBody(state, 0.6f);
    EXPECT_TRUE(oncoming.has_value());
    return oncoming ? oncoming->way_out : glm::vec3(NAN);
  };
  world_.Advance(kDt);
  const MovementState state = mover.Spawn(feet);
  EXPECT_EQ(way_out(state), glm::vec3(0.0f, 0.0f, -1.0f));
  // A wall 30 cm behind it: aside, first toward its side of the lane.
  world_.AddBox({"back", {4.0f, 2.0f, 0.2f}, {0.0f, 1.0f, feet.z - radius - 0.3f - 0.1f}, 0.0f});
  EXPECT_EQ(way_out(state), glm::vec3(1.0f, 0.0f, 0.0f));
  // And one 30 cm to that side: the other side.
  world_.AddBox({"right", {0.2f, 2.0f, 2.0f}, {feet.x + radius + 0.3f + 0.1f, 1.0f, feet.z}, 0.0f});
  EXPECT_EQ(way_out(state), glm::vec3(-1.0f, 0.0f, 0.0f));
  // Boxed in.
  world_.AddBox({"left", {0.2f, 2.0f, 2.0f}, {feet.x - radius - 0.3f - 0.1f, 1.0f, feet.z}, 0.0f});
  EXPECT_EQ(way_out(state), glm::vec3(0.0f));
}

TEST_F(MoverTest, ZeroDtChangesNothingAndBadInputIsRejected) {
  CharacterMover mover(settings_, world_);
  MovementState state = mover.Spawn({0, 0, 0});
  Run(mover, state, {{0, 0, 1}, Gait::kRun, false}, 0.3f);
  const MovementState before = state;
  ASSERT_TRUE(mover.Update(state, {{1, 0, 0}, Gait::kRun, true}, 0.0f).ok());
  EXPECT_EQ(state.position, before.position);
  EXPECT_EQ(state.velocity, before.velocity);
  EXPECT_EQ(state.mode, before.mode);

  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  for (float dt : {nan, inf, -kDt}) {
    const Status status = mover.Update(state, {{0, 0, 1}, Gait::kRun, false}, dt);
    EXPECT_FALSE(status.ok());
    EXPECT_NE(status.error().message.find("dt"), std::string::npos);
  }
  EXPECT_FALSE(mover.Update(state, {{nan, 0, 1}, Gait::kRun, false}, kDt).ok());
  EXPECT_FALSE(mover.Update(state, {{0, 0, inf}, Gait::kRun, false}, kDt).ok());
  EXPECT_EQ(state.position, before.position);
  EXPECT_EQ(state.velocity, before.velocity);
  EXPECT_EQ(state.update_count, before.update_count);
}

TEST_F(MoverTest, HugeDtIsSubsteppedLikeManySmallFrames) {
  CharacterMover mover(settings_, world_);
  MovementState one = mover.Spawn({0, 0, 0});
  MovementState many = one;
  const MoveInput input{{0, 0, 1}, Gait::kRun, false};
  ASSERT_TRUE(mover.Update(one, input, 10.0f).ok());
  for (int i = 0; i < 600; ++i)
    ASSERT_TRUE(mover.Update(many, input, 10.0f / 600.0f).ok());
  EXPECT_NEAR(one.position.z, many.position.z, 1e-3f);
  EXPECT_EQ(one.velocity, many.velocity);
  // 10 s of running: 0.47 s accelerating, then 3.75 m/s.
  const GaitSettings& g = settings_.run;
  const float closed =
      g.max_speed_m_s * 10.0f - g.max_speed_m_s * g.max_speed_m_s / (2 * g.max_acceleration_m_s2);
  EXPECT_NEAR(one.position.z, closed, 0.05f);
}

TEST_F(MoverTest, SameInputsGiveBitIdenticalStatesOnTheDefaultLevel) {
  auto level = world::LoadLevel(io::ProjectAssets() / "levels" / "default.json");
  ASSERT_TRUE(level.ok()) << level.error().message;
  auto run = [&]() {
    auto world = world::BulletCollisionWorld::FromLevel(*level);
    EXPECT_TRUE(world.ok());
    CharacterMover mover(settings_, **world);
    MovementState state = mover.Spawn(level->spawn_m);
    std::vector<MovementState> trace;
    for (int i = 0; i < 900; ++i) {
      const float t = static_cast<float>(i) * kDt;
      const float dt = kDt * (1.0f + 0.5f * std::sin(static_cast<float>(i)));  // variable frames
      const glm::vec3 direction(std::sin(0.4f * t), 0.0f, std::cos(0.3f * t));
      (*world)->Advance(dt);
      EXPECT_TRUE(
          mover
              .Update(state, {direction, i % 200 < 100 ? Gait::kRun : Gait::kWalk, i % 97 == 0}, dt)
              .ok());
      trace.push_back(state);
    }
    return trace;
  };
  const auto a = run();
  const auto b = run();
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    ASSERT_EQ(std::memcmp(&a[i].position, &b[i].position, sizeof(glm::vec3)), 0) << i;
    ASSERT_EQ(std::memcmp(&a[i].velocity, &b[i].velocity, sizeof(glm::vec3)), 0) << i;
    ASSERT_EQ(a[i].mode, b[i].mode);
  }
}

}  // namespace
}  // namespace footwork::movement
