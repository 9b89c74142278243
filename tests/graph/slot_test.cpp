#include "footwork/graph/slot.h"

#include <array>
#include <cmath>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "footwork/graph/root_motion_mode.h"
#include "node_test_clips.h"

namespace footwork::graph {
namespace {

constexpr float kDt = 1.0f / 60.0f;
using testing::ChainSkeleton;
using testing::SpineYaw;
using testing::TimeRevealingClip;

TEST(SlotTest, MontageBlendsInPlaysAndBlendsOutBeforeItsEnd) {
  const anim::Skeleton skeleton = ChainSkeleton();
  const anim::Clip land = TimeRevealingClip("land", 1.0f, false, 1.0f, 2.0f);
  Slot slot;
  ASSERT_TRUE(slot.Setup(skeleton).ok());
  EXPECT_FALSE(slot.IsPlaying());
  ASSERT_TRUE(slot.Play(land, {.blend_in_s = 0.2f, .blend_out_s = 0.25f}).ok());
  EXPECT_TRUE(slot.IsPlaying(land));
  const std::vector<Transform> input = skeleton.rest_pose;
  std::vector<Transform> output(3);
  float previous_weight = 0.0f;
  int frames_playing = 0;
  for (int frame = 1; frame <= 90; ++frame) {
    ASSERT_TRUE(slot.Update(kDt).ok());
    const float t = slot.time_s();
    const float weight = slot.weight();
    if (t < 0.2f) {
      EXPECT_NEAR(weight, t / 0.2f, 1e-4f) << "blending in at " << t;
    } else if (1.0f - t > 0.25f) {
      EXPECT_FLOAT_EQ(weight, 1.0f) << t;
      EXPECT_TRUE(slot.IsPlaying(land));
    } else if (t < 1.0f) {
      EXPECT_TRUE(slot.blending_out()) << t;
      EXPECT_FALSE(slot.IsPlaying(land));  // blending out no longer counts as playing it
      EXPECT_LT(weight, previous_weight);
      EXPECT_TRUE(slot.IsPlaying());
      EXPECT_NEAR(weight, (1.0f - t) / 0.25f, 1e-4f);
    } else {
      EXPECT_FALSE(slot.IsPlaying()) << t;
      EXPECT_FLOAT_EQ(weight, 0.0f);
    }
    frames_playing += slot.IsPlaying() ? 1 : 0;
    previous_weight = weight;
    ASSERT_TRUE(slot.Evaluate(input, output).ok());
    // The spine turns between the input (0) and the montage (t) by the weight.
    const float yaw = SpineYaw(output[1]);
    if (weight >= 1.0f) {
      EXPECT_NEAR(yaw, slot.time_s(), 1e-4f);
    }
    if (weight <= 0.0f) {
      EXPECT_NEAR(yaw, 0.0f, 1e-6f);
    }
    EXPECT_GE(yaw, -1e-6f);
    EXPECT_LE(yaw, slot.time_s() + 1e-4f);
  }
  EXPECT_NEAR(static_cast<float>(frames_playing), 59.0f, 1.0f);  // 1 s of montage
}

TEST(SlotTest, PlayRateShortensTheMontageAndRootMotionIsWeighted) {
  const anim::Skeleton skeleton = ChainSkeleton();
  const anim::Clip roll = TimeRevealingClip("roll", 1.0f, false, 1.0f, 3.0f);
  Slot slot;
  ASSERT_TRUE(slot.Setup(skeleton).ok());
  ASSERT_TRUE(slot.Play(roll, {.play_rate = 2.0f, .blend_in_s = 0.0f, .blend_out_s = 0.0f}).ok());
  float travelled = 0.0f;
  int frames = 0;
  while (slot.IsPlaying() && frames < 100) {
    ASSERT_TRUE(slot.Update(kDt).ok());
    travelled += slot.RootMotion().translation.z;
    ++frames;
  }
  EXPECT_NEAR(static_cast<float>(frames), 30.0f, 1.0f);  // 1 s clip at rate 2
  EXPECT_NEAR(travelled, 3.0f, 1e-3f);                   // the clip's whole root travel
  // No montage: identity, which "from montages only" then applies.
  ASSERT_TRUE(slot.Update(kDt).ok());
  EXPECT_FLOAT_EQ(slot.RootMotion().translation.z, 0.0f);
  EXPECT_TRUE(ExtractsRootMotion(RootMotionMode::kFromMontagesOnly, true));

  // Blending in, the step's root motion is scaled by the weight it started with.
  ASSERT_TRUE(slot.Play(roll, {.blend_in_s = 0.5f}).ok());
  ASSERT_TRUE(slot.Update(kDt).ok());  // starts at weight 0
  EXPECT_FLOAT_EQ(slot.RootMotion().translation.z, 0.0f);
  ASSERT_TRUE(slot.Update(kDt).ok());  // starts at weight kDt / 0.5
  EXPECT_NEAR(slot.RootMotion().translation.z, (kDt / 0.5f) * 3.0f * kDt, 1e-5f);
}

TEST(SlotTest, ANewMontageBlendsOverTheOldOneWithoutDippingToTheInput) {
  const anim::Skeleton skeleton = ChainSkeleton();
  const anim::Clip first = TimeRevealingClip("first", 2.0f, false, 0.5f);
  const anim::Clip second = TimeRevealingClip("second", 2.0f, false, 1.0f);
  Slot slot;
  ASSERT_TRUE(slot.Setup(skeleton).ok());
  ASSERT_TRUE(slot.Play(first, {.blend_in_s = 0.0f}).ok());
  for (int frame = 0; frame < 30; ++frame)
    ASSERT_TRUE(slot.Update(kDt).ok());
  ASSERT_TRUE(slot.Play(second, {.blend_in_s = 0.2f}).ok());
  EXPECT_FALSE(slot.IsPlaying(first));
  EXPECT_TRUE(slot.IsPlaying(second));
  EXPECT_EQ(slot.clip(), &second);
  std::array<NotifySource, 2> sources;
  for (int frame = 0; frame < 20; ++frame) {
    ASSERT_TRUE(slot.Update(kDt).ok());
    EXPECT_NEAR(slot.weight(), 1.0f, 1e-6f);
    const std::size_t count = slot.CollectNotifySources(100, sources);
    float total = 0.0f;
    for (std::size_t i = 0; i < count; ++i)
      total += sources[i].weight;
    EXPECT_NEAR(total, 1.0f, 1e-5f);
  }
  EXPECT_EQ(slot.CollectNotifySources(100, sources), 1u);  // the first one is gone
  EXPECT_EQ(sources[0].clip, &second);
  slot.Stop(0.1f);
  EXPECT_TRUE(slot.blending_out());
  for (int frame = 0; frame < 7; ++frame)
    ASSERT_TRUE(slot.Update(kDt).ok());
  EXPECT_FALSE(slot.IsPlaying());
}

TEST(SlotTest, BadInputIsAnErrorAndChangesNothing) {
  const anim::Skeleton skeleton = ChainSkeleton();
  const anim::Clip clip = TimeRevealingClip("land", 1.0f, false);
  Slot slot;
  EXPECT_FALSE(slot.Play(clip).ok());  // not set up
  ASSERT_TRUE(slot.Setup(skeleton).ok());
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_FALSE(slot.Play(clip, {.play_rate = nan}).ok());
  EXPECT_FALSE(slot.Play(clip, {.play_rate = 0.0f}).ok());
  EXPECT_FALSE(slot.Play(clip, {.blend_in_s = -1.0f}).ok());
  EXPECT_FALSE(slot.Play(clip, {.blend_out_s = nan}).ok());
  EXPECT_FALSE(slot.Play(clip, {.start_position_s = nan}).ok());
  anim::Clip wrong = clip;
  wrong.tracks.resize(5);
  EXPECT_FALSE(slot.Play(wrong).ok());
  EXPECT_FALSE(slot.IsPlaying());
  ASSERT_TRUE(slot.Play(clip).ok());
  for (const float dt : {nan, -1.0f, 10.0f})
    EXPECT_FALSE(slot.Update(dt).ok());
  EXPECT_FLOAT_EQ(slot.time_s(), 0.0f);
  EXPECT_FLOAT_EQ(slot.weight(), 0.0f);
  std::vector<Transform> input = skeleton.rest_pose, short_output(2);
  EXPECT_FALSE(slot.Evaluate(input, short_output).ok());
  // Output may alias the input.
  ASSERT_TRUE(slot.Update(0.1f).ok());
  ASSERT_TRUE(slot.Evaluate(input, input).ok());
  EXPECT_GT(SpineYaw(input[1]), 0.0f);
}

TEST(SlotTest, MontageCurvesBlendOverTheInputCurves) {
  const anim::Skeleton skeleton = ChainSkeleton();
  const anim::Clip clip = TimeRevealingClip("land", 1.0f, false);
  const CurveLayout layout({"Value", "Other"});
  Slot slot;
  ASSERT_TRUE(slot.Setup(skeleton, &layout).ok());
  ASSERT_TRUE(slot.Play(clip, {.blend_in_s = 0.4f}).ok());
  ASSERT_TRUE(slot.Update(0.1f).ok());  // weight 0.25 at time 0.1
  std::array<float, 2> curves{};
  slot.EvaluateCurves(std::array{2.0f, 4.0f}, curves);
  EXPECT_NEAR(curves[0], 2.0f + 0.25f * (0.1f - 2.0f), 1e-5f);
  EXPECT_NEAR(curves[1], 4.0f + 0.25f * (0.0f - 4.0f), 1e-5f);  // missing in the clip: 0
}

}  // namespace
}  // namespace footwork::graph
