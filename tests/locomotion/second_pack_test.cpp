// The second shipped pack (KayKit Knight, assets/characters/kaykit_knight.json) through the whole
// runtime, as `footwork simulate --character` runs it: the default level, locomotion and IK
// settings, shipped scenarios. Skipped when the pack is not installed.
//
// Asserted: the scenarios run (the default choosers find every clip they name), start, cycle and
// stop on the Knight's own clips, produce no NaN, and keep every foot out of the ground; and the
// scenarios the Knight passes with its own movement speeds (assets/movement/kaykit_knight.json)
// keep passing every bar, the showcase included.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "footwork/io/asset_paths.h"
#include "footwork/io/cooked_library.h"
#include "footwork/io/skin_joints.h"
#include "footwork/sim/metrics.h"

#include "default_character.h"

namespace footwork::locomotion {
namespace {

std::shared_ptr<const io::CookedLibrary> KnightLibrary() {
  static const std::shared_ptr<const io::CookedLibrary> library =
      testing::CookShippedCharacter("kaykit_knight.json", "kaykit-knight");
  return library;
}

class SecondPackTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!KnightLibrary())
      GTEST_SKIP() << "kaykit-knight pack not found (set FOOTWORK_ASSETS)";
  }

  struct Run {
    std::vector<sim::TraceFrame> frames;
    sim::Metrics metrics;
  };

  static Run Simulate(const std::string& relative_path,
                      const sim::MetricBars& bars = sim::MetricBars::WithIk()) {
    return Measured(testing::RunShippedScenario(relative_path, KnightLibrary()), bars);
  }

  // A shipped scenario run on the Knight from another start (a sweep's run).
  static Run SimulateFrom(const std::string& relative_path, const glm::vec3& start) {
    return Measured(testing::RunShippedScenarioFrom(relative_path, start, KnightLibrary()));
  }

  // Expects every bar the run measured to pass; `where` is added to a failure's message.
  static void ExpectEveryBar(const Run& run, const std::string& where = "") {
    for (const sim::MetricCheck& check : run.metrics.checks)
      EXPECT_TRUE(!check.measured() || check.passed()) << check.name << where;
  }

  static Run Measured(Result<std::vector<sim::TraceFrame>> frames,
                      const sim::MetricBars& bars = sim::MetricBars::WithIk()) {
    Run run;
    EXPECT_TRUE(frames.ok()) << frames.error().message;
    if (!frames.ok())
      return run;
    run.frames = std::move(*frames);
    // As `footwork simulate` measures: the Knight's rig controls (kneeIK, control-toe-roll, ...)
    // move no vertex, so their local rotations are not joint jumps.
    const io::CookedLibrary& library = *KnightLibrary();
    auto metrics = sim::ComputeMetrics(run.frames, bars,
                                       io::JointsThatMoveTheSkin(library.skeleton, library.meshes));
    EXPECT_TRUE(metrics.ok()) << metrics.error().message;
    if (metrics.ok())
      run.metrics = std::move(*metrics);
    return run;
  }

  // A foot planting on the default level's stairs (the ground under it between the floor and the
  // landing), in the order they come.
  struct StairPlant {
    double t = 0.0;
    const sim::FootSample* foot = nullptr;
  };
  static std::vector<StairPlant> StairPlants(const Run& run) {
    std::vector<StairPlant> plants;
    bool was_locked[2] = {true, true};
    for (const sim::TraceFrame& frame : run.frames) {
      int side = 0;
      for (const sim::FootSample* foot : {&frame.foot_left, &frame.foot_right}) {
        if (foot->locked && !was_locked[side] && foot->surface_height_m &&
            *foot->surface_height_m > 0.05f && *foot->surface_height_m < 1.15f)
          plants.push_back(StairPlant{frame.t, foot});
        was_locked[side++] = foot->locked;
      }
    }
    return plants;
  }
};

TEST_F(SecondPackTest, TheKnightStartsRunsAndStopsWithItsFeetOutOfTheGround) {
  const Run run = Simulate("locomotion/start_run_stop.json");
  ASSERT_FALSE(run.frames.empty());
  EXPECT_EQ(run.metrics.nan_frames, 0u);
  const testing::StateSequence sequence = testing::StateSequenceOf(run.frames);
  for (const std::string state : {"Start", "Cycle", "Stop"}) {
    EXPECT_NE(std::find(sequence.states.begin(), sequence.states.end(), state),
              sequence.states.end())
        << state;
  }
  ASSERT_TRUE(run.metrics.foot_penetration_cm.has_value());
  EXPECT_LE(*run.metrics.foot_penetration_cm, 1.0);
}

TEST_F(SecondPackTest, TheKnightWalksOverTheTerrainWithItsFeetOutOfTheGround) {
  const Run run = Simulate("ik/terrain_walk.json");
  ASSERT_FALSE(run.frames.empty());
  EXPECT_EQ(run.metrics.nan_frames, 0u);
  ASSERT_TRUE(run.metrics.foot_penetration_cm.has_value());
  EXPECT_LE(*run.metrics.foot_penetration_cm, 1.0);
  ASSERT_TRUE(run.metrics.foot_slide.has_value());
  EXPECT_GT(run.metrics.foot_slide->samples, 100u) << "the Knight's feet never planted";
}

// Every bar the metrics check (issue 6's joint jump, issue 7's slide, float and penetration) holds
// on these scenarios with the Knight's own speeds and IK settings. Fixed on the way:
// - the run up 10 degrees: its kick-back under the hip folded past the knee (53 deg in a frame)
//   until a swinging foot followed the pelvis, and its stop at the top stood 2.5 cm over the
//   ground until a planted foot was settled after its tilt to the slope, not before;
// - the walk stop, the 25-degree ramp, the terrain and the overlay fade slid 0.57-0.95 cm/s, and
//   the strafe starts floated 3.8 cm: a cycle taking over past a start's last marker began at 0,
//   out of step (graph::TimePastLastMarker), and the start's planted FootLock, blended, held the
//   cycle's lifting foot (graph::kCurveAtMostDestination);
// - the keyboard strafe: a held foot crept toward a rising hip (the pelvis now goes down to keep
//   it in reach), a run strafe start planted its foot at once while it still arrived (FootLock now
//   rises over a frame), and a start's lock dropping at once snapped the foot 7 cm (the lock now
//   lets go over lock.min_release_s).
TEST_F(SecondPackTest, TheKnightPassesEveryBarWalkingRunningAndOnStairsAndRamps) {
  const char* const scenarios[] = {
      "locomotion/start_run_stop.json",
      "locomotion/walk_stop.json",
      "locomotion/sprint.json",
      "locomotion/start_180.json",
      "start_180.json",
      "stop_run.json",
      "locomotion/jump.json",
      "turn_in_place_90.json",
      "locomotion/aim_turn_in_place.json",
      "locomotion/strafe_starts_stops.json",
      // Passes its joint-jump bar by 0.22 degrees (19.78, a knee as the Knight plants from a run
      // strafe's three-frame stance; 19.99 before its pelvis went down faster): a change that
      // moves it is worth a look, not a looser bar.
      "locomotion/strafe_keyboard.json",
      "ik/flat_walk_run.json",
      "ik/stairs_walk.json",
      // All the stairs up, one tread a step (assets/locomotion/kaykit_knight.json): with its walk's
      // 52 cm step it climbed two or three risers a step, and its knees turned 42 deg in a frame.
      "ik/stairs_climb.json",
      // All the stairs down: its feet planted astride the treads' edges (a heel lifted onto the
      // step behind, 14 cm in a frame) and its swinging leg folded shut under the pelvis lowered
      // for the other foot (knees 58 degrees a frame).
      "ik/stairs_descend.json",
      // Past the stairs beside their side edge: its capsule climbed their corners with its feet on
      // the floor below (falls of 40-56 cm measured as float, knees up to 180 degrees a frame).
      "ik/stairs_beside_edge.json",
      // Up the stairs with its right foot 2 cm outside their side edge, and a stop: the foot
      // stepped down to the floor beside them (29.9 deg) until foot_placement's
      // max_side_step_down_leg_share moved it onto the treads, and stopping with its ball over the
      // next riser it came down 15 cm to its tread 5 cm a frame (20.7 deg) until a swinging foot's
      // fall was capped (max_swing_foot_drop_speed_m_s; 18.9 deg).
      "ik/stairs_side_edge.json",
      // 5 cm further in, stopping with its right foot swinging over the next riser: the stop's
      // blend swung the shin back as the foot pitched to the higher tread (ankle 22.4 deg) until a
      // swinging ankle was held to legs.max_swing_ankle_speed_deg_s.
      "ik/stairs_side_stop_over_riser.json",
      // Its axis exactly on the side edge: the stop drew its swinging foot back off the next
      // riser as it planted, and its knee turned 23-25 degrees in a frame (the planting knee was
      // free of the swing limit) until legs.min_knee_swing_share held it too.
      "ik/stairs_side_axis_on_edge.json",
      "ik/stairs_walk_heel_on_edge.json",
      // Stopping half way down: its stop brought a foot back onto the step behind, held at the
      // edge below it until the plant took it up in one frame (58 degrees), until a landing foot
      // going back was no longer held there.
      "ik/stairs_descend_stop.json",
      // Running up: a run's step climbed three or four risers (thighs 25-82 degrees in a frame);
      // the Knight takes one tread a step on them (stairs.run_max_rise_per_step_m).
      "ik/stairs_run_up.json",
      "ik/stairs_walk_stop_ball_over_riser.json",
      "ik/stairs_walk_stop_short_of_riser.json",
      "ik/ramp10_run.json",
      // Stopped astride the ramp's side edge: without foot_placement.max_step_down_leg_share a
      // foot stepped 34 cm down beside it and stood 32 cm inside the ramp (a 40-degree jump).
      "ik/ramp10_edge_stop.json",
      "ik/ramp25_walk.json",
      "ik/terrain_walk.json",
      // The default pack's overlays, played as the Knight's own (assets/ik/kaykit_knight.json).
      "ik/overlay_look.json",
      "ik/overlay_mid_fade.json",
      // The showcase's full-speed reversal in open ground: the turn on the spot, played at the
      // rate cap (2) under a capsule already running off the new way, turned a thigh 22.3 degrees
      // in a frame until the pivot held the capsule (turn.pivot_holds_capsule, cap 1.5).
      "locomotion/run_pivot.json",
      // Standing in the moving platform's lane: it walks backward ahead of the platform
      // (give_way); pushed, its planted feet slid 12 cm/s on average.
      "locomotion/give_way_platform.json",
  };
  for (const char* scenario : scenarios) {
    const Run run = Simulate(scenario);
    ASSERT_FALSE(run.frames.empty()) << scenario;
    EXPECT_EQ(run.metrics.nan_frames, 0u) << scenario;
    ASSERT_FALSE(run.metrics.checks.empty()) << scenario;
    for (const sim::MetricCheck& check : run.metrics.checks) {
      if (check.measured()) {
        EXPECT_TRUE(check.passed()) << scenario << ": " << check.name << " = " << *check.value
                                    << ", bar " << check.comparison << " " << *check.bar;
      }
    }
  }
}

// The showcase, timed for the default character, takes the Knight up the stairs along their side
// edge (its capsule's axis 3 cm off them), stops it there and starts it back down with a 180 turn.
// It is held to every bar. It missed its joint-jump bar at its sprint pivot (22.3 deg, as in
// locomotion/run_pivot) until the pivot held its capsule; holding it made the reversal longer and
// put the Knight's later stop in the moving platform's lane, where the platform pushed it and
// dragged its feet (12.2 cm/s mean slide) until it gave way (give_way). Its planted feet floated
// 8.9 cm (left-turning starts planted on the outside foot), 3.5 cm (an idle after a wide strafe
// stop) and 2.3 cm (its sprint pivot at the rate cap), slid 0.94 cm/s on average, and on the edge
// went 10.4 cm into the stairs (its right foot walked on the floor beside them and the pelvis went
// 39 cm down for it), all fixed since.
TEST_F(SecondPackTest, TheKnightsShowcaseMeetsEveryBar) {
  const Run run = Simulate("showcase.json");
  ASSERT_FALSE(run.frames.empty());
  EXPECT_EQ(run.metrics.nan_frames, 0u);
  std::size_t checked = 0;
  for (const sim::MetricCheck& check : run.metrics.checks) {
    if (!check.measured())
      continue;
    ++checked;
    EXPECT_TRUE(check.passed()) << check.name << " = " << *check.value << ", bar "
                                << check.comparison << " " << *check.bar;
  }
  EXPECT_GE(checked, 8u);
  // Stopped beside the stairs (t 36.5-37.4). Its capsule walked up their first steps' corners
  // with its axis 3 cm beside them, and stopped there with one foot on the floor 30 cm below (the
  // foot was moved onto the stairs, the pelvis lowered 17 cm for the reach across); the mover now
  // slides a walking capsule off such a perch (movement floor.perch_slide_*), and it stops on the
  // floor with both feet, the pelvis where the animation has it.
  std::size_t idle_frames = 0;
  for (const sim::TraceFrame& frame : run.frames) {
    if (frame.t < 36.5 || frame.t > 37.4)
      continue;
    ++idle_frames;
    EXPECT_LT(frame.position.y, 0.91f) << frame.t;
    for (const sim::FootSample* foot : {&frame.foot_left, &frame.foot_right}) {
      ASSERT_TRUE(foot->surface_height_m.has_value()) << frame.t;
      EXPECT_LT(*foot->surface_height_m, 0.05f) << frame.t;
    }
    EXPECT_GT(frame.pelvis_offset_m, -0.03f) << frame.t;
  }
  EXPECT_GT(idle_frames, 40u);
  // Its 180 start from there (t 37.5-38.5). Started off the stairs' edge, the held foot's twin
  // swung over the step below pulled the pelvis 2.4 cm down in a frame (26 deg at the knee); the
  // pelvis follows the ground where the foot is held (24.5 deg).
  std::vector<sim::TraceFrame> start;
  for (const sim::TraceFrame& frame : run.frames) {
    if (frame.t >= 37.45 && frame.t <= 38.5)
      start.push_back(frame);
  }
  const io::CookedLibrary& library = *KnightLibrary();
  auto metrics = sim::ComputeMetrics(start, sim::MetricBars::WithIk(),
                                     io::JointsThatMoveTheSkin(library.skeleton, library.meshes));
  ASSERT_TRUE(metrics.ok()) << metrics.error().message;
  ASSERT_TRUE(metrics->max_joint_jump.has_value());
  EXPECT_LT(metrics->max_joint_jump->degrees_per_60hz_frame, 25.0);
}

// Walking up all the stairs (ik/stairs_climb.json) the Knight takes about one tread a step and
// ends on the landing. Its walk's 52 cm step on the 30 cm treads landed its feet on 4 of the 8
// steps (two or three risers a step for 36 cm legs); the stair stride (locomotion stairs
// settings) slows it and shortens the steps. Measured under the ball of the animated twin, whose
// ball had crossed over the next riser, a held foot was stood on that step, 14.7 cm up; its stride
// landed feet across risers until they were moved onto one tread
// (foot_placement.max_riser_clear_shift_m).
TEST_F(SecondPackTest, TheKnightClimbsTheStairsATreadAStepWithItsFeetOnTheTreads) {
  const Run run = Simulate("ik/stairs_climb.json");
  ASSERT_FALSE(run.frames.empty());
  EXPECT_GT(run.frames.back().position.y, 2.0f);  // on the landing
  const std::vector<StairPlant> plants = StairPlants(run);
  EXPECT_GE(plants.size(), 6u);
  // No step climbs more than two risers.
  for (std::size_t i = 1; i < plants.size(); ++i) {
    EXPECT_LT(*plants[i].foot->surface_height_m - *plants[i - 1].foot->surface_height_m, 0.31f)
        << i;
  }
}

// Walking down all the stairs (ik/stairs_descend.json) the Knight takes about one tread a step,
// each foot planted on one tread (its ankle had landed 1-3 mm past a tread's edge, the heel over
// the step behind, and was lifted onto that step 14 cm in a frame), and ends on the floor.
TEST_F(SecondPackTest, TheKnightWalksDownTheStairsATreadAStepWithEachFootOnOneTread) {
  const Run run = Simulate("ik/stairs_descend.json");
  ASSERT_FALSE(run.frames.empty());
  EXPECT_LT(run.frames.back().position.y, 0.95f);  // on the floor
  const std::vector<StairPlant> plants = StairPlants(run);
  EXPECT_GE(plants.size(), 6u);
  for (const StairPlant& plant : plants) {
    // Heel and ball over the same tread.
    ASSERT_TRUE(plant.foot->toe_surface_height_m.has_value());
    EXPECT_NEAR(*plant.foot->toe_surface_height_m, *plant.foot->surface_height_m, 0.05f)
        << "t " << plant.t;
  }
  for (std::size_t i = 1; i < plants.size(); ++i) {
    const float drop = *plants[i].foot->surface_height_m - *plants[i - 1].foot->surface_height_m;
    EXPECT_GT(drop, -0.31f) << i;  // two risers at most
    EXPECT_LT(drop, 0.01f) << i;   // never back up
  }
}

// The Knight's first walking steps out of the idle reach far: with the pelvis lowered at most
// 3 cm (foot_lock.max_pelvis_reach_drop_m), its held feet were drawn toward the hips and slid
// 0.22 cm/s on average over the whole walk; lowered up to 8 cm (4 cm used) they stay put.
// Up the stairs along their side edge (ik/stairs_side_edge.json), the right foot 2 cm outside it.
// With the Knight's foot_placement.max_side_step_down_leg_share that foot is moved sideways onto
// the treads from the first step up (15 cm, over 35% of its leg): before, it stepped down to the
// floor, the pelvis went 30 cm down for it, the other leg folded and its toe went 3.9 cm into a
// riser, and the foot was lifted onto the tread 10.6 cm in one frame (29.9 degrees; 19.5 cm and
// 62.9 degrees before a swinging foot waited at the edge to rise). It stops with both feet on the
// same tread. The scenario still misses the joint-jump bar by 0.7 degrees (see README).
TEST_F(SecondPackTest, TheKnightsFootBesideTheStairsIsMovedOntoThemAndNotLiftedOntoThemInAFrame) {
  const Run run = Simulate("ik/stairs_side_edge.json");
  ASSERT_GT(run.frames.size(), 1u);
  float highest_rise = 0.0f;
  for (std::size_t k = 1; k < run.frames.size(); ++k) {
    highest_rise = std::max(
        {highest_rise, run.frames[k].foot_left.position.y - run.frames[k - 1].foot_left.position.y,
         run.frames[k].foot_right.position.y - run.frames[k - 1].foot_right.position.y});
  }
  EXPECT_LT(highest_rise, 0.06f);
  ASSERT_TRUE(run.metrics.foot_penetration_cm.has_value());
  EXPECT_LE(*run.metrics.foot_penetration_cm, 1.0);
  const auto& last = run.frames.back();
  EXPECT_GT(last.foot_right.position.x, 10.5f);  // on the stairs, not beside them
  EXPECT_NEAR(last.foot_left.position.y, last.foot_right.position.y, 0.03f);
  EXPECT_GT(last.foot_right.position.y, 0.3f);
}

TEST_F(SecondPackTest, TheKnightsHeldFeetStayPutThroughItsFirstWalkingSteps) {
  for (const char* scenario : {"ik/flat_walk_run.json", "locomotion/walk_stop.json"}) {
    const Run run = Simulate(scenario);
    ASSERT_TRUE(run.metrics.foot_slide.has_value()) << scenario;
    EXPECT_LT(run.metrics.foot_slide->mean_cm_s, 0.1) << scenario;
  }
}

// The pelvis keeps a held foot within the reach the clip gives its leg
// (foot_lock.animated_reach_drop_speed_m_s): held behind the hip and lower than the clip's foot,
// the Knight's leg stood straighter than the clip's and its held feet slid 0.107 cm/s on average
// in the keyboard strafe (0.024 in the flat walk), and its keyboard strafe's knee caught up 19.63
// degrees in a frame. With it 0.008 and 0.005 cm/s, 18.29 degrees.
TEST_F(SecondPackTest, TheKnightsHeldFeetStayWithinTheReachItsClipGivesItsLegs) {
  for (const char* scenario : {"locomotion/strafe_keyboard.json", "ik/flat_walk_run.json"}) {
    const Run run = Simulate(scenario);
    ASSERT_TRUE(run.metrics.foot_slide.has_value()) << scenario;
    std::printf("[knight %s] slide %.3f cm/s\n", scenario, run.metrics.foot_slide->mean_cm_s);
    EXPECT_LT(run.metrics.foot_slide->mean_cm_s, 0.02) << scenario;
  }
  const Run strafe = Simulate("locomotion/strafe_keyboard.json");
  ASSERT_TRUE(strafe.metrics.max_joint_jump.has_value());
  EXPECT_LT(strafe.metrics.max_joint_jump->degrees_per_60hz_frame, 19.0);
}

// Across the terrain from x 26.33 (footwork sweep of ik/terrain_walk; 5 of 10 starts failed), a
// foot lifting off had its knee held to the swing's limit, left beyond its target, lower, and
// lifted back by the ground toward the hip: the knee turned 21.8 degrees in a frame. Left beyond
// along the ground instead, every bar.
TEST_F(SecondPackTest, TheKnightsFootLiftingOffTheTerrainIsLeftBeyondAlongTheGround) {
  const Run run = SimulateFrom("ik/terrain_walk.json", glm::vec3(26.333f, 0.0f, 2.0f));
  ASSERT_TRUE(run.metrics.max_joint_jump.has_value());
  std::printf("[knight terrain x 26.33] jump %.2f deg\n",
              run.metrics.max_joint_jump->degrees_per_60hz_frame);
  ExpectEveryBar(run);
}

// Walking down the stairs from z 9.27 (footwork sweep of ik/stairs_descend), a foot landing two
// treads below the one it left swung over the step's edge before its landing was looked at: the
// ground under it was the lower tread's already, so no step down was found, the foot followed
// the pelvis rather than reaching for the tread, and it came down the rest as it planted (knee
// 22.7 degrees in a frame). The plane it last stood on now tells the step too: every bar.
TEST_F(SecondPackTest, TheKnightsFootSwungOverAStepsEdgeStillReachesDownForItsTread) {
  const Run run = SimulateFrom("ik/stairs_descend.json", glm::vec3(12.0f, 1.2f, 9.27f));
  ASSERT_TRUE(run.metrics.max_joint_jump.has_value());
  std::printf("[knight descend z 9.27] jump %.2f deg\n",
              run.metrics.max_joint_jump->degrees_per_60hz_frame);
  ExpectEveryBar(run);
}

// Walking down the stairs from 10 starts 3 cm apart (footwork sweep of ik/stairs_descend over
// 27 cm), the Knight sets its stride on the landing so that each foot lands on a tread
// (stairs.footfall_max_stride_change, footfall_alignment.h). With one tread a step, a foot that
// landed across the first edge landed across every edge after it: 9 of the 10 starts failed (heels
// on edges, up to 15 cm float and penetration, knees 20-44 degrees in a frame). Every start meets
// every bar, and every foot planted on the stairs stands heel and ball on one tread.
TEST_F(SecondPackTest, TheKnightWalksDownTheStairsFromEveryStartWithEachFootOnATread) {
  for (int i = 0; i < 10; ++i) {
    const float z = 9.0f + 0.03f * static_cast<float>(i);
    const Run run = SimulateFrom("ik/stairs_descend.json", glm::vec3(12.0f, 1.2f, z));
    ASSERT_FALSE(run.frames.empty()) << "z " << z;
    EXPECT_LT(run.frames.back().position.y, 0.95f) << "z " << z;  // on the floor
    ExpectEveryBar(run, " z " + std::to_string(z));
    const std::vector<StairPlant> plants = StairPlants(run);
    EXPECT_GE(plants.size(), 6u) << "z " << z;
    for (const StairPlant& plant : plants) {
      ASSERT_TRUE(plant.foot->toe_surface_height_m.has_value());
      EXPECT_NEAR(*plant.foot->toe_surface_height_m, *plant.foot->surface_height_m, 0.05f)
          << "z " << z << " t " << plant.t;
    }
  }
}

// Stopping half way down the stairs (ik/stairs_descend_stop) from 10 starts 3 cm apart, the
// Knight's stop brings its swinging foot back beside the other, onto the step behind. Held at that
// step's edge while its sole was below it, the foot was still under the step as it planted and the
// lock took it onto the step in one frame (58-66 degrees from 4 of the 10). A landing foot going
// back is not held: every start meets every bar, and the Knight ends standing on the stairs.
TEST_F(SecondPackTest, TheKnightStopsHalfWayDownTheStairsFromEveryStart) {
  for (int i = 0; i < 10; ++i) {
    const float z = 9.0f + 0.03f * static_cast<float>(i);
    const Run run = SimulateFrom("ik/stairs_descend_stop.json", glm::vec3(12.0f, 1.2f, z));
    ASSERT_FALSE(run.frames.empty()) << "z " << z;
    ExpectEveryBar(run, " z " + std::to_string(z));
    const sim::TraceFrame& last = run.frames.back();
    EXPECT_EQ(last.state, "Idle") << "z " << z;
    EXPECT_GT(last.position.y, 1.3f) << "z " << z;  // on the stairs, not at their foot
    EXPECT_LT(last.position.y, 2.0f) << "z " << z;
  }
}

// Sprinting down the stairs (ik/stairs_descend at the sprint, not shipped) from z 9.21 and 9.24,
// the Knight's planted feet slid 0.51 cm/s on average (the bar is 0.5): settling from the sprint
// stop into the idle, a held foot was drawn 2.4 cm in under the rising hip (13-22 cm/s). The
// pelvis came down to keep it in reach of where it was planted, 2 cm above where it is shown
// (its height follows placement); it now comes down for where it is shown, and the foot stays.
TEST_F(SecondPackTest, TheKnightSprintingDownTheStairsKeepsItsHeldFeetWhereTheyPlanted) {
  auto scenario = testing::ShippedScenarioAtGait("ik/stairs_descend.json", "sprint");
  ASSERT_TRUE(scenario.ok()) << scenario.error().message;
  for (const float z : {9.21f, 9.24f}) {
    scenario->start_position = glm::vec3(12.0f, 1.2f, z);
    const Run run = Measured(testing::RunOnDefaultLevel(*scenario, KnightLibrary()));
    ASSERT_FALSE(run.frames.empty()) << "z " << z;
    ExpectEveryBar(run, " z " + std::to_string(z));
    ASSERT_TRUE(run.metrics.foot_slide.has_value());
    std::printf("[Knight sprinting down from z %.2f] slide %.3f cm/s\n", z,
                run.metrics.foot_slide->mean_cm_s);
    EXPECT_LT(run.metrics.foot_slide->mean_cm_s, 0.1) << "z " << z;
  }
}

// Running up the stairs (ik/stairs_run_up), one tread a step at the run: from standing 1.5 m
// short of them and running onto them from 4.5 m short, 10 starts 3 cm apart each, every bar and
// the Knight on the landing. From standing (z 3.71 and 3.77) a swinging foot rising to the next
// tread caught its ball 1.04-1.08 cm under the nosing, until it could rise faster
// (foot_placement.max_foot_rise_speed_m_s 2.8, the default's 2.4); running onto them (z 0.62
// and 0.65) an ankle held back by its swing limit let go at once as its foot planted (20.3-21.8
// degrees in a frame), until the planting ankle was held too (legs.min_ankle_swing_share).
TEST_F(SecondPackTest, TheKnightRunsUpTheStairsFromEveryStart) {
  for (const float first_z : {3.5f, 0.5f}) {
    for (int i = 0; i < 10; ++i) {
      const float z = first_z + 0.03f * static_cast<float>(i);
      const Run run = SimulateFrom("ik/stairs_run_up.json", glm::vec3(12.0f, 0.0f, z));
      ASSERT_FALSE(run.frames.empty()) << "z " << z;
      ExpectEveryBar(run, " z " + std::to_string(z));
      EXPECT_GT(run.frames.back().position.y, 2.0f) << "z " << z;  // on the landing
    }
  }
}

// How far (m) a knee of the Knight was ever behind its leg's hip-to-ankle line (model space, +z
// forward; 0 when never): the knee's offset from that line along the line's forward side. A leg
// along the forward axis has no forward side and is not counted.
float KneeFurthestBack(const std::vector<sim::TraceFrame>& frames) {
  const io::CookedLibrary& library = *KnightLibrary();
  const auto joint = [&](const char* role) {
    return static_cast<std::size_t>(library.skeleton.FindJoint(library.rig_profile.roles.at(role)));
  };
  const std::size_t legs[2][3] = {{joint("thigh_l"), joint("calf_l"), joint("foot_l")},
                                  {joint("thigh_r"), joint("calf_r"), joint("foot_r")}};
  float most_back = 0.0f;
  for (const sim::TraceFrame& frame : frames) {
    EXPECT_TRUE(frame.joints_model.has_value());
    if (!frame.joints_model)
      return most_back;
    for (const auto& leg : legs) {
      const glm::vec3 hip = (*frame.joints_model)[leg[0]];
      const glm::vec3 knee = (*frame.joints_model)[leg[1]];
      const glm::vec3 ankle = (*frame.joints_model)[leg[2]];
      const glm::vec3 line = glm::normalize(ankle - hip);
      const glm::vec3 forward(0.0f, 0.0f, 1.0f);
      const glm::vec3 ahead = forward - glm::dot(forward, line) * line;
      if (glm::length(ahead) < 0.2f)
        continue;
      const glm::vec3 bend = (knee - hip) - glm::dot(knee - hip, line) * line;
      most_back = std::min(most_back, glm::dot(bend, glm::normalize(ahead)));
    }
  }
  return most_back;
}

// Running up the stairs (ik/stairs_climb at the run gait, not shipped: it misses the joint-jump
// bar), the Knight's swinging foot is lifted two treads up behind and under its hip; its knee's
// bend direction, taken from the clip's knee across the clip's own leg line, pointed back across
// the target's line and the thigh turned half round in a frame (180 degrees; the knee 14 cm behind
// the line from z 3.62). The knee now stays on the forward side of the hip-to-ankle line in every
// frame (KneeForwardOfLine), there and through the showcase.
TEST_F(SecondPackTest, TheKnightsKneesNeverBendBack) {
  auto scenario = testing::ShippedScenarioAtGait("ik/stairs_climb.json", "run");
  ASSERT_TRUE(scenario.ok()) << scenario.error().message;
  for (const float z : {3.5f, 3.62f, 3.77f}) {
    scenario->start_position = glm::vec3(12.0f, 0.0f, z);
    auto frames = testing::RunOnDefaultLevel(*scenario, KnightLibrary(), /*joints=*/true);
    ASSERT_TRUE(frames.ok()) << frames.error().message;
    const float most_back = KneeFurthestBack(*frames);
    std::printf("[knight run up z %.2f] knee furthest back %.3f m\n", z, most_back);
    EXPECT_GT(most_back, -0.01f) << "z " << z;
  }
  auto showcase = LoadScenario(io::ProjectAssets() / "scenarios" / "showcase.json");
  ASSERT_TRUE(showcase.ok()) << showcase.error().message;
  auto frames = testing::RunOnDefaultLevel(*showcase, KnightLibrary(), /*joints=*/true);
  ASSERT_TRUE(frames.ok()) << frames.error().message;
  EXPECT_GT(KneeFurthestBack(*frames), -0.01f) << "showcase";
}

}  // namespace
}  // namespace footwork::locomotion
