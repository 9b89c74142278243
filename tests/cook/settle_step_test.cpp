// A synthesized stop's settle step (cook/settle_step.h) on the procedural humanoid's walk: the
// body settles over the last foot down, which stays where it landed, and the other foot steps.
#include "footwork/cook/settle_step.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "cook/cook_test_character.h"
#include "footwork/cook/sample_motion.h"
#include "footwork/cook/transitions.h"
#include "support/procedural_humanoid.h"

namespace footwork::cook {
namespace {

namespace fwt = footwork::testing;

constexpr float kRate = 60.0f;

class SettleStepTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const CookedCharacter& character = testing::CookedHumanoid();
    ASSERT_GE(testing::ClipIndex(character, "walk"), 0);
    skeleton_ = character.skeleton;
    walk_ = character.clips[testing::ClipIndex(character, "walk")];
    idle_ = character.clips[testing::ClipIndex(character, "idle")];
    binding_ = *anim::Bind(fwt::HumanoidRigProfile(), skeleton_);
    Result<anim::Clip> resting = SynthesizeStop(skeleton_, walk_, idle_, 0.0f, transition_,
                                                "walk_stop_l", kRate, StopIdleBlend::kAfterRest);
    ASSERT_TRUE(resting.ok()) << resting.error().message;
    resting_ = *resting;
    step_.stepping_side = 0;
    step_.begin_s = transition_.stop_cycles * walk_.duration_s;
    step_.end_s = step_.begin_s + transition_.idle_blend_s;
  }

  SampledMotion Motion(const anim::Clip& clip) const {
    Result<SampledMotion> motion = SampleMotion(skeleton_, clip, binding_, kRate);
    EXPECT_TRUE(motion.ok()) << motion.error().message;
    return motion.ok() ? *motion : SampledMotion{};
  }
  static glm::vec3 WorldAnkle(const SampledMotion& motion, const FootTrajectory& foot, int f) {
    return motion.root[f].TransformPoint(foot.ankle[f]);
  }
  static float Horizontal(const glm::vec3& a, const glm::vec3& b) {
    return glm::length(glm::vec2(a.x - b.x, a.z - b.z));
  }

  anim::Skeleton skeleton_;
  anim::Clip walk_;
  anim::Clip idle_;
  anim::RigBinding binding_;
  TransitionDescription transition_;
  anim::Clip resting_;
  SettleStep step_;
};

TEST_F(SettleStepTest, TheLastFootDownStaysWhereItLandedAndTheBodySettlesOverIt) {
  Result<anim::Clip> settled = AddSettleStep(skeleton_, binding_, resting_, step_, kRate);
  ASSERT_TRUE(settled.ok()) << settled.error().message;
  EXPECT_NEAR(settled->duration_s, resting_.duration_s, 1e-4f);
  const SampledMotion before = Motion(resting_);
  const SampledMotion after = Motion(*settled);
  ASSERT_EQ(after.frames(), before.frames());
  const int begin = static_cast<int>(std::lround(step_.begin_s * kRate));
  const int end = static_cast<int>(std::lround(step_.end_s * kRate));
  const int last = after.frames() - 1;
  // Without the step, blending into the idle drags the standing (right) foot half a stride.
  EXPECT_GT(
      Horizontal(WorldAnkle(before, before.right, last), WorldAnkle(before, before.right, begin)),
      0.05f);
  // With it, the settled idle stands that foot where it landed, and the body has moved over it.
  EXPECT_LT(Horizontal(WorldAnkle(after, after.right, last), WorldAnkle(after, after.right, begin)),
            0.005f);
  EXPECT_GT(Horizontal(after.root[last].translation, before.root[last].translation), 0.05f);
  // Nothing moves before the step, and the root is at rest after it.
  EXPECT_LT(Horizontal(after.root[begin].translation, before.root[begin].translation), 1e-4f);
  EXPECT_LT(Horizontal(after.root[last].translation, after.root[end].translation), 1e-4f);
}

TEST_F(SettleStepTest, TheSteppingFootRisesOnAHalfSine) {
  Result<anim::Clip> settled = AddSettleStep(skeleton_, binding_, resting_, step_, kRate);
  ASSERT_TRUE(settled.ok()) << settled.error().message;
  const SampledMotion before = Motion(resting_);
  const SampledMotion after = Motion(*settled);
  const int begin = static_cast<int>(std::lround(step_.begin_s * kRate));
  const int end = static_cast<int>(std::lround(step_.end_s * kRate));
  float highest = 0.0f;
  int highest_frame = begin;
  for (int f = begin; f <= end; ++f) {
    const float lift = after.left.ankle[f].y - before.left.ankle[f].y;
    if (lift > highest) {
      highest = lift;
      highest_frame = f;
    }
  }
  // 8% of the leg (about 7 cm on the humanoid's 0.9 m leg), mid-step; none at either end.
  EXPECT_GT(highest, 0.04f);
  EXPECT_LT(highest, 0.12f);
  EXPECT_NEAR(highest_frame, (begin + end) / 2, 2);
  EXPECT_NEAR(after.left.ankle[begin].y, before.left.ankle[begin].y, 1e-4f);
  EXPECT_NEAR(after.left.ankle[end].y, before.left.ankle[end].y, 1e-4f);
}

TEST_F(SettleStepTest, AStepOutsideTheClipOrOfNoLengthIsAnError) {
  SettleStep wrong_side = step_;
  wrong_side.stepping_side = 2;
  EXPECT_FALSE(AddSettleStep(skeleton_, binding_, resting_, wrong_side, kRate).ok());
  SettleStep empty = step_;
  empty.end_s = empty.begin_s;
  EXPECT_FALSE(AddSettleStep(skeleton_, binding_, resting_, empty, kRate).ok());
  SettleStep past_end = step_;
  past_end.end_s = resting_.duration_s + 0.5f;
  EXPECT_FALSE(AddSettleStep(skeleton_, binding_, resting_, past_end, kRate).ok());
  SettleStep not_a_number = step_;
  not_a_number.begin_s = std::numeric_limits<float>::quiet_NaN();
  EXPECT_FALSE(AddSettleStep(skeleton_, binding_, resting_, not_a_number, kRate).ok());
}

}  // namespace
}  // namespace footwork::cook
