// Cost of the pose-agnostic graph per character and frame: a state machine in mid-transition
// with three active states, a chooser evaluation, a sync-group update and notify dispatch; plus
// inertialization and dead blending over a 60-joint pose. Pose sampling is not included (the
// sampler lives in the anim layer).

#include <array>
#include <vector>

#include <benchmark/benchmark.h>

#include "footwork/graph/chooser.h"
#include "footwork/graph/inertialization.h"
#include "footwork/graph/notify.h"
#include "footwork/graph/state_machine.h"
#include "footwork/graph/sync_group.h"

namespace footwork::graph {
namespace {

constexpr int kCharacters = 256;
constexpr int kJoints = 60;

constexpr const char* kChooserJson = R"({"tables": [
  {"name": "CT_Cycle",
   "columns": [{"name": "gait", "kind": "enum"},
               {"name": "speed", "kind": "float_range", "input": "speed_m_s"},
               {"name": "left", "kind": "bool", "input": "is_left_foot_up"}],
   "rows": [
     {"name": "walk_l", "filters": {"gait": "walk", "speed": {"max": 1.5}, "left": true},
      "output": {"clip": "Walk_L", "floats": {"blend_s": 0.2}}},
     {"name": "walk_r", "filters": {"gait": "walk", "speed": {"max": 1.5}, "left": false},
      "output": {"clip": "Walk_R", "floats": {"blend_s": 0.2}}},
     {"name": "jog", "filters": {"gait": ["walk", "run"], "speed": {"min": 1.5, "max": 4}},
      "output": {"clip": "Jog", "play_rate": 1.1}},
     {"name": "run", "filters": {"gait": "run", "speed": {"min": 4, "min_inclusive": false}},
      "output": {"clip": "Run"}}],
   "fallback": {"clip": "Idle"}}]})";

anim::Clip MakeCycle(const char* name, float duration_s, float left_s, float right_s) {
  anim::Clip clip;
  clip.name = name;
  clip.duration_s = duration_s;
  clip.looping = true;
  clip.markers = {{"Foot_L", left_s}, {"Foot_R", right_s}};
  clip.notifies = {
      {"Footstep_L", left_s, 0.0f}, {"Footstep_R", right_s, 0.0f}, {"ANS_Lean", 0.2f, 0.3f}};
  return clip;
}

// Shared, read-only data of every character.
struct SharedGraph {
  StateMachineDefinition machine{"Locomotion"};
  ChooserLibrary choosers;
  std::array<anim::Clip, 3> clips = {MakeCycle("Walk", 1.0f, 0.1f, 0.6f),
                                     MakeCycle("Jog", 0.8f, 0.05f, 0.45f),
                                     MakeCycle("Run", 0.7f, 0.1f, 0.45f)};

  SharedGraph() {
    auto report = [](StateCallbackContext& context) {
      context.ReportRelevantTimeRemaining(1.0f - context.time_in_state_s);
    };
    const int idle = machine.AddState({.name = "Idle", .on_update = report});
    const int start = machine.AddState({.name = "Start", .on_update = report});
    const int cycle = machine.AddState({.name = "Cycle", .on_update = report});
    const int stop = machine.AddState({.name = "Stop", .on_update = report});
    auto flag = [](const char* name) {
      return [name](const TransitionContext& context) { return context.values.GetBool(name); };
    };
    machine.AddTransition({.from = idle, .to = start, .condition = flag("to_start")});
    machine.AddTransition({.from = start, .to = cycle, .condition = flag("to_cycle")});
    machine.AddTransition({.from = cycle, .to = stop, .priority = 1, .condition = flag("stop")});
    machine.AddTransition({.from = cycle,
                           .to = idle,
                           .priority = 2,
                           .condition = flag("idle"),
                           .automatic_when_remaining_below_s = 0.1f});
    machine.AddTransition({.from = stop, .to = idle, .automatic_when_remaining_below_s = 0.1f});
    auto parsed = ParseChooserLibrary(kChooserJson, "bench");
    if (!parsed)
      std::abort();
    choosers = std::move(*parsed);
  }
};

// One character's graph state.
struct Character {
  StateMachineInstance machine;
  NamedValues values;
  std::array<SyncGroupMember, 3> sync;
  NotifyDispatcher notifies;
  std::vector<NotifyEvent> events;

  explicit Character(const SharedGraph& shared) : machine(shared.machine) {
    values.SetEnum("gait", "run");
    values.SetFloat("speed_m_s", 3.0f);
    values.SetBool("is_left_foot_up", true);
    for (const char* name : {"to_start", "to_cycle", "stop", "idle"})
      values.SetBool(name, false);
    // Idle -> Start -> Cycle, the second transition interrupting the first: three active states.
    machine.Update(1.0f / 60.0f, values);
    values.SetBool("to_start", true);
    machine.Update(1.0f / 60.0f, values);
    values.SetBool("to_start", false);
    values.SetBool("to_cycle", true);
    machine.Update(1.0f / 60.0f, values);
    values.SetBool("to_cycle", false);
    for (int i = 0; i < 3; ++i) {
      sync[i] = {.clip = &shared.clips[i], .weight = 0.2f + 0.3f * static_cast<float>(i)};
    }
    events.reserve(64);
  }
};

// dt 0 keeps every character frozen mid-transition, so each iteration measures the same work:
// transition checks, three update callbacks, weights.
constexpr float kFrozenDt = 0.0f;
constexpr float kDt = 1.0f / 60.0f;

void BM_StateMachineMidTransition(benchmark::State& state) {
  SharedGraph shared;
  std::vector<Character> characters;
  characters.reserve(kCharacters);
  for (int c = 0; c < kCharacters; ++c)
    characters.emplace_back(shared);
  if (characters[0].machine.active_states().size() != 3) {
    state.SkipWithError("expected three active states");
    return;
  }
  for (auto _ : state) {
    for (Character& character : characters) {
      character.machine.Update(kFrozenDt, character.values);
      benchmark::DoNotOptimize(character.machine.active_states().data());
    }
  }
  state.SetItemsProcessed(state.iterations() * kCharacters);
  state.counters["ns_per_character"] = benchmark::Counter(
      static_cast<double>(state.iterations() * kCharacters),
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert, benchmark::Counter::kIs1000);
}
BENCHMARK(BM_StateMachineMidTransition);

void BM_ChooserEvaluate(benchmark::State& state) {
  SharedGraph shared;
  const auto table = shared.choosers.Find("CT_Cycle");
  NamedValues values;
  values.SetEnum("gait", "run");
  values.SetFloat("speed_m_s", 5.0f);  // last row: every earlier row is rejected first
  values.SetBool("is_left_foot_up", false);
  for (auto _ : state) {
    auto selection = table->Evaluate(values);
    benchmark::DoNotOptimize(selection);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ChooserEvaluate);

void BM_SyncGroupUpdate(benchmark::State& state) {
  SharedGraph shared;
  Character character(shared);
  for (auto _ : state) {
    benchmark::DoNotOptimize(UpdateSyncGroup(character.sync, kDt));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SyncGroupUpdate);

// Everything per character and frame: state machine mid-transition (three active states), the
// cycle chooser, a three-member sync group, and notify dispatch for the three clips.
void BM_CharacterGraphFrame(benchmark::State& state) {
  SharedGraph shared;
  const auto table = shared.choosers.Find("CT_Cycle");
  std::vector<Character> characters;
  characters.reserve(kCharacters);
  for (int c = 0; c < kCharacters; ++c)
    characters.emplace_back(shared);
  for (auto _ : state) {
    for (Character& character : characters) {
      character.values.SetFloat("speed_m_s", 3.0f);
      character.machine.Update(kFrozenDt, character.values);
      auto selection = table->Evaluate(character.values);
      benchmark::DoNotOptimize(selection);
      UpdateSyncGroup(character.sync, kDt);
      std::array<NotifySource, 3> sources;
      for (int i = 0; i < 3; ++i) {
        const SyncGroupMember& member = character.sync[i];
        sources[i] = {static_cast<std::uint32_t>(i), member.clip, member.previous_time_s,
                      member.time_s, member.weight};
      }
      character.events.clear();
      character.notifies.Dispatch(sources, character.events);
      benchmark::DoNotOptimize(character.events.data());
    }
  }
  state.SetItemsProcessed(state.iterations() * kCharacters);
  state.counters["ns_per_character"] = benchmark::Counter(
      static_cast<double>(state.iterations() * kCharacters),
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert, benchmark::Counter::kIs1000);
}
BENCHMARK(BM_CharacterGraphFrame);

std::vector<Transform> MakePose(float phase) {
  std::vector<Transform> pose(kJoints);
  for (int j = 0; j < kJoints; ++j) {
    const float a = phase + 0.1f * static_cast<float>(j);
    pose[j].translation = {std::sin(a), std::cos(a), 0.1f * a};
    pose[j].rotation = glm::angleAxis(a, glm::normalize(glm::vec3(0.3f, 1.0f, 0.2f)));
  }
  return pose;
}

void BM_InertializeUpdate60Joints(benchmark::State& state) {
  const auto source = MakePose(0.0f);
  const auto destination = MakePose(1.0f);
  std::vector<TransformVelocity> velocity(kJoints);
  std::vector<JointOffset> offsets(kJoints);
  std::vector<Transform> output(kJoints);
  for (auto _ : state) {
    ResetOffsets(offsets);
    InertializeTransition(offsets, source, velocity, destination, velocity);
    InertializeUpdate(output, offsets, destination, 0.1f, kDt);
    benchmark::DoNotOptimize(output.data());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_InertializeUpdate60Joints);

void BM_DeadBlendUpdate60Joints(benchmark::State& state) {
  const auto source = MakePose(0.0f);
  const auto destination = MakePose(1.0f);
  std::vector<TransformVelocity> velocity(kJoints);
  std::vector<DeadBlendJoint> joints(kJoints);
  std::vector<Transform> output(kJoints);
  DeadBlendClock clock;
  for (auto _ : state) {
    DeadBlendTransition(clock, joints, source, velocity, 0.3f);
    AdvanceDeadBlend(clock, kDt);
    DeadBlendUpdate(output, joints, clock, destination, 0.2f, kDt);
    benchmark::DoNotOptimize(output.data());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_DeadBlendUpdate60Joints);

}  // namespace
}  // namespace footwork::graph

BENCHMARK_MAIN();
