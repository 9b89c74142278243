// Stride warping on the procedural humanoid's walk and run, whose planted feet move backward in
// model space at exactly the gait's speed: the warp must scale that motion by the ratio along the
// locomotion direction and leave it alone across it, keep both legs solvable, lower the pelvis
// only for a longer stride, and be the identity at ratio 1.
#include "footwork/ik/stride_warping.h"

#include <cmath>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "footwork/ik/ik_rig.h"
#include "support/pose_eval.h"
#include "support/procedural_humanoid.h"

namespace footwork::ik {
namespace {

namespace humanoid = ::footwork::testing;

using Pose = humanoid::SampledPose;

class StrideWarpingTest : public ::testing::Test {
 protected:
  void SetUp() override {
    skeleton_ = humanoid::HumanoidSkeleton();
    auto rig = BuildIkRig(skeleton_, humanoid::HumanoidRigProfile());
    ASSERT_TRUE(rig.ok()) << rig.error().message;
    rig_ = *rig;
    walk_ = humanoid::MakeCycleInPlace(humanoid::WalkGait());
    run_ = humanoid::MakeCycleInPlace(humanoid::RunGait());
    settings_.enabled = true;
    settings_.max_ratio = 1.5f;
    settings_.max_pelvis_drop_m = 0.2f;
    // The exact scaling tests: no easing near the legs' reach (tested on its own below).
    exact_ = settings_;
    exact_.reach_limit = 1.0f;
    exact_.reach_soft_band = 0.0f;
  }

  Pose At(const humanoid::HumanoidClip& clip, float time_s) const {
    return humanoid::SamplePose(skeleton_, clip.clip, time_s);
  }

  // The warped pose at time_s, or the animated one when the warp fails the test.
  Pose Warped(const humanoid::HumanoidClip& clip, float time_s, const glm::vec3& direction,
              float ratio, StrideWarpResult* result = nullptr, bool exact = true) const {
    Pose pose = At(clip, time_s);
    auto warped = ApplyStrideWarping(skeleton_, rig_, direction, ratio, exact ? exact_ : settings_,
                                     pose.local, pose.model);
    EXPECT_TRUE(warped.ok()) << warped.error().message;
    if (warped.ok() && result != nullptr)
      *result = *warped;
    return pose;
  }

  glm::vec3 Foot(const Pose& pose, Side side) const {
    return pose.model[rig_.legs[side].chain.end].translation;
  }

  // A stretch of time inside the first left-foot contact of `clip`.
  static std::pair<float, float> LeftPlant(const humanoid::HumanoidClip& clip) {
    const humanoid::ContactInterval& contact = clip.truth.contacts_left.front();
    const float margin = 0.1f * (contact.end_s - contact.begin_s);
    return {contact.begin_s + margin, contact.end_s - margin};
  }

  anim::Skeleton skeleton_;
  IkRig rig_;
  humanoid::HumanoidClip walk_;
  humanoid::HumanoidClip run_;
  StrideWarpingSettings settings_;
  StrideWarpingSettings exact_;
};

TEST_F(StrideWarpingTest, RatioOneLeavesThePoseBitIdentical) {
  for (float t = 0.0f; t < walk_.truth.duration_s; t += 0.1f) {
    const Pose animated = At(walk_, t);
    const Pose warped = Warped(walk_, t, {0, 0, 1}, 1.0f);
    for (std::size_t j = 0; j < animated.local.size(); ++j) {
      EXPECT_TRUE(humanoid::SameBits(warped.local[j], animated.local[j]))
          << "joint " << j << " t " << t;
      EXPECT_TRUE(humanoid::SameBits(warped.model[j], animated.model[j]))
          << "joint " << j << " t " << t;
    }
  }
}

TEST_F(StrideWarpingTest, RatioNearOneMovesTheFeetByLessThanAMicron) {
  const float near_one = std::nextafter(1.0f, 2.0f);
  for (float t = 0.0f; t < walk_.truth.duration_s; t += 0.1f) {
    const Pose animated = At(walk_, t);
    const Pose warped = Warped(walk_, t, {0, 0, 1}, near_one);
    for (const Side side : {kLeft, kRight})
      EXPECT_LT(glm::length(Foot(warped, side) - Foot(animated, side)), 1e-6f) << t;
  }
}

TEST_F(StrideWarpingTest, PlantedFootDisplacementScalesAlongTheDirectionOnly) {
  // The in-place walk's planted left foot slides backward (-Z) at the gait's speed in model space.
  const auto [begin, end] = LeftPlant(walk_);
  const glm::vec3 animated = Foot(At(walk_, end), kLeft) - Foot(At(walk_, begin), kLeft);
  ASSERT_LT(animated.z, -0.2f);
  for (const float ratio : {0.6f, 0.8f, 1.25f, 1.5f}) {
    const glm::vec3 warped = Foot(Warped(walk_, end, {0, 0, 1}, ratio), kLeft) -
                             Foot(Warped(walk_, begin, {0, 0, 1}, ratio), kLeft);
    EXPECT_NEAR(warped.z, ratio * animated.z, 1e-3f) << ratio;
    EXPECT_NEAR(warped.x, animated.x, 1e-3f) << ratio;
    // A planted foot stays on the ground: the warp does not lift or sink it.
    EXPECT_NEAR(warped.y, animated.y, 1e-3f) << ratio;
  }
}

TEST_F(StrideWarpingTest, ADiagonalDirectionScalesOnlyItsOwnComponent) {
  // Warping along a direction 30 degrees off forward: the foot's offset from its hip changes by
  // (ratio - 1) times its component along that direction, and not at all across it.
  const glm::vec3 direction = glm::normalize(glm::vec3(0.5f, 0.3f, 0.866f));  // vertical ignored
  const glm::vec3 along = glm::normalize(glm::vec3(direction.x, 0.0f, direction.z));
  const glm::vec3 across = glm::cross(glm::vec3(0, 1, 0), along);
  const float ratio = 1.4f;
  for (float t = 0.0f; t < walk_.truth.duration_s; t += 0.05f) {
    const Pose animated = At(walk_, t);
    StrideWarpResult result;
    const Pose warped = Warped(walk_, t, direction, ratio, &result);
    for (const Side side : {kLeft, kRight}) {
      const glm::vec3 hip = animated.model[rig_.legs[side].chain.upper].translation;
      const glm::vec3 before = Foot(animated, side) - hip;
      const glm::vec3 after = Foot(warped, side) - hip;
      EXPECT_NEAR(glm::dot(after, along), ratio * glm::dot(before, along), 1e-3f) << t;
      EXPECT_NEAR(glm::dot(after, across), glm::dot(before, across), 1e-3f) << t;
      EXPECT_NEAR(after.y, before.y, 1e-3f) << t;
    }
  }
}

TEST_F(StrideWarpingTest, LegsStaySolvableAcrossWholeCyclesAndBonesKeepTheirLengths) {
  for (const humanoid::HumanoidClip* clip : {&walk_, &run_}) {
    for (const float ratio : {0.5f, 0.75f, 1.25f, 1.5f}) {
      for (float t = 0.0f; t < clip->truth.duration_s; t += 1.0f / 60.0f) {
        const Pose animated = At(*clip, t);
        StrideWarpResult result;
        const Pose warped = Warped(*clip, t, {0, 0, 1}, ratio, &result);
        EXPECT_TRUE(result.reached) << clip->clip.name << " ratio " << ratio << " t " << t;
        for (const Side side : {kLeft, kRight}) {
          EXPECT_LT(glm::length(Foot(warped, side) - result.feet[side]), 1e-3f)
              << clip->clip.name << " ratio " << ratio << " t " << t;
          // The foot keeps its animated orientation.
          EXPECT_LT(humanoid::RotationAngle(warped.model[rig_.legs[side].chain.end].rotation,
                                            animated.model[rig_.legs[side].chain.end].rotation),
                    1e-3f);
        }
        for (std::size_t j = 0; j < warped.local.size(); ++j) {
          if (static_cast<int>(j) == rig_.pelvis)
            continue;
          EXPECT_LT(glm::length(warped.local[j].translation - animated.local[j].translation), 1e-5f)
              << "joint " << j;
        }
      }
    }
  }
}

TEST_F(StrideWarpingTest, ALegPushedAwayStopsShortOfItsReachLimit) {
  // The run's feet reach far behind and ahead; at ratio 1.5 the warp would straighten the legs.
  bool eased = false;
  for (float t = 0.0f; t < run_.truth.duration_s; t += 1.0f / 120.0f) {
    const Pose animated = At(run_, t);
    StrideWarpResult exact;
    (void)Warped(run_, t, {0, 0, 1}, 1.5f, &exact, /*exact=*/true);
    StrideWarpResult result;
    const Pose warped = Warped(run_, t, {0, 0, 1}, 1.5f, &result, /*exact=*/false);
    for (const Side side : {kLeft, kRight}) {
      const anim::TwoBoneIkChain& chain = rig_.legs[side].chain;
      const float length = glm::length(animated.model[chain.lower].translation -
                                       animated.model[chain.upper].translation) +
                           glm::length(animated.model[chain.end].translation -
                                       animated.model[chain.lower].translation);
      const float animated_reach = glm::length(animated.model[chain.end].translation -
                                               animated.model[chain.upper].translation);
      const float reach =
          glm::length(warped.model[chain.end].translation - warped.model[chain.upper].translation);
      EXPECT_LE(reach, std::max(settings_.reach_limit * length, animated_reach) + 1e-4f) << t;
      // Eased, never pulled behind the unwarped foot: the along offset still grows.
      const glm::vec3 hip = animated.model[chain.upper].translation;
      const float before = (Foot(animated, side) - hip).z;
      const float after = (result.feet[side] - hip).z;
      EXPECT_GE(std::abs(after), std::abs(before) - 1e-5f) << t;
      if (glm::length(result.feet[side] - exact.feet[side]) > 1e-3f)
        eased = true;
    }
  }
  EXPECT_TRUE(eased);
}

TEST_F(StrideWarpingTest, ThePelvisDropsOnlyForALongerStrideAndWithinItsLimit) {
  exact_.max_pelvis_drop_m = 0.05f;
  float deepest = 0.0f;
  for (float t = 0.0f; t < run_.truth.duration_s; t += 1.0f / 60.0f) {
    const float animated_pelvis = At(run_, t).model[rig_.pelvis].translation.y;
    StrideWarpResult shorter;
    const Pose short_pose = Warped(run_, t, {0, 0, 1}, 0.7f, &shorter);
    EXPECT_EQ(shorter.pelvis_drop_m, 0.0f) << t;
    EXPECT_FLOAT_EQ(short_pose.model[rig_.pelvis].translation.y, animated_pelvis);
    StrideWarpResult longer;
    const Pose long_pose = Warped(run_, t, {0, 0, 1}, 1.5f, &longer);
    EXPECT_GE(longer.pelvis_drop_m, 0.0f);
    EXPECT_LE(longer.pelvis_drop_m, exact_.max_pelvis_drop_m);
    EXPECT_NEAR(long_pose.model[rig_.pelvis].translation.y, animated_pelvis - longer.pelvis_drop_m,
                1e-5f);
    deepest = std::max(deepest, longer.pelvis_drop_m);
  }
  EXPECT_GT(deepest, 0.01f);
}

TEST_F(StrideWarpingTest, TargetRatioIsClampedAndNeutralForMeaninglessSpeeds) {
  EXPECT_FLOAT_EQ(StrideWarpTargetRatio(3.0f, 2.0f, settings_), 1.5f);
  EXPECT_FLOAT_EQ(StrideWarpTargetRatio(1.2f, 1.0f, settings_), 1.2f);
  EXPECT_FLOAT_EQ(StrideWarpTargetRatio(4.0f, 1.0f, settings_), settings_.max_ratio);
  EXPECT_FLOAT_EQ(StrideWarpTargetRatio(0.2f, 1.0f, settings_), settings_.min_ratio);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  for (const auto& [capsule, animation] :
       {std::pair{nan, 1.0f}, std::pair{1.0f, nan}, std::pair{inf, 1.0f}, std::pair{1.0f, 0.0f},
        std::pair{0.0f, 1.0f}, std::pair{0.0f, 0.0f}, std::pair{-2.0f, 1.0f}}) {
    EXPECT_EQ(StrideWarpTargetRatio(capsule, animation, settings_), 1.0f)
        << capsule << " / " << animation;
  }
  StrideWarpingSettings off = settings_;
  off.enabled = false;
  EXPECT_EQ(StrideWarpTargetRatio(3.0f, 2.0f, off), 1.0f);
}

TEST_F(StrideWarpingTest, RatioInterpolatesTowardItsTargetAndRejectsBadTimeSteps) {
  float ratio = 1.0f;
  float previous = ratio;
  for (int frame = 0; frame < 60; ++frame) {
    auto next = UpdateStrideWarpRatio(ratio, 1.5f, 1.0f / 60.0f, settings_);
    ASSERT_TRUE(next.ok()) << next.error().message;
    ratio = *next;
    EXPECT_GE(ratio, previous);
    EXPECT_LE(ratio, 1.5f);
    previous = ratio;
  }
  EXPECT_GT(ratio, 1.49f);
  // The first frame moves only part of the way (Interp Result: no leg snap on a warped start).
  auto first = UpdateStrideWarpRatio(1.0f, 1.5f, 1.0f / 60.0f, settings_);
  ASSERT_TRUE(first.ok());
  EXPECT_LT(*first, 1.2f);
  // A 10 s hitch lands on the target, never beyond it.
  auto hitch = UpdateStrideWarpRatio(1.0f, 1.5f, 10.0f, settings_);
  ASSERT_TRUE(hitch.ok());
  EXPECT_FLOAT_EQ(*hitch, 1.5f);
  // A target outside the range is clamped; a NaN state restarts from 1.
  auto clamped = UpdateStrideWarpRatio(1.0f, 7.0f, 10.0f, settings_);
  ASSERT_TRUE(clamped.ok());
  EXPECT_FLOAT_EQ(*clamped, settings_.max_ratio);
  auto restarted =
      UpdateStrideWarpRatio(std::numeric_limits<float>::quiet_NaN(), 1.0f, 0.1f, settings_);
  ASSERT_TRUE(restarted.ok());
  EXPECT_EQ(*restarted, 1.0f);
  for (const float dt : {0.0f, -0.1f, std::numeric_limits<float>::quiet_NaN(),
                         std::numeric_limits<float>::infinity()}) {
    auto bad = UpdateStrideWarpRatio(1.0f, 1.5f, dt, settings_);
    ASSERT_FALSE(bad.ok()) << dt;
    EXPECT_NE(bad.error().message.find("time step"), std::string::npos);
  }
}

TEST_F(StrideWarpingTest, BadInputIsAnErrorAndLeavesThePoseUntouched) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const Pose animated = At(walk_, 0.2f);
  const auto expect_error = [&](const glm::vec3& direction, float ratio, const char* needle) {
    Pose pose = animated;
    auto warped =
        ApplyStrideWarping(skeleton_, rig_, direction, ratio, settings_, pose.local, pose.model);
    ASSERT_FALSE(warped.ok()) << needle;
    EXPECT_NE(warped.error().message.find(needle), std::string::npos) << warped.error().message;
    for (std::size_t j = 0; j < pose.local.size(); ++j)
      EXPECT_TRUE(humanoid::SameBits(pose.local[j], animated.local[j]));
  };
  expect_error({0, 0, 1}, nan, "ratio");
  expect_error({0, 0, 1}, 0.0f, "ratio");
  expect_error({0, 0, 1}, -1.0f, "ratio");
  expect_error({nan, 0, 1}, 1.2f, "direction");
  // A direction with no horizontal part cannot say where the stride goes: nothing changes.
  Pose vertical = animated;
  auto warped = ApplyStrideWarping(skeleton_, rig_, {0, 1, 0}, 1.3f, settings_, vertical.local,
                                   vertical.model);
  ASSERT_TRUE(warped.ok());
  for (std::size_t j = 0; j < vertical.local.size(); ++j)
    EXPECT_TRUE(humanoid::SameBits(vertical.local[j], animated.local[j]));
  std::vector<Transform> short_local(animated.local.begin(), animated.local.end() - 1);
  std::vector<Transform> model = animated.model;
  auto mismatched =
      ApplyStrideWarping(skeleton_, rig_, {0, 0, 1}, 1.2f, settings_, short_local, model);
  ASSERT_FALSE(mismatched.ok());
  EXPECT_NE(mismatched.error().message.find("joints"), std::string::npos);
}

TEST_F(StrideWarpingTest, SettingsOutsideTheirRangesAreRejected) {
  EXPECT_TRUE(ValidateStrideWarpingSettings(settings_).ok());
  const auto rejects = [&](auto change) {
    StrideWarpingSettings bad = settings_;
    change(bad);
    return !ValidateStrideWarpingSettings(bad).ok();
  };
  EXPECT_TRUE(rejects([](StrideWarpingSettings& s) { s.min_ratio = 1.1f; }));
  EXPECT_TRUE(rejects([](StrideWarpingSettings& s) { s.min_ratio = 0.0f; }));
  EXPECT_TRUE(rejects([](StrideWarpingSettings& s) { s.max_ratio = 0.9f; }));
  EXPECT_TRUE(rejects([](StrideWarpingSettings& s) { s.interp_speed = -1.0f; }));
  EXPECT_TRUE(rejects([](StrideWarpingSettings& s) { s.pelvis_drop_fraction = 1.5f; }));
  EXPECT_TRUE(rejects([](StrideWarpingSettings& s) { s.max_pelvis_drop_m = -0.1f; }));
  EXPECT_TRUE(rejects([](StrideWarpingSettings& s) { s.max_leg_extension = 0.0f; }));
  EXPECT_TRUE(rejects(
      [](StrideWarpingSettings& s) { s.min_speed_m_s = std::numeric_limits<float>::quiet_NaN(); }));
}

}  // namespace
}  // namespace footwork::ik
