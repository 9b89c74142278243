// Issue 7's foot bars on the 65 s showcase (assets/scenarios/showcase.json) with the IK stage, as
// `footwork simulate` runs it: every locomotion feature over the default level's open ground,
// stairs, ramp, jump and moving platform. Skipped when the CC0 pack is not installed.
//
// Asserted with sim::ComputeMetrics and MetricBars::WithIk: planted-foot slide (FootLock fully
// planted, relative to the surface under the foot) mean under 0.5 cm/s and p95 under 2 cm/s.
// Penetration (no sole more than 1 cm below the surface under it) over the whole showcase, and
// in the airborne frames (1.4 cm in the last falling frame off the ledge at t 51.6, when the IK
// traced no ground while falling). Every bar the metrics check, float included (no planted foot
// more than 2 cm over the surface). Also asserted: penetration within 1 cm for 1.5 s after a
// run -> walk gait change while moving (13 cm at t 34, up the stairs, when the walk cycle took
// over from a capsule still at ~3 m/s).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "footwork/io/asset_paths.h"
#include "footwork/locomotion/scenario.h"
#include "footwork/locomotion/simulation_runner.h"
#include "footwork/locomotion/simulation_setup.h"
#include "footwork/sim/metrics.h"

#include "default_character.h"

namespace footwork::locomotion {
namespace {

class ShowcaseBarsTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    auto library = testing::DefaultLibrary();
    if (!library)
      return;
    auto frames = testing::RunShippedScenario("showcase.json");
    ASSERT_TRUE(frames.ok()) << frames.error().message;
    frames_ = new std::vector<sim::TraceFrame>(std::move(*frames));
    auto metrics = sim::ComputeMetrics(*frames_, sim::MetricBars::WithIk());
    ASSERT_TRUE(metrics.ok()) << metrics.error().message;
    metrics_ = new sim::Metrics(std::move(*metrics));
    const sim::Metrics& m = *metrics_;
    std::printf(
        "[showcase] slide mean %.3f p95 %.3f cm/s (%zu), penetration %.2f cm, float %.2f cm\n",
        m.foot_slide ? m.foot_slide->mean_cm_s : -1.0, m.foot_slide ? m.foot_slide->p95_cm_s : -1.0,
        m.foot_slide ? m.foot_slide->samples : 0, m.foot_penetration_cm.value_or(-1.0),
        m.foot_float_cm.value_or(-1.0));
  }
  static void TearDownTestSuite() {
    delete frames_;
    delete metrics_;
    frames_ = nullptr;
    metrics_ = nullptr;
  }
  void SetUp() override {
    if (!testing::DefaultLibrary())
      GTEST_SKIP() << "quaternius-ual1 pack not found (set FOOTWORK_ASSETS)";
    ASSERT_NE(metrics_, nullptr);
  }

  static std::vector<sim::TraceFrame>* frames_;
  static sim::Metrics* metrics_;
};

std::vector<sim::TraceFrame>* ShowcaseBarsTest::frames_ = nullptr;
sim::Metrics* ShowcaseBarsTest::metrics_ = nullptr;

// The metric's largest joint step (deg) between consecutive frames of frames[first, last];
// -1 when none could be measured (too few frames, or joint counts differ). The window's events
// are left out: one may close a turn that began before it, which the yaw metric rejects.
double LargestJointStepDeg(const std::vector<sim::TraceFrame>& frames, std::size_t first,
                           std::size_t last) {
  std::vector<sim::TraceFrame> window(frames.begin() + static_cast<std::ptrdiff_t>(first),
                                      frames.begin() + static_cast<std::ptrdiff_t>(last + 1));
  for (sim::TraceFrame& frame : window)
    frame.events.clear();
  const auto metrics = sim::ComputeMetrics(window, sim::MetricBars::WithIk());
  EXPECT_TRUE(metrics.ok()) << metrics.error().message;
  return metrics.ok() && metrics->max_joint_jump ? metrics->max_joint_jump->degrees : -1.0;
}

TEST_F(ShowcaseBarsTest, PlantedFeetDoNotSlide) {
  ASSERT_EQ(metrics_->nan_frames, 0u);
  ASSERT_TRUE(metrics_->foot_slide.has_value());
  EXPECT_GT(metrics_->foot_slide->samples, 2000u);
  EXPECT_LT(metrics_->foot_slide->mean_cm_s, 0.5);
  EXPECT_LT(metrics_->foot_slide->p95_cm_s, 2.0);
}

TEST_F(ShowcaseBarsTest, APivotsPlantedFeetStayOnTheFloor) {
  // The run reversal at t = 12: the capsule turns round at once and runs the new way while the
  // pivot clip still steps round on the spot. Played past its pivot point no faster than a start
  // (rate 1), the run outran the pivot's planted foot and the leg's reach lifted it 7 cm.
  double highest_m = -1.0;
  std::size_t planted = 0;
  for (const sim::TraceFrame& frame : *frames_) {
    if (frame.state != "Pivot")
      continue;
    for (const sim::FootSample* foot : {&frame.foot_left, &frame.foot_right}) {
      const std::optional<float> clearance = sim::LowestSoleClearanceM(*foot);
      if (!foot->contact || !clearance)
        continue;
      ++planted;
      highest_m = std::max(highest_m, double{*clearance});
    }
  }
  std::printf("[showcase] %zu planted pivot foot samples, highest %.2f cm\n", planted,
              highest_m * 100.0);
  // Outrun, the pivot hands over to the cycle 20 degrees before it faces the new way: 6 planted
  // samples are left in it.
  EXPECT_GT(planted, 4u);
  EXPECT_LE(highest_m, 0.02);
}

TEST_F(ShowcaseBarsTest, RunToWalkChangeKeepsFeetOutOfTheFloor) {
  // The walk clip covers ~2.4 m/s at its joint-speed rate with stride warping; the run cycle
  // plays on (slowing with the capsule) until then, so the IK does not stretch the legs.
  std::size_t changes = 0;
  double deepest_m = -1.0;
  for (std::size_t i = 1; i < frames_->size(); ++i) {
    const sim::TraceFrame& before = (*frames_)[i - 1];
    if (before.gait != "run" || (*frames_)[i].gait != "walk" || before.state != "Cycle")
      continue;
    ++changes;
    for (std::size_t k = i; k < frames_->size() && (*frames_)[k].t < before.t + 1.5; ++k) {
      for (const sim::FootSample* foot : {&(*frames_)[k].foot_left, &(*frames_)[k].foot_right}) {
        if (foot->sole_height_m && foot->surface_height_m)
          deepest_m = std::max(deepest_m, double{*foot->surface_height_m - *foot->sole_height_m});
      }
    }
  }
  std::printf("[showcase] %zu run -> walk change(s), penetration after them %.2f cm\n", changes,
              deepest_m * 100.0);
  EXPECT_GT(changes, 0u);
  EXPECT_LE(deepest_m, 0.01);
}

TEST_F(ShowcaseBarsTest, EveryBarHolds) {
  // The metrics' own checks (issue 6's and issue 7's bars: slide, joint jump, penetration,
  // float, ...) on the whole showcase, as `footwork simulate` reports them.
  for (const sim::MetricCheck& check : metrics_->checks)
    EXPECT_TRUE(check.passed()) << check.name << " = " << check.value.value_or(-1.0) << ", bar "
                                << check.comparison << " " << check.bar.value_or(-1.0);
  ASSERT_TRUE(metrics_->foot_float_cm.has_value());
  EXPECT_LE(*metrics_->foot_float_cm, 2.0);
}

TEST_F(ShowcaseBarsTest, WalkingUpTheStairsOutOfARunNoFootPops) {
  // At t 34.7 the walk takes over from a run on the stairs: the dead blend carries the run's
  // swing on, so the right foot sweeps low (its ball 9 cm under the body's floor) into the next
  // riser at 3.8 m/s. Held to the rise cap, the sole guard lifted it 14 cm in one frame (a
  // 21 degree knee jump); it now rises in time to clear the riser. Joint steps over the climb.
  std::size_t first = 0;
  std::size_t last = 0;
  for (std::size_t i = 0; i < frames_->size(); ++i) {
    const double t = (*frames_)[i].t;
    if (t < 34.3)
      first = i;
    if (t <= 35.2)
      last = i;
  }
  ASSERT_LT(first, last);
  const double step_deg = LargestJointStepDeg(*frames_, first, last);
  std::printf("[showcase] walking up the stairs out of a run: largest joint step %.1f deg\n",
              step_deg);
  EXPECT_GE(step_deg, 0.0);
  EXPECT_LT(step_deg, 20.0);
}

TEST_F(ShowcaseBarsTest, NoFootGoesThroughTheSurface) {
  ASSERT_TRUE(metrics_->foot_penetration_cm.has_value());
  EXPECT_LE(*metrics_->foot_penetration_cm, 1.0);
  // The falls themselves (off the ledge, the jump): feet over ground are measured, and the IK
  // keeps their soles above it although it places no feet while airborne.
  std::size_t airborne_over_ground = 0;
  double deepest_m = -1.0;
  for (const sim::TraceFrame& frame : *frames_) {
    if (frame.movement_mode != "falling")
      continue;
    for (const sim::FootSample* foot : {&frame.foot_left, &frame.foot_right}) {
      if (!foot->sole_height_m || !foot->surface_height_m)
        continue;
      ++airborne_over_ground;
      deepest_m = std::max(deepest_m, double{*foot->surface_height_m - *foot->sole_height_m});
    }
  }
  std::printf("[showcase] %zu airborne foot samples over ground, deepest %.2f cm\n",
              airborne_over_ground, deepest_m * 100.0);
  EXPECT_GT(airborne_over_ground, 20u);
  EXPECT_LE(deepest_m, 0.01);
}

TEST_F(ShowcaseBarsTest, TakeoffDoesNotSnapTheLegs) {
  // The jump at t 50.6 leaves a run start on the terrain with the legs and pelvis well away from
  // the animation (placement offsets, pelvis 5 cm down). The IK used to start over on the
  // walking -> falling change, so they all snapped back in one frame (thigh.L 21 deg); airborne
  // they ease out instead. Joint steps over the takeoff frame and the two after it.
  std::size_t takeoffs = 0;
  double worst_deg = 0.0;
  for (std::size_t i = 1; i + 2 < frames_->size(); ++i) {
    if ((*frames_)[i - 1].movement_mode != "walking" || (*frames_)[i].movement_mode != "falling")
      continue;
    ++takeoffs;
    const double step_deg = LargestJointStepDeg(*frames_, i - 1, i + 2);
    ASSERT_GE(step_deg, 0.0) << "t = " << (*frames_)[i].t;
    worst_deg = std::max(worst_deg, step_deg);
  }
  std::printf("[showcase] %zu takeoff(s), largest joint step over them %.1f deg\n", takeoffs,
              worst_deg);
  EXPECT_GT(takeoffs, 0u);
  EXPECT_LT(worst_deg, 17.0);
}

TEST_F(ShowcaseBarsTest, FeetOnThePlatformAreMeasuredAgainstIt) {
  // The ride at the end: planted feet carried at the platform's 1 m/s. Slide counts their
  // motion over the platform, so they pass the bar above only because the trace has it.
  std::size_t riding = 0;
  for (const sim::TraceFrame& frame : *frames_) {
    for (const sim::FootSample* foot : {&frame.foot_left, &frame.foot_right}) {
      if (foot->contact && foot->surface_velocity_m_s &&
          glm::length(*foot->surface_velocity_m_s) > 0.9f)
        ++riding;
    }
  }
  EXPECT_GT(riding, 60u);
}

TEST_F(ShowcaseBarsTest, StrafingDirectionChangesCrossFadeTheCycles) {
  // walk_to_run / run_to_walk are forward clips: a strafing cycle change (right -> backward)
  // played one while the capsule ran backward, dragging a planted foot at up to 2 m/s.
  for (const sim::TraceFrame& frame : *frames_) {
    if (frame.rotation_mode != "strafing" || frame.clips.empty())
      continue;
    EXPECT_NE(frame.clips.front().name, "walk_to_run") << "t = " << frame.t;
    EXPECT_NE(frame.clips.front().name, "run_to_walk") << "t = " << frame.t;
  }
}

TEST_F(ShowcaseBarsTest, ACycleChosenAnewAfterAGaitTransitionBlendsIn) {
  // A strafing gait change has no transition clip: the gait transition state plays the new
  // cycle, which the cycle state picks again. Crossing a speed band meanwhile (run_backward ->
  // sprint_backward at 2.9 m/s) makes it another clip, which used to replace the pose in one
  // frame (33.8 deg). Joint steps over the hand-over frame and the two after it.
  int changes = 0;
  double worst_deg = 0.0;
  for (std::size_t i = 1; i + 2 < frames_->size(); ++i) {
    const sim::TraceFrame& before = (*frames_)[i - 1];
    const sim::TraceFrame& after = (*frames_)[i];
    if (before.state != "GaitTransition" || after.state != "Cycle" || before.clips.empty() ||
        after.clips.empty() || before.clips.front().name == after.clips.front().name)
      continue;
    ++changes;
    const double step_deg = LargestJointStepDeg(*frames_, i - 1, i + 2);
    ASSERT_GE(step_deg, 0.0) << "t = " << after.t;
    worst_deg = std::max(worst_deg, step_deg);
  }
  std::printf(
      "[showcase] %d clip change(s) from a gait transition into the cycle, largest joint "
      "step over them %.1f deg\n",
      changes, worst_deg);
  EXPECT_GT(changes, 0);
  EXPECT_LT(worst_deg, 20.0);
}

TEST_F(ShowcaseBarsTest, NoJointMovesTwentyDegreesInAFrame) {
  // Issue 6's bar over the whole showcase with the IK stage. The last misses: running down the
  // stairs at t 38.2-38.9 (the end of run_start_180_l and the sprint after it, thigh 22.0 and
  // 21.4 deg), where the swinging foot's offset, anchored in the world while the root went
  // down, held the foot up to 10 cm high and then dropped it back under the body once the root
  // reached the floor; and the sideways sprint (below).
  ASSERT_TRUE(metrics_->max_joint_jump.has_value());
  const sim::JointJump& jump = *metrics_->max_joint_jump;
  std::printf("[showcase] max joint jump %.2f deg (joint %zu at t %.2f)\n",
              jump.degrees_per_60hz_frame, static_cast<std::size_t>(jump.joint), jump.t);
  EXPECT_LT(jump.degrees_per_60hz_frame, 20.0) << "joint " << jump.joint << " at t=" << jump.t;
}

TEST_F(ShowcaseBarsTest, TheSidewaysSprintMovesNoJointTwentyDegreesInAFrame) {
  // The strafing sprint left and right (t 23-28) at 3.75 m/s, stride warped by ~1.18: in each
  // flight phase the warp's pelvis drop, which follows the lower foot, fell by 6 cm in a frame
  // as the feet passed each other (shin.R 21.9 deg at t 26.57). Joint steps over every run of
  // sideways sprint cycle frames.
  std::size_t runs = 0;
  double worst_deg = 0.0;
  const auto sideways = [](const sim::TraceFrame& frame) {
    return frame.state == "Cycle" && !frame.clips.empty() &&
           frame.clips.front().name.rfind("sprint_strafe_", 0) == 0;
  };
  for (std::size_t i = 0; i < frames_->size(); ++i) {
    if (!sideways((*frames_)[i]))
      continue;
    std::size_t last = i;
    while (last + 1 < frames_->size() && sideways((*frames_)[last + 1]))
      ++last;
    if (last > i) {
      ++runs;
      worst_deg = std::max(worst_deg, LargestJointStepDeg(*frames_, i, last));
    }
    i = last;
  }
  std::printf("[showcase] %zu sideways sprint stretch(es), largest joint step %.1f deg\n", runs,
              worst_deg);
  EXPECT_GE(runs, 2u);
  EXPECT_LT(worst_deg, 20.0);
}

TEST_F(ShowcaseBarsTest, AFootSteppingUpRisesBeforeItsAnkleCrossesTheEdge) {
  // The sole guard keeps the sole under the ankle above the ground traced there: when the
  // ankle crossed a step's edge with the foot still low, it lifted the foot by most of the
  // step in one frame. The right foot of the walk start onto the 0.3 m platform (t 58.4: shin.R
  // 30.2 deg; now the left foot, the run to the stairs at t 33.6 taking shorter steps) and the
  // right foot landing just past a stair riser (t 34.8: 23.9 deg). The look-ahead raises them
  // over the frames before. Joint steps over each window, which must see the ground under a foot
  // rise by a step.
  struct Window {
    double from, to;
  };
  for (const Window window : {Window{58.3, 58.5}, Window{34.7, 34.9}}) {
    std::array<float, 2> lowest{1e9f, 1e9f};
    std::array<float, 2> highest{-1e9f, -1e9f};
    // The window's frames, from the one before its first.
    std::optional<std::size_t> first;
    std::size_t last = 0;
    for (std::size_t i = 1; i < frames_->size(); ++i) {
      const sim::TraceFrame& frame = (*frames_)[i];
      if (frame.t < window.from || frame.t > window.to)
        continue;
      if (!first)
        first = i - 1;
      last = i;
      int side = 0;
      for (const sim::FootSample* foot : {&frame.foot_left, &frame.foot_right}) {
        if (foot->surface_height_m) {
          lowest[side] = std::min(lowest[side], *foot->surface_height_m);
          highest[side] = std::max(highest[side], *foot->surface_height_m);
        }
        ++side;
      }
    }
    const float rise = std::max(highest[0] - lowest[0], highest[1] - lowest[1]);
    ASSERT_TRUE(first.has_value()) << "t " << window.from;
    const double worst_deg = LargestJointStepDeg(*frames_, *first, last);
    ASSERT_GE(worst_deg, 0.0) << "t " << window.from;
    std::printf(
        "[showcase] t %.1f-%.1f: a foot's ground rises %.2f m, largest joint step %.1f deg\n",
        window.from, window.to, rise, worst_deg);
    EXPECT_GT(rise, 0.1f) << "t " << window.from;
    EXPECT_LT(worst_deg, 20.0) << "t " << window.from;
  }
}

}  // namespace
}  // namespace footwork::locomotion
