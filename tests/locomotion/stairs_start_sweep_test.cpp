// The shipped stairs scenarios from other starts (a riser under another step of the walk each
// time), as `footwork sweep` plays them, held to the bars each start is known to meet. Skipped
// when the CC0 pack is not installed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <initializer_list>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "footwork/io/skin_joints.h"
#include "footwork/locomotion/simulation_setup.h"
#include "footwork/sim/metrics.h"

#include "default_character.h"

namespace footwork::locomotion {
namespace {

using testing::DefaultLibrary;
using testing::RunShippedScenarioFrom;

sim::Metrics MetricsOf(const std::vector<sim::TraceFrame>& frames) {
  auto metrics = sim::ComputeMetrics(frames, sim::MetricBars::WithIk());
  EXPECT_TRUE(metrics.ok()) << metrics.error().message;
  return metrics.ok() ? *metrics : sim::Metrics{};
}

// Walking down the stairs, a foot planted just past a step's edge that its leg could not reach
// was drawn back toward the hip along the ground, and its heel went into the riser behind it
// (10.4-12.1 cm under the step's tread from these starts). The draw now stops short of higher
// ground. (These starts still plant a foot up to 15 cm over its tread: not asserted here.)
TEST(StairsStartSweepTest, WalkingDownNoHeelIsDrawnIntoTheRiserBehindIt) {
  if (!DefaultLibrary())
    GTEST_SKIP() << "quaternius-ual1 pack not found (set FOOTWORK_ASSETS)";
  for (const float z : {9.15f, 9.18f, 9.21f}) {
    auto frames = RunShippedScenarioFrom("ik/stairs_descend.json", glm::vec3(12.0f, 1.2f, z));
    ASSERT_TRUE(frames.ok()) << frames.error().message;
    const sim::Metrics metrics = MetricsOf(*frames);
    ASSERT_TRUE(metrics.foot_penetration_cm.has_value());
    std::printf("[descend z %.2f] penetration %.2f cm\n", z, *metrics.foot_penetration_cm);
    EXPECT_LE(*metrics.foot_penetration_cm, 1.0) << "z " << z;
  }
}

// Expects every bar of the whole runtime of `frames`, joint jumps counted on the joints that move
// the skin (as `footwork sweep` does); prints the float.
void ExpectEveryBarOf(const Result<std::vector<sim::TraceFrame>>& frames,
                      const std::string& scenario, const glm::vec3& start) {
  const auto library = DefaultLibrary();
  ASSERT_TRUE(frames.ok()) << frames.error().message;
  auto metrics = sim::ComputeMetrics(*frames, sim::MetricBars::WithIk(),
                                     io::JointsThatMoveTheSkin(library->skeleton, library->meshes));
  ASSERT_TRUE(metrics.ok()) << metrics.error().message;
  ASSERT_TRUE(metrics->foot_float_cm.has_value());
  std::printf("[%s from %.2f %.2f %.2f] float %.2f cm\n", scenario.c_str(), start.x, start.y,
              start.z, *metrics->foot_float_cm);
  for (const sim::MetricCheck& check : metrics->checks)
    EXPECT_TRUE(!check.measured() || check.passed()) << check.name;
}

// A shipped scenario from another start: every bar.
void ExpectEveryBarFrom(const std::string& scenario, const glm::vec3& start) {
  ExpectEveryBarOf(RunShippedScenarioFrom(scenario, start), scenario, start);
}

// A shipped scenario with every gait event asking for `gait`, from (x, y, z) for each z: every bar.
void ExpectEveryBarAtGaitFrom(const std::string& scenario, const std::string& gait, float x,
                              float y, std::initializer_list<float> zs) {
  auto at_gait = testing::ShippedScenarioAtGait(scenario, gait);
  ASSERT_TRUE(at_gait.ok()) << at_gait.error().message;
  for (const float z : zs) {
    at_gait->start_position = glm::vec3(x, y, z);
    ExpectEveryBarOf(testing::RunOnDefaultLevel(*at_gait, DefaultLibrary()),
                     scenario + " at the " + gait, at_gait->start_position);
  }
}

// From z 9.18 the left foot's first step down lands just past a step's edge, three treads below
// the foot on the landing: moved forward off the step it was over, it reached for that step until
// the last frame, then lost its reach down (and the pelvis with it) as it crossed the edge, and
// planted 5.7-6.8 cm over its tread. Now it meets every bar.
TEST(StairsStartSweepTest, WalkingDownAFootLandingJustPastAnEdgePlantsOnItsTread) {
  if (!DefaultLibrary())
    GTEST_SKIP() << "quaternius-ual1 pack not found (set FOOTWORK_ASSETS)";
  ExpectEveryBarFrom("ik/stairs_descend.json", glm::vec3(12.0f, 1.2f, 9.18f));
}

// Walking down the stairs from z 9.12 and 9.21, the first step off the landing planted its heel
// on the landing's very edge (2.4 cm float): two treads a step, nothing had set where the feet
// fall. With the footfall alignment (stairs.footfall_max_stride_change) the stride is set on the
// landing so that each foot lands on a tread: every bar. (From z 9.15 the edge comes into the
// survey too late to move that first plant far enough: 2.5 cm float, not asserted here.)
TEST(StairsStartSweepTest, WalkingDownTheFeetAreSetToLandOnTreads) {
  if (!DefaultLibrary())
    GTEST_SKIP() << "quaternius-ual1 pack not found (set FOOTWORK_ASSETS)";
  for (const float z : {9.12f, 9.21f})
    ExpectEveryBarFrom("ik/stairs_descend.json", glm::vec3(12.0f, 1.2f, z));
}

// `scenario` run as `footwork simulate` runs it on the default character, its locomotion
// settings (assets/locomotion/default.json) changed by `tune`.
Result<std::vector<sim::TraceFrame>> RunWithLocomotionSettings(
    const Scenario& scenario, const std::function<void(nlohmann::json&)>& tune) {
  auto setup =
      LoadSimulationSetup(io::ProjectAssets() / "levels" / "default.json", DefaultLibrary());
  if (!setup)
    return setup.error();
  nlohmann::json settings = testing::DefaultSettingsJson();
  tune(settings);
  auto assets = testing::AssetsFrom(settings);
  if (!assets)
    return assets.error();
  setup->assets = *assets;
  return RunSimulation(scenario, setup->assets, *setup->mover, SimulationOptionsFor(*setup));
}

// Running (not walking) up the stairs with the run's own stride (stairs.run_max_rise_per_step_m
// 0), from three starts of the climb: at 3.75 m/s the root climbs 1.7 m/s, faster than the
// pelvis may rise (1.2), and the pelvis anchored against the climb fell 70 cm below the root; a
// foot went 9-15 cm into the stairs and one turned over (178 degrees in a frame). The pelvis now
// follows a climb that fast (foot_placement.pelvis_climb_average_half_life_s): it stays within
// 50 cm of the root and the feet out of the stairs. (That stride still turns a thigh 24-36
// degrees in a frame on the first steps; the shipped settings shorten it, below.)
TEST(StairsStartSweepTest, RunningUpThePelvisFollowsTheClimbAndTheFeetStayOutOfTheStairs) {
  const auto library = DefaultLibrary();
  if (!library)
    GTEST_SKIP() << "quaternius-ual1 pack not found (set FOOTWORK_ASSETS)";
  auto scenario = testing::ShippedScenarioAtGait("ik/stairs_climb.json", "run");
  ASSERT_TRUE(scenario.ok()) << scenario.error().message;
  for (const float z : {3.5f, 3.62f, 3.71f}) {
    scenario->start_position = glm::vec3(12.0f, 0.0f, z);
    auto frames = RunWithLocomotionSettings(*scenario, [](nlohmann::json& settings) {
      settings["stairs"]["run_max_rise_per_step_m"] = 0.0;
    });
    ASSERT_TRUE(frames.ok()) << frames.error().message;
    const sim::Metrics metrics = MetricsOf(*frames);
    ASSERT_TRUE(metrics.foot_penetration_cm.has_value());
    float lowest_pelvis = 0.0f;
    for (const sim::TraceFrame& frame : *frames)
      lowest_pelvis = std::min(lowest_pelvis, frame.pelvis_offset_m);
    std::printf("[run up z %.2f] penetration %.2f cm, lowest pelvis %.2f m\n", z,
                *metrics.foot_penetration_cm, lowest_pelvis);
    EXPECT_LE(*metrics.foot_penetration_cm, 1.0) << "z " << z;
    EXPECT_GT(lowest_pelvis, -0.5f) << "z " << z;
    EXPECT_GT(frames->back().position.y, 2.0f) << "z " << z;  // on the landing
  }
}

// Running up the stairs, a run's step (1.1-1.3 m) climbed three or four risers and turned
// thighs 24-36 degrees in a frame from every start. The run takes two treads a step on the stairs
// (stairs.run_max_rise_per_step_m 0.3), its start handing over to the cycle as the stairs come
// near, and a cycle already running sees them 0.55 s ahead (stairs.survey_ahead_s) to shorten its
// steps in time. From standing 1.5 m short of them (ik/stairs_run_up and its sweep) and from
// running 4.5 m short: every bar. From z 0.5 and 0.53 the shortened stride also drew the foot
// kicked up behind the hip forward under it, and stride warping bent its knee backward (94
// degrees in a frame) until its knee direction was kept forward too (KneeForwardOfLine).
TEST(StairsStartSweepTest, RunningUpTheStairsMeetsEveryBar) {
  if (!DefaultLibrary())
    GTEST_SKIP() << "quaternius-ual1 pack not found (set FOOTWORK_ASSETS)";
  for (const float z : {3.53f, 3.62f, 3.77f})
    ExpectEveryBarFrom("ik/stairs_run_up.json", glm::vec3(12.0f, 0.0f, z));
  for (const float z : {0.5f, 0.53f, 0.65f})
    ExpectEveryBarFrom("ik/stairs_run_up.json", glm::vec3(12.0f, 0.0f, z));
}

// Running down the stairs (ik/stairs_descend at the run gait) from z 9.24 and 9.27, the run stop
// on the floor at their foot turned a thigh 24 degrees in a frame: braking twice as hard as the
// clip slows down, distance matching played the stop at 2.07 (20 degrees by itself). A stop from
// the run plays no faster than stop.run_max_play_rate (1.5): every bar.
TEST(StairsStartSweepTest, RunningDownTheStairsAndStoppingAtTheirFootMeetsEveryBar) {
  if (!DefaultLibrary())
    GTEST_SKIP() << "quaternius-ual1 pack not found (set FOOTWORK_ASSETS)";
  ExpectEveryBarAtGaitFrom("ik/stairs_descend.json", "run", 12.0f, 1.2f, {9.24f, 9.27f});
}

// Walking up the stairs from z 3.62 (footwork sweep of ik/stairs_climb), the first step up lands
// out of the start's blend (no plant predicted) with its ball over the riser: drawn back off it
// until the look-ahead had raised the ball over the step, then left there, the foot planted on
// its ball at the step's very edge and slid off it (13.1 cm float). Now every bar.
TEST(StairsStartSweepTest, WalkingUpAFootDrawnBackOffARiserStaysDrawnBackUntilItPlants) {
  if (!DefaultLibrary())
    GTEST_SKIP() << "quaternius-ual1 pack not found (set FOOTWORK_ASSETS)";
  ExpectEveryBarFrom("ik/stairs_climb.json", glm::vec3(12.0f, 0.0f, 3.62f));
}

// From z 3.65 a foot raised for the step ahead came down with its ball 6 mm under that step's
// top as its lock engaged: drawn back short of the riser, it was held 13 cm over the tread below.
// A ball at most foot_placement.max_riser_lift_m under the top, its heel hanging higher over its
// own tread, is lifted onto the step instead.
TEST(StairsStartSweepTest, WalkingUpAFootComingDownOverAnEdgeIsLiftedOntoTheStep) {
  if (!DefaultLibrary())
    GTEST_SKIP() << "quaternius-ual1 pack not found (set FOOTWORK_ASSETS)";
  ExpectEveryBarFrom("ik/stairs_climb.json", glm::vec3(12.0f, 0.0f, 3.65f));
}

// Sprinting up the stairs (ik/stairs_run_up at the sprint, not shipped) from z 3.65-3.74, the
// knee turned 35-38 degrees in a frame: the sprint's leg animated straight, stride warping's pole
// (the knee's offset, a little behind the line, plus the thigh's axis) all but cancelled, and its
// sideways wobble swung the knee 5 cm sideways in a frame, which the foot IK, folding the leg for
// the stairs, turned into 38 degrees. The backward part is dropped (ik::KneePole): every bar.
TEST(StairsStartSweepTest, SprintingUpTheStairsTheKneeKeepsItsBend) {
  if (!DefaultLibrary())
    GTEST_SKIP() << "quaternius-ual1 pack not found (set FOOTWORK_ASSETS)";
  ExpectEveryBarAtGaitFrom("ik/stairs_run_up.json", "sprint", 12.0f, 0.0f,
                           {3.65f, 3.68f, 3.71f, 3.74f});
}

// Stopping half way down the stairs (ik/stairs_descend_stop; the stop is asked for at the same
// place from every start), the walk stop's last step put the left foot's ankle 0-3 cm inside a
// tread's edge, its ball 15 cm over the tread below, from all 10 starts; where the ankle was within
// millimetres of the edge the foot counted as floating (15.4 cm, 3 starts). Where the stop point
// and the stop clip land a foot, it is moved back onto the tread under its heel
// (ik::StopLandingBackShift): both feet end on their treads from every start, and every bar holds
// but from z 9.15, whose first step off the landing plants its heel on the edge (2.5 cm, README).
TEST(StairsStartSweepTest, StoppingHalfWayDownTheStairsBothFeetEndOnTheirTreads) {
  const auto library = DefaultLibrary();
  if (!library)
    GTEST_SKIP() << "quaternius-ual1 pack not found (set FOOTWORK_ASSETS)";
  for (int i = 0; i < 10; ++i) {
    const float z = 9.0f + 0.03f * static_cast<float>(i);
    const glm::vec3 start(12.0f, 1.2f, z);
    const auto frames = RunShippedScenarioFrom("ik/stairs_descend_stop.json", start);
    ASSERT_TRUE(frames.ok()) << frames.error().message;
    ASSERT_FALSE(frames->empty());
    const sim::TraceFrame& last = frames->back();
    EXPECT_EQ(last.state, "Idle") << "z " << z;
    for (const sim::FootSample* foot : {&last.foot_left, &last.foot_right}) {
      ASSERT_TRUE(foot->surface_height_m && foot->toe_surface_height_m) << "z " << z;
      EXPECT_NEAR(*foot->toe_surface_height_m, *foot->surface_height_m, 0.01f)
          << "z " << z << ": the ball is not over the heel's tread";
    }
    if (i != 5)
      ExpectEveryBarOf(frames, "ik/stairs_descend_stop.json", start);
  }
}

}  // namespace
}  // namespace footwork::locomotion
