// Animation runtime benchmarks on the default character's skeleton (Quaternius UAL1, 53 joints,
// clip Walk_Loop), or on a synthetic 53-joint skeleton with a 24 fps clip when the pack or the
// importer is unavailable. Each benchmark reports ns per call (Time) and per joint (ns_per_joint).

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "footwork/anim/additive.h"
#include "footwork/anim/blending.h"
#include "footwork/anim/clip.h"
#include "footwork/anim/layered_blend.h"
#include "footwork/anim/local_to_model.h"
#include "footwork/anim/mirror.h"
#include "footwork/anim/root_motion.h"
#include "footwork/anim/sampling.h"
#include "footwork/anim/skeleton.h"
#include "footwork/io/asset_paths.h"
#include "footwork/io/gltf_import.h"

namespace {

using footwork::Transform;
using namespace footwork::anim;

constexpr const char* kPackFile = "quaternius-ual1/AnimationLibrary_Godot_Standard.gltf";
constexpr const char* kClipName = "Walk_Loop";

// What every benchmark runs on: loaded once.
struct Fixture {
  std::string source;
  Skeleton skeleton;
  Clip clip;
};

// A humanoid-shaped 53-joint hierarchy with rotation keys at 24 fps on every joint and
// translation keys on the root and pelvis, as a typical imported walk has.
Fixture MakeSyntheticFixture() {
  Fixture fixture;
  fixture.source = "synthetic 53-joint skeleton, 1 s clip with 24 fps keys";
  Skeleton& skeleton = fixture.skeleton;
  const auto add = [&](const std::string& name, int parent, const glm::vec3& offset) {
    skeleton.joint_names.push_back(name);
    skeleton.parents.push_back(parent);
    Transform rest;
    rest.translation = offset;
    skeleton.rest_pose.push_back(rest);
    return skeleton.num_joints() - 1;
  };
  const int root = add("root", -1, {0, 0, 0});
  const int pelvis = add("pelvis", root, {0, 1, 0});
  int spine = pelvis;
  for (int s = 1; s <= 3; ++s)
    spine = add("spine_0" + std::to_string(s), spine, {0, 0.12f, 0});
  const int neck = add("neck", spine, {0, 0.15f, 0});
  const int head = add("head", neck, {0, 0.1f, 0});
  for (const char* side : {"_l", "_r"}) {
    const float x = std::string(side) == "_l" ? 1.0f : -1.0f;
    int joint = add(std::string("clavicle") + side, spine, {0.05f * x, 0.1f, 0});
    joint = add(std::string("upperarm") + side, joint, {0.15f * x, 0, 0});
    joint = add(std::string("lowerarm") + side, joint, {0.28f * x, 0, 0});
    const int hand = add(std::string("hand") + side, joint, {0.25f * x, 0, 0});
    for (const char* finger : {"index", "middle", "thumb"}) {
      joint = hand;
      for (int k = 1; k <= 3; ++k) {
        joint =
            add(std::string(finger) + "_0" + std::to_string(k) + side, joint, {0.03f * x, 0, 0});
      }
    }
    joint = add(std::string("thigh") + side, pelvis, {0.1f * x, -0.05f, 0});
    joint = add(std::string("calf") + side, joint, {0, -0.45f, 0});
    joint = add(std::string("foot") + side, joint, {0, -0.45f, 0});
    add(std::string("ball") + side, joint, {0, -0.05f, 0.12f});
  }
  for (int k = 0; skeleton.num_joints() < 53; ++k) {
    add("face_" + std::to_string(k), head, {0.01f * static_cast<float>(k), 0.05f, 0.08f});
  }

  Clip& clip = fixture.clip;
  clip.name = "synthetic_walk";
  clip.duration_s = 1.0f;
  clip.looping = true;
  clip.tracks.resize(static_cast<std::size_t>(skeleton.num_joints()));
  for (int j = 0; j < skeleton.num_joints(); ++j) {
    JointTrack& track = clip.tracks[j];
    const float phase = 0.37f * static_cast<float>(j);
    for (int k = 0; k <= 24; ++k) {
      const float t = static_cast<float>(k) / 24.0f;
      const float angle = 0.4f * std::sin(6.2831853f * t + phase);
      track.rotation.times.push_back(t);
      track.rotation.values.push_back(
          glm::angleAxis(angle, glm::normalize(glm::vec3(std::sin(phase), 1.0f, std::cos(phase)))));
      if (j <= pelvis) {
        track.translation.times.push_back(t);
        track.translation.values.push_back(skeleton.rest_pose[j].translation +
                                           glm::vec3(0, 0.03f * std::sin(12.566f * t), 0));
      }
    }
  }
  clip.root_motion.translation.times = {0.0f, 1.0f};
  clip.root_motion.translation.values = {{0, 0, 0}, {0, 0, 1.2f}};
  return fixture;
}

Fixture LoadFixture() {
  const auto packs = footwork::io::FindAssetPacks();
  if (!packs) {
    std::printf("anim_bench: no asset packs found ($FOOTWORK_ASSETS, ../shared/assets)\n");
    return MakeSyntheticFixture();
  }
  const auto path = *packs / kPackFile;
  auto scene = footwork::io::ImportGltf(path);
  if (!scene.ok()) {
    std::printf("anim_bench: import failed: %s\n", scene.error().message.c_str());
    return MakeSyntheticFixture();
  }
  for (Clip& clip : scene->clips) {
    if (clip.name != kClipName)
      continue;
    Fixture fixture;
    fixture.skeleton = std::move(scene->skeleton);
    fixture.clip = std::move(clip);
    fixture.source = path.filename().string() + " (" +
                     std::to_string(fixture.skeleton.num_joints()) + " joints), clip " + kClipName +
                     " (" + std::to_string(fixture.clip.CountKeys()) + " keys)";
    return fixture;
  }
  std::printf("anim_bench: %s has no clip %s\n", path.string().c_str(), kClipName);
  return MakeSyntheticFixture();
}

const Fixture& TheFixture() {
  static const Fixture fixture = LoadFixture();
  return fixture;
}

int NumJoints() {
  return TheFixture().skeleton.num_joints();
}

void ReportPerJoint(benchmark::State& state) {
  state.counters["joints"] = NumJoints();
  // Seconds per joint, printed with an SI prefix ("5.4n" = 5.4 ns per joint).
  state.counters["ns_per_joint"] =
      benchmark::Counter(static_cast<double>(state.iterations()) * NumJoints(),
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

std::vector<Transform> SamplePose(float time_s) {
  const Fixture& fixture = TheFixture();
  std::vector<Transform> pose(static_cast<std::size_t>(NumJoints()));
  SamplingJob job;
  job.skeleton = &fixture.skeleton;
  job.clip = &fixture.clip;
  job.time_s = time_s;
  job.output = pose;
  if (!job.Run().ok())
    std::abort();
  return pose;
}

// Poses sampled at different times, so blends do real work.
std::vector<Transform> PoseAt(int index) {
  return SamplePose(TheFixture().clip.duration_s * (0.13f + 0.21f * static_cast<float>(index)));
}

void BM_SampleSequential60Hz(benchmark::State& state) {
  const Fixture& fixture = TheFixture();
  std::vector<Transform> pose(static_cast<std::size_t>(NumJoints()));
  SamplingCache cache(NumJoints());
  SamplingJob job;
  job.skeleton = &fixture.skeleton;
  job.clip = &fixture.clip;
  job.cache = &cache;
  job.output = pose;
  float time_s = 0.0f;
  for (auto _ : state) {
    job.time_s = time_s;
    benchmark::DoNotOptimize(job.Run());
    benchmark::ClobberMemory();
    time_s += 1.0f / 60.0f;
    if (time_s >= fixture.clip.duration_s)
      time_s -= fixture.clip.duration_s;
  }
  ReportPerJoint(state);
}
BENCHMARK(BM_SampleSequential60Hz);

void BM_SampleRandomSeek(benchmark::State& state) {
  const Fixture& fixture = TheFixture();
  std::vector<Transform> pose(static_cast<std::size_t>(NumJoints()));
  SamplingCache cache(NumJoints());
  std::mt19937 random(42);
  std::uniform_real_distribution<float> distribution(0.0f, fixture.clip.duration_s);
  std::vector<float> times(1024);
  for (float& t : times)
    t = distribution(random);
  SamplingJob job;
  job.skeleton = &fixture.skeleton;
  job.clip = &fixture.clip;
  job.cache = &cache;
  job.output = pose;
  std::size_t next = 0;
  for (auto _ : state) {
    job.time_s = times[next];
    next = (next + 1) & (times.size() - 1);
    benchmark::DoNotOptimize(job.Run());
    benchmark::ClobberMemory();
  }
  ReportPerJoint(state);
}
BENCHMARK(BM_SampleRandomSeek);

void BM_Blend(benchmark::State& state) {
  const int num_layers = static_cast<int>(state.range(0));
  std::vector<std::vector<Transform>> poses;
  std::vector<BlendLayer> layers;
  for (int l = 0; l < num_layers; ++l)
    poses.push_back(PoseAt(l));
  for (int l = 0; l < num_layers; ++l)
    layers.push_back({poses[l], 0.2f + 0.1f * l});
  std::vector<Transform> output(static_cast<std::size_t>(NumJoints()));
  const BlendingJob job{layers, output};
  for (auto _ : state) {
    benchmark::DoNotOptimize(job.Run());
    benchmark::ClobberMemory();
  }
  ReportPerJoint(state);
}
BENCHMARK(BM_Blend)->Arg(2)->Arg(4);

// The upper-body branch: the first joint whose name contains "spine", as ALS layers do.
std::string UpperBodyRoot() {
  for (const std::string& name : TheFixture().skeleton.joint_names) {
    std::string lower = name;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (lower.find("spine") != std::string::npos)
      return name;
  }
  return TheFixture().skeleton.joint_names[static_cast<std::size_t>(NumJoints() / 3)];
}

void BM_LayeredBlend(benchmark::State& state) {
  const Fixture& fixture = TheFixture();
  const bool mesh_space = state.range(0) != 0;
  const std::vector<Transform> base = PoseAt(0);
  const std::vector<Transform> layer = PoseAt(1);
  const std::vector<BranchFilter> branches = {{UpperBodyRoot(), 3}};
  const std::vector<float> mask = *BuildBranchMask(fixture.skeleton, branches);
  std::vector<glm::quat> scratch(
      static_cast<std::size_t>(LayeredBlendJob::ScratchSize(NumJoints())));
  std::vector<Transform> output(static_cast<std::size_t>(NumJoints()));
  LayeredBlendJob job;
  job.skeleton = &fixture.skeleton;
  job.base = base;
  job.layer = layer;
  job.joint_weights = mask;
  job.alpha = 0.8f;
  job.mesh_space_rotation = mesh_space;
  job.scratch = scratch;
  job.output = output;
  for (auto _ : state) {
    benchmark::DoNotOptimize(job.Run());
    benchmark::ClobberMemory();
  }
  state.SetLabel(mesh_space ? "mesh-space rotation" : "local");
  ReportPerJoint(state);
}
BENCHMARK(BM_LayeredBlend)->Arg(0)->Arg(1);

void BM_ApplyAdditive(benchmark::State& state) {
  const Fixture& fixture = TheFixture();
  const AdditiveSpace space = state.range(0) != 0 ? AdditiveSpace::kMesh : AdditiveSpace::kLocal;
  const std::vector<Transform> pose = PoseAt(1);
  const std::vector<Transform> base = PoseAt(2);
  const std::vector<Transform> target = PoseAt(3);
  std::vector<glm::quat> scratch(
      static_cast<std::size_t>(ApplyAdditiveJob::ScratchSize(NumJoints())));
  std::vector<Transform> additive(static_cast<std::size_t>(NumJoints()));
  MakeAdditiveJob make;
  make.skeleton = &fixture.skeleton;
  make.space = space;
  make.pose = pose;
  make.base = base;
  make.scratch = scratch;
  make.output = additive;
  if (!make.Run().ok())
    std::abort();
  std::vector<Transform> output(static_cast<std::size_t>(NumJoints()));
  ApplyAdditiveJob job;
  job.skeleton = &fixture.skeleton;
  job.space = space;
  job.target = target;
  job.additive = additive;
  job.weight = 0.7f;
  job.scratch = scratch;
  job.output = output;
  for (auto _ : state) {
    benchmark::DoNotOptimize(job.Run());
    benchmark::ClobberMemory();
  }
  state.SetLabel(space == AdditiveSpace::kMesh ? "mesh space" : "local space");
  ReportPerJoint(state);
}
BENCHMARK(BM_ApplyAdditive)->Arg(0)->Arg(1);

void BM_LocalToModel(benchmark::State& state) {
  const Fixture& fixture = TheFixture();
  const std::vector<Transform> local = PoseAt(0);
  std::vector<Transform> model(static_cast<std::size_t>(NumJoints()));
  LocalToModelJob job;
  job.skeleton = &fixture.skeleton;
  job.input = local;
  job.output = model;
  for (auto _ : state) {
    benchmark::DoNotOptimize(job.Run());
    benchmark::ClobberMemory();
  }
  ReportPerJoint(state);
}
BENCHMARK(BM_LocalToModel);

void BM_RootMotionAcrossWrap(benchmark::State& state) {
  const Clip& clip = TheFixture().clip;
  SamplingCache cache(NumJoints());
  float time_s = 0.0f;
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        ExtractRootMotion(clip, time_s, 1.0f / 60.0f, WrapMode::kLoop, &cache));
    time_s += 1.0f / 60.0f;
    if (time_s >= clip.duration_s)
      time_s -= clip.duration_s;
  }
}
BENCHMARK(BM_RootMotionAcrossWrap);

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  const Fixture& fixture = TheFixture();
  if (!fixture.skeleton.Validate().ok() || !fixture.clip.Validate(NumJoints()).ok()) {
    std::printf("anim_bench: the benchmark data does not validate\n");
    return 1;
  }
  std::printf("anim_bench: skeleton and clip: %s\n", fixture.source.c_str());
  benchmark::AddCustomContext("skeleton", fixture.source);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
