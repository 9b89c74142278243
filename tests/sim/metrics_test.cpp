// Metrics on synthetic traces whose answers are known in closed form.

#include "footwork/sim/metrics.h"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "footwork/core/angles.h"
#include "footwork/sim/synthetic_trace.h"

namespace footwork::sim {
namespace {

constexpr double kDt = 1.0 / 60.0;

// `count` frames at 60 Hz standing at the origin, both feet in contact.
std::vector<TraceFrame> Standing(std::size_t count) {
  std::vector<TraceFrame> frames(count);
  for (std::size_t k = 0; k < count; ++k) {
    frames[k].t = static_cast<double>(k) * kDt;
    frames[k].foot_left.position = glm::vec3(0.1f, 0.0f, 0.0f);
    frames[k].foot_right.position = glm::vec3(-0.1f, 0.0f, 0.0f);
    frames[k].foot_left.contact = frames[k].foot_right.contact = true;
  }
  return frames;
}

Metrics Compute(const std::vector<TraceFrame>& frames, const MetricBars& bars = {}) {
  Result<Metrics> metrics = ComputeMetrics(frames, bars);
  EXPECT_TRUE(metrics.ok()) << metrics.error().message;
  return std::move(metrics).value();
}

const MetricCheck& Check(const Metrics& metrics, const std::string& name) {
  for (const MetricCheck& check : metrics.checks) {
    if (check.name == name)
      return check;
  }
  ADD_FAILURE() << "no check " << name;
  return metrics.checks.front();
}

TEST(FootSlideTest, FootSlidingAtThreeCmPerSecondInContactHasMeanThree) {
  std::vector<TraceFrame> frames = Standing(61);
  for (TraceFrame& frame : frames) {
    // Diagonal in XZ so both horizontal axes count; the vertical drift must not.
    const auto travelled = static_cast<float>(0.03 * frame.t);
    frame.foot_left.position += glm::vec3(travelled * 0.6f, 0.5f * travelled, travelled * 0.8f);
  }
  const Metrics metrics = Compute(frames);
  ASSERT_TRUE(metrics.foot_slide);
  // 60 left-foot samples at 3 cm/s and 60 right-foot samples at 0.
  EXPECT_EQ(metrics.foot_slide->samples, 120u);
  EXPECT_NEAR(metrics.foot_slide->mean_cm_s, 1.5, 1e-3);
  EXPECT_NEAR(metrics.foot_slide->p95_cm_s, 3.0, 1e-3);

  for (TraceFrame& frame : frames)
    frame.foot_right.contact = false;
  const Metrics left_only = Compute(frames);
  EXPECT_NEAR(left_only.foot_slide->mean_cm_s, 3.0, 1e-3);
  EXPECT_FALSE(Check(left_only, "foot_slide_cm_s.mean").passed());  // bar: under 2
}

// The runtime's metrics (it runs IK) hold a run to issue 7's slide bars and list issue 6's too:
// a mean of 1.5 cm/s passes issue 6's bar (under 2) and fails issue 7's (under 0.5).
TEST(FootSlideTest, RuntimeMetricsListBothIssuesSlideBars) {
  std::vector<TraceFrame> frames = Standing(61);
  for (TraceFrame& frame : frames)
    frame.foot_left.position.x += static_cast<float>(0.03 * frame.t);
  Result<Metrics> metrics = ComputeRuntimeMetrics(frames);
  ASSERT_TRUE(metrics.ok()) << metrics.error().message;
  std::vector<const MetricCheck*> means;
  for (const MetricCheck& check : metrics->checks) {
    if (check.name == "foot_slide_cm_s.mean")
      means.push_back(&check);
  }
  ASSERT_EQ(means.size(), 2u);
  EXPECT_EQ(means[0]->source, "issue 6");
  EXPECT_FLOAT_EQ(*means[0]->bar, MetricBars{}.foot_slide_mean_cm_s);
  EXPECT_TRUE(means[0]->passed());
  EXPECT_FLOAT_EQ(*means[1]->bar, MetricBars::WithIk().foot_slide_mean_cm_s);
  EXPECT_FALSE(means[1]->passed());
  EXPECT_FALSE(metrics->Passed());
  // The p95 bar is issue 7's alone: 3 cm/s over its 2.
  EXPECT_FALSE(Check(*metrics, "foot_slide_cm_s.p95").passed());
}

TEST(FootSlideTest, SwingFeetAndContactChangesAreNotSlide) {
  std::vector<TraceFrame> frames = Standing(10);
  frames[5].foot_left.contact = false;
  frames[5].foot_left.position = glm::vec3(5.0f, 0.0f, 5.0f);  // a swing far away
  frames[6].foot_left.position = glm::vec3(5.0f, 0.0f, 5.0f);  // lands there
  frames[7].foot_left.position = glm::vec3(5.0f, 0.0f, 5.0f);
  frames[8].foot_left.position = glm::vec3(5.0f, 0.0f, 5.0f);
  frames[9].foot_left.position = glm::vec3(5.0f, 0.0f, 5.0f);
  const Metrics metrics = Compute(frames);
  EXPECT_DOUBLE_EQ(metrics.foot_slide->mean_cm_s, 0.0);
}

TEST(FootSlideTest, NoContactMeansNotMeasured) {
  std::vector<TraceFrame> frames = Standing(5);
  for (TraceFrame& frame : frames)
    frame.foot_left.contact = frame.foot_right.contact = false;
  const Metrics metrics = Compute(frames);
  EXPECT_FALSE(metrics.foot_slide);
  EXPECT_FALSE(Check(metrics, "foot_slide_cm_s.mean").measured());
}

TEST(JointJumpTest, TwentyFiveDegreesInOneFrameIsTwentyFive) {
  std::vector<TraceFrame> frames = Standing(4);
  for (std::size_t k = 0; k < frames.size(); ++k) {
    const float angle = k >= 2 ? Radians(25.0f) : 0.0f;
    frames[k].local_rotations = {glm::quat(1, 0, 0, 0),
                                 glm::angleAxis(angle, glm::normalize(glm::vec3(1, 2, 3)))};
  }
  const Metrics metrics = Compute(frames);
  ASSERT_TRUE(metrics.max_joint_jump);
  EXPECT_NEAR(metrics.max_joint_jump->degrees, 25.0, 1e-3);
  EXPECT_EQ(metrics.max_joint_jump->joint, 1u);
  EXPECT_NEAR(metrics.max_joint_jump->t, 2 * kDt, 1e-9);
  EXPECT_FALSE(Check(metrics, "max_joint_jump_deg (per 60 Hz frame)").passed());
}

TEST(JointJumpTest, QuaternionSignFlipIsNoRotation) {
  std::vector<TraceFrame> frames = Standing(2);
  const glm::quat q = glm::angleAxis(Radians(40.0f), glm::vec3(0, 1, 0));
  frames[0].local_rotations = {q};
  frames[1].local_rotations = {-q};
  EXPECT_NEAR(Compute(frames).max_joint_jump->degrees, 0.0, 1e-3);
}

TEST(JointJumpTest, BarIsPerSixtyHertzFrame) {
  std::vector<TraceFrame> frames = Standing(2);
  frames[1].t = 2.0 * kDt;  // a 30 Hz step: 30 degrees is 15 per 60 Hz frame
  frames[0].local_rotations = {glm::quat(1, 0, 0, 0)};
  frames[1].local_rotations = {glm::angleAxis(Radians(30.0f), glm::vec3(1, 0, 0))};
  const Metrics metrics = Compute(frames);
  EXPECT_NEAR(metrics.max_joint_jump->degrees, 30.0, 1e-3);
  EXPECT_NEAR(metrics.max_joint_jump->degrees_per_60hz_frame, 15.0, 1e-3);
  EXPECT_TRUE(Check(metrics, "max_joint_jump_deg (per 60 Hz frame)").passed());
}

// A joint the caller marks unseen (a rig control that moves no vertex) is not measured; the
// seen joint's smaller jump is the metric, still named by its skeleton index.
TEST(JointJumpTest, UnseenJointsAreNotMeasured) {
  std::vector<TraceFrame> frames = Standing(2);
  frames[0].local_rotations = {glm::quat(1, 0, 0, 0), glm::quat(1, 0, 0, 0), glm::quat(1, 0, 0, 0)};
  frames[1].local_rotations = {glm::angleAxis(Radians(90.0f), glm::vec3(0, 1, 0)),
                               glm::angleAxis(Radians(170.0f), glm::vec3(1, 0, 0)),
                               glm::angleAxis(Radians(12.0f), glm::vec3(0, 0, 1))};
  Result<Metrics> all = ComputeMetrics(frames, {});
  ASSERT_TRUE(all.ok());
  EXPECT_EQ(all->max_joint_jump->joint, 1u);
  Result<Metrics> seen = ComputeMetrics(frames, {}, {false, false, true});
  ASSERT_TRUE(seen.ok());
  EXPECT_EQ(seen->max_joint_jump->joint, 2u);
  EXPECT_NEAR(seen->max_joint_jump->degrees, 12.0, 1e-3);
  // A mask shorter than the pose leaves the joints past it measured.
  Result<Metrics> short_mask = ComputeMetrics(frames, {}, {true, false});
  ASSERT_TRUE(short_mask.ok());
  EXPECT_EQ(short_mask->max_joint_jump->joint, 0u);
}

TEST(NanFramesTest, NanPositionCountsTheFrame) {
  std::vector<TraceFrame> frames = Standing(6);
  frames[2].position.y = std::numeric_limits<float>::quiet_NaN();
  frames[4].curves["Distance"] = std::numeric_limits<float>::infinity();
  const Metrics metrics = Compute(frames);
  EXPECT_EQ(metrics.frames, 6u);
  EXPECT_EQ(metrics.nan_frames, 2u);
  EXPECT_FALSE(Check(metrics, "nan_frames").passed());
  EXPECT_FALSE(metrics.Passed());
}

TEST(StopErrorTest, StopFourCentimetresShortIsFour) {
  std::vector<TraceFrame> frames = Standing(30);
  for (TraceFrame& frame : frames)
    frame.position = glm::vec3(1.0f, 0.0f, 2.0f);
  frames[5].events.push_back(TraceEvent::StopBegan(glm::vec3(1.0f, 0.3f, 2.04f)));
  frames[20].events.push_back(TraceEvent::StopEnded());
  const Metrics metrics = Compute(frames);
  ASSERT_EQ(metrics.stops.size(), 1u);
  ASSERT_TRUE(metrics.stops[0].error_cm);
  // Horizontal only: the stop point's height does not count.
  EXPECT_NEAR(*metrics.stops[0].error_cm, 4.0, 1e-3);
  EXPECT_NEAR(*metrics.MaxStopErrorCm(), 4.0, 1e-3);
  EXPECT_TRUE(Check(metrics, "stop_error_cm.max").passed());
}

TEST(StopErrorTest, InterruptedAndUnfinishedStopsAreListedNotMeasured) {
  std::vector<TraceFrame> frames = Standing(30);
  frames[2].events.push_back(TraceEvent::StopBegan(glm::vec3(9.0f)));
  frames[8].events.push_back(TraceEvent::StopEnded(/*interrupted=*/true));
  frames[20].events.push_back(TraceEvent::StopBegan(glm::vec3(9.0f)));
  const Metrics metrics = Compute(frames);
  ASSERT_EQ(metrics.stops.size(), 2u);
  EXPECT_TRUE(metrics.stops[0].interrupted);
  EXPECT_TRUE(metrics.stops[1].interrupted);
  EXPECT_FALSE(metrics.MaxStopErrorCm());
}

TEST(StopErrorTest, UnpairedMarkersAreErrorsNamingTheFrame) {
  std::vector<TraceFrame> frames = Standing(10);
  frames[4].events.push_back(TraceEvent::StopEnded());
  Result<Metrics> metrics = ComputeMetrics(frames);
  ASSERT_FALSE(metrics.ok());
  EXPECT_NE(metrics.error().message.find("stop_ended without a stop_began"), std::string::npos)
      << metrics.error().message;
  EXPECT_NE(metrics.error().message.find("t=0.0666"), std::string::npos) << metrics.error().message;
}

// A turn from `from` by `path` (degrees per frame offsets) with the given target.
std::vector<TraceFrame> Turn(float from, const std::vector<float>& yaw_path, float target,
                             TurnKind kind, int direction = 0) {
  std::vector<TraceFrame> frames = Standing(yaw_path.size() + 1);
  frames[0].actor_yaw_deg = from;
  for (std::size_t k = 0; k < yaw_path.size(); ++k) {
    frames[k + 1].actor_yaw_deg = Degrees(NormalizeAngle(Radians(from + yaw_path[k])));
  }
  for (TraceFrame& frame : frames)
    frame.target_yaw_deg = target;
  frames.front().events.push_back(TraceEvent::TurnBegan(kind, direction));
  frames.back().events.push_back(TraceEvent::TurnEnded());
  return frames;
}

TEST(YawErrorTest, FinalYawAgainstTargetAcrossTheWrap) {
  // 170 -> target -170 (20 degrees to the left through 180), stopping 2.5 short.
  const Metrics metrics =
      Compute(Turn(170.0f, {5.0f, 10.0f, 15.0f, 17.5f}, -170.0f, TurnKind::kTurnInPlace));
  ASSERT_EQ(metrics.turns.size(), 1u);
  EXPECT_NEAR(*metrics.turns[0].yaw_error_deg, 2.5, 1e-3);
  EXPECT_NEAR(metrics.turns[0].wrong_way_yaw_deg, 0.0, 1e-6);
  EXPECT_TRUE(Check(metrics, "yaw_error_deg.max").passed());
}

TEST(WrongWayYawTest, DipAgainstTheTurnIsMeasuredFromTheStart) {
  // A 90-degree left turn that first swings 4 then 7 degrees right before going left.
  const Metrics metrics =
      Compute(Turn(0.0f, {-4.0f, -7.0f, -3.0f, 30.0f, 90.0f}, 90.0f, TurnKind::kStart));
  EXPECT_NEAR(*metrics.MaxWrongWayYawDeg(), 7.0, 1e-3);
  EXPECT_NEAR(*metrics.MaxYawErrorDeg(), 0.0, 1e-3);
  EXPECT_FALSE(Check(metrics, "wrong_way_yaw_deg").passed());  // bar: under 5
}

TEST(WrongWayYawTest, ExplicitDirectionDecidesA180DegreeStart) {
  // Target exactly behind: the event says turn right (-1); moving left 3 degrees is wrong-way.
  const Metrics right = Compute(Turn(0.0f, {3.0f, -60.0f, -179.0f}, 180.0f, TurnKind::kStart, -1));
  EXPECT_NEAR(right.turns[0].wrong_way_yaw_deg, 3.0, 1e-3);
  EXPECT_NEAR(*right.turns[0].yaw_error_deg, 1.0, 1e-3);
}

TEST(WrongWayYawTest, ReversalFollowsTheCommittedSideEitherWay) {
  // 181 degrees from -91 to +90: the short way is right, but a left 180 clip turns left. Judged
  // against the committed side, a clean left turn is no wrong way, and a 10-degree dip right is.
  const Metrics left =
      Compute(Turn(-91.0f, {4.0f, 60.0f, 120.0f, 181.0f}, 90.0f, TurnKind::kPivot, 1));
  EXPECT_NEAR(left.turns[0].wrong_way_yaw_deg, 0.0, 1e-3);
  EXPECT_TRUE(Check(left, "wrong_way_yaw_deg").passed());
  const Metrics dip =
      Compute(Turn(-91.0f, {-10.0f, -4.0f, 60.0f, 181.0f}, 90.0f, TurnKind::kPivot, 1));
  EXPECT_NEAR(dip.turns[0].wrong_way_yaw_deg, 10.0, 1e-3);
  // The same clean left turn committed to the right: all of it is wrong-way.
  const Metrics right =
      Compute(Turn(-91.0f, {4.0f, 60.0f, 120.0f, 181.0f}, 90.0f, TurnKind::kPivot, -1));
  EXPECT_NEAR(right.turns[0].wrong_way_yaw_deg, 181.0, 1e-3);
}

TEST(WrongWayYawTest, CommittedSideIsIgnoredAwayFromAReversal) {
  // A 90-degree left turn recorded as committed right: not a reversal, so the short way (left)
  // is the intended one and the clean left turn is no wrong way; a dip right still counts.
  const Metrics clean = Compute(Turn(0.0f, {20.0f, 60.0f, 90.0f}, 90.0f, TurnKind::kStart, -1));
  EXPECT_NEAR(clean.turns[0].wrong_way_yaw_deg, 0.0, 1e-3);
  const Metrics dip = Compute(Turn(0.0f, {-6.0f, 30.0f, 90.0f}, 90.0f, TurnKind::kStart, -1));
  EXPECT_NEAR(dip.turns[0].wrong_way_yaw_deg, 6.0, 1e-3);
  // 150 degrees is not within 15 of 180 either.
  const Metrics wide = Compute(Turn(0.0f, {50.0f, 150.0f}, 150.0f, TurnKind::kStart, -1));
  EXPECT_NEAR(wide.turns[0].wrong_way_yaw_deg, 0.0, 1e-3);
}

TEST(WrongWayYawTest, TheBeginFramesOwnStepCounts) {
  // The turn begins on frame 1; its first step (8 degrees right on a left turn) is measured
  // from frame 0's yaw.
  std::vector<TraceFrame> frames = Turn(0.0f, {-8.0f, 40.0f, 90.0f}, 90.0f, TurnKind::kStart);
  frames[0].events.clear();
  frames[1].events.push_back(TraceEvent::TurnBegan(TurnKind::kStart));
  const Metrics metrics = Compute(frames);
  ASSERT_EQ(metrics.turns.size(), 1u);
  EXPECT_NEAR(metrics.turns[0].wrong_way_yaw_deg, 8.0, 1e-3);
}

TEST(YawErrorTest, TurnWithoutTargetIsAnActionableError) {
  std::vector<TraceFrame> frames = Turn(0.0f, {10.0f}, 90.0f, TurnKind::kTurn);
  frames[0].target_yaw_deg.reset();
  Result<Metrics> metrics = ComputeMetrics(frames);
  ASSERT_FALSE(metrics.ok());
  EXPECT_NE(metrics.error().message.find("target_yaw_deg"), std::string::npos);
}

TEST(FootHeightTest, PenetrationAndFloatAgainstTheSurface) {
  std::vector<TraceFrame> frames = Standing(3);
  for (TraceFrame& frame : frames) {
    frame.foot_left.surface_height_m = 0.5f;
    frame.foot_right.surface_height_m = 0.5f;
    frame.foot_left.position.y = 0.5f;
    frame.foot_right.position.y = 0.5f;
  }
  frames[1].foot_left.position.y = 0.485f;     // 1.5 cm below
  frames[2].foot_right.sole_height_m = 0.53f;  // planted, 3 cm above
  frames[2].foot_left.contact = false;
  frames[2].foot_left.position.y = 0.9f;  // swinging: not floating
  const Metrics metrics = Compute(frames);
  EXPECT_NEAR(*metrics.foot_penetration_cm, 1.5, 1e-3);
  EXPECT_NEAR(*metrics.foot_float_cm, 3.0, 1e-3);
  EXPECT_FALSE(Check(metrics, "foot_penetration_cm").passed());
  EXPECT_FALSE(Check(metrics, "foot_float_cm").passed());
}

TEST(FootHeightTest, TheLowestSolePointHeelOrToeCounts) {
  std::vector<TraceFrame> frames = Standing(4);
  for (TraceFrame& frame : frames) {
    for (FootSample* foot : {&frame.foot_left, &frame.foot_right}) {
      foot->surface_height_m = 0.0f;
      foot->sole_height_m = 0.0f;
      foot->toe_height_m = 0.0f;
      foot->toe_surface_height_m = 0.0f;
    }
  }
  // Planted on the ball with the heel 6 cm up: on the ground, not floating.
  frames[1].foot_left.sole_height_m = 0.06f;
  // A toe 2.5 cm through a step 15 cm up while the heel is 1 cm over the lower floor.
  frames[2].foot_right.sole_height_m = 0.01f;
  frames[2].foot_right.toe_height_m = 0.125f;
  frames[2].foot_right.toe_surface_height_m = 0.15f;
  // Both points up: the lower of the two is how far the foot floats.
  frames[3].foot_left.sole_height_m = 0.05f;
  frames[3].foot_left.toe_height_m = 0.02f;
  const Metrics metrics = Compute(frames);
  EXPECT_NEAR(*metrics.foot_penetration_cm, 2.5, 1e-3);
  EXPECT_NEAR(*metrics.foot_float_cm, 2.0, 1e-3);
}

TEST(FootHeightTest, AToeWithoutItsSurfaceIsNotMeasured) {
  // Old traces (no toe fields) and toes over nothing measure the heel alone.
  std::vector<TraceFrame> frames = Standing(2);
  for (TraceFrame& frame : frames) {
    for (FootSample* foot : {&frame.foot_left, &frame.foot_right}) {
      foot->surface_height_m = 0.0f;
      foot->sole_height_m = 0.01f;
    }
  }
  frames[1].foot_left.toe_height_m = -0.3f;
  const Metrics metrics = Compute(frames);
  EXPECT_NEAR(*metrics.foot_penetration_cm, 0.0, 1e-6);
  EXPECT_NEAR(*metrics.foot_float_cm, 1.0, 1e-3);
}

TEST(LookErrorTest, AngleBetweenHeadForwardAndTarget) {
  std::vector<TraceFrame> frames = Standing(2);
  frames[0].look =
      LookSample{glm::vec3(0, 1.6f, 0), glm::vec3(0, 0, 1), glm::vec3(1, 1.6f, 1), true};
  frames[1].look = LookSample{glm::vec3(0, 1.6f, 0), glm::vec3(0, 0, 1), glm::vec3(0, 1.6f, -1),
                              false};  // behind, unreachable: not measured
  const Metrics metrics = Compute(frames);
  EXPECT_NEAR(*metrics.look_error_deg, 45.0, 1e-3);
  EXPECT_FALSE(Check(metrics, "look_error_deg").measured());  // no bar in issue 7
}

TEST(MetricsTest, WithoutInputsOnlyFramesAreMeasured) {
  const Metrics metrics = Compute(Standing(0));
  EXPECT_EQ(metrics.frames, 0u);
  EXPECT_FALSE(metrics.foot_penetration_cm);
  EXPECT_TRUE(metrics.Passed());
}

TEST(MetricsTest, IkBarsAreStricterOnSlide) {
  std::vector<TraceFrame> frames = Standing(61);
  for (TraceFrame& frame : frames)
    frame.foot_left.position.x += static_cast<float>(0.012 * frame.t);
  // Mean 0.6 cm/s over both feet: passes issue 6 (under 2), fails issue 7 (under 0.5).
  EXPECT_TRUE(Check(Compute(frames), "foot_slide_cm_s.mean").passed());
  EXPECT_FALSE(Check(Compute(frames, MetricBars::WithIk()), "foot_slide_cm_s.mean").passed());
}

TEST(SyntheticTraceTest, GeneratedShowcasePassesTheBarsWithKnownStopError) {
  SyntheticTraceBuilder builder;
  builder.Idle(0.5)
      .Start(90.0f, 1.6f, 0.6)
      .Cycle(1.5, 1.6f)
      .GaitTransition(3.8f, 0.5, "run")
      .Cycle(1.0, 3.8f, "run")
      .Stop(0.7, 0.03f)
      .TurnInPlace(-90.0f, 1.0, 1.0f)
      .Idle(0.3);
  const Metrics metrics = Compute(builder.frames());
  EXPECT_EQ(metrics.nan_frames, 0u);
  EXPECT_NEAR(metrics.foot_slide->mean_cm_s, 0.0, 1e-6);
  ASSERT_EQ(metrics.stops.size(), 1u);
  EXPECT_NEAR(*metrics.stops[0].error_cm, 3.0, 1e-2);
  ASSERT_EQ(metrics.turns.size(), 2u);
  EXPECT_EQ(metrics.turns[0].kind, TurnKind::kStart);
  EXPECT_NEAR(*metrics.turns[1].yaw_error_deg, 1.0, 1e-3);
  EXPECT_NEAR(*metrics.MaxWrongWayYawDeg(), 0.0, 1e-4);
  EXPECT_NEAR(*metrics.foot_float_cm, 0.0, 1e-4);
  EXPECT_TRUE(metrics.Passed());
}

TEST(MetricsJsonTest, HoldsTheContractFieldsAndChecks) {
  std::vector<TraceFrame> frames = Standing(3);
  frames[1].position.x = std::numeric_limits<float>::quiet_NaN();
  const std::string json = FormatMetricsJson(Compute(frames));
  for (const char* key :
       {"\"frames\": 3", "\"nan_frames\": 1", "\"foot_slide_cm_s\"", "\"mean\"", "\"p95\"",
        "\"max_joint_jump_deg\"", "\"stop_error_cm\"", "\"yaw_error_deg\"", "\"wrong_way_yaw_deg\"",
        "\"foot_penetration_cm\"", "\"foot_float_cm\"", "\"look_error_deg\"", "\"checks\"",
        "\"pass\": false"}) {
    EXPECT_NE(json.find(key), std::string::npos) << key << " missing in\n" << json;
  }
}

TEST(LookErrorStats, AveragesReachableSamplesAndSkipsTheRest) {
  LookSample straight;
  straight.head_position = {0, 1.6f, 0};
  straight.head_forward = {0, 0, 1};
  straight.target = {0, 1.6f, 5};
  LookSample right_angle = straight;
  right_angle.head_forward = {1, 0, 0};
  LookSample behind = straight;
  behind.head_forward = {0, 0, -1};
  behind.reachable = false;
  const std::vector<LookSample> looks{straight, right_angle, behind};
  const std::optional<LookErrorStats> stats = ComputeLookErrorStats(looks);
  ASSERT_TRUE(stats);
  EXPECT_EQ(stats->samples, 2u);
  EXPECT_NEAR(stats->mean_deg, 45.0, 1e-4);
  EXPECT_NEAR(stats->max_deg, 90.0, 1e-4);
  EXPECT_FALSE(ComputeLookErrorStats(std::vector<LookSample>{behind}));

  Metrics metrics;
  metrics.npc_look_error_deg = stats;
  EXPECT_NE(FormatMetricsJson(metrics).find("\"npc_look_error_deg\""), std::string::npos);
  EXPECT_EQ(FormatMetricsJson(Metrics{}).find("npc_look_error_deg"), std::string::npos);
}

}  // namespace
}  // namespace footwork::sim
