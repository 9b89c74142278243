// Cost of the full per-character update: movement + locomotion logic + state machine + clip
// sampling, dead blending and local-to-model (no IK), on the cooked default character in the
// default level. Reported per character in microseconds; issue 6's reference point is a mature
// runtime's 1.8 us for sample 2 + blend + local-to-model + two-leg IK on 67 joints.
#include <benchmark/benchmark.h>

#include "default_simulation_setup.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

#include "footwork/io/asset_paths.h"
#include "footwork/locomotion/locomotion_character.h"
#include "footwork/locomotion/simulation_setup.h"

namespace {

using footwork::locomotion::LocomotionCharacter;
using footwork::locomotion::LocomotionInput;

constexpr float kDt = 1.0f / 60.0f;

footwork::locomotion::SimulationSetup& Setup() {
  return footwork::bench::DefaultSimulationSetup("locomotion_bench");
}

// A 6-second loop of input that visits idle, starts, the run cycle, a pivot and a stop, so the
// average covers every kind of frame (state changes and dead blends included).
LocomotionInput ScriptedInput(float t) {
  const float phase = std::fmod(t, 6.0f);
  LocomotionInput input;
  if (phase < 0.5f)
    input.move = {0.0f, 0.0f};
  else if (phase < 2.5f)
    input.move = {0.0f, 1.0f};
  else if (phase < 4.5f)
    input.move = {0.0f, -1.0f};
  return input;
}

// `characters` independent characters sharing the assets, each updated once per iteration.
void BM_LocomotionUpdate(benchmark::State& bench) {
  auto& setup = Setup();
  const int count = static_cast<int>(bench.range(0));
  std::vector<LocomotionCharacter> characters;
  characters.reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) {
    // Spread out in the open ground behind the spawn; staggered in time by their own clocks.
    const glm::vec3 feet(static_cast<float>(i % 8) * 2.0f - 7.0f, 0.0f,
                         -12.0f - static_cast<float>(i / 8) * 2.0f);
    characters.emplace_back(setup.assets, setup.mover->Spawn(feet), 0.0f);
  }
  std::vector<float> clocks(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i)
    clocks[static_cast<std::size_t>(i)] = 0.37f * static_cast<float>(i);
  for (auto _ : bench) {
    for (int i = 0; i < count; ++i) {
      float& t = clocks[static_cast<std::size_t>(i)];
      t += kDt;
      const LocomotionInput input = ScriptedInput(t);
      if (!characters[static_cast<std::size_t>(i)].Update(*setup.mover, input, kDt).ok())
        bench.SkipWithError("update failed");
    }
    benchmark::ClobberMemory();
  }
  // Character updates per second; with Arg(1) the Time column is the per-character cost.
  bench.SetItemsProcessed(bench.iterations() * count);
}
BENCHMARK(BM_LocomotionUpdate)->Arg(1)->Arg(16)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
