// Issue 7's feet and pelvis bars on the default character over the default level's flat ground,
// ramps, stairs and terrain (scenarios in assets/scenarios/ik/), after the IK stage. Skipped when
// the CC0 pack is not installed.
//
// Asserted with sim::ComputeMetrics and MetricBars::WithIk (the same numbers metrics.json shows):
// planted-foot slide (feet whose FootLock is fully planted, relative to the surface under them)
// under the 0.5 cm/s mean and 2 cm/s p95; no foot more than 1 cm below the surface; no
// planted foot more than 2 cm above it; the pelvis never above its animated height.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <glm/glm.hpp>

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

struct IkRun {
  std::vector<sim::TraceFrame> frames;
  sim::Metrics metrics;
};

class IkScenarioTest : public ::testing::Test {
 protected:
  void SetUp() override {
    library_ = DefaultLibrary();
    if (!library_)
      GTEST_SKIP() << "quaternius-ual1 pack not found (set FOOTWORK_ASSETS)";
  }

  IkRun Run(const std::string& scenario_file, bool ik = true,
            std::vector<sim::LookSample>* npc_looks = nullptr,
            const std::function<void(ik::CharacterIkSettings&)>& tune = {}) {
    IkRun run;
    auto scenario = LoadScenario(io::ProjectAssets() / "scenarios" / "ik" / scenario_file);
    EXPECT_TRUE(scenario.ok()) << scenario.error().message;
    if (!scenario.ok())
      return run;
    auto setup = LoadSimulationSetup(io::ProjectAssets() / "levels" / "default.json", library_);
    EXPECT_TRUE(setup.ok()) << setup.error().message;
    if (!setup.ok())
      return run;
    SimulationOptions options;
    options.ik_settings = setup->ik_settings;
    if (tune)
      tune(options.ik_settings);
    world::BulletCollisionWorld* world = setup->world.get();
    options.advance_world = [world](double dt) { world->Advance(dt); };
    options.ik = ik;
    if (npc_looks != nullptr) {
      // Beside the player's path, facing it (-X).
      options.npc_position = glm::vec3(2.0f, 0.0f, -16.0f);
      options.npc_yaw = -1.5707963f;
      options.npc_looks = npc_looks;
    }
    auto frames = RunSimulation(*scenario, setup->assets, *setup->mover, options);
    EXPECT_TRUE(frames.ok()) << frames.error().message;
    if (!frames.ok())
      return run;
    run.frames = std::move(*frames);
    auto metrics = sim::ComputeMetrics(run.frames, sim::MetricBars::WithIk());
    EXPECT_TRUE(metrics.ok()) << metrics.error().message;
    if (metrics.ok())
      run.metrics = std::move(*metrics);
    Report(scenario_file, run);
    return run;
  }

  static void Report(const std::string& name, const IkRun& run) {
    const sim::Metrics& m = run.metrics;
    std::printf(
        "[ik] %s: slide mean %.3f p95 %.3f cm/s (%zu), penetration %.2f cm, float %.2f "
        "cm, joint jump %.1f deg (joint %zu at %.2f s), look error %s\n",
        name.c_str(), m.foot_slide ? m.foot_slide->mean_cm_s : -1.0,
        m.foot_slide ? m.foot_slide->p95_cm_s : -1.0, m.foot_slide ? m.foot_slide->samples : 0,
        m.foot_penetration_cm.value_or(-1.0), m.foot_float_cm.value_or(-1.0),
        m.max_joint_jump ? m.max_joint_jump->degrees_per_60hz_frame : -1.0,
        m.max_joint_jump ? m.max_joint_jump->joint : 0,
        m.max_joint_jump ? m.max_joint_jump->t : 0.0,
        m.look_error_deg ? std::to_string(*m.look_error_deg).c_str() : "n/a");
  }

  std::shared_ptr<const io::CookedLibrary> library_;
};

void ExpectFeetBars(const IkRun& run) {
  const sim::Metrics& m = run.metrics;
  ASSERT_FALSE(run.frames.empty());
  EXPECT_EQ(m.nan_frames, 0u);
  ASSERT_TRUE(m.foot_penetration_cm.has_value());
  EXPECT_LE(*m.foot_penetration_cm, 1.0);
  ASSERT_TRUE(m.foot_float_cm.has_value());
  for (const sim::TraceFrame& frame : run.frames)
    EXPECT_LE(frame.pelvis_offset_m, 0.0f) << "t = " << frame.t;
  // The metric's own slide: planted feet (FootLock fully planted), relative to their surface.
  ASSERT_TRUE(m.foot_slide.has_value());
  ASSERT_GT(m.foot_slide->samples, 100u);
  EXPECT_LT(m.foot_slide->mean_cm_s, 0.5);
  EXPECT_LT(m.foot_slide->p95_cm_s, 2.0);
}

// The feet's bars and issue 6's joint-jump bar (20 degrees in a 60 Hz frame).
void ExpectFeetAndJointJumpBars(const IkRun& run) {
  ExpectFeetBars(run);
  ASSERT_TRUE(run.metrics.max_joint_jump.has_value());
  EXPECT_LT(run.metrics.max_joint_jump->degrees_per_60hz_frame, 20.0);
}

TEST_F(IkScenarioTest, FlatWalkRunStop) {
  ExpectFeetBars(Run("flat_walk_run.json"));
}

// With foot_placement.sink_guard_toe the ball's sole point is measured too (the trace's toe
// heights), and the guard keeps it out of the floor: the source sprint's ball sinks 4-6 cm at each
// push-off, and a dead blend into a stop carries a landing foot's speed on into the floor.
TEST_F(IkScenarioTest, WithTheToeGuardNoBallGoesThroughFlatGround) {
  const IkRun run = Run("flat_walk_run.json", true, nullptr, [](ik::CharacterIkSettings& settings) {
    settings.feet.sink_guard_toe = true;
  });
  ASSERT_FALSE(run.frames.empty());
  int toes = 0;
  for (const sim::TraceFrame& frame : run.frames)
    toes += frame.foot_left.toe_surface_height_m.has_value() ? 1 : 0;
  EXPECT_GT(toes, static_cast<int>(run.frames.size()) / 2) << "the toe was not measured";
  ASSERT_TRUE(run.metrics.foot_penetration_cm.has_value());
  EXPECT_LE(*run.metrics.foot_penetration_cm, 1.0);
}

// With the toe guard, a foot whose ball is over the next step stands on that step (heel over the
// edge) instead of its ball going into the riser: standing on the stairs at the end, neither
// ball is inside a step (it was 15 cm deep, the whole idle).
TEST_F(IkScenarioTest, WithTheToeGuardAFootStandingOnTheStairsHasNoBallInARiser) {
  const IkRun run = Run("stairs_walk.json", true, nullptr, [](ik::CharacterIkSettings& settings) {
    settings.feet.sink_guard_toe = true;
  });
  ASSERT_FALSE(run.frames.empty());
  const double end = run.frames.back().t;
  int measured = 0;
  for (const sim::TraceFrame& frame : run.frames) {
    if (frame.t < end - 1.0)
      continue;
    for (const sim::FootSample* foot : {&frame.foot_left, &frame.foot_right}) {
      ASSERT_TRUE(foot->toe_height_m && foot->toe_surface_height_m) << "t = " << frame.t;
      EXPECT_GE(*foot->toe_height_m - *foot->toe_surface_height_m, -0.01f) << "t = " << frame.t;
      ++measured;
    }
  }
  EXPECT_GT(measured, 100);
}

TEST_F(IkScenarioTest, WalkUpTheSteepRampAndStandOnIt) {
  const IkRun run = Run("ramp25_walk.json");
  ExpectFeetBars(run);
  // Standing on the slope lowers the pelvis to the downhill foot.
  ASSERT_FALSE(run.frames.empty());
  EXPECT_LT(run.frames.back().pelvis_offset_m, -0.01f);
}

// A held foot pulls the pelvis toward the ground where it is held: toward the slope under its
// animated twin instead, uphill or downhill of it, the pelvis moved with every step and the
// held feet slid (p95 0.33 cm/s).
TEST_F(IkScenarioTest, HeldFeetOnTheSteepRampStayStill) {
  const IkRun run = Run("ramp25_walk.json");
  ASSERT_TRUE(run.metrics.foot_slide.has_value());
  EXPECT_LT(run.metrics.foot_slide->p95_cm_s, 0.1);
}

// A held foot beyond its leg's reach is drawn in toward the hip; the pelvis comes down first to
// keep it in reach. Kept in reach of where the foot was planted, not of where it is shown (its
// height follows placement, here a centimetre or two lower), the feet were drawn in at most
// plants: walking, running and stopping on flat ground they slid p95 0.17 cm/s (now 0.01).
TEST_F(IkScenarioTest, HeldFeetOnFlatGroundStayStill) {
  const IkRun run = Run("flat_walk_run.json");
  ASSERT_TRUE(run.metrics.foot_slide.has_value());
  std::printf("[ik] flat walk, run and stop: slide p95 %.3f cm/s\n",
              run.metrics.foot_slide->p95_cm_s);
  EXPECT_LT(run.metrics.foot_slide->p95_cm_s, 0.05);
}

TEST_F(IkScenarioTest, RunUpTheShallowRamp) {
  ExpectFeetBars(Run("ramp10_run.json"));
}

TEST_F(IkScenarioTest, StopAstrideTheShallowRampsSideEdge) {
  ExpectFeetBars(Run("ramp10_edge_stop.json"));
}

TEST_F(IkScenarioTest, WalkUpTheStairsAndStopOnThem) {
  ExpectFeetBars(Run("stairs_walk.json"));
}

TEST_F(IkScenarioTest, WalkUpAllTheStairsOntoTheLanding) {
  const IkRun run = Run("stairs_climb.json");
  ExpectFeetAndJointJumpBars(run);
  // It got to the landing (1.2 m up).
  ASSERT_FALSE(run.frames.empty());
  EXPECT_GT(run.frames.back().position.y, 2.0f);
}

// Run up all the stairs from standing 1.5 m short of them: the run takes two treads a step on
// them (stairs.run_max_rise_per_step_m), slower than on the flat with the cycle's own cadence.
TEST_F(IkScenarioTest, RunUpAllTheStairsOntoTheLanding) {
  const IkRun run = Run("stairs_run_up.json");
  ExpectFeetAndJointJumpBars(run);
  ASSERT_FALSE(run.frames.empty());
  EXPECT_GT(run.frames.back().position.y, 2.0f);  // on the landing
  // Half way up (z 6.2: 60 cm up the stairs) it climbs at well under the run's 3.75 m/s and well
  // over a walk's 1.75.
  for (const sim::TraceFrame& frame : run.frames) {
    if (frame.position.z > 6.2f) {
      const float speed = glm::length(glm::vec2(frame.velocity.x, frame.velocity.z));
      EXPECT_LT(speed, 3.0f);
      EXPECT_GT(speed, 2.0f);
      break;
    }
  }
}

// Up the stairs along their side edge, one foot on the treads' ends and the other on the floor
// beside them (moved onto the treads when it is too far below the body to reach).
TEST_F(IkScenarioTest, WalkUpTheStairsAlongTheirSideEdge) {
  const IkRun run = Run("stairs_side_edge.json");
  ExpectFeetAndJointJumpBars(run);
  ASSERT_FALSE(run.frames.empty());
  EXPECT_GT(run.frames.back().position.y, 2.0f);  // on the landing
}

// Past the stairs with the capsule's axis 15 cm outside their side edge: the capsule used to rest
// on the steps' corners and climb them with both feet on the floor 40-56 cm below it; the mover's
// perch slide pushes it off the corners, and it walks on along the floor.
TEST_F(IkScenarioTest, WalkPastTheStairsBesideTheirSideEdge) {
  const IkRun run = Run("stairs_beside_edge.json");
  ExpectFeetAndJointJumpBars(run);
  ASSERT_FALSE(run.frames.empty());
  float highest = 0.0f;
  for (const sim::TraceFrame& frame : run.frames)
    highest = std::max(highest, frame.position.y);
  // The capsule's centre on the floor is 0.9 up; its rounded bottom rides 3 cm up the first
  // step's corner for a few frames before the slide has pushed it clear (a tread is 15 cm).
  EXPECT_LT(highest, 0.95f);
  EXPECT_GT(run.frames.back().position.z, 9.0f);  // walked on past the stairs
}

// Down all the stairs: with its 68 cm walk step the default character went down 30-45 cm a
// step, its swinging foot level with the pelvis over the tread it left, and planted 12 cm over
// the tread below; it now goes two treads a step at most (locomotion stairs.max_drop_per_step_m)
// and reaches down to where it lands (foot_placement.landing_drop_lead_s).
TEST_F(IkScenarioTest, WalkDownAllTheStairsOntoTheFloor) {
  const IkRun run = Run("stairs_descend.json");
  ExpectFeetAndJointJumpBars(run);
  // It got down to the floor.
  ASSERT_FALSE(run.frames.empty());
  EXPECT_LT(run.frames.back().position.y, 0.95f);
}

TEST_F(IkScenarioTest, WalkAcrossTheTerrain) {
  ExpectFeetBars(Run("terrain_walk.json"));
}

TEST_F(IkScenarioTest, OverlaysSwitchWhileMovingAndTheHeadFollowsTheLookTarget) {
  const IkRun run = Run("overlay_look.json");
  ASSERT_FALSE(run.frames.empty());
  EXPECT_EQ(run.metrics.nan_frames, 0u);
  ASSERT_TRUE(run.metrics.look_error_deg.has_value());
  // The look target is reached once the spring settles; the bar is informational in issue 7,
  // this checks the head actually turns (a stiff head would be off by the target's 40 degrees).
  std::size_t settled = 0;
  for (const sim::TraceFrame& frame : run.frames) {
    if (!frame.look || !frame.look->reachable)
      continue;
    const glm::vec3 to_target = glm::normalize(frame.look->target - frame.look->head_position);
    const double error =
        std::acos(std::clamp(glm::dot(to_target, frame.look->head_forward), -1.0f, 1.0f)) *
        57.2957795;
    if (error < 10.0)
      ++settled;
  }
  EXPECT_GT(settled, 60u);
  // Overlay-to-overlay fades (pistol -> torch -> sword -> spell -> none, partly while walking)
  // must not snap a joint: the old fade mixed the recorded poses and flipped a finger by 77 deg.
  ASSERT_TRUE(run.metrics.max_joint_jump.has_value());
  EXPECT_LT(run.metrics.max_joint_jump->degrees_per_60hz_frame, 20.0)
      << "joint " << run.metrics.max_joint_jump->joint << " at t=" << run.metrics.max_joint_jump->t;
}

TEST_F(IkScenarioTest, StandingNpcFollowsThePlayerWithItsHead) {
  std::vector<sim::LookSample> looks;
  const IkRun run = Run("flat_walk_run.json", true, &looks);
  ASSERT_EQ(looks.size(), run.frames.size());
  std::vector<double> errors;
  float min_yaw = 10.0f;
  float max_yaw = -10.0f;
  for (std::size_t i = 60; i < looks.size(); ++i) {
    const sim::LookSample& look = looks[i];
    if (!look.reachable)
      continue;
    const glm::vec3 to_target = glm::normalize(look.target - look.head_position);
    errors.push_back(std::acos(std::clamp(glm::dot(to_target, look.head_forward), -1.0f, 1.0f)) *
                     57.2957795);
    const float yaw = std::atan2(look.head_forward.x, look.head_forward.z);
    min_yaw = std::min(min_yaw, yaw);
    max_yaw = std::max(max_yaw, yaw);
  }
  ASSERT_GT(errors.size(), 100u);
  std::sort(errors.begin(), errors.end());
  std::printf("[ik] NPC look error median %.2f max %.2f deg over %zu frames\n",
              errors[errors.size() / 2], errors.back(), errors.size());
  EXPECT_LT(errors[errors.size() / 2], 10.0);
  // The player walked past: the head swept across more than 60 degrees.
  EXPECT_GT(max_yaw - min_yaw, 1.05f);
}

}  // namespace
}  // namespace footwork::locomotion
