#include "footwork/cook/foot_contacts.h"

#include <algorithm>

#include <gtest/gtest.h>

#include "cook/cook_test_motion.h"

namespace footwork::cook {
namespace {

TEST(FootContactsTest, FindsTheTrueContactWindows) {
  const testing::AnalyticWalk walk;
  const SampledMotion motion = walk.Sample();
  FootContactSettings settings;
  auto left = DetectFootContacts(motion.left, motion.rate_hz, settings);
  ASSERT_TRUE(left.ok()) << left.error().message;
  int wrong = 0;
  for (int i = 0; i < motion.frames(); ++i) {
    if (left.value()[i] != walk.Planted(motion.TimeOf(i), 0.0f))
      ++wrong;
  }
  // The height tolerance admits the first and last frames of the swing arc.
  EXPECT_LE(wrong, 6) << "frames misclassified out of " << motion.frames();
  const auto intervals = ContactIntervals(left.value(), true);
  EXPECT_EQ(intervals.size(), 1u);
}

TEST(FootContactsTest, RightFootIsHalfACycleLater) {
  const testing::AnalyticWalk walk;
  const SampledMotion motion = walk.Sample();
  auto right = DetectFootContacts(motion.right, motion.rate_hz, {});
  ASSERT_TRUE(right.ok());
  const auto intervals = ContactIntervals(right.value(), true);
  ASSERT_EQ(intervals.size(), 1u);
  // Planted from phase 0.5 of the cycle: frame 30 at 60 Hz, give or take the tolerance band.
  EXPECT_NEAR(intervals[0].begin, 30, 3);
}

TEST(FootContactsTest, ShortBlipsAreMerged) {
  FootTrajectory foot;
  for (int i = 0; i < 61; ++i) {
    // Planted, except a 1-frame lift at frame 20 and a 1-frame dip at frame 45.
    float y = i < 30 ? 0.0f : 0.2f;
    if (i == 20)
      y = 0.1f;
    if (i == 45)
      y = 0.0f;
    foot.ankle.push_back({0.0f, y, 0.0f});
  }
  FootContactSettings settings;
  settings.looping = false;
  settings.max_vertical_speed_m_s = 100.0f;  // height alone decides here
  auto flags = DetectFootContacts(foot, 60.0f, settings);
  ASSERT_TRUE(flags.ok());
  EXPECT_TRUE(flags.value()[20]);
  EXPECT_FALSE(flags.value()[45]);
  EXPECT_EQ(ContactIntervals(flags.value(), false).size(), 1u);
}

TEST(FootContactsTest, AFootThatNeverComesDownToStandingHeightIsNeverPlanted) {
  // A sprint's ankle: its lowest point in the clip is 6 cm above where it stands, and it dwells
  // there, pitched in the air. Judged against its own lowest it is planted; against the
  // standing height it is not.
  FootTrajectory foot;
  for (int i = 0; i < 61; ++i)
    foot.ankle.push_back({0.0f, i < 20 ? 0.14f : 0.14f + 0.01f * static_cast<float>(i - 20), 0.0f});
  FootContactSettings settings;
  settings.looping = false;
  auto by_clip = DetectFootContacts(foot, 60.0f, settings);
  ASSERT_TRUE(by_clip.ok());
  EXPECT_TRUE(by_clip.value()[10]);
  auto by_floor = DetectFootContacts(foot, 60.0f, settings, 0.08f);
  ASSERT_TRUE(by_floor.ok());
  EXPECT_EQ(std::count(by_floor.value().begin(), by_floor.value().end(), true), 0);
  // A standing height above the clip's lowest changes nothing.
  auto above = DetectFootContacts(foot, 60.0f, settings, 0.5f);
  ASSERT_TRUE(above.ok());
  EXPECT_EQ(above.value(), by_clip.value());
}

TEST(FootContactsTest, RejectsBadInput) {
  FootTrajectory empty;
  EXPECT_FALSE(DetectFootContacts(empty, 60.0f, {}).ok());
  FootTrajectory nan_foot;
  nan_foot.ankle = {{0, 0, 0}, {0, std::nanf(""), 0}, {0, 0, 0}};
  auto result = DetectFootContacts(nan_foot, 60.0f, {});
  ASSERT_FALSE(result.ok());
  EXPECT_NE(result.error().message.find("non-finite"), std::string::npos);
  FootTrajectory fine;
  fine.ankle = {{0, 0, 0}, {0, 0, 0}};
  EXPECT_FALSE(DetectFootContacts(fine, 0.0f, {}).ok());
}

}  // namespace
}  // namespace footwork::cook
