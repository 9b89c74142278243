// Cost of one character movement update and of the collision queries it is made of.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "footwork/io/asset_paths.h"
#include "footwork/movement/character_mover.h"
#include "footwork/world/bullet_collision_world.h"

namespace {

using footwork::movement::CharacterMover;
using footwork::movement::Gait;
using footwork::movement::MovementSettings;
using footwork::movement::MovementState;
using footwork::world::BulletCollisionWorld;

constexpr float kDt = 1.0f / 60.0f;

std::unique_ptr<BulletCollisionWorld> DefaultLevel() {
  auto level =
      footwork::world::LoadLevel(footwork::io::ProjectAssets() / "levels" / "default.json");
  if (!level) {
    std::fprintf(stderr, "%s\n", level.error().message.c_str());
    std::exit(1);
  }
  auto world = BulletCollisionWorld::FromLevel(*level);
  if (!world) {
    std::fprintf(stderr, "%s\n", world.error().message.c_str());
    std::exit(1);
  }
  return std::move(*world);
}

std::unique_ptr<BulletCollisionWorld> FlatGround() {
  auto world = std::make_unique<BulletCollisionWorld>();
  world->AddBox({"ground", {1000.0f, 1.0f, 1000.0f}, {0.0f, -0.5f, 0.0f}, 0.0f});
  return world;
}

// Running in a slow circle keeps the character accelerating, turning and moving every frame.
void RunUpdates(benchmark::State& bench, BulletCollisionWorld& world, glm::vec3 feet,
                float circle_radius_m) {
  const MovementSettings settings;
  CharacterMover mover(settings, world);
  MovementState state = mover.Spawn(feet);
  const MovementState start = state;
  float t = 0.0f;
  for (auto _ : bench) {
    t += kDt;
    const glm::vec3 direction(std::cos(t * 3.75f / circle_radius_m), 0.0f,
                              std::sin(t * 3.75f / circle_radius_m));
    if (!mover.Update(state, {direction, Gait::kRun, false}, kDt).ok())
      bench.SkipWithError("update");
    if (t > 20.0f) {  // stay in the measured area
      state = start;
      t = 0.0f;
    }
    benchmark::DoNotOptimize(state);
  }
  bench.SetItemsProcessed(bench.iterations());
}

void BM_MovementUpdateFlatGround(benchmark::State& bench) {
  auto world = FlatGround();
  RunUpdates(bench, *world, {0, 0, 0}, 4.0f);
}
BENCHMARK(BM_MovementUpdateFlatGround);

void BM_MovementUpdateDefaultLevelFlat(benchmark::State& bench) {
  auto world = DefaultLevel();
  RunUpdates(bench, *world, {0, 0, -15}, 4.0f);  // open ground behind the spawn point
}
BENCHMARK(BM_MovementUpdateDefaultLevelFlat);

void BM_MovementUpdateDefaultLevelTerrain(benchmark::State& bench) {
  auto world = DefaultLevel();
  RunUpdates(bench, *world, {26, 0, 12}, 3.0f);  // on the generated terrain
}
BENCHMARK(BM_MovementUpdateDefaultLevelTerrain);

void BM_MovementUpdateDefaultLevelWall(benchmark::State& bench) {
  // Pushing into the wall box and sliding along it: the slide iterations are the costly path.
  auto world = DefaultLevel();
  const MovementSettings settings;
  CharacterMover mover(settings, *world);
  MovementState state = mover.Spawn({0, 0, 11});
  for (auto _ : bench) {
    if (!mover.Update(state, {{0.3f, 0, 1}, Gait::kRun, false}, kDt).ok()) {
      bench.SkipWithError("update");
    }
    if (state.position.x > 3.0f)
      state = mover.Spawn({0, 0, 11});
    benchmark::DoNotOptimize(state);
  }
}
BENCHMARK(BM_MovementUpdateDefaultLevelWall);

void BM_RayCastDefaultLevel(benchmark::State& bench) {
  auto world = DefaultLevel();
  float x = -20.0f;
  for (auto _ : bench) {
    x = x > 30.0f ? -20.0f : x + 0.37f;
    auto hit = world->RayCast({x, 5.0f, 10.0f}, {x, -5.0f, 10.0f});
    benchmark::DoNotOptimize(hit);
  }
}
BENCHMARK(BM_RayCastDefaultLevel);

// A standing character's give-way query each frame (CharacterMover::FindOncomingBody, 60 cm
// look-ahead): arg 0 in open ground, arg 1 in the platform's lane with the platform coming
// (its overlap, the sweep back to it and the way out).
void BM_FindOncomingBody(benchmark::State& bench) {
  auto world = DefaultLevel();
  const MovementSettings settings;
  CharacterMover mover(settings, *world);
  const bool in_lane = bench.range(0) == 1;
  // The platform leaves z 5 toward +Z at 1 m/s: at t 3.6 its face is 50 cm from a capsule at
  // z 11 (radius 34 cm).
  world->SetTime(in_lane ? 3.6 : 0.0);
  const MovementState state =
      mover.Spawn(in_lane ? glm::vec3(-20.0f, 0.0f, 11.0f) : glm::vec3(0.0f, 0.0f, 0.0f));
  if (in_lane && !mover.FindOncomingBody(state, 0.6f))
    bench.SkipWithError("the platform is not found");
  for (auto _ : bench) {
    auto oncoming = mover.FindOncomingBody(state, 0.6f);
    benchmark::DoNotOptimize(oncoming);
  }
}
BENCHMARK(BM_FindOncomingBody)->Arg(0)->Arg(1);

void BM_CapsuleSweepDownDefaultLevel(benchmark::State& bench) {
  auto world = DefaultLevel();
  const footwork::world::CapsuleShape capsule{0.34f, 0.88f};
  float x = -20.0f;
  for (auto _ : bench) {
    x = x > 30.0f ? -20.0f : x + 0.37f;
    auto hit = world->CapsuleSweep({x, 3.0f, 10.0f}, {x, 0.5f, 10.0f}, capsule);
    benchmark::DoNotOptimize(hit);
  }
}
BENCHMARK(BM_CapsuleSweepDownDefaultLevel);

void BM_CapsuleSweepHorizontalFlat(benchmark::State& bench) {
  auto world = FlatGround();
  const footwork::world::CapsuleShape capsule{0.34f, 0.88f};
  for (auto _ : bench) {
    auto hit = world->CapsuleSweep({0.0f, 0.9f, 0.0f}, {0.0f, 0.9f, 0.0625f}, capsule);
    benchmark::DoNotOptimize(hit);
  }
}
BENCHMARK(BM_CapsuleSweepHorizontalFlat);

}  // namespace

BENCHMARK_MAIN();
