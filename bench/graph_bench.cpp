// Cost of the graph per character and frame.
// - Pose-agnostic parts: a state machine in mid-transition with three active states, a chooser
//   evaluation, a sync-group update and notify dispatch; inertialization and dead blending over a
//   60-joint pose.
// - With poses, on both asset packs (clips loaded through io, as the runtime would): the state
//   machine in mid-transition with three active clips sampled by sequence players and blended by
//   the state weights, plus notify dispatch (BM_PoseStateMachineMidTransition, the issue's
//   "per character" number); a 2D blend space with 3 samples; a sequence evaluator's distance
//   matching. Pack 0 is quaternius-ual1 (53 joints), pack 1 kaykit-knight (41 joints); without
//   the packs these report an error instead of a number.

#include <array>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "footwork/anim/blending.h"
#include "footwork/graph/blend_space.h"
#include "footwork/graph/chooser.h"
#include "footwork/graph/inertialization.h"
#include "footwork/graph/notify.h"
#include "footwork/graph/sequence_evaluator.h"
#include "footwork/graph/sequence_player.h"
#include "footwork/graph/state_machine.h"
#include "footwork/graph/sync_group.h"
#include "footwork/io/asset_paths.h"
#include "footwork/io/import.h"

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

// ---- With poses, on the asset packs -----------------------------------------------------------

constexpr int kPoseCharacters = 64;

// One pack's skeleton and three locomotion clips (idle, walk, run), loaded once.
struct PackFixture {
  std::string name;
  anim::Skeleton skeleton;
  std::array<anim::Clip, 3> clips;
  // The walk with a Distance curve for distance matching: the packs' clips are in place and
  // the cooker derives the real curve; a constant-speed curve keyed at the clip's rate costs
  // the same to search.
  anim::Clip distance_clip;
  std::string error;
};

struct PackSpec {
  const char* name;
  const char* file;
  std::array<const char*, 3> clips;
  float walk_speed_m_s;
};
constexpr std::array<PackSpec, 2> kPacks = {
    PackSpec{"quaternius-ual1",
             "quaternius-ual1/AnimationLibrary_Godot_Standard.gltf",
             {"Idle_Loop", "Walk_Loop", "Jog_Fwd_Loop"},
             1.06f},
    PackSpec{
        "kaykit-knight", "kaykit-knight/Knight.glb", {"Idle", "Walking_A", "Running_A"}, 1.0f}};

PackFixture LoadPack(const PackSpec& spec) {
  PackFixture fixture;
  fixture.name = spec.name;
  const auto packs = io::FindAssetPacks();
  if (!packs) {
    fixture.error = "no asset packs ($FOOTWORK_ASSETS, ../shared/assets)";
    return fixture;
  }
  auto scene = io::ImportScene(*packs / spec.file);
  if (!scene.ok()) {
    fixture.error = scene.error().message;
    return fixture;
  }
  fixture.skeleton = scene->skeleton;
  for (int i = 0; i < 3; ++i) {
    bool found = false;
    for (anim::Clip& clip : scene->clips) {
      if (clip.name == spec.clips[i]) {
        fixture.clips[i] = std::move(clip);
        fixture.clips[i].looping = true;
        found = true;
        break;
      }
    }
    if (!found) {
      fixture.error = std::string(spec.file) + " has no clip " + spec.clips[i];
      return fixture;
    }
  }
  fixture.distance_clip = fixture.clips[1];
  anim::FloatCurve distance{"Distance", {}, {}};
  const int keys = static_cast<int>(std::lround(fixture.distance_clip.duration_s * 30.0f)) + 1;
  for (int k = 0; k < keys; ++k) {
    const float t = fixture.distance_clip.duration_s * static_cast<float>(k) /
                    static_cast<float>(std::max(keys - 1, 1));
    distance.times.push_back(t);
    distance.values.push_back(spec.walk_speed_m_s * t);
  }
  fixture.distance_clip.curves.push_back(std::move(distance));
  fixture.distance_clip.looping = false;
  return fixture;
}

const PackFixture& Pack(int index) {
  static const std::array<PackFixture, 2> fixtures = {LoadPack(kPacks[0]), LoadPack(kPacks[1])};
  return fixtures[static_cast<std::size_t>(index)];
}

// Reports the pack on the benchmark line; false (with the error) when it did not load.
bool UsePack(benchmark::State& state, const PackFixture& pack) {
  if (!pack.error.empty()) {
    state.SkipWithError(pack.error.c_str());
    return false;
  }
  state.SetLabel(pack.name + " (" + std::to_string(pack.skeleton.num_joints()) + " joints)");
  return true;
}

void ReportPerCharacter(benchmark::State& state, int characters) {
  state.SetItemsProcessed(state.iterations() * characters);
  state.counters["ns_per_character"] = benchmark::Counter(
      static_cast<double>(state.iterations() * characters),
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert, benchmark::Counter::kIs1000);
}

// One character with poses: the machine, a sequence player per state, scratch poses.
struct PoseCharacter {
  Character graph;
  std::array<SequencePlayer, 4> players;
  std::array<std::vector<Transform>, StateMachineInstance::kMaxActiveStates> state_poses;
  std::vector<Transform> output;
  std::array<NotifySource, StateMachineInstance::kMaxActiveStates> sources;

  PoseCharacter(const SharedGraph& shared, const PackFixture& pack) : graph(shared) {
    // Idle, Start, Cycle, Stop play idle, walk, run, walk; starting phases differ per character.
    const std::array<int, 4> clip_of_state = {0, 1, 2, 1};
    for (std::size_t s = 0; s < players.size(); ++s) {
      const anim::Clip& clip = pack.clips[clip_of_state[s]];
      if (!players[s].Setup(pack.skeleton).ok() ||
          !players[s].Play(clip, {.start_position_s = 0.13f * static_cast<float>(s)}).ok()) {
        std::abort();
      }
    }
    for (auto& pose : state_poses)
      pose.resize(static_cast<std::size_t>(pack.skeleton.num_joints()));
    output.resize(static_cast<std::size_t>(pack.skeleton.num_joints()));
  }
};

// The issue's number: a state machine in mid-transition with three active clips, per character
// and frame: transition checks and callbacks, three sequence players advanced and sampled, the
// three poses blended by the state weights, and notify dispatch for the three clips.
void BM_PoseStateMachineMidTransition(benchmark::State& state) {
  const PackFixture& pack = Pack(static_cast<int>(state.range(0)));
  if (!UsePack(state, pack))
    return;
  SharedGraph shared;
  std::vector<PoseCharacter> characters;
  characters.reserve(kPoseCharacters);
  for (int c = 0; c < kPoseCharacters; ++c)
    characters.emplace_back(shared, pack);
  if (characters[0].graph.machine.active_states().size() != 3) {
    state.SkipWithError("expected three active states");
    return;
  }
  for (auto _ : state) {
    for (PoseCharacter& character : characters) {
      StateMachineInstance& machine = character.graph.machine;
      machine.Update(kFrozenDt, character.graph.values);
      const auto active = machine.active_states();
      std::array<anim::BlendLayer, StateMachineInstance::kMaxActiveStates> layers;
      for (std::size_t i = 0; i < active.size(); ++i) {
        SequencePlayer& player = character.players[static_cast<std::size_t>(active[i].state)];
        (void)player.Advance(kDt);
        (void)player.Evaluate(character.state_poses[i]);
        layers[i] = {character.state_poses[i], active[i].weight};
        character.sources[i] = player.AsNotifySource(active[i].entry_id, active[i].weight);
      }
      anim::BlendingJob blend;
      blend.layers = std::span(layers.data(), active.size());
      blend.output = character.output;
      (void)blend.Run();
      character.graph.events.clear();
      character.graph.notifies.Dispatch(std::span(character.sources.data(), active.size()),
                                        character.graph.events);
      benchmark::DoNotOptimize(character.output.data());
    }
  }
  ReportPerCharacter(state, kPoseCharacters);
}
BENCHMARK(BM_PoseStateMachineMidTransition)->Arg(0)->Arg(1);

// A 2D blend space of idle, walk and run at the corners of a triangle, queried inside it so all
// three samples have weight: weights, the sync group, three samples and their blend.
void BM_BlendSpace3Samples(benchmark::State& state) {
  const PackFixture& pack = Pack(static_cast<int>(state.range(0)));
  if (!UsePack(state, pack))
    return;
  auto space = BlendSpaceDefinition::Make2D("bench", {{&pack.clips[0], {0.0f, 0.0f}},
                                                      {&pack.clips[1], {1.5f, 0.0f}},
                                                      {&pack.clips[2], {0.0f, 4.0f}}});
  BlendSpacePlayer player;
  if (!space.ok() || !player.Setup(*space, pack.skeleton).ok()) {
    state.SkipWithError("blend space setup failed");
    return;
  }
  std::vector<Transform> pose(static_cast<std::size_t>(pack.skeleton.num_joints()));
  for (auto _ : state) {
    (void)player.Update(kDt, glm::vec2(0.5f, 1.0f));
    (void)player.Evaluate(pose);
    benchmark::DoNotOptimize(pose.data());
  }
  ReportPerCharacter(state, 1);
}
BENCHMARK(BM_BlendSpace3Samples)->Arg(0)->Arg(1);

// Distance matching a stop: find the time for a distance to the target (a jump), per call.
void BM_SequenceEvaluatorDistanceMatchToTarget(benchmark::State& state) {
  const PackFixture& pack = Pack(static_cast<int>(state.range(0)));
  if (!UsePack(state, pack))
    return;
  SequenceEvaluator evaluator;
  if (!evaluator.Setup(pack.skeleton).ok() || !evaluator.SetClip(pack.distance_clip).ok()) {
    state.SkipWithError("sequence evaluator setup failed");
    return;
  }
  const float length = pack.distance_clip.curves.back().values.back();
  float target = 0.0f;
  for (auto _ : state) {
    target = target > length ? 0.0f : target + 0.01f;
    benchmark::DoNotOptimize(evaluator.DistanceMatchToTarget(-target));
  }
  ReportPerCharacter(state, 1);
}
BENCHMARK(BM_SequenceEvaluatorDistanceMatchToTarget)->Arg(0)->Arg(1);

// Distance matching a start or cycle: advance by the distance travelled, then sample the pose.
void BM_SequenceEvaluatorAdvanceByDistance(benchmark::State& state) {
  const PackFixture& pack = Pack(static_cast<int>(state.range(0)));
  if (!UsePack(state, pack))
    return;
  SequenceEvaluator evaluator;
  if (!evaluator.Setup(pack.skeleton).ok() || !evaluator.SetClip(pack.distance_clip).ok()) {
    state.SkipWithError("sequence evaluator setup failed");
    return;
  }
  std::vector<Transform> pose(static_cast<std::size_t>(pack.skeleton.num_joints()));
  const float speed = kPacks[static_cast<std::size_t>(state.range(0))].walk_speed_m_s;
  for (auto _ : state) {
    if (evaluator.time_s() >= pack.distance_clip.duration_s)
      (void)evaluator.SetClip(pack.distance_clip);
    (void)evaluator.AdvanceTimeByDistanceMatching(kDt, 1.1f * speed * kDt);
    (void)evaluator.Evaluate(pose);
    benchmark::DoNotOptimize(pose.data());
  }
  ReportPerCharacter(state, 1);
}
BENCHMARK(BM_SequenceEvaluatorAdvanceByDistance)->Arg(0)->Arg(1);

}  // namespace
}  // namespace footwork::graph

BENCHMARK_MAIN();
