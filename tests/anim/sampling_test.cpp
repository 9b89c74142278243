#include "footwork/anim/sampling.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numbers>
#include <random>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "anim/anim_test_util.h"

namespace footwork::anim {
namespace {

using testing::AxisAngle;
using testing::QuatNear;
using testing::VecNear;

constexpr float kPi = std::numbers::pi_v<float>;
// Joint 1 turns about Y at this rate (rad/s); joint 0 moves along +Z at kSpeed.
constexpr float kAngularSpeed = kPi / 2.0f;
constexpr float kSpeed = 1.2f;

Skeleton MakeTwoJointSkeleton() {
  Skeleton skeleton;
  skeleton.joint_names = {"root", "child"};
  skeleton.parents = {-1, 0};
  skeleton.rest_pose = {
      testing::MakeTransform({0, 0, 0}),
      testing::MakeTransform({0, 1, 0}, AxisAngle({1, 0, 0}, 0.3f), glm::vec3(2.0f))};
  return skeleton;
}

// 1 s clip: the root translates at kSpeed along +Z (2 keys), the child spins about Y with keys
// every 1/24 s, the child's translation and scale channels are empty.
Clip MakeClip() {
  Clip clip;
  clip.name = "spin";
  clip.duration_s = 1.0f;
  clip.tracks.resize(2);
  clip.tracks[0].translation.times = {0.0f, 1.0f};
  clip.tracks[0].translation.values = {{0, 0, 0}, {0, 0, kSpeed}};
  for (int k = 0; k <= 24; ++k) {
    const float t = static_cast<float>(k) / 24.0f;
    clip.tracks[1].rotation.times.push_back(t);
    clip.tracks[1].rotation.values.push_back(AxisAngle({0, 1, 0}, kAngularSpeed * t));
  }
  clip.root_motion.translation.times = {0.0f, 1.0f};
  clip.root_motion.translation.values = {{0, 0, 0}, {0, 0, kSpeed}};
  return clip;
}

struct Sampled {
  std::vector<Transform> pose;
  Status status;
};

Sampled Sample(const Skeleton& skeleton, const Clip& clip, float time_s, WrapMode wrap,
               SamplingCache* cache = nullptr) {
  Sampled result;
  result.pose.resize(static_cast<std::size_t>(skeleton.num_joints()));
  SamplingJob job;
  job.skeleton = &skeleton;
  job.clip = &clip;
  job.time_s = time_s;
  job.wrap = wrap;
  job.cache = cache;
  job.output = result.pose;
  result.status = job.Run();
  return result;
}

TEST(WrapTimeTest, LoopsAndClamps) {
  EXPECT_FLOAT_EQ(WrapTime(0.25f, 1.0f, WrapMode::kLoop), 0.25f);
  EXPECT_NEAR(WrapTime(2.25f, 1.0f, WrapMode::kLoop), 0.25f, 1e-6f);
  EXPECT_NEAR(WrapTime(-0.25f, 1.0f, WrapMode::kLoop), 0.75f, 1e-6f);
  EXPECT_FLOAT_EQ(WrapTime(1.0f, 1.0f, WrapMode::kLoop), 0.0f);
  EXPECT_FLOAT_EQ(WrapTime(1.5f, 1.0f, WrapMode::kClamp), 1.0f);
  EXPECT_FLOAT_EQ(WrapTime(-1.0f, 1.0f, WrapMode::kClamp), 0.0f);
  EXPECT_FLOAT_EQ(WrapTime(3.0f, 0.0f, WrapMode::kLoop), 0.0f);
}

TEST(SamplingJobValidateTest, NamesEachProblem) {
  const Skeleton skeleton = MakeTwoJointSkeleton();
  const Clip clip = MakeClip();
  std::vector<Transform> output(2);
  SamplingJob valid;
  valid.skeleton = &skeleton;
  valid.clip = &clip;
  valid.output = output;
  EXPECT_TRUE(valid.Validate().ok());

  SamplingJob job = valid;
  job.skeleton = nullptr;
  EXPECT_FALSE(job.Validate().ok());
  job = valid;
  job.clip = nullptr;
  EXPECT_FALSE(job.Validate().ok());
  job = valid;
  job.output = std::span<Transform>(output).first(1);
  EXPECT_NE(job.Validate().error().message.find("output"), std::string::npos);
  job = valid;
  job.time_s = std::nanf("");
  EXPECT_FALSE(job.Validate().ok());
  Clip short_clip = clip;
  short_clip.tracks.resize(1);
  job = valid;
  job.clip = &short_clip;
  EXPECT_NE(job.Validate().error().message.find("tracks"), std::string::npos);
  SamplingCache small_cache(1);
  job = valid;
  job.cache = &small_cache;
  EXPECT_NE(job.Validate().error().message.find("cache"), std::string::npos);
  EXPECT_FALSE(job.Run().ok());
}

TEST(SamplingJobTest, LinearKeysAtKnownTimes) {
  const Skeleton skeleton = MakeTwoJointSkeleton();
  const Clip clip = MakeClip();
  for (const float t : {0.0f, 0.3f, 0.5f, 0.52f, 0.99f}) {
    const Sampled sampled = Sample(skeleton, clip, t, WrapMode::kLoop);
    ASSERT_TRUE(sampled.status.ok());
    EXPECT_TRUE(VecNear(sampled.pose[0].translation, {0, 0, kSpeed * t}, 1e-5f)) << t;
    // Nlerp between keys 15 degrees apart stays within a few 1e-4 rad of the exact rotation.
    EXPECT_TRUE(QuatNear(sampled.pose[1].rotation, AxisAngle({0, 1, 0}, kAngularSpeed * t), 1e-3f))
        << t;
  }
}

TEST(SamplingJobTest, EmptyChannelsGiveRestValues) {
  const Skeleton skeleton = MakeTwoJointSkeleton();
  const Clip clip = MakeClip();
  const Sampled sampled = Sample(skeleton, clip, 0.4f, WrapMode::kLoop);
  EXPECT_TRUE(VecNear(sampled.pose[1].translation, skeleton.rest_pose[1].translation));
  EXPECT_TRUE(VecNear(sampled.pose[1].scale, skeleton.rest_pose[1].scale));
  EXPECT_TRUE(QuatNear(sampled.pose[0].rotation, skeleton.rest_pose[0].rotation));
}

TEST(SamplingJobTest, LoopWrapsAndClampHolds) {
  const Skeleton skeleton = MakeTwoJointSkeleton();
  const Clip clip = MakeClip();
  const Sampled wrapped = Sample(skeleton, clip, 2.3f, WrapMode::kLoop);
  EXPECT_TRUE(VecNear(wrapped.pose[0].translation, {0, 0, kSpeed * 0.3f}, 1e-5f));
  const Sampled negative = Sample(skeleton, clip, -0.25f, WrapMode::kLoop);
  EXPECT_TRUE(VecNear(negative.pose[0].translation, {0, 0, kSpeed * 0.75f}, 1e-5f));
  const Sampled after = Sample(skeleton, clip, 2.3f, WrapMode::kClamp);
  EXPECT_TRUE(VecNear(after.pose[0].translation, {0, 0, kSpeed}, 1e-6f));
  const Sampled before = Sample(skeleton, clip, -1.0f, WrapMode::kClamp);
  EXPECT_TRUE(VecNear(before.pose[0].translation, {0, 0, 0}, 1e-6f));
}

TEST(SamplingJobTest, StepKeysHold) {
  const Skeleton skeleton = MakeTwoJointSkeleton();
  Clip clip = MakeClip();
  clip.tracks[0].translation.interpolation = Interpolation::kStep;
  clip.tracks[0].translation.times = {0.0f, 0.5f};
  clip.tracks[0].translation.values = {{1, 0, 0}, {2, 0, 0}};
  EXPECT_TRUE(
      VecNear(Sample(skeleton, clip, 0.49f, WrapMode::kLoop).pose[0].translation, {1, 0, 0}));
  EXPECT_TRUE(
      VecNear(Sample(skeleton, clip, 0.5f, WrapMode::kLoop).pose[0].translation, {2, 0, 0}));
  EXPECT_TRUE(
      VecNear(Sample(skeleton, clip, 0.9f, WrapMode::kLoop).pose[0].translation, {2, 0, 0}));
}

TEST(SamplingJobTest, SingleKeyIsConstant) {
  const Skeleton skeleton = MakeTwoJointSkeleton();
  Clip clip = MakeClip();
  clip.tracks[0].translation.times = {0.4f};
  clip.tracks[0].translation.values = {{3, 2, 1}};
  EXPECT_TRUE(
      VecNear(Sample(skeleton, clip, 0.9f, WrapMode::kLoop).pose[0].translation, {3, 2, 1}));
}

TEST(SamplingJobTest, CacheMatchesStatelessSamplingForPlaybackAndSeeks) {
  const Skeleton skeleton = MakeTwoJointSkeleton();
  const Clip clip = MakeClip();
  SamplingCache cache(skeleton.num_joints());
  // Three loops of 60 Hz playback, then some seeks in both directions.
  std::vector<float> times;
  for (int frame = 0; frame < 180; ++frame)
    times.push_back(static_cast<float>(frame) / 60.0f);
  for (const float t : {0.9f, 0.1f, 0.5f, 0.49f, 0.0f, 0.999f})
    times.push_back(t);
  for (const float t : times) {
    const Sampled cached = Sample(skeleton, clip, t, WrapMode::kLoop, &cache);
    const Sampled fresh = Sample(skeleton, clip, t, WrapMode::kLoop);
    ASSERT_TRUE(testing::PoseNear(cached.pose, fresh.pose, 1e-6f)) << t;
  }
}

TEST(SamplingJobTest, CacheFollowsAClipSwitch) {
  const Skeleton skeleton = MakeTwoJointSkeleton();
  const Clip clip = MakeClip();
  Clip other = MakeClip();
  other.tracks[0].translation.times = {0.0f, 0.25f, 0.5f, 0.75f, 1.0f};
  other.tracks[0].translation.values = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {3, 0, 0}, {4, 0, 0}};
  SamplingCache cache(skeleton.num_joints());
  (void)Sample(skeleton, other, 0.9f, WrapMode::kLoop, &cache);
  const Sampled cached = Sample(skeleton, clip, 0.1f, WrapMode::kLoop, &cache);
  EXPECT_TRUE(VecNear(cached.pose[0].translation, {0, 0, 0.12f}, 1e-5f));
  const Sampled back = Sample(skeleton, other, 0.6f, WrapMode::kLoop, &cache);
  EXPECT_TRUE(VecNear(back.pose[0].translation, {2.4f, 0, 0}, 1e-5f));
}

TEST(SampleRootMotionTest, SamplesTrackAndIdentityWhenEmpty) {
  const Clip clip = MakeClip();
  const Transform root = SampleRootMotion(clip, 0.25f, WrapMode::kLoop);
  EXPECT_TRUE(VecNear(root.translation, {0, 0, 0.3f}));
  EXPECT_TRUE(QuatNear(root.rotation, glm::quat(1, 0, 0, 0)));
  Clip without = clip;
  without.root_motion = {};
  EXPECT_TRUE(testing::TransformNear(SampleRootMotion(without, 0.5f, WrapMode::kLoop),
                                     Transform::Identity()));
}

// The cache only saves work: cached samples equal uncached ones bit for bit, exactly at key
// times, just after them, between, before and after the keys, for linear and step channels, in
// playback order and in random seeks, and after a channel's keys are replaced.
RC_GTEST_PROP(SamplingProperties, CachedSamplesEqualUncachedBitForBit, ()) {
  const Skeleton skeleton = MakeTwoJointSkeleton();
  Clip clip = MakeClip();
  clip.tracks[0].translation.interpolation =
      *rc::gen::element(Interpolation::kLinear, Interpolation::kStep);
  // The child's scale: a few keys at random times.
  auto& scale = clip.tracks[1].scale;
  const int num_scale_keys = *rc::gen::inRange(1, 6);
  for (int k = 0; k < num_scale_keys; ++k) {
    scale.times.push_back(0.2f * static_cast<float>(k) +
                          static_cast<float>(*rc::gen::inRange(0, 100)) / 1000.0f);
    scale.values.push_back(glm::vec3(1.0f + 0.1f * static_cast<float>(k)));
  }
  std::vector<float> times;
  for (const float key : clip.tracks[1].rotation.times) {
    times.push_back(key);
    times.push_back(std::nextafter(key, 2.0f));
    times.push_back(std::nextafter(key, -1.0f));
  }
  for (const float key : scale.times)
    times.push_back(key);
  for (const int millis : *rc::gen::container<std::vector<int>>(rc::gen::inRange(-500, 1500)))
    times.push_back(static_cast<float>(millis) / 1000.0f);
  if (*rc::gen::arbitrary<bool>())
    std::shuffle(times.begin(), times.end(), std::mt19937(*rc::gen::arbitrary<unsigned>()));

  SamplingCache cache(skeleton.num_joints());
  const auto same_bits = [](const Sampled& a, const Sampled& b) {
    return a.status.ok() && b.status.ok() &&
           std::memcmp(a.pose.data(), b.pose.data(), a.pose.size() * sizeof(Transform)) == 0;
  };
  for (const float t : times) {
    for (const WrapMode wrap : {WrapMode::kClamp, WrapMode::kLoop}) {
      RC_ASSERT(
          same_bits(Sample(skeleton, clip, t, wrap, &cache), Sample(skeleton, clip, t, wrap)));
    }
  }
  // New key storage for the root's translation (a different vector buffer): the cache notices it.
  clip.tracks[0].translation.times = std::vector<float>{0.0f, 0.5f, 1.0f};
  clip.tracks[0].translation.values = {{0, 0, 0}, {5, 0, 0}, {5, 5, 0}};
  for (const float t : times) {
    RC_ASSERT(same_bits(Sample(skeleton, clip, t, WrapMode::kClamp, &cache),
                        Sample(skeleton, clip, t, WrapMode::kClamp)));
  }
}

// Linear keys never overshoot: every sampled component lies within its channel's key range, for
// cached and uncached sampling at any time.
RC_GTEST_PROP(SamplingProperties, LinearSamplesStayWithinKeyBounds, ()) {
  const Skeleton skeleton = MakeTwoJointSkeleton();
  Clip clip = MakeClip();
  const int num_keys = *rc::gen::inRange(2, 12);
  auto& channel = clip.tracks[0].translation;
  channel.times.clear();
  channel.values.clear();
  for (int k = 0; k < num_keys; ++k) {
    channel.times.push_back(static_cast<float>(k) / static_cast<float>(num_keys - 1));
    channel.values.push_back(testing::GenTransform().translation);
  }
  glm::vec3 low = channel.values[0];
  glm::vec3 high = channel.values[0];
  for (const glm::vec3& value : channel.values) {
    low = glm::min(low, value);
    high = glm::max(high, value);
  }
  SamplingCache cache(skeleton.num_joints());
  const auto times = *rc::gen::container<std::vector<int>>(rc::gen::inRange(-3000, 3000));
  for (const int millis : times) {
    const float t = static_cast<float>(millis) / 1000.0f;
    const Sampled cached = Sample(skeleton, clip, t, WrapMode::kLoop, &cache);
    const Sampled fresh = Sample(skeleton, clip, t, WrapMode::kClamp);
    for (const Sampled* sampled : {&cached, &fresh}) {
      const glm::vec3 value = sampled->pose[0].translation;
      for (int axis = 0; axis < 3; ++axis) {
        RC_ASSERT(value[axis] >= low[axis] - 1e-5f);
        RC_ASSERT(value[axis] <= high[axis] + 1e-5f);
      }
    }
  }
}

}  // namespace
}  // namespace footwork::anim
