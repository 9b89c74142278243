#include "footwork/cook/cycle_speed.h"

#include <gtest/gtest.h>

#include "footwork/cook/sample_motion.h"
#include "support/procedural_humanoid.h"

namespace footwork::cook {
namespace {

namespace fwt = footwork::testing;

struct Measured {
  SampledMotion motion;
  FootPlants left;
  FootPlants right;
};

Measured Measure(const fwt::HumanoidClip& source) {
  const anim::Skeleton skeleton = fwt::HumanoidSkeleton();
  const anim::RigBinding binding = *anim::Bind(fwt::HumanoidRigProfile(), skeleton);
  Measured m;
  m.motion = *SampleMotion(skeleton, source.clip, binding, 60.0f);
  FootContactSettings contacts;
  contacts.height_tolerance_m = 0.02f;
  m.left = *DetectFootPlants(m.motion.left, 60.0f, contacts);
  m.right = *DetectFootPlants(m.motion.right, 60.0f, contacts);
  return m;
}

// The humanoid walk is animated against a ground moving at exactly 1.2 m/s with double support:
// both estimates recover it (its step is 0.54 m, its cadence 2 / 0.9 s).
TEST(CycleSpeedTest, WalkPlantedAndStepCadenceAgreeWithTheTruth) {
  const fwt::HumanoidClip walk = fwt::MakeCycleInPlace(fwt::WalkGait());
  const Measured m = Measure(walk);
  Result<CycleSpeed> speed = EstimateCycleSpeed(m.motion, m.left, m.right, true);
  ASSERT_TRUE(speed.ok()) << speed.error().message;
  const float truth = walk.truth.speed_m_s;
  EXPECT_NEAR(speed->planted_speed_m_s, truth, 0.01f * truth);
  EXPECT_NEAR(speed->cadence_hz, 2.0f / walk.truth.cycle_s, 1e-3f);
  EXPECT_NEAR(speed->step_length_m, truth * walk.truth.cycle_s * 0.5f, 0.01f);
  EXPECT_NEAR(speed->stride_speed_m_s, truth, 0.03f * truth);
  // Forward is +Z.
  const glm::vec3 velocity = speed->VelocityAt(2.0f);
  EXPECT_NEAR(velocity.z, 2.0f, 1e-3f);
  EXPECT_NEAR(velocity.x, 0.0f, 1e-3f);
}

// The run has flight phases: the planted foot still gives the exact speed, while the feet's
// separation misses the ground covered in flight, so step x cadence is lower.
TEST(CycleSpeedTest, RunPlantedIsExactAndStepCadenceMissesTheFlight) {
  const fwt::HumanoidClip run = fwt::MakeCycleInPlace(fwt::RunGait());
  const Measured m = Measure(run);
  Result<CycleSpeed> speed = EstimateCycleSpeed(m.motion, m.left, m.right, true);
  ASSERT_TRUE(speed.ok()) << speed.error().message;
  EXPECT_NEAR(speed->planted_speed_m_s, run.truth.speed_m_s, 0.01f * run.truth.speed_m_s);
  EXPECT_NEAR(speed->cadence_hz, 2.0f / run.truth.cycle_s, 1e-3f);
  EXPECT_LT(speed->stride_speed_m_s, 0.8f * run.truth.speed_m_s);
}

TEST(CycleSpeedTest, NoPlantedFootIsAnError) {
  const fwt::HumanoidClip walk = fwt::MakeCycleInPlace(fwt::WalkGait());
  Measured m = Measure(walk);
  for (FootPlants* plants : {&m.left, &m.right}) {
    std::fill(plants->ankle.begin(), plants->ankle.end(), false);
    std::fill(plants->ball.begin(), plants->ball.end(), false);
  }
  Result<CycleSpeed> speed = EstimateCycleSpeed(m.motion, m.left, m.right, true);
  ASSERT_FALSE(speed.ok());
  EXPECT_NE(speed.error().message.find("no foot is ever planted"), std::string::npos);
}

}  // namespace
}  // namespace footwork::cook
