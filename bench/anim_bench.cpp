// Animation runtime benchmarks on the default character's skeleton (Quaternius UAL1, 53 joints,
// clip Walk_Loop), or on a synthetic 53-joint skeleton with a 24 fps clip when the pack or the
// importer is unavailable. Each benchmark reports ns per call (Time) and per joint (ns_per_joint).

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <random>
#include <span>
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

// The skeleton and clip every benchmark runs on: loaded once.
struct BenchData {
  std::string source;
  Skeleton skeleton;
  Clip clip;
};

// A humanoid-shaped 53-joint hierarchy with rotation keys at 24 fps on every joint and
// translation keys on the root and pelvis, as a typical imported walk has.
BenchData MakeSyntheticData() {
  BenchData data;
  data.source = "synthetic 53-joint skeleton, 1 s clip with 24 fps keys";
  Skeleton& skeleton = data.skeleton;
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

  Clip& clip = data.clip;
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
  return data;
}

BenchData LoadData() {
  const auto packs = footwork::io::FindAssetPacks();
  if (!packs) {
    std::printf("anim_bench: no asset packs found ($FOOTWORK_ASSETS, ../shared/assets)\n");
    return MakeSyntheticData();
  }
  const auto path = *packs / kPackFile;
  auto scene = footwork::io::ImportGltf(path);
  if (!scene.ok()) {
    std::printf("anim_bench: import failed: %s\n", scene.error().message.c_str());
    return MakeSyntheticData();
  }
  for (Clip& clip : scene->clips) {
    if (clip.name != kClipName)
      continue;
    BenchData data;
    data.skeleton = std::move(scene->skeleton);
    data.clip = std::move(clip);
    data.source = path.filename().string() + " (" + std::to_string(data.skeleton.num_joints()) +
                  " joints), clip " + kClipName + " (" + std::to_string(data.clip.CountKeys()) +
                  " keys)";
    return data;
  }
  std::printf("anim_bench: %s has no clip %s\n", path.string().c_str(), kClipName);
  return MakeSyntheticData();
}

const BenchData& TheData() {
  static const BenchData data = LoadData();
  return data;
}

// The shared setup of every benchmark: the skeleton and clip, poses sampled at four
// different times (so blends do real work), an output pose and a sampling cache.
class Anim : public benchmark::Fixture {
 public:
  using benchmark::Fixture::SetUp;
  void SetUp(const benchmark::State&) override {
    num_joints_ = skeleton().num_joints();
    const auto size = static_cast<std::size_t>(num_joints_);
    cache_.Resize(num_joints_);
    for (std::size_t i = 0; i < poses_.size(); ++i) {
      poses_[i].resize(size);
      SamplingJob job = Sampler(poses_[i]);
      job.cache = nullptr;
      job.time_s = clip().duration_s * (0.13f + 0.21f * static_cast<float>(i));
      if (!job.Run().ok())
        std::abort();
    }
    output_.assign(size, Transform{});
  }

 protected:
  static const Skeleton& skeleton() { return TheData().skeleton; }
  static const Clip& clip() { return TheData().clip; }
  int num_joints() const { return num_joints_; }
  const std::vector<Transform>& pose(int index) const {
    return poses_[static_cast<std::size_t>(index)];
  }
  std::span<Transform> output() { return output_; }
  // Scratch for the jobs that convert rotations to mesh space.
  std::vector<glm::quat> Scratch(int size) const {
    return std::vector<glm::quat>(static_cast<std::size_t>(size));
  }

  // A sampling job on the clip, looping, with the cache, writing into `out`.
  SamplingJob Sampler(std::span<Transform> out) {
    SamplingJob job;
    job.skeleton = &skeleton();
    job.clip = &clip();
    job.cache = &cache_;
    job.output = out;
    return job;
  }

  // The timed loop: the job runs, its result and output stay observable.
  template <typename Job>
  void RunJob(benchmark::State& state, const Job& job) {
    for (auto _ : state) {
      benchmark::DoNotOptimize(job.Run());
      benchmark::ClobberMemory();
    }
    ReportPerJoint(state);
  }

  void ReportPerJoint(benchmark::State& state) const {
    state.counters["joints"] = num_joints_;
    // Seconds per joint, printed with an SI prefix ("5.4n" = 5.4 ns per joint).
    state.counters["ns_per_joint"] =
        benchmark::Counter(static_cast<double>(state.iterations()) * num_joints_,
                           benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  }

 private:
  int num_joints_ = 0;
  SamplingCache cache_;
  std::array<std::vector<Transform>, 4> poses_;
  std::vector<Transform> output_;
};

BENCHMARK_DEFINE_F(Anim, SampleSequential60Hz)(benchmark::State& state) {
  SamplingJob job = Sampler(output());
  const float duration_s = clip().duration_s;
  float time_s = 0.0f;
  for (auto _ : state) {
    job.time_s = time_s;
    benchmark::DoNotOptimize(job.Run());
    benchmark::ClobberMemory();
    time_s += 1.0f / 60.0f;
    if (time_s >= duration_s)
      time_s -= duration_s;
  }
  ReportPerJoint(state);
}
BENCHMARK_REGISTER_F(Anim, SampleSequential60Hz);

BENCHMARK_DEFINE_F(Anim, SampleRandomSeek)(benchmark::State& state) {
  std::mt19937 random(42);
  std::uniform_real_distribution<float> distribution(0.0f, clip().duration_s);
  std::vector<float> times(1024);
  for (float& t : times)
    t = distribution(random);
  SamplingJob job = Sampler(output());
  std::size_t next = 0;
  for (auto _ : state) {
    job.time_s = times[next];
    next = (next + 1) & (times.size() - 1);
    benchmark::DoNotOptimize(job.Run());
    benchmark::ClobberMemory();
  }
  ReportPerJoint(state);
}
BENCHMARK_REGISTER_F(Anim, SampleRandomSeek);

BENCHMARK_DEFINE_F(Anim, Blend)(benchmark::State& state) {
  std::vector<BlendLayer> layers;
  for (int l = 0; l < static_cast<int>(state.range(0)); ++l)
    layers.push_back({pose(l), 0.2f + 0.1f * static_cast<float>(l)});
  RunJob(state, BlendingJob{layers, output()});
}
BENCHMARK_REGISTER_F(Anim, Blend)->Arg(2)->Arg(4);

// The upper-body branch: the first joint whose name contains "spine", as ALS layers do.
std::string UpperBodyRoot() {
  for (const std::string& name : TheData().skeleton.joint_names) {
    std::string lower = name;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (lower.find("spine") != std::string::npos)
      return name;
  }
  return TheData().skeleton.joint_names[TheData().skeleton.joint_names.size() / 3];
}

BENCHMARK_DEFINE_F(Anim, LayeredBlend)(benchmark::State& state) {
  const bool mesh_space = state.range(0) != 0;
  const std::vector<BranchFilter> branches = {{UpperBodyRoot(), 3}};
  const std::vector<float> mask = *BuildBranchMask(skeleton(), branches);
  std::vector<glm::quat> scratch = Scratch(LayeredBlendJob::ScratchSize(num_joints()));
  LayeredBlendJob job;
  job.skeleton = &skeleton();
  job.base = pose(0);
  job.layer = pose(1);
  job.joint_weights = mask;
  job.alpha = 0.8f;
  job.mesh_space_rotation = mesh_space;
  job.scratch = scratch;
  job.output = output();
  state.SetLabel(mesh_space ? "mesh-space rotation" : "local");
  RunJob(state, job);
}
BENCHMARK_REGISTER_F(Anim, LayeredBlend)->Arg(0)->Arg(1);

BENCHMARK_DEFINE_F(Anim, ApplyAdditive)(benchmark::State& state) {
  const AdditiveSpace space = state.range(0) != 0 ? AdditiveSpace::kMesh : AdditiveSpace::kLocal;
  std::vector<glm::quat> scratch = Scratch(ApplyAdditiveJob::ScratchSize(num_joints()));
  std::vector<Transform> additive(static_cast<std::size_t>(num_joints()));
  MakeAdditiveJob make;
  make.skeleton = &skeleton();
  make.space = space;
  make.pose = pose(1);
  make.base = pose(2);
  make.scratch = scratch;
  make.output = additive;
  if (!make.Run().ok())
    std::abort();
  ApplyAdditiveJob job;
  job.skeleton = &skeleton();
  job.space = space;
  job.target = pose(3);
  job.additive = additive;
  job.weight = 0.7f;
  job.scratch = scratch;
  job.output = output();
  state.SetLabel(space == AdditiveSpace::kMesh ? "mesh space" : "local space");
  RunJob(state, job);
}
BENCHMARK_REGISTER_F(Anim, ApplyAdditive)->Arg(0)->Arg(1);

BENCHMARK_DEFINE_F(Anim, LocalToModel)(benchmark::State& state) {
  LocalToModelJob job;
  job.skeleton = &skeleton();
  job.input = pose(0);
  job.output = output();
  RunJob(state, job);
}
BENCHMARK_REGISTER_F(Anim, LocalToModel);

BENCHMARK_DEFINE_F(Anim, RootMotionAcrossWrap)(benchmark::State& state) {
  SamplingCache cache(num_joints());
  float time_s = 0.0f;
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        ExtractRootMotion(clip(), time_s, 1.0f / 60.0f, WrapMode::kLoop, &cache));
    time_s += 1.0f / 60.0f;
    if (time_s >= clip().duration_s)
      time_s -= clip().duration_s;
  }
}
BENCHMARK_REGISTER_F(Anim, RootMotionAcrossWrap);

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  const BenchData& data = TheData();
  if (!data.skeleton.Validate().ok() || !data.clip.Validate(data.skeleton.num_joints()).ok()) {
    std::printf("anim_bench: the benchmark data does not validate\n");
    return 1;
  }
  std::printf("anim_bench: skeleton and clip: %s\n", data.source.c_str());
  benchmark::AddCustomContext("skeleton", data.source);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
