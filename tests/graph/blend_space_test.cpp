#include "footwork/graph/blend_space.h"

#include <array>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "node_test_clips.h"

namespace footwork::graph {
namespace {

constexpr float kDt = 1.0f / 60.0f;
using testing::ChainSkeleton;
using testing::SpineYaw;
using testing::TimeRevealingClip;

float Sum(std::span<const float> weights) {
  float sum = 0.0f;
  for (const float w : weights)
    sum += w;
  return sum;
}

int NonZero(std::span<const float> weights) {
  int count = 0;
  for (const float w : weights)
    count += w > 0.0f ? 1 : 0;
  return count;
}

TEST(BlendSpaceTest, OneDimensionalWeightsInterpolateNeighboursAndClampAtTheEnds) {
  const anim::Clip a = TimeRevealingClip("a", 1.0f, true);
  // Given out of order: the definition sorts by position.
  auto space = BlendSpaceDefinition::Make1D(
      "speed", {{&a, {4.0f, 0.0f}}, {&a, {0.0f, 0.0f}}, {&a, {1.5f, 0.0f}}});
  ASSERT_TRUE(space.ok()) << space.error().message;
  EXPECT_FLOAT_EQ(space->samples()[1].position.x, 1.5f);
  std::array<float, 3> w{};
  struct Case {
    float x;
    std::array<float, 3> expected;
  };
  for (const Case& c : {Case{0.75f, {0.5f, 0.5f, 0.0f}}, Case{-1.0f, {1.0f, 0.0f, 0.0f}},
                        Case{9.0f, {0.0f, 0.0f, 1.0f}}, Case{1.5f, {0.0f, 1.0f, 0.0f}},
                        Case{3.0f, {0.0f, 0.4f, 0.6f}}}) {
    ASSERT_TRUE(space->ComputeWeights({c.x, 0.0f}, w).ok());
    for (int i = 0; i < 3; ++i)
      EXPECT_NEAR(w[i], c.expected[i], 1e-6f) << "x " << c.x << " sample " << i;
  }
  EXPECT_FALSE(space->ComputeWeights({std::nanf(""), 0.0f}, w).ok());
  EXPECT_FALSE(BlendSpaceDefinition::Make1D("dup", {{&a, {1.0f, 0.0f}}, {&a, {1.0f, 0.0f}}}).ok());
  EXPECT_FALSE(BlendSpaceDefinition::Make1D("none", {}).ok());
  EXPECT_FALSE(BlendSpaceDefinition::Make1D("null", {{nullptr, {1.0f, 0.0f}}}).ok());
}

TEST(BlendSpaceTest, TwoDimensionalGridWeightsSumToOneAndReproduceThePoint) {
  const anim::Clip a = TimeRevealingClip("a", 1.0f, true);
  std::vector<BlendSample> samples;
  for (int y = -1; y <= 1; ++y) {
    for (int x = -1; x <= 1; ++x)
      samples.push_back({&a, {static_cast<float>(x), 2.0f * static_cast<float>(y)}});
  }
  auto space = BlendSpaceDefinition::Make2D("direction_speed", samples);
  ASSERT_TRUE(space.ok()) << space.error().message;
  EXPECT_EQ(space->triangles().size(), 8u);  // two per grid cell
  std::vector<float> w(samples.size());
  // Every sample position gives that sample alone.
  for (std::size_t s = 0; s < samples.size(); ++s) {
    ASSERT_TRUE(space->ComputeWeights(samples[s].position, w).ok());
    EXPECT_NEAR(w[s], 1.0f, 1e-5f);
  }
  std::mt19937 random(5);
  std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
  for (int trial = 0; trial < 500; ++trial) {
    const glm::vec2 point(unit(random), 2.0f * unit(random));
    ASSERT_TRUE(space->ComputeWeights(point, w).ok());
    EXPECT_NEAR(Sum(w), 1.0f, 1e-5f);
    EXPECT_LE(NonZero(w), 3);
    glm::vec2 reproduced(0.0f);
    for (std::size_t s = 0; s < samples.size(); ++s) {
      EXPECT_GE(w[s], 0.0f);
      reproduced += w[s] * samples[s].position;
    }
    EXPECT_NEAR(reproduced.x, point.x, 1e-4f);
    EXPECT_NEAR(reproduced.y, point.y, 1e-4f);
  }
  // Outside the hull: the nearest hull point (x clamps to 1).
  ASSERT_TRUE(space->ComputeWeights({5.0f, 1.0f}, w).ok());
  glm::vec2 clamped(0.0f);
  for (std::size_t s = 0; s < samples.size(); ++s)
    clamped += w[s] * samples[s].position;
  EXPECT_NEAR(clamped.x, 1.0f, 1e-5f);
  EXPECT_NEAR(clamped.y, 1.0f, 1e-5f);
  EXPECT_NEAR(Sum(w), 1.0f, 1e-5f);
}

TEST(BlendSpaceTest, TwoDimensionalErrorsNameTheProblem) {
  const anim::Clip a = TimeRevealingClip("a", 1.0f, true);
  auto line =
      BlendSpaceDefinition::Make2D("line", {{&a, {0.0f, 0.0f}}, {&a, {1.0f, 1.0f}}, {&a, {2, 2}}});
  ASSERT_FALSE(line.ok());
  EXPECT_NE(line.error().message.find("one line"), std::string::npos);
  EXPECT_FALSE(BlendSpaceDefinition::Make2D("two", {{&a, {0, 0}}, {&a, {1, 0}}}).ok());
  auto triangle = BlendSpaceDefinition::Make2D("tri", {{&a, {0, 0}}, {&a, {1, 0}}, {&a, {0, 1}}});
  ASSERT_TRUE(triangle.ok());
  std::array<float, 3> w{};
  ASSERT_TRUE(triangle->ComputeWeights({0.25f, 0.25f}, w).ok());
  EXPECT_NEAR(w[0], 0.5f, 1e-6f);
  EXPECT_NEAR(w[1], 0.25f, 1e-6f);
  EXPECT_NEAR(w[2], 0.25f, 1e-6f);
  EXPECT_FALSE(triangle->ComputeWeights({0.0f, std::numeric_limits<float>::infinity()}, w).ok());
  std::array<float, 2> too_few{};
  EXPECT_FALSE(triangle->ComputeWeights({0.0f, 0.0f}, too_few).ok());
}

TEST(BlendSpaceTest, PlayerBlendsSyncedSamplesPosesCurvesAndRootMotion) {
  const anim::Skeleton skeleton = ChainSkeleton();
  // Walk: 1 s cycle, yaw 0.5 rad/s, 1 m/s. Run: 0.7 s cycle, yaw 1 rad/s, 3 m/s.
  anim::Clip walk = TimeRevealingClip("walk", 1.0f, true, 0.5f, 1.0f);
  walk.markers = {{"Foot_L", 0.1f}, {"Foot_R", 0.6f}};
  anim::Clip run = TimeRevealingClip("run", 0.7f, true, 1.0f, 3.0f);
  run.markers = {{"Foot_L", 0.05f}, {"Foot_R", 0.4f}};
  auto space = BlendSpaceDefinition::Make1D("speed", {{&walk, {1.0f, 0.0f}}, {&run, {3.0f, 0}}});
  ASSERT_TRUE(space.ok());
  const CurveLayout layout({"Value"});
  BlendSpacePlayer player;
  ASSERT_TRUE(player.Setup(*space, skeleton, &layout).ok());
  std::vector<Transform> pose(3);
  for (int frame = 0; frame < 150; ++frame) {
    const float speed = 1.0f + 2.0f * static_cast<float>(frame) / 150.0f;
    ASSERT_TRUE(player.Update(kDt, speed).ok());
    const auto w = player.weights();
    ASSERT_NEAR(Sum(w), 1.0f, 1e-5f);
    const float walk_time = player.sample_player(0).time_s();
    const float run_time = player.sample_player(1).time_s();
    // Feet in phase: the same fraction between the same markers.
    const MarkerPhase walk_phase = FindMarkerPhase(walk, walk_time);
    const MarkerPhase run_phase = FindMarkerPhase(run, run_time);
    ASSERT_TRUE(walk_phase.valid() && run_phase.valid());
    EXPECT_EQ(walk.markers[walk_phase.previous_marker].name,
              run.markers[run_phase.previous_marker].name);
    EXPECT_NEAR(walk_phase.fraction, run_phase.fraction, 1e-3f);

    // The blended spine yaw lies between the samples' yaws (nlerp about one axis), and the
    // curves and root motion are the weighted sums.
    ASSERT_TRUE(player.Evaluate(pose).ok());
    const float walk_yaw = 0.5f * walk_time, run_yaw = run_time;
    EXPECT_GE(SpineYaw(pose[1]), std::min(walk_yaw, run_yaw) - 1e-4f);
    EXPECT_LE(SpineYaw(pose[1]), std::max(walk_yaw, run_yaw) + 1e-4f);
    std::array<float, 1> value{};
    player.EvaluateCurves(value);
    EXPECT_NEAR(value[0], w[0] * walk_time + w[1] * run_time, 1e-5f);
    if (frame > 0) {
      const float expected = w[0] * player.sample_player(0).playback().elapsed_s() * 1.0f +
                             w[1] * player.sample_player(1).playback().elapsed_s() * 3.0f;
      EXPECT_NEAR(player.RootMotion().translation.z, expected, 1e-4f);
    }
  }
  ASSERT_TRUE(player.Update(kDt, 3.5f).ok());
  std::array<NotifySource, 3> sources;
  EXPECT_EQ(player.CollectNotifySources(10, 0.5f, sources), 1u);  // beyond 3 m/s: run alone
  EXPECT_FLOAT_EQ(sources[0].weight, 0.5f);
  EXPECT_EQ(sources[0].id, 11u);
}

TEST(BlendSpaceTest, PlayerRejectsBadInputWithoutChangingState) {
  const anim::Skeleton skeleton = ChainSkeleton();
  const anim::Clip walk = TimeRevealingClip("walk", 1.0f, true);
  auto space = BlendSpaceDefinition::Make1D("speed", {{&walk, {1.0f, 0.0f}}});
  ASSERT_TRUE(space.ok());
  BlendSpacePlayer player;
  EXPECT_FALSE(player.Update(kDt, 1.0f).ok());  // not set up
  ASSERT_TRUE(player.Setup(*space, skeleton).ok());
  std::vector<Transform> pose(3);
  EXPECT_FALSE(player.Evaluate(pose).ok());  // no weights yet
  ASSERT_TRUE(player.Update(kDt, 1.0f).ok());
  const float time = player.sample_player(0).time_s();
  EXPECT_FALSE(player.Update(kDt, std::nanf("")).ok());
  EXPECT_FALSE(player.Update(10.0f, 1.0f).ok());
  EXPECT_FALSE(player.Update(std::nanf(""), 1.0f).ok());
  EXPECT_FALSE(player.SetPlayRate(std::nanf("")).ok());
  EXPECT_FLOAT_EQ(player.sample_player(0).time_s(), time);
  ASSERT_TRUE(player.Update(0.0f, 1.0f).ok());
  EXPECT_FLOAT_EQ(player.sample_player(0).time_s(), time);

  anim::Clip wrong = walk;
  wrong.tracks.resize(1);
  auto bad = BlendSpaceDefinition::Make1D("bad", {{&wrong, {0.0f, 0.0f}}});
  ASSERT_TRUE(bad.ok());
  BlendSpacePlayer bad_player;
  const Status status = bad_player.Setup(*bad, skeleton);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.error().message.find("blend space 'bad'"), std::string::npos);
}

}  // namespace
}  // namespace footwork::graph
