#include "footwork/graph/sequence_evaluator.h"

#include <cmath>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "node_test_clips.h"

namespace footwork::graph {
namespace {

constexpr float kDt = 1.0f / 60.0f;
using testing::ChainSkeleton;
using testing::SpineYaw;
using testing::TimeRevealingClip;

TEST(SequenceEvaluatorTest, ExplicitTimeIsShownAndPlayedFromThePreviousOne) {
  const anim::Skeleton skeleton = ChainSkeleton();
  const anim::Clip clip = TimeRevealingClip("stop", 2.0f, false);
  SequenceEvaluator evaluator;
  ASSERT_TRUE(evaluator.Setup(skeleton).ok());
  ASSERT_TRUE(evaluator.SetClip(clip, 0.5f).ok());
  ASSERT_TRUE(evaluator.SetExplicitTime(0.8f).ok());
  std::vector<Transform> pose(3);
  ASSERT_TRUE(evaluator.Evaluate(pose).ok());
  EXPECT_NEAR(SpineYaw(pose[1]), 0.8f, 1e-4f);
  EXPECT_NEAR(evaluator.RootMotion().translation.z, 0.3f, 1e-4f);
  ASSERT_TRUE(evaluator.SetExplicitTime(7.0f).ok());  // clamped: not looping
  EXPECT_FLOAT_EQ(evaluator.time_s(), 2.0f);
  EXPECT_FALSE(evaluator.SetExplicitTime(std::numeric_limits<float>::quiet_NaN()).ok());
  EXPECT_FLOAT_EQ(evaluator.time_s(), 2.0f);
}

TEST(SequenceEvaluatorTest, DistanceMatchToTargetFindsTheTimeTheCurveSaysSoFar) {
  const anim::Skeleton skeleton = ChainSkeleton();
  // A stop: 1.5 m/s, the stop point at 1.5 s, then 0.5 s of rest (Distance held at 0 is still
  // monotonic because the clip keeps moving; here it keeps growing past 0).
  const anim::Clip clip = TimeRevealingClip("stop", 2.0f, false, 1.0f, 1.5f, 1.5f);
  SequenceEvaluator evaluator;
  ASSERT_TRUE(evaluator.Setup(skeleton).ok());
  ASSERT_TRUE(evaluator.SetClip(clip).ok());
  // 0.75 m before the stop point: Distance = -0.75 at t = 1.0 s.
  auto time = evaluator.DistanceMatchToTarget(0.75f);
  ASSERT_TRUE(time.ok()) << time.error().message;
  EXPECT_NEAR(*time, 1.0f, 1e-4f);
  EXPECT_NEAR(evaluator.time_s(), 1.0f, 1e-4f);
  std::vector<Transform> pose(3);
  ASSERT_TRUE(evaluator.Evaluate(pose).ok());
  EXPECT_NEAR(SpineYaw(pose[1]), 1.0f, 1e-3f);
  // A jump is not played: no root motion.
  EXPECT_FLOAT_EQ(evaluator.RootMotion().translation.z, 0.0f);
  // At the stop point, and farther than the clip covers (clamps to its start).
  EXPECT_NEAR(*evaluator.DistanceMatchToTarget(0.0f), 1.5f, 1e-4f);
  EXPECT_NEAR(*evaluator.DistanceMatchToTarget(10.0f), 0.0f, 1e-6f);
}

TEST(SequenceEvaluatorTest, AdvanceByDistanceMatchesTravelWithinThePlayRateClamp) {
  const anim::Skeleton skeleton = ChainSkeleton();
  const float speed = 2.0f;
  const anim::Clip clip = TimeRevealingClip("start", 2.0f, false, 1.0f, speed);  // Distance = 2t
  SequenceEvaluator evaluator;
  ASSERT_TRUE(evaluator.Setup(skeleton).ok());
  ASSERT_TRUE(evaluator.SetClip(clip, 0.5f).ok());

  // Travelling at the clip's speed plays at rate 1.
  ASSERT_TRUE(evaluator.AdvanceTimeByDistanceMatching(kDt, speed * kDt).ok());
  EXPECT_NEAR(evaluator.effective_play_rate(), 1.0f, 1e-3f);
  EXPECT_NEAR(evaluator.time_s(), 0.5f + kDt, 1e-5f);
  // 10 % faster than the clip: rate 1.1.
  ASSERT_TRUE(evaluator.AdvanceTimeByDistanceMatching(kDt, 1.1f * speed * kDt).ok());
  EXPECT_NEAR(evaluator.effective_play_rate(), 1.1f, 1e-3f);
  // Twice as fast clamps to 1.25, a crawl to 0.75.
  ASSERT_TRUE(evaluator.AdvanceTimeByDistanceMatching(kDt, 2.0f * speed * kDt).ok());
  EXPECT_FLOAT_EQ(evaluator.effective_play_rate(), 1.25f);
  ASSERT_TRUE(evaluator.AdvanceTimeByDistanceMatching(kDt, 0.1f * speed * kDt).ok());
  EXPECT_FLOAT_EQ(evaluator.effective_play_rate(), 0.75f);
  // A custom clamp, and standing still (no travel: time holds).
  ASSERT_TRUE(evaluator.AdvanceTimeByDistanceMatching(kDt, 3.0f * speed * kDt, {0.5f, 3.0f}).ok());
  EXPECT_NEAR(evaluator.effective_play_rate(), 3.0f, 1e-2f);
  const float before = evaluator.time_s();
  ASSERT_TRUE(evaluator.AdvanceTimeByDistanceMatching(kDt, 0.0f).ok());
  EXPECT_FLOAT_EQ(evaluator.time_s(), before);
  EXPECT_FLOAT_EQ(evaluator.effective_play_rate(), 0.0f);
}

TEST(SequenceEvaluatorTest, MissingOrNonMonotonicCurvesAndBadInputAreClearErrors) {
  const anim::Skeleton skeleton = ChainSkeleton();
  anim::Clip clip = TimeRevealingClip("idle", 1.0f, true);
  clip.curves.pop_back();  // no Distance
  SequenceEvaluator evaluator;
  EXPECT_FALSE(evaluator.SetClip(clip).ok());  // not set up
  ASSERT_TRUE(evaluator.Setup(skeleton).ok());
  EXPECT_FALSE(evaluator.DistanceMatchToTarget(1.0f).ok());  // no clip
  ASSERT_TRUE(evaluator.SetClip(clip, 0.25f).ok());
  auto missing = evaluator.DistanceMatchToTarget(1.0f);
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().message.find("'idle'"), std::string::npos);
  EXPECT_NE(missing.error().message.find("'Distance'"), std::string::npos);
  EXPECT_FALSE(evaluator.AdvanceTimeByDistanceMatching(kDt, 0.1f).ok());
  EXPECT_FLOAT_EQ(evaluator.time_s(), 0.25f);

  anim::Clip bumpy = TimeRevealingClip("bumpy", 1.0f, false);
  bumpy.curves[1].values[10] = 5.0f;
  ASSERT_TRUE(evaluator.SetClip(bumpy).ok());
  auto not_monotonic = evaluator.DistanceMatchToTarget(0.5f);
  ASSERT_FALSE(not_monotonic.ok());
  EXPECT_NE(not_monotonic.error().message.find("not monotonic"), std::string::npos);

  const anim::Clip start = TimeRevealingClip("start", 1.0f, false);
  ASSERT_TRUE(evaluator.SetClip(start, 0.5f).ok());
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_FALSE(evaluator.DistanceMatchToTarget(nan).ok());
  EXPECT_FALSE(evaluator.AdvanceTimeByDistanceMatching(nan, 0.1f).ok());
  EXPECT_FALSE(evaluator.AdvanceTimeByDistanceMatching(10.0f, 0.1f).ok());
  EXPECT_FALSE(evaluator.AdvanceTimeByDistanceMatching(kDt, nan).ok());
  EXPECT_FALSE(evaluator.AdvanceTimeByDistanceMatching(kDt, 0.1f, {1.5f, 1.0f}).ok());
  EXPECT_FLOAT_EQ(evaluator.time_s(), 0.5f);
  // dt 0 is valid and holds the time.
  ASSERT_TRUE(evaluator.AdvanceTimeByDistanceMatching(0.0f, 0.1f).ok());
  EXPECT_FLOAT_EQ(evaluator.time_s(), 0.5f);

  // A custom curve name (a layout without the curve reads 0, but distance matching errors).
  SequenceEvaluator custom;
  ASSERT_TRUE(custom.Setup(skeleton, nullptr, "Value").ok());
  ASSERT_TRUE(custom.SetClip(start).ok());
  ASSERT_TRUE(custom.AdvanceTimeByDistanceMatching(kDt, kDt).ok());  // Value = t: rate 1
  EXPECT_NEAR(custom.effective_play_rate(), 1.0f, 1e-3f);
}

}  // namespace
}  // namespace footwork::graph
