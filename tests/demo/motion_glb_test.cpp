// footwork demo's outputs on the default character: motion.glb loads back in Footwork's importer
// with the skeleton's joint count and the scenario's length, and the cooked-character cache cooks
// only when its inputs changed. Skipped when the CC0 pack is not installed.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>

#include "footwork/cook/cooker_version.h"
#include "footwork/core/angles.h"
#include "footwork/demo/character_cache.h"
#include "footwork/demo/motion_bake.h"
#include "footwork/demo/npc_puppet.h"
#include "footwork/demo/scenario_run.h"
#include "footwork/demo/trace_pose.h"
#include "footwork/io/asset_paths.h"
#include "footwork/io/gltf_export.h"
#include "footwork/io/import.h"
#include "footwork/locomotion/simulation_setup.h"
#include "footwork/sim/report.h"
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

// The default level loaded on a run's cooked library, as the demo loads it.
Result<locomotion::SimulationSetup> SetupOf(const ScenarioRun& run) {
  return locomotion::LoadSimulationSetup(DefaultLevel(),
                                         std::make_shared<const io::CookedLibrary>(run.library));
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

// The same inputs cooked by another build of the cooker (another cook::CookerVersion()) are
// cooked again: the old library may not be what this cooker makes.
TEST(CharacterCacheTest, ALibraryCookedByAnotherCookerVersionIsCookedAgain) {
  if (!io::FindAssetPacks() || !ShortRun())
    GTEST_SKIP() << "quaternius-ual1 pack not found (set FOOTWORK_ASSETS)";
  const auto cache = RunDir() / "cache";
  const auto stamp_path = cache / "quaternius_ual1.fwcl.stamp";
  const auto read_stamp = [&] {
    std::ifstream file(stamp_path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  };
  auto inputs = CharacterInputsFingerprint(DefaultCharacter(), *io::FindAssetPacks());
  ASSERT_TRUE(inputs.ok()) << inputs.error().message;
  ASSERT_TRUE(LoadOrCookCharacter(DefaultCharacter(), cache).ok());
  const std::string current = CacheStamp(*inputs, cook::CookerVersion());
  ASSERT_EQ(read_stamp(), current);

  const std::string other_cooker(cook::CookerVersion().size(), '0');
  ASSERT_NE(other_cooker, cook::CookerVersion());
  std::ofstream(stamp_path, std::ios::binary | std::ios::trunc)
      << CacheStamp(*inputs, other_cooker);
  auto recooked = LoadOrCookCharacter(DefaultCharacter(), cache);
  ASSERT_TRUE(recooked.ok()) << recooked.error().message;
  EXPECT_TRUE(recooked->cooked);
  EXPECT_EQ(read_stamp(), current);
  auto read = LoadOrCookCharacter(DefaultCharacter(), cache);
  ASSERT_TRUE(read.ok()) << read.error().message;
  EXPECT_FALSE(read->cooked);
}

}  // namespace
}  // namespace footwork::demo

namespace footwork::demo {
namespace {

// Yaw (radians, about +Y) of a world rotation's forward (+Z) axis.
float YawOf(const glm::quat& rotation) {
  const glm::vec3 forward = rotation * glm::vec3(0.0f, 0.0f, 1.0f);
  return std::atan2(forward.x, forward.z);
}

TEST(NpcPosesTest, LevelNpcStandsPutWhileItsHeadFollowsThePlayer) {
  const ScenarioRun* run = ShortRun();
  if (!run)
    GTEST_SKIP() << "quaternius-ual1 pack not found (set FOOTWORK_ASSETS)";
  const std::optional<world::NpcDesc> npc = LookingNpcOf(run->level);
  ASSERT_TRUE(npc) << "the default level has a looking NPC";
  ASSERT_EQ(run->npc_poses.size(), run->frames.size());
  const auto joints = static_cast<std::size_t>(run->library.skeleton.num_joints());
  const auto head_name = run->library.rig_profile.roles.find("head");
  ASSERT_NE(head_name, run->library.rig_profile.roles.end());
  const int head = run->library.skeleton.FindJoint(head_name->second);
  ASSERT_GE(head, 0);

  const FramePose& first = run->npc_poses.front();
  const FramePose& last = run->npc_poses.back();
  ASSERT_EQ(first.model.size(), joints);
  // The body stays where the level puts it, facing its yaw...
  for (const FramePose* pose : {&first, &last}) {
    EXPECT_NEAR(pose->world.translation.x, npc->position_m.x, 0.05f);
    EXPECT_NEAR(pose->world.translation.z, npc->position_m.z, 0.05f);
    EXPECT_NEAR(YawOf(pose->world.rotation), YawOf(QuatFromYaw(Radians(npc->yaw_deg))), 1e-3f);
  }
  // ...while the head turns toward the player, who walks past it (to its right, then away).
  const auto head_yaw = [head](const FramePose& pose) {
    return YawOf(pose.world.rotation * pose.model[static_cast<std::size_t>(head)].rotation);
  };
  const float turned = std::abs(NormalizedDeltaAngle(head_yaw(last), head_yaw(first)));
  EXPECT_GT(Degrees(turned), 10.0f);
}

// The drawn NPC runs the IK settings it is given: the demo's poses are the replay with the
// setup's (assets/ik/default.json, as the simulation measured them), and settings that allow no
// head turn give a head that stays with the idle animation.
TEST(NpcPosesTest, ReplayRunsTheGivenIkSettings) {
  const ScenarioRun* run = ShortRun();
  if (!run)
    GTEST_SKIP() << "quaternius-ual1 pack not found (set FOOTWORK_ASSETS)";
  auto setup = SetupOf(*run);
  ASSERT_TRUE(setup.ok()) << setup.error().message;
  const std::optional<world::NpcDesc> npc = LookingNpcOf(run->level);
  ASSERT_TRUE(npc);
  const int head = run->library.skeleton.FindJoint(run->library.rig_profile.roles.at("head"));
  ASSERT_GE(head, 0);
  const auto head_turn_deg = [head](const std::vector<FramePose>& poses) {
    const auto yaw = [head](const FramePose& pose) {
      return YawOf(pose.world.rotation * pose.model[static_cast<std::size_t>(head)].rotation);
    };
    return Degrees(std::abs(NormalizedDeltaAngle(yaw(poses.back()), yaw(poses.front()))));
  };

  auto shipped = ReplayNpc(run->frames, setup->assets, setup->ik_settings, *setup->mover, *npc,
                           run->capsule_bottom_offset_m);
  ASSERT_TRUE(shipped.ok()) << shipped.error().message;
  ASSERT_EQ(shipped->size(), run->npc_poses.size());
  const auto head_index = static_cast<std::size_t>(head);
  EXPECT_EQ(shipped->back().model[head_index].rotation,
            run->npc_poses.back().model[head_index].rotation);

  ik::CharacterIkSettings still = setup->ik_settings;
  still.look_clip.clear();  // procedural look-at, limited below
  still.look.max_yaw_rad = 0.0f;
  still.look.max_pitch_up_rad = 0.0f;
  still.look.max_pitch_down_rad = 0.0f;
  auto held = ReplayNpc(run->frames, setup->assets, still, *setup->mover, *npc,
                        run->capsule_bottom_offset_m);
  ASSERT_TRUE(held.ok()) << held.error().message;
  EXPECT_GT(head_turn_deg(*shipped), 10.0f);
  EXPECT_LT(head_turn_deg(*held), 2.0f);
}

}  // namespace
}  // namespace footwork::demo

namespace footwork::demo {
namespace {

// The viewer's chooser trace reads LocomotionCharacter::last_choice(): it names the table the
// state asked and the row whose clip is playing.
TEST(ChooserChoiceTest, LastChoiceNamesTheTableAndRowOfThePlayingClip) {
  const ScenarioRun* run = ShortRun();
  if (!run)
    GTEST_SKIP() << "quaternius-ual1 pack not found (set FOOTWORK_ASSETS)";
  auto setup = SetupOf(*run);
  ASSERT_TRUE(setup.ok()) << setup.error().message;
  locomotion::LocomotionCharacter character(setup->assets,
                                            setup->mover->Spawn({0.0f, 0.0f, -15.0f}), 0.0f);
  locomotion::LocomotionInput input;
  const auto step = [&](int frames) {
    for (int f = 0; f < frames; ++f)
      ASSERT_TRUE(character.Update(*setup->mover, input, 1.0f / 60.0f).ok());
  };
  step(1);
  ASSERT_EQ(character.state(), locomotion::LocomotionStateId::kIdle);
  EXPECT_EQ(character.last_choice().table, setup->assets->settings().idle_chooser.get());
  EXPECT_EQ(character.last_choice().clip, character.player().clip);

  input.move = {0.0f, 1.0f};
  step(12);
  ASSERT_EQ(character.state(), locomotion::LocomotionStateId::kStart);
  const locomotion::ChooserChoice& choice = character.last_choice();
  EXPECT_EQ(choice.table, setup->assets->settings().start_chooser.get());
  ASSERT_NE(choice.chosen_in, nullptr);
  EXPECT_EQ(choice.clip, character.player().clip);
  const std::string& playing =
      run->library.clips[static_cast<std::size_t>(character.player().clip)].name;
  const graph::ChooserOutput& answer =
      choice.row >= 0 ? choice.chosen_in->rows()[static_cast<std::size_t>(choice.row)].output
                      : *choice.chosen_in->fallback();
  EXPECT_EQ(answer.clip, playing);
}

}  // namespace
}  // namespace footwork::demo

namespace footwork::demo {
namespace {

// The demo's report lists every metric against its bar: issue 6's and issue 7's (the demo runs
// with IK), foot slide against both issues' bars.
TEST(DemoMetricsTest, ReportShowsTheBarsOfBothIssues) {
  const ScenarioRun* run = ShortRun();
  if (!run)
    GTEST_SKIP() << "quaternius-ual1 pack not found (set FOOTWORK_ASSETS)";
  std::map<std::string, int> barred;
  int slide_bars = 0;
  for (const sim::MetricCheck& check : run->metrics.checks) {
    if (check.bar)
      ++barred[check.source];
    if (check.name == "foot_slide_cm_s.mean" && check.bar)
      ++slide_bars;
  }
  EXPECT_GE(barred["issue 6"], 5);
  EXPECT_GE(barred["issue 7"], 4);
  EXPECT_EQ(slide_bars, 2);

  const auto html_path = RunDir() / "report.html";
  ASSERT_TRUE(sim::WriteReportHtml(html_path, run->frames, run->metrics, {}).ok());
  std::ifstream file(html_path);
  const std::string html((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  for (const sim::MetricCheck& check : run->metrics.checks)
    EXPECT_NE(html.find(check.name), std::string::npos) << check.name;
  EXPECT_NE(html.find("<td>issue 6</td>"), std::string::npos);
  EXPECT_NE(html.find("<td>issue 7</td>"), std::string::npos);
}

}  // namespace
}  // namespace footwork::demo
