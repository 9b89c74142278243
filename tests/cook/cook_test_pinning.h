#pragma once
// A procedural gait cycle in place with its foot plants and a root moving along +Z at a chosen
// speed: the contact fixture shared by the foot pinning and pose cleanup tests. A root speed other
// than the gait's true one makes the planted feet slide in the world, which pinning must undo.

#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "footwork/anim/local_to_model.h"
#include "footwork/cook/clip_quality.h"
#include "footwork/cook/foot_pinning.h"
#include "footwork/cook/foot_plants.h"
#include "support/procedural_humanoid.h"

namespace footwork::cook::testing {

struct PinnedCycleCase {
  anim::Skeleton skeleton = footwork::testing::HumanoidSkeleton();
  anim::RigBinding binding = *anim::Bind(footwork::testing::HumanoidRigProfile(), skeleton);
  footwork::testing::HumanoidClip cycle;
  SampledPoses poses;
  SampledMotion motion;
  FootPlants left;
  FootPlants right;
  std::vector<Transform> root;

  // `gait` in place at 60 Hz, its plants detected with `contacts`, the root at root_speed_m_s.
  PinnedCycleCase(const footwork::testing::GaitSpec& gait, float root_speed_m_s,
                  const FootContactSettings& contacts)
      : cycle(footwork::testing::MakeCycleInPlace(gait)) {
    poses = *SamplePoses(skeleton, cycle.clip, 60.0f);
    motion = *SampleMotion(skeleton, cycle.clip, binding, 60.0f);
    left = *DetectFootPlants(motion.left, 60.0f, contacts);
    right = *DetectFootPlants(motion.right, 60.0f, contacts);
    for (int f = 0; f < motion.frames(); ++f) {
      Transform t = Transform::Identity();
      t.translation = {0.0f, 0.0f, root_speed_m_s * motion.TimeOf(f)};
      root.push_back(t);
    }
  }

  // Both legs (thigh, calf, foot, ball), each held where it is planted.
  std::vector<FootPin> Pins() const {
    std::vector<FootPin> pins;
    for (const auto& [side, plants] : {std::pair{"l", &left}, std::pair{"r", &right}}) {
      FootPin pin;
      pin.chain = {binding.Joint(std::string("thigh_") + side),
                   binding.Joint(std::string("calf_") + side),
                   binding.Joint(std::string("foot_") + side)};
      pin.ball = binding.Joint(std::string("ball_") + side);
      pin.planted = plants->lock;
      pins.push_back(pin);
    }
    return pins;
  }

  // Frame f of `p` in model space.
  std::vector<Transform> ModelPose(const SampledPoses& p, int f) const {
    std::vector<Transform> model(static_cast<std::size_t>(p.joints));
    anim::LocalToModelJob job{
        &skeleton, {p.Frame(f), static_cast<std::size_t>(p.joints)}, Transform::Identity(), model};
    EXPECT_TRUE(job.Run().ok());
    return model;
  }

  // Mean world speed (cm/s) of the joint `joint_role` (an ankle) over its planted frames.
  float LockedSpeedCm(const SampledPoses& p, const char* joint_role,
                      const FootPlants& plants) const {
    const int joint = binding.Joint(joint_role);
    std::vector<glm::vec3> ankle;
    std::vector<float> lock;
    for (int f = 0; f < p.frames(); ++f) {
      ankle.push_back(ModelPose(p, f)[joint].translation);
      lock.push_back(plants.lock[f] ? 1.0f : 0.0f);
    }
    return 100.0f * MeanLockedFootSpeed(root, ankle, lock, 60.0f);
  }
};

}  // namespace footwork::cook::testing
