// Foot placement while the root goes down (running down stairs): the offsets are anchored in the
// world as the root moves, so a planted foot's target stays put. A swinging foot is not on the
// ground: anchored, it was held up while the root went down (its offset lagged by ~15 cm at
// 3 m/s), then fell back under the body within a few frames once the root stopped (showcase
// t 38.8, thigh.L 21 degrees a frame). It goes down with the root instead.
#include <vector>

#include <gtest/gtest.h>

#include "anim/anim_test_util.h"
#include "footwork/ik/character_ik.h"
#include "ik/ik_test_util.h"

namespace footwork::ik {
namespace {

using namespace footwork::anim::testing;  // NOLINT(google-build-using-namespace)
using testing::PlaneWorld;

constexpr float kDt = 1.0f / 60.0f;

anim::Clip RestClip(const anim::Skeleton& skeleton) {
  anim::Clip clip;
  clip.name = "idle";
  clip.duration_s = 1.0f;
  clip.tracks.resize(skeleton.rest_pose.size());
  return clip;
}

class CharacterIkDescentTest : public ::testing::Test {
 protected:
  void SetUp() override {
    skeleton_ = MakeHumanoid(/*odd_rest_orientations=*/true);
    idle_ = RestClip(skeleton_);
    auto assets = CharacterIkAssets::Create(skeleton_, MakeHumanoidProfile(), idle_, nullptr, {},
                                            CharacterIkSettings{});
    ASSERT_TRUE(assets.ok()) << assets.error().message;
    assets_ = *assets;
    // The right leg swung forward, its ankle 25 cm over the root (20 cm over standing height).
    std::vector<Transform> model = ToModel(skeleton_, skeleton_.rest_pose);
    model[kCalfR].translation = {-0.1f, 0.55f, 0.2f};
    model[kFootR].translation = {-0.1f, 0.25f, -0.15f};
    local_ = ToLocal(skeleton_, model);
    model_ = ToModel(skeleton_, local_);
  }

  // Right ankle height above the root after each frame of a root going down at `speed_m_s`
  // (ground and all: a lift), then standing still for as many frames.
  std::vector<float> SwingAnkleOverRoot(float speed_m_s, int frames) const {
    PlaneWorld world(0.0f);
    CharacterIk ik(assets_);
    CharacterIkInput input;
    input.enable_foot_ik = {1.0f, 1.0f};
    input.foot_lock = {1.0f, 0.0f};
    input.world = &world;
    std::vector<float> heights;
    float root_y = 0.0f;
    for (int frame = 0; frame < 2 * frames; ++frame) {
      if (frame < frames)
        root_y -= speed_m_s * kDt;
      world.SetOffset({0.0f, root_y, 0.0f});
      input.character_world.translation = {0.0f, root_y, 0.0f};
      EXPECT_TRUE(ik.Update(input, local_, model_, kDt).ok());
      heights.push_back(ik.feet()[kRight].ankle.y - root_y);
    }
    return heights;
  }

  anim::Skeleton skeleton_;
  anim::Clip idle_;
  std::shared_ptr<const CharacterIkAssets> assets_;
  std::vector<Transform> local_;
  std::vector<Transform> model_;
};

TEST_F(CharacterIkDescentTest, ASwingingFootGoesDownWithTheRoot) {
  const float animated = model_[kFootR].translation.y;
  ASSERT_NEAR(animated, 0.25f, 1e-4f);
  const std::vector<float> heights = SwingAnkleOverRoot(3.0f, 30);
  for (std::size_t frame = 0; frame < heights.size(); ++frame)
    EXPECT_NEAR(heights[frame], animated, 0.01f) << "frame " << frame;
}

}  // namespace
}  // namespace footwork::ik
