#include "footwork/cook/root_motion_from_contacts.h"

#include <gtest/gtest.h>

#include "cook/cook_test_motion.h"
#include "footwork/cook/clip_quality.h"
#include "footwork/cook/curve_modifiers.h"
#include "footwork/cook/foot_contacts.h"

namespace footwork::cook {
namespace {

TEST(RootMotionFromContactsTest, RecoversGroundSpeedOfInPlaceWalk) {
  for (const float speed : {1.2f, 3.5f}) {
    testing::AnalyticWalk walk;
    walk.speed_m_s = speed;
    SampledMotion motion = walk.Sample();
    auto left = DetectFootContacts(motion.left, motion.rate_hz, {});
    auto right = DetectFootContacts(motion.right, motion.rate_hz, {});
    ASSERT_TRUE(left.ok() && right.ok());
    auto root = RootMotionFromContacts(motion, left.value(), right.value(), true);
    ASSERT_TRUE(root.ok()) << root.error().message;
    EXPECT_NEAR(root->mean_speed_m_s, speed, 0.02f * speed);
    // Forward is +Z: the root advances one cycle's travel.
    EXPECT_NEAR(root->translation.back().z, speed * walk.cycle_s, 0.02f * speed);
    EXPECT_NEAR(root->translation.back().x, 0.0f, 1e-4f);

    // With that root motion, the planted feet stand still in the world.
    for (int i = 0; i < motion.frames(); ++i) {
      motion.root[i].translation = root->translation[i];
    }
    const auto lock_left = FootLockValues(left.value(), motion.rate_hz, 0.1f, true);
    const float slide =
        MeanLockedFootSpeed(motion.root, motion.left.ankle, lock_left, motion.rate_hz);
    EXPECT_LT(slide * 100.0f, 1.0f) << "locked foot slides at " << slide * 100.0f << " cm/s";
  }
}

TEST(RootMotionFromContactsTest, NeverPlantedIsAnError) {
  testing::AnalyticWalk walk;
  const SampledMotion motion = walk.Sample();
  const ContactFlags none(motion.frames(), false);
  auto result = RootMotionFromContacts(motion, none, none, true);
  ASSERT_FALSE(result.ok());
  EXPECT_NE(result.error().message.find("no foot is ever planted"), std::string::npos);
}

}  // namespace
}  // namespace footwork::cook
