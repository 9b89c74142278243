// The default level's NPC: spawned from the level file by the run options that `footwork
// simulate` and `footwork demo` use, and its head follows the player.
#include <vector>

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

TEST(LevelNpc, TheDefaultLevelsWatcherIsSpawnedAndLooksAtThePlayer) {
  if (!DefaultLibrary())
    GTEST_SKIP() << "quaternius-ual1 pack not found (set FOOTWORK_ASSETS)";
  auto setup =
      LoadSimulationSetup(io::ProjectAssets() / "levels" / "default.json", DefaultLibrary());
  ASSERT_TRUE(setup) << setup.error().message;
  ASSERT_FALSE(setup->level.npcs.empty());

  std::vector<sim::LookSample> looks;
  const SimulationOptions options = SimulationOptionsFor(*setup, &looks);
  ASSERT_TRUE(options.npc_position.has_value());
  EXPECT_EQ(*options.npc_position, setup->level.npcs.front().position_m);

  auto scenario = LoadScenario(io::ProjectAssets() / "scenarios" / "ik" / "flat_walk_run.json");
  ASSERT_TRUE(scenario) << scenario.error().message;
  auto frames = RunSimulation(*scenario, setup->assets, *setup->mover, options);
  ASSERT_TRUE(frames) << frames.error().message;
  EXPECT_EQ(looks.size(), frames->size());
  const std::optional<sim::LookErrorStats> error = sim::ComputeLookErrorStats(looks);
  ASSERT_TRUE(error);
  EXPECT_GT(error->samples, frames->size() / 2);
  // The spring lags a walking-then-running player a little; on average the head is on target.
  EXPECT_LT(error->mean_deg, 15.0);
}

TEST(LevelNpc, ALevelWithoutALookingNpcSpawnsNone) {
  if (!DefaultLibrary())
    GTEST_SKIP() << "quaternius-ual1 pack not found (set FOOTWORK_ASSETS)";
  auto setup =
      LoadSimulationSetup(io::ProjectAssets() / "levels" / "default.json", DefaultLibrary());
  ASSERT_TRUE(setup) << setup.error().message;
  for (world::NpcDesc& npc : setup->level.npcs)
    npc.looks_at_player = false;
  EXPECT_FALSE(SimulationOptionsFor(*setup).npc_position.has_value());
}

}  // namespace
}  // namespace footwork::locomotion
