#include "footwork/cook/foot_pinning.h"

#include <gtest/gtest.h>

#include "cook/cook_test_pinning.h"
#include "footwork/cook/standing_feet.h"
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
  const int ankle = c.binding.Joint("foot_l");
  for (int f = 0; f < pinned.frames(); ++f) {
    const glm::vec3 before = c.ModelPose(c.poses, f)[ankle].translation;
    const glm::vec3 after = c.ModelPose(pinned, f)[ankle].translation;
    EXPECT_LT(glm::length(before - after), 0.002f) << f;
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

// The lowest sole point's height over the root's floor for one foot, per frame (m).
std::vector<float> LowestSoles(const PinningCase& c, const SampledPoses& poses,
                               const StandingFoot& standing, const char* foot_role) {
  const int foot = c.binding.Joint(foot_role);
  std::vector<float> heights;
  for (int f = 0; f < poses.frames(); ++f) {
    heights.push_back(LowestSoleHeight(standing, c.root[f] * c.ModelPose(poses, f)[foot]) -
                      c.root[f].translation.y);
  }
  return heights;
}

TEST(FootPinningTest, AGroundedFootIsPlantedOnTheFloorWhereTheSourceHoldsItAbove) {
  PinningCase c(fwt::WalkGait().speed_m_s);
  const Result<StandingFeet> standing =
      MeasureStandingFeet(c.skeleton, c.binding, fwt::MakeIdle().clip);
  ASSERT_TRUE(standing.ok()) << standing.error().message;
  // The whole body 3 cm up: every planted foot stands 3 cm over the floor.
  const int pelvis = c.binding.Joint("pelvis");
  const int parent = c.skeleton.parents[pelvis];
  for (int f = 0; f < c.poses.frames(); ++f) {
    const glm::quat up_frame =
        parent >= 0 ? c.ModelPose(c.poses, f)[parent].rotation : glm::quat(1, 0, 0, 0);
    c.poses.locals[static_cast<std::size_t>(f * c.poses.joints + pelvis)].translation +=
        glm::inverse(up_frame) * glm::vec3(0.0f, 0.03f, 0.0f);
  }
  std::vector<FootPin> pins = c.Pins();
  SampledPoses held = c.poses;
  ASSERT_TRUE(PinFeet(c.skeleton, held, c.root, pins, true, {}).ok());
  for (int side = 0; side < 2; ++side)
    pins[side].ground = (*standing)[side];
  SampledPoses grounded = c.poses;
  ASSERT_TRUE(PinFeet(c.skeleton, grounded, c.root, pins, true, {}).ok());

  for (int side = 0; side < 2; ++side) {
    const char* role = side == 0 ? "foot_l" : "foot_r";
    const FootPlants& plants = side == 0 ? c.left : c.right;
    const std::vector<float> before = LowestSoles(c, held, (*standing)[side], role);
    const std::vector<float> after = LowestSoles(c, grounded, (*standing)[side], role);
    float before_sum = 0.0f;
    float after_sum = 0.0f;
    int planted = 0;
    for (int f = 0; f < grounded.frames(); ++f) {
      // Never under the floor.
      EXPECT_GT(after[f], -0.002f) << role << " frame " << f;
      if (!plants.lock[f])
        continue;
      before_sum += before[f];
      after_sum += after[f];
      ++planted;
    }
    ASSERT_GT(planted, 0);
    EXPECT_GT(before_sum / static_cast<float>(planted), 0.025f) << role;
    EXPECT_LT(after_sum / static_cast<float>(planted), 0.005f) << role;
    // Still held still sideways and along.
    EXPECT_LT(c.LockedSpeedCm(grounded, role, plants), 0.05f) << role;
  }
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
