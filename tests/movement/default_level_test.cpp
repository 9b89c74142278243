// The mover on the bundled default level: every feature behaves as the level intends.
#include <gtest/gtest.h>

#include <cstdio>

#include "footwork/io/asset_paths.h"
#include "footwork/movement/character_mover.h"
#include "footwork/movement/input.h"
#include "footwork/world/bullet_collision_world.h"

namespace footwork::movement {
namespace {

constexpr float kDt = 1.0f / 60.0f;

class DefaultLevelTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto level = world::LoadLevel(io::ProjectAssets() / "levels" / "default.json");
    ASSERT_TRUE(level.ok()) << level.error().message;
    level_ = *level;
    auto world = world::BulletCollisionWorld::FromLevel(level_);
    ASSERT_TRUE(world.ok()) << world.error().message;
    world_ = std::move(*world);
    auto settings = LoadMovementSettings(io::ProjectAssets() / "movement" / "default.json");
    ASSERT_TRUE(settings.ok()) << settings.error().message;
    settings_ = *settings;
  }

  float Feet(const MovementState& state) const {
    return state.position.y - settings_.capsule.half_height_m - settings_.floor_gap_m;
  }

  // Runs forward (+Z) from `feet` for `seconds`; returns the final state.
  MovementState RunForward(const glm::vec3& feet, float seconds, Gait gait = Gait::kRun) {
    CharacterMover mover(settings_, *world_);
    MovementState state = mover.Spawn(feet);
    for (int i = 0; i < static_cast<int>(seconds / kDt); ++i) {
      world_->Advance(kDt);
      EXPECT_TRUE(mover.Update(state, {{0, 0, 1}, gait, false}, kDt).ok());
    }
    return state;
  }

  world::Level level_;
  std::unique_ptr<world::BulletCollisionWorld> world_;
  MovementSettings settings_;
};

TEST_F(DefaultLevelTest, WalkableRampsAndStairsLeadToTheirTops) {
  // Lanes from assets/levels/default.json; each run ends on the plateau behind the feature.
  EXPECT_NEAR(Feet(RunForward({-12, 0, 2}, 3.5f)), 1.058f, 0.01f);            // 10 degrees
  EXPECT_NEAR(Feet(RunForward({-6, 0, 2}, 3.0f)), 1.8652f, 0.01f);            // 25 degrees
  EXPECT_NEAR(Feet(RunForward({12, 0, 2}, 4.5f, Gait::kWalk)), 1.2f, 0.01f);  // stairs
  EXPECT_LT(Feet(RunForward({6, 0, 2}, 3.0f)), 0.1f);                         // 50 degrees blocks
  EXPECT_NEAR(Feet(RunForward({-3, 0, 3}, 1.1f)), 0.3f, 0.01f);               // 0.3 m step climbed
  EXPECT_NEAR(Feet(RunForward({3, 0, 3}, 1.1f)), 0.0f, 0.01f);                // 0.6 m step blocks
}

TEST_F(DefaultLevelTest, CrossesTheTerrainWithoutFallingThrough) {
  CharacterMover mover(settings_, *world_);
  MovementState state = mover.Spawn({26, 0, 1});
  int walking_frames = 0;
  const int frames = static_cast<int>(7.0f / kDt);
  for (int i = 0; i < frames; ++i) {
    world_->Advance(kDt);
    ASSERT_TRUE(mover.Update(state, {{0, 0, 1}, Gait::kRun, false}, kDt).ok());
    ASSERT_GT(Feet(state), -0.45f) << "fell through the terrain at frame " << i;
    walking_frames += state.mode == MovementMode::kWalking;
  }
  EXPECT_GT(state.position.z, 20.0f);  // past the terrain's far edge
  EXPECT_GT(walking_frames, frames * 8 / 10);
}

TEST_F(DefaultLevelTest, ScriptedTourStaysOnTheLevel) {
  auto timeline =
      InputTimeline::Load(io::ProjectAssets() / "movement" / "timelines" / "walk_tour.json");
  ASSERT_TRUE(timeline.ok()) << timeline.error().message;
  auto gamepad = LoadGamepadSettings(io::ProjectAssets() / "movement" / "input.json");
  ASSERT_TRUE(gamepad.ok()) << gamepad.error().message;
  CharacterMover mover(settings_, *world_);
  MovementState state = mover.Spawn(level_.spawn_m);
  InputState previous = timeline->StateAt(0.0);
  bool jumped = false;
  for (int i = 1; i <= static_cast<int>(9.0f / kDt); ++i) {
    const InputState now = timeline->StateAt(i * static_cast<double>(kDt));
    world_->Advance(kDt);
    const MoveInput input = ToMoveInput(now, previous, *gamepad);
    ASSERT_TRUE(mover.Update(state, input, kDt).ok());
    jumped |= state.mode == MovementMode::kFalling;
    ASSERT_GT(Feet(state), -0.01f);
    previous = now;
  }
  EXPECT_TRUE(jumped);
  EXPECT_EQ(state.mode, MovementMode::kWalking);
  // Ran +Z for 2 s, then moved toward +X (camera yaw 90).
  EXPECT_GT(state.position.z, 5.0f);
  EXPECT_GT(state.position.x, 5.0f);
}

TEST_F(DefaultLevelTest, RidesThePlatform) {
  const auto& platform = level_.platforms.at(0);
  CharacterMover mover(settings_, *world_);
  const glm::vec3 top =
      world::PlatformPositionAt(platform, 0.0) + glm::vec3(0, platform.size_m.y * 0.5f, 0);
  MovementState state = mover.Spawn(top);
  ASSERT_EQ(state.mode, MovementMode::kWalking);
  for (int i = 0; i < static_cast<int>(12.0f / kDt); ++i) {
    world_->Advance(kDt);
    ASSERT_TRUE(mover.Update(state, {{0, 0, 0}, Gait::kRun, false}, kDt).ok());
  }
  const glm::vec3 now = world::PlatformPositionAt(platform, world_->Time());
  EXPECT_NEAR(state.position.x, now.x, 0.01f);
  EXPECT_NEAR(state.position.z, now.z, 0.01f);
}

}  // namespace
}  // namespace footwork::movement
