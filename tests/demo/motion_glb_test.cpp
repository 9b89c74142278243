// footwork demo's outputs on the default character: motion.glb loads back in Footwork's importer
// with the skeleton's joint count and the scenario's length, and the cooked-character cache cooks
// only when its inputs changed. Skipped when the CC0 pack is not installed.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <optional>

#include "footwork/demo/character_cache.h"
#include "footwork/demo/motion_bake.h"
#include "footwork/demo/scenario_run.h"
#include "footwork/demo/trace_pose.h"
#include "footwork/io/asset_paths.h"
#include "footwork/io/gltf_export.h"
#include "footwork/io/import.h"
#include "support/test_paths.h"

namespace footwork::demo {
namespace {

// A short walk with a turn: root motion, a start and a stop in 2.5 s.
constexpr const char* kScenario = R"({
  "dt": 0.0166667, "duration_s": 2.5,
  "start": {"position": [0, 0, -15], "yaw_deg": 0},
  "events": [{"t": 0.2, "move": [0, 1]}, {"t": 1.4, "move": [1, 0]}, {"t": 2.0, "move": [0, 0]}]
})";

// Made once: ScratchDir empties the folder on every call.
const std::filesystem::path& RunDir() {
  static const std::filesystem::path dir = testing::ScratchDir("demo_motion_glb");
  return dir;
}

// Simulated once for the whole program (cooking the character takes a few seconds).
const ScenarioRun* ShortRun() {
  static std::optional<ScenarioRun> run = []() -> std::optional<ScenarioRun> {
    if (!io::FindAssetPacks())
      return std::nullopt;
    const auto& dir = RunDir();
    std::ofstream(dir / "walk.json") << kScenario;
    ScenarioRunInputs inputs;
    inputs.scenario = dir / "walk.json";
    inputs.cache_dir = dir / "cache";
    auto result = RunScenario(inputs);
    if (!result) {
      ADD_FAILURE() << result.error().message;
      return std::nullopt;
    }
    return std::move(*result);
  }();
  return run ? &*run : nullptr;
}

TEST(MotionGlbTest, LoadsBackWithJointCountAndScenarioLength) {
  const ScenarioRun* run = ShortRun();
  if (!run)
    GTEST_SKIP() << "quaternius-ual1 pack not found (set FOOTWORK_ASSETS)";
  MotionBakeOptions options;
  options.duration_s = run->scenario.duration_s;
  options.capsule_bottom_offset_m = run->capsule_bottom_offset_m;
  auto scene = BakeMotion(run->frames, run->library, options);
  ASSERT_TRUE(scene.ok()) << scene.error().message;
  const auto path = testing::ScratchDir("demo_motion_glb_export") / "motion.glb";
  ASSERT_TRUE(io::ExportGltf(*scene, path).ok());

  auto loaded = io::ImportScene(path);
  ASSERT_TRUE(loaded.ok()) << loaded.error().message;
  EXPECT_EQ(loaded->skeleton.num_joints(), run->library.skeleton.num_joints());
  ASSERT_EQ(loaded->clips.size(), 1u);
  EXPECT_NEAR(loaded->clips[0].duration_s, 2.5f, 1e-4f);
  EXPECT_FALSE(loaded->meshes.empty());
}

TEST(MotionGlbTest, RootTrackFollowsTheCharacterThroughTheWorld) {
  const ScenarioRun* run = ShortRun();
  if (!run)
    GTEST_SKIP() << "quaternius-ual1 pack not found (set FOOTWORK_ASSETS)";
  MotionBakeOptions options;
  options.capsule_bottom_offset_m = run->capsule_bottom_offset_m;
  auto scene = BakeMotion(run->frames, run->library, options);
  ASSERT_TRUE(scene.ok()) << scene.error().message;
  // The root joint's key at the end sits where the last frame's pose puts it in the world.
  const auto& last = run->frames.back();
  auto pose = PoseOfFrame(last, run->library.skeleton, run->capsule_bottom_offset_m);
  ASSERT_TRUE(pose.ok());
  const glm::vec3 root_world = pose->world.TransformPoint(pose->model[0].translation);
  const auto& root = scene->clips[0].tracks[0].translation;
  ASSERT_FALSE(root.empty()) << "the root moved, so it needs a translation channel";
  EXPECT_LT(glm::length(root.values.back() - root_world), 1e-4f);
  // The character walked more than a metre from the start.
  EXPECT_GT(glm::length(root.values.back() - root.values.front()), 1.0f);
}

TEST(MotionGlbTest, EmptyTraceIsAnError) {
  io::CookedLibrary library;
  auto scene = BakeMotion({}, library, {});
  ASSERT_FALSE(scene.ok());
  EXPECT_NE(scene.error().message.find("no frames"), std::string::npos);
}

TEST(CharacterCacheTest, CooksOnceThenReadsAndCooksAgainWhenTheStampChanges) {
  if (!io::FindAssetPacks() || !ShortRun())
    GTEST_SKIP() << "quaternius-ual1 pack not found (set FOOTWORK_ASSETS)";
  // ShortRun cooked into its cache; a second load reads it.
  const auto cache = RunDir() / "cache";
  auto again = LoadOrCookCharacter(DefaultCharacter(), cache);
  ASSERT_TRUE(again.ok()) << again.error().message;
  EXPECT_FALSE(again->cooked);
  EXPECT_EQ(again->library.skeleton.num_joints(), ShortRun()->library.skeleton.num_joints());
  // A stale stamp (inputs changed since the cook) cooks again and rewrites the stamp.
  std::ofstream(cache / "quaternius_ual1.fwcl.stamp") << "0";
  auto stale = LoadOrCookCharacter(DefaultCharacter(), cache);
  ASSERT_TRUE(stale.ok()) << stale.error().message;
  EXPECT_TRUE(stale->cooked);
  auto fresh = LoadOrCookCharacter(DefaultCharacter(), cache);
  ASSERT_TRUE(fresh.ok());
  EXPECT_FALSE(fresh->cooked);
}

}  // namespace
}  // namespace footwork::demo
