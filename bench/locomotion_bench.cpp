// Cost of the full per-character update: movement + locomotion logic + state machine + clip
// sampling, dead blending and local-to-model (no IK), on the cooked default character in the
// default level. Reported per character in microseconds; issue 6's reference point is a mature
// runtime's 1.8 us for sample 2 + blend + local-to-model + two-leg IK on 67 joints.
#include <benchmark/benchmark.h>

#include "default_simulation_setup.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

#include "footwork/io/asset_paths.h"
#include "footwork/locomotion/footfall_alignment.h"
#include "footwork/locomotion/locomotion_character.h"
#include "footwork/locomotion/simulation_setup.h"
#include "footwork/locomotion/stair_stride.h"

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

// One character on the default level's stairs, running up them to the landing, turning and running
// back down to the floor, over and over: the frames include the stair survey and, going down, the
// footfall alignment's plant predictions (neither runs on the open ground above). 13 us a frame
// here, 58% of the frames on the stairs; 32 us when rays used Bullet's GJK cast.
void BM_LocomotionUpdateOnStairs(benchmark::State& bench) {
  auto& setup = Setup();
  LocomotionCharacter character(setup.assets, setup.mover->Spawn(glm::vec3(12.0f, 0.0f, 4.0f)),
                                0.0f);
  const float centre_to_floor = setup.mover->settings().CentreToFloorM();
  bool going_up = true;
  std::int64_t on_stairs = 0;
  for (auto _ : bench) {
    const glm::vec3 position = character.movement().position;
    const float feet = position.y - centre_to_floor;
    // Up until on the landing, down until back on the floor short of the stairs (z 5).
    if (going_up && feet > 1.15f && position.z > 7.6f)
      going_up = false;
    else if (!going_up && feet < 0.05f && position.z < 4.5f)
      going_up = true;
    LocomotionInput input;
    input.move = {0.0f, going_up ? 1.0f : -1.0f};
    if (!character.Update(*setup.mover, input, kDt).ok())
      bench.SkipWithError("update failed");
    on_stairs += feet > 0.05f && position.z > 5.0f && position.z < 7.4f ? 1 : 0;
    benchmark::ClobberMemory();
  }
  // The share of frames with the feet on the stairs.
  bench.counters["on_stairs"] =
      static_cast<double>(on_stairs) / static_cast<double>(bench.iterations());
  bench.SetItemsProcessed(bench.iterations());
}
BENCHMARK(BM_LocomotionUpdateOnStairs)->Unit(benchmark::kMicrosecond);

// The stair stride's survey, made for a character whose stairs.max_rise_per_step_m is set while
// its cycle plays, each time its feet move 5 cm: Arg(0) 0.6 m short of the default level's stairs
// looking up them over 1.5 m (5 coarse traces, then one every 10 cm and every 2 cm across the
// risers: about 35 of the 76 points), Arg(1) on the open ground (the 5 coarse traces find it
// level), Arg(2) as Arg(0) running at 3.75 m/s: the survey reaches stairs.survey_ahead_s ahead
// (2.06 m; about 56 of 119 points). Before the sparse traces: 111 and 194 us; before the rays met
// boxes at their face planes (Bullet's GJK cast): 47 and 80 us.
void BM_SurveyStairs(benchmark::State& bench) {
  auto& setup = Setup();
  footwork::locomotion::StairSettings settings = setup.assets->settings().stairs;
  if (bench.range(0) == 2)
    settings.survey_ahead_m = footwork::locomotion::StairSurveyAheadM(settings, 3.75f);
  const bool on_stairs = bench.range(0) != 1;
  const glm::vec3 feet = on_stairs ? glm::vec3(12.0f, 0.0f, 4.4f) : glm::vec3(0.0f, 0.0f, -8.0f);
  const glm::vec3 forward(0.0f, 0.0f, 1.0f);
  int found = 0;
  for (auto _ : bench) {
    const auto stairs =
        footwork::locomotion::SurveyStairs(setup.mover->world(), feet, forward, settings);
    found += stairs ? 1 : 0;
    benchmark::DoNotOptimize(stairs);
  }
  if ((found > 0) != on_stairs)
    bench.SkipWithError(on_stairs ? "no stairs found" : "stairs found on the open ground");
}
BENCHMARK(BM_SurveyStairs)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMicrosecond);

// The footfall alignment's choice of stride, made every frame a character walks down stairs with
// stairs.footfall_max_stride_change set: the edges a survey finds 1.2 m ahead (five, 30 cm apart)
// and a plant landing across the first (the search tries 81 scales over up to 8 plants).
void BM_FootfallStrideScale(benchmark::State& bench) {
  footwork::locomotion::StairSettings settings;
  settings.footfall_max_stride_change = 0.2f;
  const std::vector<float> edges = {0.3f, 0.6f, 0.9f, 1.2f, 1.5f};
  footwork::locomotion::FootfallForecast forecast;
  forecast.ankle_now_m = -0.15f;
  forecast.ankle_plant_m = 0.27f;
  forecast.ball_plant_m = 0.42f;
  float scale = 1.0f;
  for (auto _ : bench) {
    scale = footwork::locomotion::FootfallStrideScale(edges, forecast, 0.3f, 1.2f, 1.0f, settings);
    benchmark::DoNotOptimize(scale);
  }
  if (scale == 1.0f)
    bench.SkipWithError("the plant across the edge was not moved");
}
BENCHMARK(BM_FootfallStrideScale)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
