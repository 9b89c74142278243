// Issue 6's joint-jump bar (< 20 deg per 60 Hz frame) where foot placement used to snap a foot onto
// a step: walking up the stairs, the swinging foot crossing a step's edge rose 10 cm in one frame
// (21.8 deg shin). The look-ahead and the capped rise spread that over several frames.
#include <gtest/gtest.h>

#include "footwork/io/asset_paths.h"
#include "footwork/locomotion/scenario.h"
#include "footwork/locomotion/simulation_runner.h"
#include "footwork/locomotion/simulation_setup.h"
#include "footwork/sim/metrics.h"

#include "default_character.h"

namespace footwork::locomotion {
namespace {

TEST(IkJointJump, WalkingUpTheStairsNoLegJointJumpsTwentyDegreesInAFrame) {
  const auto library = testing::DefaultLibrary();
  if (!library)
    GTEST_SKIP() << "quaternius-ual1 pack not found (set FOOTWORK_ASSETS)";
  auto scenario = LoadScenario(io::ProjectAssets() / "scenarios" / "ik" / "stairs_walk.json");
  ASSERT_TRUE(scenario.ok()) << scenario.error().message;
  auto setup = LoadSimulationSetup(io::ProjectAssets() / "levels" / "default.json", library);
  ASSERT_TRUE(setup.ok()) << setup.error().message;
  SimulationOptions options = SimulationOptionsFor(*setup);
  auto frames = RunSimulation(*scenario, setup->assets, *setup->mover, options);
  ASSERT_TRUE(frames.ok()) << frames.error().message;
  auto metrics = sim::ComputeMetrics(*frames, sim::MetricBars::WithIk());
  ASSERT_TRUE(metrics.ok()) << metrics.error().message;
  ASSERT_TRUE(metrics->max_joint_jump.has_value());
  EXPECT_LT(metrics->max_joint_jump->degrees_per_60hz_frame, 20.0)
      << "joint " << metrics->max_joint_jump->joint << " at t=" << metrics->max_joint_jump->t;
  ASSERT_TRUE(metrics->foot_penetration_cm.has_value());
  EXPECT_LE(*metrics->foot_penetration_cm, 1.0);
}

}  // namespace
}  // namespace footwork::locomotion
