// Overlay switches during a running fade on the default pack (issue 7): switching pistol ->
// torch half way through the pistol's fade, and a burst of switches, must not snap a joint.

#include <cstdio>

#include <gtest/gtest.h>

#include "default_character.h"
#include "footwork/io/asset_paths.h"
#include "footwork/locomotion/scenario.h"
#include "footwork/locomotion/simulation_runner.h"
#include "footwork/locomotion/simulation_setup.h"
#include "footwork/sim/metrics.h"

namespace footwork::locomotion {
namespace {

using testing::DefaultLibrary;

// The largest joint rotation change per 60 Hz frame over the scenario, with this overlay fade.
double MaxJointJumpDeg(float overlay_blend_s) {
  auto scenario = LoadScenario(io::ProjectAssets() / "scenarios" / "ik" / "overlay_mid_fade.json");
  if (!scenario.ok()) {
    ADD_FAILURE() << scenario.error().message;
    return -1.0;
  }
  auto setup =
      LoadSimulationSetup(io::ProjectAssets() / "levels" / "default.json", DefaultLibrary());
  if (!setup.ok()) {
    ADD_FAILURE() << setup.error().message;
    return -1.0;
  }
  SimulationOptions options = SimulationOptionsFor(*setup);
  options.ik_settings.overlay_blend_s = overlay_blend_s;
  auto frames = RunSimulation(*scenario, setup->assets, *setup->mover, options);
  if (!frames.ok()) {
    ADD_FAILURE() << frames.error().message;
    return -1.0;
  }
  auto metrics = sim::ComputeMetrics(*frames, sim::MetricBars::WithIk());
  if (!metrics.ok()) {
    ADD_FAILURE() << metrics.error().message;
    return -1.0;
  }
  if (!metrics->max_joint_jump) {
    ADD_FAILURE() << "no joint jump measured";
    return -1.0;
  }
  std::printf("[ik] overlay_mid_fade, fade %.2f s: max joint jump %.1f deg (joint %zu at %.2f s)\n",
              overlay_blend_s, metrics->max_joint_jump->degrees_per_60hz_frame,
              metrics->max_joint_jump->joint, metrics->max_joint_jump->t);
  return metrics->max_joint_jump->degrees_per_60hz_frame;
}

TEST(OverlayMidFade, SwitchingDuringAFadeDoesNotSnapAJoint) {
  if (!DefaultLibrary())
    GTEST_SKIP() << "quaternius-ual1 pack not found (set FOOTWORK_ASSETS)";
  // Control: without a fade every switch snaps, and the metric sees it.
  EXPECT_GT(MaxJointJumpDeg(0.0f), 20.0);
  const double faded = MaxJointJumpDeg(ik::CharacterIkSettings{}.overlay_blend_s);
  EXPECT_GE(faded, 0.0);
  EXPECT_LT(faded, 20.0);
}

}  // namespace
}  // namespace footwork::locomotion
