// Fall loop, heavy landing and its additive on the procedural humanoid's jump: the heavy landing
// sinks deeper with the feet where the light one puts them, and light + additive = heavy.
#include "footwork/cook/landings.h"

#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>

#include "footwork/anim/additive.h"
#include "footwork/cook/derived_pose.h"
#include "support/procedural_humanoid.h"

namespace footwork::cook {
namespace {

namespace fwt = footwork::testing;

class LandingsTest : public ::testing::Test {
 protected:
  anim::Skeleton skeleton_ = fwt::HumanoidSkeleton();
  anim::RigBinding binding_ = *anim::Bind(fwt::HumanoidRigProfile(), skeleton_);
  fwt::HumanoidClip jump_ = fwt::MakeJump();
};

TEST_F(LandingsTest, HeavyLandingSinksDeeperWithTheFeetInPlace) {
  Result<anim::Clip> heavy =
      SynthesizeHeavyLanding(skeleton_, binding_, jump_.clip, {}, "land_heavy", 60.0f);
  ASSERT_TRUE(heavy.ok()) << heavy.error().message;
  const int pelvis = binding_.Joint("pelvis");
  const int foot = binding_.Joint("foot_l");
  PosePair light_pose(skeleton_);
  PosePair heavy_pose(skeleton_);
  float light_low = 1e9f;
  float heavy_low = 1e9f;
  float worst_foot = 0.0f;
  for (float t = 0.0f; t <= jump_.clip.duration_s; t += 1.0f / 60.0f) {
    ASSERT_TRUE(light_pose.Sample(skeleton_, jump_.clip, t, anim::WrapMode::kClamp).ok());
    ASSERT_TRUE(heavy_pose.Sample(skeleton_, *heavy, t, anim::WrapMode::kClamp).ok());
    light_low = std::min(light_low, light_pose.model[pelvis].translation.y);
    heavy_low = std::min(heavy_low, heavy_pose.model[pelvis].translation.y);
    worst_foot = std::max(worst_foot, glm::length(light_pose.model[foot].translation -
                                                  heavy_pose.model[foot].translation));
  }
  const float standing = fwt::kPelvisHeight_m;
  EXPECT_LT(standing - heavy_low, 1.7f * (standing - light_low));
  EXPECT_GT(standing - heavy_low, 1.3f * (standing - light_low));
  EXPECT_LT(worst_foot, 0.002f);
}

TEST_F(LandingsTest, LightPlusAdditiveIsHeavy) {
  Result<anim::Clip> heavy =
      SynthesizeHeavyLanding(skeleton_, binding_, jump_.clip, {}, "land_heavy", 60.0f);
  ASSERT_TRUE(heavy.ok());
  Result<anim::Clip> additive =
      MakeAdditiveClip(skeleton_, *heavy, jump_.clip, "land_heavy_additive", 60.0f);
  ASSERT_TRUE(additive.ok()) << additive.error().message;
  PosePair light(skeleton_);
  PosePair expected(skeleton_);
  PosePair delta(skeleton_);
  // On a key (frame) time: between keys the delta and the poses interpolate differently.
  const float t = std::round((jump_.truth.landing_s + 0.1f) * 60.0f) / 60.0f;
  ASSERT_TRUE(light.Sample(skeleton_, jump_.clip, t, anim::WrapMode::kClamp).ok());
  ASSERT_TRUE(expected.Sample(skeleton_, *heavy, t, anim::WrapMode::kClamp).ok());
  ASSERT_TRUE(delta.Sample(skeleton_, *additive, t, anim::WrapMode::kClamp).ok());
  std::vector<Transform> out(light.local.size());
  anim::ApplyAdditiveJob job;
  job.space = anim::AdditiveSpace::kLocal;
  job.target = light.local;
  job.additive = delta.local;
  job.weight = 1.0f;
  job.output = out;
  ASSERT_TRUE(job.Run().ok());
  for (std::size_t j = 0; j < out.size(); ++j) {
    EXPECT_LT(glm::length(out[j].translation - expected.local[j].translation), 1e-4f) << j;
    EXPECT_LT(AngleBetween(out[j].rotation, expected.local[j].rotation), 1e-3f) << j;
  }
}

TEST_F(LandingsTest, FallLoopMovesOnlyTheLegs) {
  const fwt::HumanoidClip idle = fwt::MakeIdle();
  const LandingSettings settings;
  Result<anim::Clip> fall =
      SynthesizeFallLoop(skeleton_, binding_, idle.clip, jump_.clip, settings, "fall_loop", 60.0f);
  ASSERT_TRUE(fall.ok()) << fall.error().message;
  EXPECT_TRUE(fall->looping);
  PosePair loop(skeleton_);
  PosePair falling(skeleton_);
  PosePair touchdown(skeleton_);
  ASSERT_TRUE(loop.Sample(skeleton_, idle.clip, 0.5f, anim::WrapMode::kLoop).ok());
  ASSERT_TRUE(falling.Sample(skeleton_, *fall, 0.5f, anim::WrapMode::kLoop).ok());
  ASSERT_TRUE(touchdown.Sample(skeleton_, jump_.clip, 0.0f, anim::WrapMode::kClamp).ok());
  const int head = binding_.Joint("head");
  const int calf = binding_.Joint("calf_l");
  EXPECT_LT(AngleBetween(loop.local[head].rotation, falling.local[head].rotation), 1e-4f);
  const glm::quat reach =
      Nlerp(loop.local[calf].rotation, touchdown.local[calf].rotation, settings.fall_leg_reach);
  EXPECT_LT(AngleBetween(falling.local[calf].rotation, reach), 1e-3f);
}

}  // namespace
}  // namespace footwork::cook
