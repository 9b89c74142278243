// Foot plants against an authored root path: a foot dragged along the ground with the body is
// low and level like a planted one, but it is not planted.
#include "footwork/cook/foot_plants.h"

#include <gtest/gtest.h>

namespace footwork::cook {
namespace {

constexpr float kRate = 60.0f;
constexpr int kFrames = 31;

// Both feet flat on the ground for the whole clip, in root space. The root moves 1 m/s along +Z.
// The left foot moves back in root space at the root's speed (still in the world); the right
// one stays put in root space (dragged along at 1 m/s).
struct DragCase {
  FootTrajectory left;
  FootTrajectory right;
  std::vector<Transform> root;
  FootContactSettings settings;

  DragCase() {
    settings.looping = false;
    for (int f = 0; f < kFrames; ++f) {
      const float t = static_cast<float>(f) / kRate;
      Transform r = Transform::Identity();
      r.translation = {0.0f, 0.0f, t};
      root.push_back(r);
      left.ankle.push_back({0.1f, 0.08f, 0.2f - t});
      left.ball.push_back({0.1f, 0.02f, 0.35f - t});
      right.ankle.push_back({-0.1f, 0.08f, 0.0f});
      right.ball.push_back({-0.1f, 0.02f, 0.15f});
    }
  }
};

bool All(const ContactFlags& flags, bool value) {
  for (const bool f : flags) {
    if (f != value)
      return false;
  }
  return true;
}

TEST(FootPlantsTest, AFootDraggedWithTheBodyIsNotPlanted) {
  DragCase c;
  Result<FootPlants> left = DetectFootPlants(c.left, kRate, c.settings);
  Result<FootPlants> right = DetectFootPlants(c.right, kRate, c.settings);
  ASSERT_TRUE(left.ok() && right.ok());
  // By height alone both feet are planted throughout.
  ASSERT_TRUE(All(left->lock, true));
  ASSERT_TRUE(All(right->lock, true));
  DropSlidingPlants(*left, c.left, c.root, kRate, 0.5f, c.settings);
  DropSlidingPlants(*right, c.right, c.root, kRate, 0.5f, c.settings);
  EXPECT_TRUE(All(left->lock, true));
  EXPECT_TRUE(All(left->any, true));
  EXPECT_TRUE(All(right->lock, false));
  EXPECT_TRUE(All(right->any, false));
  EXPECT_TRUE(All(right->ball, false));
}

TEST(FootPlantsTest, ASlideShorterThanAContactLeavesNoFragments) {
  // The right foot is still in the world except for a 0.1 s slide in the middle; the plant
  // splits in two, and no one- or two-frame sliver of contact is left at the slide's edges.
  DragCase c;
  for (int f = 0; f < kFrames; ++f) {
    const float t = static_cast<float>(f) / kRate;
    const float slide = std::clamp(t - 0.2f, 0.0f, 0.1f) * 2.0f;  // 2 m/s for 0.1 s
    c.right.ankle[f].z = -t + slide;
    c.right.ball[f].z = 0.15f - t + slide;
  }
  Result<FootPlants> right = DetectFootPlants(c.right, kRate, c.settings);
  ASSERT_TRUE(right.ok());
  DropSlidingPlants(*right, c.right, c.root, kRate, 0.5f, c.settings);
  EXPECT_TRUE(right->lock[0]);
  EXPECT_TRUE(right->lock[kFrames - 1]);
  EXPECT_FALSE(right->lock[15]);
  const std::vector<ContactInterval> runs = ContactIntervals(right->lock, false);
  ASSERT_EQ(runs.size(), 2u);
  for (const ContactInterval& run : runs)
    EXPECT_GE(run.end - run.begin + 1, 4);
}

}  // namespace
}  // namespace footwork::cook
