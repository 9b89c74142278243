#include "footwork/graph/sync_group.h"

#include <cmath>
#include <vector>

#include <gtest/gtest.h>

namespace footwork::graph {
namespace {

constexpr float kDt = 1.0f / 60.0f;

anim::Clip Cycle(std::string name, float duration_s, float left_s, float right_s) {
  anim::Clip clip;
  clip.name = std::move(name);
  clip.duration_s = duration_s;
  clip.looping = true;
  clip.markers = {{"Foot_L", left_s}, {"Foot_R", right_s}};
  return clip;
}

// Whether `time_s` was passed moving from `from` to `to` (forward, wrapping once at most).
bool Crossed(float from, float to, float time_s) {
  if (to >= from)
    return time_s > from && time_s <= to;
  return time_s > from || time_s <= to;  // wrapped
}

// Frame indices at which each member crossed each of its markers, by marker name.
struct Crossings {
  std::vector<int> left;
  std::vector<int> right;
};

void Record(const SyncGroupMember& member, int frame, Crossings& crossings) {
  // The first update snaps followers onto the leader's phase; that jump is not a step.
  if (frame == 0)
    return;
  for (const anim::SyncMarker& marker : member.clip->markers) {
    if (Crossed(member.previous_time_s, member.time_s, marker.time_s)) {
      (marker.name == "Foot_L" ? crossings.left : crossings.right).push_back(frame);
    }
  }
}

void ExpectAlignedWithinOneFrame(const std::vector<int>& leader, const std::vector<int>& follower,
                                 const char* foot) {
  ASSERT_GT(leader.size(), 10u) << foot;
  // The follower may be one step short at the very end, never more.
  ASSERT_LE(std::abs(static_cast<int>(leader.size()) - static_cast<int>(follower.size())), 1)
      << foot;
  const std::size_t count = std::min(leader.size(), follower.size());
  for (std::size_t i = 0; i < count; ++i) {
    EXPECT_LE(std::abs(leader[i] - follower[i]), 1) << foot << " crossing " << i;
  }
}

TEST(SyncGroupTest, MarkerPhaseWrapsInLoopingClips) {
  const anim::Clip walk = Cycle("walk", 1.0f, 0.1f, 0.6f);
  MarkerPhase phase = FindMarkerPhase(walk, 0.35f);
  EXPECT_EQ(phase.previous_marker, 0);
  EXPECT_EQ(phase.next_marker, 1);
  EXPECT_NEAR(phase.fraction, 0.5f, 1e-6f);
  phase = FindMarkerPhase(walk, 0.05f);  // before Foot_L: between last cycle's Foot_R and Foot_L
  EXPECT_EQ(phase.previous_marker, 1);
  EXPECT_EQ(phase.next_marker, 0);
  EXPECT_NEAR(phase.fraction, 0.45f / 0.5f, 1e-6f);
  phase = FindMarkerPhase(walk, 0.8f);
  EXPECT_EQ(phase.previous_marker, 1);
  EXPECT_NEAR(phase.fraction, 0.2f / 0.5f, 1e-6f);

  const anim::Clip run = Cycle("run", 1.3f, 0.25f, 0.9f);
  auto time = TimeAtMarkerPhase(run, "Foot_R", "Foot_L", 0.5f, 0.0f);
  ASSERT_TRUE(time.has_value());
  EXPECT_NEAR(*time, std::fmod(0.9f + 0.5f * 0.65f, 1.3f), 1e-5f);
  EXPECT_FALSE(TimeAtMarkerPhase(run, "Foot_L", "Foot_L", 0.5f, 0.0f).has_value());
}

// A start past its last marker hands over to its cycle as far past the same foot's marker.
TEST(SyncGroupTest, PastAStartsLastMarkerTheCycleGoesOnFromTheSameFoot) {
  anim::Clip start;
  start.duration_s = 1.0f;
  start.markers = {{"Foot_L", 0.0f}, {"Foot_R", 0.0f}, {"Foot_R", 0.45f}, {"Foot_L", 0.7333f}};
  EXPECT_FALSE(FindMarkerPhase(start, 0.75f).valid());
  const anim::Clip run = Cycle("run", 0.8f, 0.1167f, 0.4833f);
  auto time = TimePastLastMarker(start, 0.75f, run);
  ASSERT_TRUE(time.has_value());
  EXPECT_NEAR(*time, 0.1167f + 0.0167f, 1e-4f);
  // Past the right foot's marker: from the cycle's right foot, wrapping.
  time = TimePastLastMarker(start, 0.7f, run);
  ASSERT_TRUE(time.has_value());
  EXPECT_NEAR(*time, 0.4833f + 0.25f, 1e-4f);
  time = TimePastLastMarker(start, 1.0f, Cycle("short", 0.5f, 0.1f, 0.3f));
  ASSERT_TRUE(time.has_value());
  EXPECT_NEAR(*time, std::fmod(0.1f + 0.2667f, 0.5f), 1e-4f);
  // Nothing to go by: before any marker, a cycle without that foot, a non-finite time.
  anim::Clip late = start;
  late.markers = {{"Foot_L", 0.5f}};
  EXPECT_FALSE(TimePastLastMarker(late, 0.2f, run).has_value());
  anim::Clip other = run;
  other.markers = {{"Hand_L", 0.1f}};
  EXPECT_FALSE(TimePastLastMarker(start, 0.75f, other).has_value());
  EXPECT_FALSE(TimePastLastMarker(start, std::nanf(""), run).has_value());
}

TEST(SyncGroupTest, CyclesOfDifferentLengthsKeepFeetAlignedOverManyLoops) {
  const anim::Clip walk = Cycle("walk", 1.0f, 0.1f, 0.6f);
  const anim::Clip run = Cycle("run", 1.3f, 0.25f, 0.9f);  // other length, uneven steps
  std::vector<SyncGroupMember> members(2);
  members[0] = {.clip = &walk, .weight = 0.7f, .play_rate = 1.0f};
  members[1] = {.clip = &run, .weight = 0.3f, .play_rate = 1.0f, .time_s = 0.7f};
  Crossings walk_crossings;
  Crossings run_crossings;
  for (int frame = 0; frame < 60 * 30; ++frame) {  // 30 walk cycles
    EXPECT_EQ(UpdateSyncGroup(members, kDt), 0);
    Record(members[0], frame, walk_crossings);
    Record(members[1], frame, run_crossings);
  }
  ExpectAlignedWithinOneFrame(walk_crossings.left, run_crossings.left, "Foot_L");
  ExpectAlignedWithinOneFrame(walk_crossings.right, run_crossings.right, "Foot_R");
}

TEST(SyncGroupTest, LeadershipFollowsWeightAndFeetStayAligned) {
  const anim::Clip walk = Cycle("walk", 1.0f, 0.1f, 0.6f);
  const anim::Clip run = Cycle("run", 0.7f, 0.05f, 0.4f);
  std::vector<SyncGroupMember> members(2);
  members[0] = {.clip = &walk, .weight = 1.0f};
  members[1] = {.clip = &run, .weight = 0.0f};
  Crossings walk_crossings;
  Crossings run_crossings;
  int run_led_frames = 0;
  for (int frame = 0; frame < 60 * 20; ++frame) {
    // Speed up from walk to run and back, as a blend space would.
    const float w = 0.5f + 0.5f * std::sin(static_cast<float>(frame) * kDt);
    members[0].weight = 1.0f - w;
    members[1].weight = w;
    const int leader = UpdateSyncGroup(members, kDt);
    EXPECT_EQ(leader, w > 0.5f ? 1 : 0) << "frame " << frame;
    if (leader == 1)
      ++run_led_frames;
    Record(members[0], frame, walk_crossings);
    Record(members[1], frame, run_crossings);
  }
  EXPECT_GT(run_led_frames, 100);
  ExpectAlignedWithinOneFrame(walk_crossings.left, run_crossings.left, "Foot_L");
  ExpectAlignedWithinOneFrame(walk_crossings.right, run_crossings.right, "Foot_R");
}

TEST(SyncGroupTest, LeaderSelectionByRole) {
  const anim::Clip clip = Cycle("c", 1.0f, 0.1f, 0.6f);
  std::vector<SyncGroupMember> members(3);
  members[0] = {.clip = &clip, .role = SyncRole::kCanBeLeader, .weight = 0.5f};
  members[1] = {.clip = &clip, .role = SyncRole::kAlwaysFollower, .weight = 0.9f};
  members[2] = {.clip = &clip, .role = SyncRole::kCanBeLeader, .weight = 0.6f};
  EXPECT_EQ(SelectSyncLeader(members), 2);  // highest-weight can-be-leader; followers never lead

  members[0].role = SyncRole::kAlwaysLeader;
  EXPECT_EQ(SelectSyncLeader(members), 0);  // always leader beats a heavier can-be-leader
  members[0].weight = 0.0f;
  EXPECT_EQ(SelectSyncLeader(members), 2);  // ... while it has weight

  members[1].role = SyncRole::kTransitionLeader;
  members[1].blending_in = true;
  EXPECT_EQ(SelectSyncLeader(members), 2);  // excluded while blending in
  members[1].blending_in = false;
  EXPECT_EQ(SelectSyncLeader(members), 1);  // leads once blended in

  std::vector<SyncGroupMember> followers(2);
  followers[0] = {.clip = &clip, .role = SyncRole::kAlwaysFollower, .weight = 0.2f};
  followers[1] = {.clip = &clip, .role = SyncRole::kAlwaysFollower, .weight = 0.8f};
  EXPECT_EQ(SelectSyncLeader(followers), 0);  // only followers: the first leads
  EXPECT_EQ(SelectSyncLeader(std::span<const SyncGroupMember>{}), -1);
}

TEST(SyncGroupTest, TransitionLeaderPlaysOnItsOwnWhileBlendingIn) {
  const anim::Clip cycle = Cycle("cycle", 1.0f, 0.1f, 0.6f);
  const anim::Clip gait_transition = Cycle("walk_to_run", 0.8f, 0.2f, 0.5f);
  std::vector<SyncGroupMember> members(2);
  members[0] = {.clip = &cycle, .weight = 0.8f, .time_s = 0.3f};
  members[1] = {.clip = &gait_transition,
                .role = SyncRole::kTransitionLeader,
                .weight = 0.2f,
                .play_rate = 1.5f,
                .blending_in = true,
                .time_s = 0.0f};
  EXPECT_EQ(UpdateSyncGroup(members, 0.1f), 0);
  EXPECT_NEAR(members[1].time_s, 0.15f, 1e-6f);  // its own start time and rate
  EXPECT_NEAR(members[0].time_s, 0.4f, 1e-6f);
  members[1].blending_in = false;
  EXPECT_EQ(UpdateSyncGroup(members, 0.1f), 1);
  EXPECT_NEAR(members[1].time_s, 0.3f, 1e-6f);
  // The cycle now follows: it is at the same marker phase (Foot_L -> Foot_R, 1/3 of the way).
  EXPECT_NEAR(FindMarkerPhase(cycle, members[0].time_s).fraction,
              FindMarkerPhase(gait_transition, 0.3f).fraction, 1e-5f);
  EXPECT_NEAR(members[0].time_s, 0.1f + 0.5f / 3.0f, 1e-5f);
}

TEST(SyncGroupTest, FallsBackToNormalisedTimeWithoutMarkers) {
  const anim::Clip walk = Cycle("walk", 1.0f, 0.1f, 0.6f);
  anim::Clip unmarked = Cycle("unmarked", 2.0f, 0.0f, 0.0f);
  unmarked.markers.clear();
  std::vector<SyncGroupMember> members(2);
  members[0] = {.clip = &walk, .weight = 1.0f, .time_s = 0.2f};
  members[1] = {.clip = &unmarked, .weight = 0.5f};
  for (int frame = 0; frame < 100; ++frame)
    UpdateSyncGroup(members, kDt);
  EXPECT_NEAR(members[1].time_s / 2.0f, members[0].time_s / 1.0f, 1e-5f);
  EXPECT_NEAR(members[1].previous_time_s / 2.0f, std::fmod(0.2f + 99 * kDt, 1.0f), 1e-4f);
}

}  // namespace
}  // namespace footwork::graph
