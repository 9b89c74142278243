#include "footwork/core/spring.h"

#include <gtest/gtest.h>

namespace footwork {
namespace {

TEST(SpringTest, DamperHalvesDistanceEveryHalfLife) {
  EXPECT_NEAR(DamperExact(0.0f, 1.0f, 0.2f, 0.2f), 0.5f, 1e-6f);
  EXPECT_NEAR(DamperExact(0.0f, 1.0f, 0.2f, 0.4f), 0.75f, 1e-6f);
  EXPECT_EQ(DamperExact(0.3f, 1.0f, 0.0f, 0.1f), 1.0f);  // zero half-life snaps
  EXPECT_EQ(DamperExact(0.3f, 1.0f, 0.2f, 0.0f), 0.3f);  // zero dt stays
}

TEST(SpringTest, DamperIsFrameRateIndependent) {
  float fine = 0.0f;
  for (int i = 0; i < 120; ++i) fine = DamperExact(fine, 2.0f, 0.1f, 1.0f / 120.0f);
  float coarse = 0.0f;
  for (int i = 0; i < 10; ++i) coarse = DamperExact(coarse, 2.0f, 0.1f, 0.1f);
  EXPECT_NEAR(fine, coarse, 1e-5f);
}

TEST(SpringTest, CriticalSpringIsFrameRateIndependentAndConverges) {
  SpringState fine{0.0f, 3.0f};
  for (int i = 0; i < 600; ++i) CriticalSpringDamperExact(fine, 1.0f, 0.15f, 1.0f / 600.0f);
  SpringState coarse{0.0f, 3.0f};
  for (int i = 0; i < 4; ++i) CriticalSpringDamperExact(coarse, 1.0f, 0.15f, 0.25f);
  EXPECT_NEAR(fine.x, coarse.x, 1e-4f);
  EXPECT_NEAR(fine.v, coarse.v, 1e-4f);

  SpringState settled{5.0f, -2.0f};
  CriticalSpringDamperExact(settled, 1.0f, 0.1f, 5.0f);
  EXPECT_NEAR(settled.x, 1.0f, 1e-5f);
  EXPECT_NEAR(settled.v, 0.0f, 1e-5f);
}

TEST(SpringTest, CriticalSpringDoesNotOvershootFromRest) {
  SpringState state{0.0f, 0.0f};
  for (int i = 0; i < 200; ++i) {
    CriticalSpringDamperExact(state, 1.0f, 0.1f, 1.0f / 60.0f);
    ASSERT_LE(state.x, 1.0f + 1e-6f);
  }
}

TEST(SpringTest, DecaySpringKeepsInitialVelocityContinuous) {
  // Inertialization relies on the offset's velocity being continuous at the switch.
  SpringState3 offset{{1.0f, 0.0f, 0.0f}, {2.0f, 0.0f, 0.0f}};
  SpringState3 stepped = offset;
  const float dt = 1e-4f;
  DecaySpringDamperExact(stepped, 0.2f, dt);
  const float velocity_estimate = (stepped.x.x - offset.x.x) / dt;
  EXPECT_NEAR(velocity_estimate, 2.0f, 0.02f);
}

}  // namespace
}  // namespace footwork
