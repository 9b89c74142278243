// FootPinsFromPlants: the legs the cooker pins, from the rig profile's roles and the feet's plants.
#include "footwork/cook/foot_pins.h"

#include <string>
#include <tuple>

#include <gtest/gtest.h>

#include "support/procedural_humanoid.h"

namespace footwork::cook {
namespace {

namespace fwt = footwork::testing;

struct PinsCase {
  anim::Skeleton skeleton = fwt::HumanoidSkeleton();
  anim::RigBinding binding = *anim::Bind(fwt::HumanoidRigProfile(), skeleton);
  FootPlants left;
  FootPlants right;

  PinsCase() {
    left.lock = {true, true, false, false};
    right.lock = {false, false, true, true};
    right.lock_on_ball = true;  // a toe-running foot: held on its ball
  }
};

TEST(FootPinsTest, EachLegIsItsChainHeldWhereItsFootPlants) {
  PinsCase c;
  Result<std::vector<FootPin>> pins = FootPinsFromPlants(c.skeleton, c.binding, c.left, c.right);
  ASSERT_TRUE(pins.ok()) << pins.error().message;
  ASSERT_EQ(pins->size(), 2u);
  for (const auto& [pin, side, plants] :
       {std::tuple{&(*pins)[0], "l", &c.left}, std::tuple{&(*pins)[1], "r", &c.right}}) {
    EXPECT_EQ(pin->chain.upper, c.binding.Joint(std::string("thigh_") + side));
    EXPECT_EQ(pin->chain.lower, c.binding.Joint(std::string("calf_") + side));
    EXPECT_EQ(pin->chain.end, c.binding.Joint(std::string("foot_") + side));
    EXPECT_EQ(pin->ball, c.binding.Joint(std::string("ball_") + side));
    EXPECT_GE(pin->ball, 0);
    EXPECT_EQ(pin->planted, plants->lock);
    EXPECT_EQ(pin->pin_ball, plants->lock_on_ball);
  }
}

TEST(FootPinsTest, AProfileWithoutLegsPinsNothing) {
  PinsCase c;
  c.binding.roles.erase("calf_r");
  Result<std::vector<FootPin>> pins = FootPinsFromPlants(c.skeleton, c.binding, c.left, c.right);
  ASSERT_TRUE(pins.ok()) << pins.error().message;
  EXPECT_TRUE(pins->empty());
}

TEST(FootPinsTest, LegJointsThatAreNotAChainAreAnErrorNamingTheProfile) {
  PinsCase c;
  c.binding.roles["calf_l"] = c.binding.Joint("calf_r");
  Result<std::vector<FootPin>> pins = FootPinsFromPlants(c.skeleton, c.binding, c.left, c.right);
  ASSERT_FALSE(pins.ok());
  EXPECT_NE(pins.error().message.find(c.binding.profile_name), std::string::npos)
      << pins.error().message;
  EXPECT_NE(pins.error().message.find("thigh_l"), std::string::npos) << pins.error().message;
}

}  // namespace
}  // namespace footwork::cook
