// A stop on the default level's moving platform: the predicted stop point rides the platform, so
// the character comes to rest where the stop clip said, measured in the platform's frame.
// Skipped when the CC0 pack is not installed.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>

#include "footwork/cook/character_description.h"
#include "footwork/cook/cook_character.h"
#include "footwork/io/asset_paths.h"
#include "footwork/locomotion/scenario.h"
#include "footwork/locomotion/simulation_runner.h"
#include "footwork/locomotion/simulation_setup.h"
#include "footwork/sim/metrics.h"

#include "default_character.h"

namespace footwork::locomotion {
namespace {

using testing::DefaultLibrary;

TEST(PlatformStopTest, StopOnTheMovingPlatformEndsAtTheCarriedStopPoint) {
  const auto library = DefaultLibrary();
  if (!library)
    GTEST_SKIP() << "quaternius-ual1 pack not found (set FOOTWORK_ASSETS)";
  auto setup = LoadSimulationSetup(io::ProjectAssets() / "levels" / "default.json", library);
  ASSERT_TRUE(setup.ok()) << setup.error().message;
  // The platform (3 x 3 m, top at y 0.3) starts centred on (-20, 5) and moves +Z at 1 m/s for
  // 10 s. Spawned on its -X side, the character walks +X across it and stops while it moves.
  auto scenario = ParseScenario(R"({"dt": 0.0166667, "duration_s": 4,
      "start": {"position": [-21.2, 0.3, 5.0], "yaw_deg": 90},
      "events": [{"t": 0.0, "camera_yaw_deg": 90, "gait": "walk"},
                 {"t": 0.5, "move": [0, 1]}, {"t": 1.2, "move": [0, 0]}]})",
                                "platform_stop.json");
  ASSERT_TRUE(scenario.ok()) << scenario.error().message;
  SimulationOptions options;
  world::BulletCollisionWorld* world = setup->world.get();
  options.advance_world = [world](double dt) { world->Advance(dt); };
  options.ik = false;  // issue 6 measures the locomotion pose, before IK
  auto frames = RunSimulation(*scenario, setup->assets, *setup->mover, options);
  ASSERT_TRUE(frames.ok()) << frames.error().message;
  auto metrics = sim::ComputeMetrics(*frames);
  ASSERT_TRUE(metrics.ok()) << metrics.error().message;

  // The platform carried the character during the stop (it did not walk off).
  ASSERT_EQ(metrics->stops.size(), 1u);
  const sim::StopResult& stop = metrics->stops.front();
  EXPECT_FALSE(stop.interrupted);
  EXPECT_GT(frames->back().position.z, 5.0f + 3.0f);
  EXPECT_GT(frames->back().position.y, 0.2f);
  // The stop point rode along: in world space it moved +Z with the platform (1 m/s) during the
  // stop, from where the stop began to where the metric compares it.
  const double stop_duration_s = stop.end_t - stop.begin_t;
  EXPECT_GT(stop_duration_s, 0.2);
  glm::vec3 began_point(0.0f);
  for (const sim::TraceFrame& frame : *frames) {
    for (const sim::TraceEvent& event : frame.events) {
      if (event.kind == sim::TraceEvent::Kind::kStopBegan)
        began_point = event.stop_point;
    }
  }
  EXPECT_NEAR(stop.stop_point.z - began_point.z, stop_duration_s, 0.05);
  EXPECT_NEAR(stop.stop_point.x, began_point.x, 1e-4);
  ASSERT_TRUE(stop.error_cm.has_value());
  EXPECT_LT(*stop.error_cm, 5.0);
}

}  // namespace
}  // namespace footwork::locomotion
