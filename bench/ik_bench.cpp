// Cost of the IK layer per character, on the cooked default character (53 joints) and, for the
// whole stage, the second pack's Knight (41 joints), over the default level: two-bone IK alone (per
// leg: the bare solve, and the solve applied to a pose), and the whole stage (overlay layering, two
// foot traces against Bullet, foot placement and lock, two-leg IK, look-at, local-to-model passes).
// Issue 7's reference points: two-bone IK about 110 ns a leg in a mature runtime; a Bullet ray cast
// about 0.13 us.
#include <benchmark/benchmark.h>

#include "default_simulation_setup.h"

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "footwork/anim/local_to_model.h"
#include "footwork/anim/two_bone_ik.h"
#include "footwork/ik/character_ik.h"
#include "footwork/io/asset_paths.h"
#include "footwork/locomotion/character_ik_stage.h"
#include "footwork/locomotion/simulation_setup.h"

namespace {

constexpr float kDt = 1.0f / 60.0f;

[[noreturn]] void Fail(const std::string& message) {
  footwork::bench::Fail("ik_bench", message);
}

// The benchmarked characters: 0 the default (quaternius_ual1), 1 the Knight (kaykit_knight).
constexpr int kKnight = 1;

footwork::locomotion::SimulationSetup& Setup(int character = 0) {
  return character == kKnight ? footwork::bench::KnightSimulationSetup("ik_bench")
                              : footwork::bench::DefaultSimulationSetup("ik_bench");
}

std::shared_ptr<const footwork::ik::CharacterIkAssets> MakeIkAssets(int character) {
  // The character's shipped settings (assets/ik/<character>.json or default.json), as the
  // simulation runs them.
  auto made = footwork::locomotion::MakeCharacterIkAssets(*Setup(character).assets,
                                                          Setup(character).ik_settings);
  if (!made)
    Fail(made.error().message);
  return *made;
}

std::shared_ptr<const footwork::ik::CharacterIkAssets> IkAssets(int character = 0) {
  static std::shared_ptr<const footwork::ik::CharacterIkAssets> assets[2] = {};
  if (!assets[character])
    assets[character] = MakeIkAssets(character);
  return assets[character];
}

// The idle clip's first frame as the graph's output, in both spaces.
struct GraphPose {
  std::vector<footwork::Transform> local;
  std::vector<footwork::Transform> model;
};

GraphPose IdlePose(int character = 0) {
  const auto& assets = *IkAssets(character);
  GraphPose pose;
  pose.local = assets.base_pose(false).local;
  pose.model.resize(pose.local.size());
  footwork::anim::LocalToModelJob job;
  job.skeleton = &assets.skeleton();
  job.input = pose.local;
  job.output = pose.model;
  if (!job.Run().ok())
    Fail("local to model");
  return pose;
}

// One leg's solve alone, given the chain's model-space positions: the two joint corrections
// (rotation deltas for thigh and calf), as a mature runtime's two-bone IK job outputs them.
void BM_TwoBoneIkSolve(benchmark::State& state) {
  const auto& assets = *IkAssets();
  const GraphPose pose = IdlePose();
  const footwork::anim::TwoBoneIkChain& chain = assets.rig().legs[footwork::ik::kLeft].chain;
  const glm::vec3 hip = pose.model[chain.upper].translation;
  const glm::vec3 knee = pose.model[chain.lower].translation;
  const glm::vec3 foot = pose.model[chain.end].translation;
  // The same goal as BM_TwoBoneIkLeg's (TwoBoneIkGoal's defaults: hard reach clamp).
  const footwork::anim::TwoBoneIkGoal goal;
  int i = 0;
  for (auto _ : state) {
    const glm::vec3 target = foot + glm::vec3(0.0f, 0.01f * static_cast<float>(i % 16), 0.02f);
    benchmark::DoNotOptimize(footwork::anim::SolveTwoBoneIk(
        hip, knee, foot, target, goal.pole, goal.max_extension, goal.soft_extension));
    ++i;
  }
}
BENCHMARK(BM_TwoBoneIkSolve);

// One leg's two-bone IK applied to a pose, on a target that moves a little every iteration:
// the goal and chain checks, the solve, then the new local rotations of thigh, calf and foot and
// the model transforms of those three joints (not of their descendants), as the IK stage runs
// it per leg (the stage also sets the foot's rotation, one more nlerp, and a soft reach, an exp
// near full extension). The iteration also restores the three joints (six transform copies).
void BM_TwoBoneIkLeg(benchmark::State& state) {
  const auto& assets = *IkAssets();
  const GraphPose pose = IdlePose();
  std::vector<footwork::Transform> local = pose.local;
  std::vector<footwork::Transform> model = pose.model;
  const footwork::ik::LegRig& leg = assets.rig().legs[footwork::ik::kLeft];
  footwork::anim::TwoBoneIkGoal goal;
  goal.pole = {0.0f, 0.0f, 1.0f};
  const glm::vec3 foot = pose.model[leg.chain.end].translation;
  int i = 0;
  for (auto _ : state) {
    goal.target = foot + glm::vec3(0.0f, 0.01f * static_cast<float>(i % 16), 0.02f);
    // Only the chain's joints change; restoring them (not the whole pose) keeps the copy out of
    // the leg's cost.
    local[leg.chain.upper] = pose.local[leg.chain.upper];
    local[leg.chain.lower] = pose.local[leg.chain.lower];
    local[leg.chain.end] = pose.local[leg.chain.end];
    model[leg.chain.upper] = pose.model[leg.chain.upper];
    model[leg.chain.lower] = pose.model[leg.chain.lower];
    model[leg.chain.end] = pose.model[leg.chain.end];
    benchmark::DoNotOptimize(
        footwork::anim::ApplyTwoBoneIk(assets.skeleton(), leg.chain, goal, local, model));
    ++i;
  }
}
BENCHMARK(BM_TwoBoneIkLeg);

// The whole IK stage for one character standing on the 25-degree ramp, with an overlay
// (state.range(0) = 1) or without, and a look target; state.range(1) is the character (0 the
// default, 1 the Knight).
void BM_CharacterIk(benchmark::State& state) {
  const int character = static_cast<int>(state.range(1));
  const GraphPose pose = IdlePose(character);
  footwork::ik::CharacterIk ik(IkAssets(character));
  if (state.range(0) != 0 && !ik.SetOverlay(0).ok())
    Fail("no overlay");
  footwork::ik::CharacterIkInput input;
  input.character_world.translation = {-6.0f, 0.9f, 9.0f};
  input.foot_lock = {1.0f, 1.0f};
  input.enable_foot_ik = {1.0f, 1.0f};
  input.look_target_world = glm::vec3(-4.0f, 2.0f, 12.0f);
  input.world = Setup(character).world.get();
  for (auto _ : state)
    benchmark::DoNotOptimize(ik.Update(input, pose.local, pose.model, kDt));
  state.SetLabel(std::string(character == kKnight ? "kaykit_knight: " : "quaternius_ual1: ") +
                 (state.range(0) != 0 ? "overlay + feet + look-at" : "feet + look-at"));
}
BENCHMARK(BM_CharacterIk)
    ->ArgsProduct({{0, 1}, {0, kKnight}})
    ->ArgNames({"overlay", "character"})
    ->Unit(benchmark::kMicrosecond);

// One downward foot trace against the level (Bullet).
void BM_FootTrace(benchmark::State& state) {
  const footwork::ik::FootPlacementSettings& settings = Setup().ik_settings.feet;
  const auto& world = *Setup().world;
  int i = 0;
  for (auto _ : state) {
    const glm::vec3 foot(-6.0f + 0.01f * static_cast<float>(i % 32), 1.0f, 9.0f);
    benchmark::DoNotOptimize(footwork::ik::TraceFoot(world, foot, 0.9f, settings));
    ++i;
  }
}
BENCHMARK(BM_FootTrace);

}  // namespace

BENCHMARK_MAIN();
