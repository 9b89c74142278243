#include "footwork/graph/sequence_player.h"

#include <array>
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

TEST(SequencePlayerTest, PlaysFromTheStartPositionAtThePlayRate) {
  const anim::Skeleton skeleton = ChainSkeleton();
  const anim::Clip clip = TimeRevealingClip("walk", 2.0f, false);
  SequencePlayer player;
  ASSERT_TRUE(player.Setup(skeleton).ok());
  ASSERT_TRUE(player.Play(clip, {.play_rate = 0.5f, .start_position_s = 0.2f}).ok());
  for (int frame = 0; frame < 24; ++frame)  // 0.4 s at rate 0.5: 0.2 clip seconds
    ASSERT_TRUE(player.Advance(kDt).ok());
  EXPECT_NEAR(player.time_s(), 0.4f, 1e-5f);
  std::vector<Transform> pose(3);
  ASSERT_TRUE(player.Evaluate(pose).ok());
  EXPECT_NEAR(SpineYaw(pose[1]), 0.4f, 1e-4f);
  // Root motion of the last step: rate 0.5 at 1 m/s for one frame.
  EXPECT_NEAR(player.RootMotion().translation.z, 0.5f * kDt, 1e-5f);
}

TEST(SequencePlayerTest, LoopsWrapAndNonLoopingClipsHoldTheirEnd) {
  const anim::Skeleton skeleton = ChainSkeleton();
  const anim::Clip clip = TimeRevealingClip("cycle", 1.0f, true);
  SequencePlayer looping;
  ASSERT_TRUE(looping.Setup(skeleton).ok());
  ASSERT_TRUE(looping.Play(clip, {.start_position_s = 0.9f}).ok());
  ASSERT_TRUE(looping.Advance(0.2f).ok());
  EXPECT_NEAR(looping.time_s(), 0.1f, 1e-5f);
  EXPECT_FALSE(looping.finished());
  // Root motion across the wrap is the whole 0.2 s of travel, not a jump back.
  EXPECT_NEAR(looping.RootMotion().translation.z, 0.2f, 1e-4f);

  SequencePlayer once;
  ASSERT_TRUE(once.Setup(skeleton).ok());
  ASSERT_TRUE(once.Play(clip, {.start_position_s = 0.9f, .loop = false}).ok());
  ASSERT_TRUE(once.Advance(0.2f).ok());
  EXPECT_FLOAT_EQ(once.time_s(), 1.0f);
  EXPECT_TRUE(once.finished());
  EXPECT_NEAR(once.RootMotion().translation.z, 0.1f, 1e-4f);

  SequencePlayer backwards;
  ASSERT_TRUE(backwards.Setup(skeleton).ok());
  ASSERT_TRUE(backwards.Play(clip, {.play_rate = -1.0f, .start_position_s = 0.1f}).ok());
  ASSERT_TRUE(backwards.Advance(0.2f).ok());
  EXPECT_NEAR(backwards.time_s(), 0.9f, 1e-5f);
  EXPECT_NEAR(backwards.RootMotion().translation.z, -0.2f, 1e-4f);
}

TEST(SequencePlayerTest, BadInputIsAnErrorAndChangesNothing) {
  const anim::Skeleton skeleton = ChainSkeleton();
  const anim::Clip clip = TimeRevealingClip("cycle", 1.0f, true);
  SequencePlayer player;
  EXPECT_FALSE(player.Play(clip).ok());  // not set up
  ASSERT_TRUE(player.Setup(skeleton).ok());
  EXPECT_FALSE(player.Advance(kDt).ok());  // nothing playing
  ASSERT_TRUE(player.Play(clip, {.start_position_s = 0.3f}).ok());
  const float nan = std::numeric_limits<float>::quiet_NaN();
  for (const float dt : {nan, -kDt, 10.0f, std::numeric_limits<float>::infinity()}) {
    const Status status = player.Advance(dt);
    ASSERT_FALSE(status.ok());
    EXPECT_NE(status.error().message.find("dt_s"), std::string::npos) << status.error().message;
  }
  EXPECT_FALSE(player.SetPlayRate(nan).ok());
  EXPECT_FALSE(player.Play(clip, {.start_position_s = nan}).ok());
  EXPECT_FLOAT_EQ(player.time_s(), 0.3f);
  EXPECT_FLOAT_EQ(player.play_rate(), 1.0f);
  // dt 0 is valid and moves nothing.
  ASSERT_TRUE(player.Advance(0.0f).ok());
  EXPECT_FLOAT_EQ(player.time_s(), 0.3f);

  anim::Clip wrong = clip;
  wrong.tracks.resize(2);
  const Status status = player.Play(wrong);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.error().message.find("2 joint tracks"), std::string::npos);
  std::vector<Transform> short_pose(2);
  EXPECT_FALSE(player.Evaluate(short_pose).ok());
}

TEST(SequencePlayerTest, CurvesFollowTheLayoutAndMissingCurvesReadZero) {
  const anim::Skeleton skeleton = ChainSkeleton();
  const anim::Clip clip = TimeRevealingClip("cycle", 1.0f, true);
  const CurveLayout layout({"Missing", "Value"});
  SequencePlayer player;
  ASSERT_TRUE(player.Setup(skeleton, &layout).ok());
  ASSERT_TRUE(player.Play(clip, {.start_position_s = 0.25f}).ok());
  std::array<float, 2> values{-1.0f, -1.0f};
  player.EvaluateCurves(values);
  EXPECT_FLOAT_EQ(values[0], 0.0f);
  EXPECT_NEAR(values[1], 0.25f, 1e-5f);
  EXPECT_FALSE(layout.Require("RotateAlpha").ok());
}

TEST(SequencePlayerTest, TheFirstStepFiresNotifiesAtTheStartTime) {
  const anim::Skeleton skeleton = ChainSkeleton();
  anim::Clip clip = TimeRevealingClip("cycle", 1.0f, true);
  clip.notifies = {{"Start", 0.0f, 0.0f}};
  SequencePlayer player;
  ASSERT_TRUE(player.Setup(skeleton).ok());
  ASSERT_TRUE(player.Play(clip).ok());
  NotifyDispatcher dispatcher;
  std::vector<NotifyEvent> events;
  int fired = 0;
  for (int frame = 0; frame < 110; ++frame) {  // 1.83 s: Start fires at 0 and at 1 s
    ASSERT_TRUE(player.Advance(kDt).ok());
    const NotifySource source = player.AsNotifySource(1, 1.0f);
    events.clear();
    dispatcher.Dispatch(std::span(&source, 1), events);
    fired += static_cast<int>(events.size());
  }
  EXPECT_EQ(fired, 2);
}

TEST(SequencePlayerTest, SyncedPlayersKeepTheirFootMarkersInPhase) {
  const anim::Skeleton skeleton = ChainSkeleton();
  anim::Clip walk = TimeRevealingClip("walk", 1.0f, true);
  walk.markers = {{"Foot_L", 0.1f}, {"Foot_R", 0.6f}};
  anim::Clip run = TimeRevealingClip("run", 0.7f, true);
  run.markers = {{"Foot_L", 0.05f}, {"Foot_R", 0.4f}};
  std::array<SequencePlayer, 2> players;
  std::array<SyncGroupMember, 2> members;
  for (int i = 0; i < 2; ++i) {
    ASSERT_TRUE(players[i].Setup(skeleton).ok());
    ASSERT_TRUE(players[i].Play(i == 0 ? walk : run).ok());
    members[i].weight = i == 0 ? 0.7f : 0.3f;
  }
  for (int frame = 0; frame < 200; ++frame) {
    for (int i = 0; i < 2; ++i)
      players[i].WriteSyncMember(members[i]);
    ASSERT_EQ(UpdateSyncGroup(members, kDt), 0);
    for (int i = 0; i < 2; ++i)
      players[i].ApplySyncResult(members[i]);
    const MarkerPhase leader = FindMarkerPhase(walk, players[0].time_s());
    const MarkerPhase follower = FindMarkerPhase(run, players[1].time_s());
    ASSERT_TRUE(leader.valid() && follower.valid());
    EXPECT_EQ(walk.markers[leader.previous_marker].name,
              run.markers[follower.previous_marker].name);
    EXPECT_NEAR(leader.fraction, follower.fraction, 1e-3f) << "frame " << frame;
    if (frame > 0) {
      // The follower played forward (root motion in its direction of travel).
      EXPECT_GT(players[1].RootMotion().translation.z, 0.0f);
    }
  }
}

TEST(SequencePlayerTest, SameInputsGiveBitIdenticalPoses) {
  const anim::Skeleton skeleton = ChainSkeleton();
  const anim::Clip clip = TimeRevealingClip("cycle", 1.3f, true);
  std::array<std::vector<Transform>, 2> poses{std::vector<Transform>(3), std::vector<Transform>(3)};
  for (auto& pose : poses) {
    SequencePlayer player;
    ASSERT_TRUE(player.Setup(skeleton).ok());
    ASSERT_TRUE(player.Play(clip, {.play_rate = 1.1f, .start_position_s = 0.05f}).ok());
    for (int frame = 0; frame < 97; ++frame)
      ASSERT_TRUE(player.Advance(kDt * (1.0f + 0.1f * static_cast<float>(frame % 3))).ok());
    ASSERT_TRUE(player.Evaluate(pose).ok());
  }
  for (int j = 0; j < 3; ++j) {
    EXPECT_EQ(poses[0][j].rotation, poses[1][j].rotation);
    EXPECT_EQ(poses[0][j].translation, poses[1][j].translation);
  }
}

}  // namespace
}  // namespace footwork::graph
