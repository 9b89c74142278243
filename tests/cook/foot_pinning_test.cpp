#include "footwork/cook/foot_pinning.h"

#include <gtest/gtest.h>

#include "cook/cook_test_pinning.h"
#include "footwork/anim/local_to_model.h"
#include "support/procedural_humanoid.h"

namespace footwork::cook {
namespace {

namespace fwt = footwork::testing;

// The shared contact fixture on the walk, its root at `speed_m_s` (the truth is 1.2 m/s:
// anything else slides the feet).
struct PinningCase : testing::PinnedCycleCase {
  explicit PinningCase(float speed_m_s) : PinnedCycleCase(fwt::WalkGait(), speed_m_s, Contacts()) {}

  static FootContactSettings Contacts() {
    FootContactSettings contacts;
    contacts.height_tolerance_m = 0.02f;
    return contacts;
  }
};

TEST(FootPinningTest, HoldsASlidingFootStillInTheWorld) {
  // 20% too slow: the source's planted foot slides 24 cm/s in the world.
  PinningCase c(0.8f * fwt::WalkGait().speed_m_s);
  const float before_l = c.LockedSpeedCm(c.poses, "foot_l", c.left);
  EXPECT_NEAR(before_l, 0.2f * 100.0f * fwt::WalkGait().speed_m_s, 2.0f);
  SampledPoses pinned = c.poses;
  ASSERT_TRUE(PinFeet(c.skeleton, pinned, c.root, c.Pins(), /*looping=*/true, {}).ok());
  EXPECT_LT(c.LockedSpeedCm(pinned, "foot_l", c.left), 0.05f);
  EXPECT_LT(c.LockedSpeedCm(pinned, "foot_r", c.right), 0.05f);
  // Only the legs move: the spine and arms keep their source rotations.
  const int spine = c.binding.Joint("pelvis");
  const int arm = c.binding.Joint("upperarm_l");
  for (int f = 0; f < pinned.frames(); ++f) {
    EXPECT_EQ(pinned.Frame(f)[spine].rotation, c.poses.Frame(f)[spine].rotation);
    EXPECT_EQ(pinned.Frame(f)[arm].rotation, c.poses.Frame(f)[arm].rotation);
  }
  // The loop stays closed.
  for (int j = 0; j < pinned.joints; ++j) {
    EXPECT_EQ(pinned.Frame(0)[j].rotation, pinned.Frame(pinned.frames() - 1)[j].rotation);
  }
}

TEST(FootPinningTest, LeavesAFootThatDoesNotSlideWhereItIs) {
  // The true ground speed: pinning may only nudge the legs by numerical noise.
  PinningCase c(fwt::WalkGait().speed_m_s);
  SampledPoses pinned = c.poses;
  ASSERT_TRUE(PinFeet(c.skeleton, pinned, c.root, c.Pins(), true, {}).ok());
  std::vector<Transform> a(static_cast<std::size_t>(pinned.joints));
  std::vector<Transform> b(static_cast<std::size_t>(pinned.joints));
  const int ankle = c.binding.Joint("foot_l");
  for (int f = 0; f < pinned.frames(); ++f) {
    ASSERT_TRUE((anim::LocalToModelJob{&c.skeleton,
                                       {c.poses.Frame(f), static_cast<std::size_t>(pinned.joints)},
                                       Transform::Identity(),
                                       a})
                    .Run()
                    .ok());
    ASSERT_TRUE((anim::LocalToModelJob{&c.skeleton,
                                       {pinned.Frame(f), static_cast<std::size_t>(pinned.joints)},
                                       Transform::Identity(),
                                       b})
                    .Run()
                    .ok());
    EXPECT_LT(glm::length(a[ankle].translation - b[ankle].translation), 0.002f) << f;
  }
}

TEST(FootPinningTest, TheNearestReachablePointIsWithinReachOfEveryFrame) {
  // Two hips 0.8 m apart, each leg reaching 0.5 m: the wanted point, 0.6 m below the first hip,
  // moves into the lens where both reach; the lens's nearest point is 0.5 m away (the
  // alternating projections land within a few cm of it).
  const std::vector<glm::vec3> hips = {{0.0f, 1.0f, 0.0f}, {0.0f, 1.0f, 0.8f}};
  const std::vector<float> reach = {0.5f, 0.5f};
  const glm::vec3 wanted(0.0f, 0.4f, 0.0f);
  const glm::vec3 point = NearestReachablePoint(wanted, hips, reach);
  for (std::size_t i = 0; i < hips.size(); ++i)
    EXPECT_LE(glm::length(point - hips[i]), reach[i] + 1e-4f) << i;
  EXPECT_LT(glm::length(point - wanted), 0.53f);
  // A point every hip already reaches is kept exactly.
  const glm::vec3 inside(0.0f, 0.8f, 0.4f);
  EXPECT_EQ(NearestReachablePoint(inside, hips, reach), inside);
}

TEST(FootPinningTest, APlantBeyondTheStraightLegsReachIsStillHeldStill) {
  // Half the true speed: the planted foot's mean world position over a contact lies far from
  // where the leg is at touchdown and lift-off; pinning there would leave the straight leg short
  // of it. The plant is moved within reach, so the locked foot does not move at all.
  PinningCase c(0.5f * fwt::WalkGait().speed_m_s);
  SampledPoses pinned = c.poses;
  ASSERT_TRUE(PinFeet(c.skeleton, pinned, c.root, c.Pins(), true, {}).ok());
  EXPECT_LT(c.LockedSpeedCm(pinned, "foot_l", c.left), 0.05f);
  EXPECT_LT(c.LockedSpeedCm(pinned, "foot_r", c.right), 0.05f);
}

TEST(FootPinningTest, MismatchedSizesAreAnError) {
  PinningCase c(1.0f);
  c.root.pop_back();
  SampledPoses pinned = c.poses;
  const Status status = PinFeet(c.skeleton, pinned, c.root, c.Pins(), true, {});
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.error().message.find("root transforms"), std::string::npos);
}

}  // namespace
}  // namespace footwork::cook
