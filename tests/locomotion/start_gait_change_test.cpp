// A gait change in the middle of a start (Part06: CT_Start is asked again every update, so a
// gamepad stick pushed from walk to run mid-start picks the run start): the new start takes over
// with inertial blending, not by swapping the pose in one frame. Run as `footwork simulate` runs
// it (the level's IK stage on). Skipped when the CC0 pack is not installed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "footwork/anim/sampling.h"
#include "footwork/core/angles.h"
#include "footwork/locomotion/scenario.h"
#include "footwork/locomotion/simulation_runner.h"
#include "footwork/locomotion/simulation_setup.h"
#include "footwork/sim/metrics.h"

#include "default_character.h"

namespace footwork::locomotion {
namespace {

// Largest rotation (deg) between two poses' joints.
double MaxJointAngleDeg(const std::vector<glm::quat>& a, const std::vector<glm::quat>& b) {
  double largest = 0.0;
  for (std::size_t j = 0; j < std::min(a.size(), b.size()); ++j) {
    const float d = std::min(1.0f, std::abs(glm::dot(a[j], b[j])));
    largest = std::max(largest, static_cast<double>(Degrees(2.0f * std::acos(d))));
  }
  return largest;
}

class StartGaitChangeTest : public testing::DefaultLevelTest {
 protected:
  // The local rotations clip `name` has at `time_s`.
  std::vector<glm::quat> ClipPose(const std::string& name, float time_s) {
    const io::CookedLibrary& library = setup_.assets->library();
    const int clip = setup_.assets->FindClip(name);
    EXPECT_GE(clip, 0) << name;
    std::vector<Transform> pose(static_cast<std::size_t>(library.skeleton.num_joints()));
    anim::SamplingJob job;
    job.skeleton = &library.skeleton;
    job.clip = &library.clips[static_cast<std::size_t>(std::max(clip, 0))];
    job.time_s = time_s;
    job.wrap = anim::WrapMode::kClamp;
    job.output = pose;
    EXPECT_TRUE(job.Run().ok());
    std::vector<glm::quat> rotations;
    for (const Transform& t : pose)
      rotations.push_back(t.rotation);
    return rotations;
  }
};

TEST_F(StartGaitChangeTest, StickPushedToRunMidWalkStartBlendsIntoTheRunStart) {
  // Stick at 0.4 (walk) from idle, pushed to 1 (run) 0.3 s into the walk start.
  auto scenario = ParseScenario(R"({"dt": 0.0166667, "duration_s": 2.5,
      "start": {"position": [0, 0, -20], "yaw_deg": 0},
      "events": [{"t": 0.3, "move": [0, 0.4], "device": "gamepad"},
                 {"t": 0.6, "move": [0, 1], "device": "gamepad"}]})",
                                "start_gait_change.json");
  ASSERT_TRUE(scenario.ok()) << scenario.error().message;
  auto frames =
      RunSimulation(*scenario, setup_.assets, *setup_.mover, SimulationOptionsFor(setup_));
  ASSERT_TRUE(frames.ok()) << frames.error().message;

  int swaps = 0;
  for (std::size_t k = 1; k < frames->size(); ++k) {
    const sim::TraceFrame& before = (*frames)[k - 1];
    const sim::TraceFrame& now = (*frames)[k];
    if (before.state != "Start" || now.state != "Start" || before.clips.empty() ||
        now.clips.empty() || before.clips[0].name == now.clips[0].name)
      continue;
    ++swaps;
    EXPECT_NE(before.clips[0].name.find("walk"), std::string::npos) << before.clips[0].name;
    EXPECT_NE(now.clips[0].name.find("run"), std::string::npos) << now.clips[0].name;
    // What a one-frame swap would show: the old clip's pose, then the new clip's.
    const double raw = MaxJointAngleDeg(ClipPose(before.clips[0].name, before.clips[0].time_s),
                                        ClipPose(now.clips[0].name, now.clips[0].time_s));
    const double shown = MaxJointAngleDeg(before.local_rotations, now.local_rotations);
    std::printf("[start gait change] t %.3f: %s -> %s, clips apart %.1f deg, shown %.1f deg\n",
                now.t, before.clips[0].name.c_str(), now.clips[0].name.c_str(), raw, shown);
    EXPECT_GT(raw, 20.0) << "the two starts are too alike to tell a swap from a blend";
    EXPECT_LT(shown, 0.5 * raw) << "the pose swapped in one frame at t=" << now.t;
  }
  EXPECT_EQ(swaps, 1) << "the walk start should give way to the run start once";
  auto metrics = sim::ComputeMetrics(*frames, sim::MetricBars::WithIk());
  ASSERT_TRUE(metrics.ok()) << metrics.error().message;
  EXPECT_EQ(metrics->nan_frames, 0u);
  ASSERT_TRUE(metrics->max_joint_jump.has_value());
  EXPECT_LT(metrics->max_joint_jump->degrees_per_60hz_frame, 20.0)
      << "joint " << metrics->max_joint_jump->joint << " at t=" << metrics->max_joint_jump->t;
}

}  // namespace
}  // namespace footwork::locomotion
