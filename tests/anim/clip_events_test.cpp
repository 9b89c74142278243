#include "footwork/anim/clip_events.h"

#include <array>

#include <gtest/gtest.h>

namespace footwork::anim {
namespace {

Clip MakeClip() {
  Clip clip;
  clip.name = "walk";
  clip.duration_s = 1.0f;
  clip.looping = true;
  clip.markers = {{"Foot_L", 0.1f}, {"Foot_R", 0.6f}};
  clip.notifies = {{"Footstep", 0.1f, 0.0f}, {"Swing", 0.8f, 0.4f}};
  return clip;
}

TEST(FindMarkersPassedTest, WithinOneLoop) {
  std::array<MarkerHit, 4> hits;
  const std::size_t count = FindMarkersPassed(MakeClip(), 0.05f, 0.5f, WrapMode::kLoop, hits);
  ASSERT_EQ(count, 1u);
  EXPECT_EQ(hits[0].marker_index, 0);
  EXPECT_NEAR(hits[0].elapsed_s, 0.05f, 1e-6f);
}

TEST(FindMarkersPassedTest, WindowIsOpenAtTheStartClosedAtTheEnd) {
  std::array<MarkerHit, 4> hits;
  EXPECT_EQ(FindMarkersPassed(MakeClip(), 0.1f, 0.2f, WrapMode::kLoop, hits), 0u);
  EXPECT_EQ(FindMarkersPassed(MakeClip(), 0.0f, 0.1f, WrapMode::kLoop, hits), 1u);
}

TEST(FindMarkersPassedTest, AcrossWrapsInPlaybackOrder) {
  std::array<MarkerHit, 8> hits;
  // 0.9 -> 2.2: Foot_L at 1.1, Foot_R at 1.6, Foot_L at 2.1.
  const std::size_t count = FindMarkersPassed(MakeClip(), 0.9f, 1.3f, WrapMode::kLoop, hits);
  ASSERT_EQ(count, 3u);
  EXPECT_EQ(hits[0].marker_index, 0);
  EXPECT_NEAR(hits[0].elapsed_s, 0.2f, 1e-5f);
  EXPECT_EQ(hits[1].marker_index, 1);
  EXPECT_NEAR(hits[1].elapsed_s, 0.7f, 1e-5f);
  EXPECT_EQ(hits[2].marker_index, 0);
  EXPECT_NEAR(hits[2].elapsed_s, 1.2f, 1e-5f);
  // A short output keeps the earliest.
  std::array<MarkerHit, 2> few;
  EXPECT_EQ(FindMarkersPassed(MakeClip(), 0.9f, 1.3f, WrapMode::kLoop, few), 2u);
  EXPECT_NEAR(few[1].elapsed_s, 0.7f, 1e-5f);
}

TEST(FindMarkersPassedTest, ClampedClipDoesNotWrap) {
  std::array<MarkerHit, 4> hits;
  EXPECT_EQ(FindMarkersPassed(MakeClip(), 0.9f, 1.3f, WrapMode::kClamp, hits), 0u);
}

TEST(FindNotifyEventsTest, BeginsAndEndsAcrossAWrap) {
  std::array<NotifyEvent, 8> events;
  // Swing runs 0.8 -> 1.2, i.e. ends at 0.2 of the next loop.
  const std::size_t count = FindNotifyEvents(MakeClip(), 0.7f, 0.6f, WrapMode::kLoop, events);
  ASSERT_EQ(count, 3u);
  EXPECT_EQ(events[0].notify_index, 1);
  EXPECT_EQ(events[0].edge, NotifyEdge::kBegin);
  EXPECT_NEAR(events[0].elapsed_s, 0.1f, 1e-5f);
  EXPECT_EQ(events[1].notify_index, 0);
  EXPECT_NEAR(events[1].elapsed_s, 0.4f, 1e-5f);
  EXPECT_EQ(events[2].notify_index, 1);
  EXPECT_EQ(events[2].edge, NotifyEdge::kEnd);
  EXPECT_NEAR(events[2].elapsed_s, 0.5f, 1e-5f);
}

TEST(FindNotifyEventsTest, ClampedStateEndsAtTheClipEnd) {
  std::array<NotifyEvent, 8> events;
  const std::size_t count = FindNotifyEvents(MakeClip(), 0.7f, 0.6f, WrapMode::kClamp, events);
  ASSERT_EQ(count, 2u);
  EXPECT_EQ(events[1].edge, NotifyEdge::kEnd);
  EXPECT_NEAR(events[1].elapsed_s, 0.3f, 1e-5f);
}

}  // namespace
}  // namespace footwork::anim
