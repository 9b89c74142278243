#include "footwork/graph/inertialization.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

namespace footwork::graph {
namespace {

constexpr int kJoints = 3;
using Pose = std::array<Transform, kJoints>;

// Two smooth, different animations: the outgoing one (A) and the incoming one (B).
Pose PoseA(float t) {
  Pose pose;
  for (int j = 0; j < kJoints; ++j) {
    const float phase = 0.7f * static_cast<float>(j);
    pose[j].translation = {std::sin(2.0f * t + phase), 0.5f * std::cos(3.0f * t), 0.8f * t};
    pose[j].rotation = glm::angleAxis(1.5f * t + phase, glm::normalize(glm::vec3(0, 1, 0.3f)));
    pose[j].scale = glm::vec3(1.0f + 0.1f * std::sin(t));
  }
  return pose;
}
Pose PoseB(float t) {
  Pose pose;
  for (int j = 0; j < kJoints; ++j) {
    pose[j].translation = {0.3f, 1.0f + std::sin(t), -2.0f * t + static_cast<float>(j)};
    pose[j].rotation = glm::angleAxis(-2.0f * t + 1.0f, glm::normalize(glm::vec3(1, 0.2f, 0)));
    pose[j].scale = glm::vec3(1.0f);
  }
  return pose;
}

// Velocities by a central difference, as a caller would from its sampler.
std::array<TransformVelocity, kJoints> Velocity(Pose (*pose)(float), float t) {
  constexpr float kH = 1e-3f;
  const Pose before = pose(t - kH);
  const Pose after = pose(t + kH);
  std::array<TransformVelocity, kJoints> velocity;
  ComputePoseVelocities(before, after, 2.0f * kH, velocity);
  return velocity;
}

void ExpectNearPose(std::span<const Transform> actual, std::span<const Transform> expected,
                    float tolerance) {
  for (std::size_t j = 0; j < actual.size(); ++j) {
    EXPECT_NEAR(glm::length(actual[j].translation - expected[j].translation), 0.0f, tolerance)
        << "joint " << j;
    EXPECT_NEAR(AngleBetween(actual[j].rotation, expected[j].rotation), 0.0f, tolerance)
        << "joint " << j;
    EXPECT_NEAR(glm::length(actual[j].scale - expected[j].scale), 0.0f, tolerance) << "joint " << j;
  }
}

TEST(InertializationTest, ScaledAngleAxisRoundTrips) {
  const glm::quat q = glm::angleAxis(2.5f, glm::normalize(glm::vec3(1, 2, 3)));
  const glm::vec3 s = QuatToScaledAngleAxis(q);
  EXPECT_NEAR(glm::length(s), 2.5f, 1e-5f);
  EXPECT_NEAR(AngleBetween(ScaledAngleAxisToQuat(s), q), 0.0f, 1e-5f);
  EXPECT_NEAR(glm::length(QuatToScaledAngleAxis(glm::quat(1, 0, 0, 0))), 0.0f, 1e-7f);
}

// Velocity continuity: the one-sided derivative of the output right after the switch equals the
// outgoing animation's velocity. Checked with a small step, where the finite difference is
// accurate; a hard switch would be off by the A-B velocity gap (several m/s and rad/s).
void ExpectVelocityContinuous(const Pose& at_switch, const Pose& just_after,
                              const std::array<TransformVelocity, kJoints>& source_velocity,
                              float h) {
  std::array<TransformVelocity, kJoints> output_velocity;
  ComputePoseVelocities(at_switch, just_after, h, output_velocity);
  for (int j = 0; j < kJoints; ++j) {
    EXPECT_NEAR(glm::length(output_velocity[j].linear - source_velocity[j].linear), 0.0f, 0.03f)
        << "joint " << j;
    EXPECT_NEAR(glm::length(output_velocity[j].angular - source_velocity[j].angular), 0.0f, 0.03f)
        << "joint " << j;
  }
}

TEST(InertializationTest, SwitchKeepsPoseAndVelocityThenConvergesToIncoming) {
  const float t0 = 0.9f;
  const Pose source = PoseA(t0);
  const auto source_velocity = Velocity(PoseA, t0);
  const auto destination_velocity = Velocity(PoseB, t0);
  // The gap a hard switch would show, to make the continuity check meaningful.
  ASSERT_GT(glm::length(source_velocity[0].linear - destination_velocity[0].linear), 1.0f);

  std::array<JointOffset, kJoints> offsets;
  ResetOffsets(offsets);
  InertializeTransition(offsets, source, source_velocity, PoseB(t0), destination_velocity);
  constexpr float kHalfLife = 0.1f;
  Pose output;
  InertializeUpdate(output, offsets, PoseB(t0), kHalfLife, 0.0f);
  ExpectNearPose(output, source, 1e-4f);

  constexpr float kH = 5e-5f;
  std::array<JointOffset, kJoints> probe = offsets;
  Pose just_after;
  InertializeUpdate(just_after, probe, PoseB(t0 + kH), kHalfLife, kH);
  ExpectVelocityContinuous(output, just_after, source_velocity, kH);

  // Run on at 60 Hz: after 2 s (20 half-lives) the offset is gone.
  float t = t0;
  for (int frame = 0; frame < 120; ++frame) {
    t += 1.0f / 60.0f;
    InertializeUpdate(output, offsets, PoseB(t), kHalfLife, 1.0f / 60.0f);
  }
  ExpectNearPose(output, PoseB(t), 1e-4f);
}

TEST(InertializationTest, InterruptingAnInertializationStaysContinuous) {
  std::array<JointOffset, kJoints> offsets;
  ResetOffsets(offsets);
  InertializeTransition(offsets, PoseA(0.5f), Velocity(PoseA, 0.5f), PoseB(0.5f),
                        Velocity(PoseB, 0.5f));
  Pose shown;
  InertializeUpdate(shown, offsets, PoseB(0.6f), 0.1f, 0.1f);
  // Switch again, from B (the animation that was playing) to A, mid-inertialization.
  InertializeTransition(offsets, PoseB(0.6f), Velocity(PoseB, 0.6f), PoseA(0.6f),
                        Velocity(PoseA, 0.6f));
  Pose output;
  InertializeUpdate(output, offsets, PoseA(0.6f), 0.1f, 0.0f);
  ExpectNearPose(output, shown, 1e-4f);
}

TEST(InertializationTest, FilteredCurveTakesDestinationAtOnce) {
  const std::array<std::string_view, 2> names = {"RotateAlpha", "FootLock_L"};
  const std::array<std::string_view, 1> filtered = {"RotateAlpha"};
  std::array<std::uint8_t, 2> mask{};
  BuildCurveFilterMask(names, filtered, mask);
  EXPECT_EQ(mask[0], 1);
  EXPECT_EQ(mask[1], 0);

  // Outgoing state has RotateAlpha 0; the incoming Start clip's curve starts at 1 and decays.
  const std::array<float, 2> source = {0.0f, 1.0f};
  const std::array<float, 2> zero_velocity = {0.0f, 0.0f};
  auto destination = [](float t) { return std::array<float, 2>{std::max(0.0f, 1.0f - t), 0.0f}; };
  std::array<SpringState, 2> offsets;
  ResetOffsets(offsets);
  InertializeCurvesTransition(offsets, source, zero_velocity, destination(0.0f), zero_velocity,
                              mask);
  std::array<float, 2> output{};
  InertializeCurvesUpdate(output, offsets, destination(0.0f), 0.1f, 0.0f);
  EXPECT_FLOAT_EQ(output[0], 1.0f);  // not 0: no ramp up from the outgoing value
  EXPECT_FLOAT_EQ(output[1], 1.0f);  // the blended curve starts at the outgoing value
  for (int frame = 1; frame <= 30; ++frame) {
    const float t = static_cast<float>(frame) / 60.0f;
    InertializeCurvesUpdate(output, offsets, destination(t), 0.1f, 1.0f / 60.0f);
    EXPECT_FLOAT_EQ(output[0], destination(t)[0]) << "frame " << frame;
    EXPECT_GT(output[1], 0.0f);
  }
}

TEST(DeadBlendingTest, SwitchKeepsPoseAndVelocityThenReachesIncoming) {
  const float t0 = 0.9f;
  const Pose source = PoseA(t0);
  const auto source_velocity = Velocity(PoseA, t0);
  std::array<DeadBlendJoint, kJoints> joints;
  DeadBlendClock clock;
  constexpr float kDuration = 0.3f;
  constexpr float kDecayHalfLife = 0.2f;
  DeadBlendTransition(clock, joints, source, source_velocity, kDuration);
  Pose output;
  DeadBlendUpdate(output, joints, clock, PoseB(t0), kDecayHalfLife, 0.0f);
  ExpectNearPose(output, source, 1e-4f);

  constexpr float kH = 5e-5f;
  auto probe_joints = joints;
  DeadBlendClock probe_clock = clock;
  AdvanceDeadBlend(probe_clock, kH);
  Pose just_after;
  DeadBlendUpdate(just_after, probe_joints, probe_clock, PoseB(t0 + kH), kDecayHalfLife, kH);
  ExpectVelocityContinuous(output, just_after, source_velocity, kH);

  float t = t0;
  for (int frame = 0; frame < 18; ++frame) {  // exactly the 0.3 s duration at 60 Hz
    t += 1.0f / 60.0f;
    AdvanceDeadBlend(clock, 1.0f / 60.0f);
    DeadBlendUpdate(output, joints, clock, PoseB(t), kDecayHalfLife, 1.0f / 60.0f);
  }
  EXPECT_FALSE(clock.active());
  ExpectNearPose(output, PoseB(t), 1e-5f);
}

TEST(DeadBlendingTest, FilteredCurveKeepsDestinationThroughTheBlend) {
  const std::array<std::uint8_t, 2> mask = {1, 0};  // RotateAlpha filtered, Distance blended
  std::array<DeadBlendCurve, 2> curves;
  DeadBlendClock clock;
  std::array<DeadBlendJoint, 0> no_joints;
  DeadBlendTransition(clock, no_joints, {}, {}, 0.25f);
  DeadBlendCurvesTransition(curves, std::array<float, 2>{0.0f, 5.0f},
                            std::array<float, 2>{0.0f, -1.0f});
  std::array<float, 2> output{};
  for (int frame = 0; frame <= 20; ++frame) {
    const float dt = frame == 0 ? 0.0f : 1.0f / 60.0f;
    const float t = static_cast<float>(frame) / 60.0f;
    const std::array<float, 2> destination = {1.0f - t, 2.0f};
    AdvanceDeadBlend(clock, dt);
    DeadBlendCurvesUpdate(output, curves, clock, destination, mask, 0.2f, dt);
    EXPECT_FLOAT_EQ(output[0], destination[0]) << "frame " << frame;
    if (frame == 0) {
      EXPECT_FLOAT_EQ(output[1], 5.0f);
    }
  }
  EXPECT_FLOAT_EQ(output[1], 2.0f);  // blended curve reached its destination after 0.25 s
}

// A FootLock curve (kCurveAtMostDestination) planted in the outgoing clip, blending into a clip
// whose foot lifts two frames later: it falls with the destination, where a blended curve still
// reads 0.8 and holds the lifting foot. Rising (the destination plants a foot the source
// swings), it blends like any curve: the foot is not caught before the poses agree.
TEST(DeadBlendingTest, AnAtMostDestinationCurveFallsWithTheDestinationAndRisesBlended) {
  constexpr float kDt = 1.0f / 60.0f;
  const std::array<std::uint8_t, 3> mask = {kCurveAtMostDestination, kCurveBlended,
                                            kCurveAtMostDestination};
  std::array<DeadBlendJoint, 0> no_joints;
  DeadBlendClock clock;
  std::array<DeadBlendCurve, 3> curves;
  DeadBlendTransition(clock, no_joints, {}, {}, 0.3f);
  DeadBlendCurvesTransition(curves, std::array<float, 3>{1.0f, 1.0f, 0.0f},
                            std::array<float, 3>{0.0f, 0.0f, 0.0f});
  std::array<float, 3> output{};
  for (int frame = 0; frame <= 6; ++frame) {
    const float dt = frame == 0 ? 0.0f : kDt;
    const float lifting = frame < 2 ? 1.0f : std::max(0.0f, 1.0f - 0.5f * (frame - 1));
    const std::array<float, 3> destination = {lifting, lifting, 1.0f};
    AdvanceDeadBlend(clock, dt);
    DeadBlendCurvesUpdate(output, curves, clock, destination, mask, 0.2f, dt);
    EXPECT_FLOAT_EQ(output[0], lifting) << "frame " << frame;
    EXPECT_LE(output[0], output[1]) << "frame " << frame;
    EXPECT_LT(output[2], 1.0f) << "frame " << frame;  // still rising with the blend
    EXPECT_FLOAT_EQ(output[2], clock.Alpha()) << "frame " << frame;
  }
  EXPECT_FLOAT_EQ(output[0], 0.0f);
  EXPECT_GT(output[1], 0.7f);  // the plain blend still holds the lifted foot
}

// A FootLock-like alpha rising into 1 at the switch (0.49 -> 1 in one frame: +30/s) blends
// into a clip whose foot is up (curve 0). Extrapolated with its velocity it would read 1.5-2
// ("planted") well into the blend; inside its range [0, 1] it never passes 1, and it stops
// reading planted (>= 0.99) within two frames. An unbounded curve still moves with its velocity.
TEST(DeadBlendingTest, CurvesAreNotExtrapolatedOutOfTheirRange) {
  constexpr float kDt = 1.0f / 60.0f;
  const std::array<CurveRange, 2> ranges = {CurveRange{0.0f, 1.0f}, CurveRange{}};
  const std::array<float, 2> source = {1.0f, 1.0f};
  const std::array<float, 2> velocity = {30.0f, 30.0f};
  const std::array<float, 2> destination = {0.0f, 0.0f};
  const std::array<std::uint8_t, 2> no_filter = {0, 0};
  std::array<DeadBlendJoint, 0> no_joints;

  DeadBlendClock clock;
  std::array<DeadBlendCurve, 2> curves;
  DeadBlendTransition(clock, no_joints, {}, {}, 0.3f);
  DeadBlendCurvesTransition(curves, source, velocity, ranges);
  // The same blend without ranges: what the alpha would do unclamped.
  DeadBlendClock free_clock = clock;
  std::array<DeadBlendCurve, 2> free_curves;
  DeadBlendCurvesTransition(free_curves, source, velocity);

  std::array<float, 2> output{};
  std::array<float, 2> free_output{};
  float free_max = 0.0f;
  int planted_frames = 0;
  for (int frame = 1; frame <= 18; ++frame) {
    AdvanceDeadBlend(clock, kDt);
    AdvanceDeadBlend(free_clock, kDt);
    DeadBlendCurvesUpdate(output, curves, clock, destination, no_filter, 0.2f, kDt);
    DeadBlendCurvesUpdate(free_output, free_curves, free_clock, destination, no_filter, 0.2f, kDt);
    free_max = std::max(free_max, free_output[0]);
    EXPECT_LE(output[0], 1.0f) << "frame " << frame;
    EXPECT_GE(output[0], 0.0f) << "frame " << frame;
    if (output[0] >= 0.99f)
      ++planted_frames;
    // The unbounded curve is extrapolated exactly as before.
    EXPECT_FLOAT_EQ(output[1], free_output[1]) << "frame " << frame;
    if (frame == 1) {
      EXPECT_GT(output[1], 1.3f);  // moved on with its velocity
    }
  }
  EXPECT_GT(free_max, 1.5f);  // the overshoot the range prevents
  EXPECT_LE(planted_frames, 1);
  EXPECT_FLOAT_EQ(output[0], 0.0f);  // at the destination once the blend ends
}

// A value shown outside its range at the switch is not snapped into it (that would jump on the
// switch frame); the extrapolation only stops going further out.
TEST(DeadBlendingTest, ASourceOutsideItsRangeIsKeptAndNotPushedFurther) {
  const std::array<CurveRange, 1> ranges = {CurveRange{0.0f, 1.0f}};
  std::array<DeadBlendJoint, 0> no_joints;
  DeadBlendClock clock;
  std::array<DeadBlendCurve, 1> curves;
  DeadBlendTransition(clock, no_joints, {}, {}, 0.3f);
  DeadBlendCurvesTransition(curves, std::array<float, 1>{1.2f}, std::array<float, 1>{5.0f}, ranges);
  std::array<float, 1> output{};
  DeadBlendCurvesUpdate(output, curves, clock, std::array<float, 1>{1.0f}, {}, 0.2f, 0.0f);
  EXPECT_FLOAT_EQ(output[0], 1.2f);  // switch frame: as shown
  AdvanceDeadBlend(clock, 1.0f / 60.0f);
  DeadBlendCurvesUpdate(output, curves, clock, std::array<float, 1>{1.0f}, {}, 0.2f, 1.0f / 60.0f);
  EXPECT_LE(curves[0].value, 1.2f);
  EXPECT_LE(output[0], 1.2f);
}

TEST(InertializationTest, CurveOutputStaysInItsRange) {
  const std::array<CurveRange, 1> ranges = {CurveRange{0.0f, 1.0f}};
  std::array<SpringState, 1> offsets;
  ResetOffsets(offsets);
  // Outgoing 1 rising fast, incoming 1 falling: the decaying offset pushes the sum above 1.
  InertializeCurvesTransition(offsets, std::array<float, 1>{1.0f}, std::array<float, 1>{30.0f},
                              std::array<float, 1>{1.0f}, std::array<float, 1>{-1.0f}, {});
  std::array<float, 1> output{};
  std::array<float, 1> free_output{};
  std::array<SpringState, 1> free_offsets = offsets;
  float free_max = 0.0f;
  for (int frame = 1; frame <= 30; ++frame) {
    const std::array<float, 1> destination = {1.0f - frame / 60.0f};
    InertializeCurvesUpdate(output, offsets, destination, 0.1f, 1.0f / 60.0f, ranges);
    InertializeCurvesUpdate(free_output, free_offsets, destination, 0.1f, 1.0f / 60.0f);
    free_max = std::max(free_max, free_output[0]);
    EXPECT_LE(output[0], 1.0f);
    EXPECT_FLOAT_EQ(output[0], std::clamp(free_output[0], 0.0f, 1.0f));
  }
  EXPECT_GT(free_max, 1.05f);
}

TEST(InertializationTest, ABadDtMovesNothingAndWritesNoNaN) {
  const float t0 = 0.4f;
  const Pose source = PoseA(t0);
  const auto source_velocity = Velocity(PoseA, t0);
  const auto destination_velocity = Velocity(PoseB, t0);
  for (const float bad : {std::nanf(""), -0.5f, std::numeric_limits<float>::infinity()}) {
    std::array<JointOffset, kJoints> offsets;
    ResetOffsets(offsets);
    InertializeTransition(offsets, source, source_velocity, PoseB(t0), destination_velocity);
    Pose output;
    InertializeUpdate(output, offsets, PoseB(t0), 0.1f, bad);
    ExpectNearPose(output, source, 1e-4f);  // as with dt 0: the outgoing pose

    std::array<DeadBlendJoint, kJoints> joints;
    DeadBlendClock clock;
    DeadBlendTransition(clock, joints, source, source_velocity, 0.3f);
    AdvanceDeadBlend(clock, bad);
    EXPECT_FLOAT_EQ(clock.elapsed_s, 0.0f);
    DeadBlendUpdate(output, joints, clock, PoseB(t0), 0.2f, bad);
    ExpectNearPose(output, source, 1e-4f);
    // A NaN half-life does not poison the extrapolation either.
    DeadBlendUpdate(output, joints, clock, PoseB(t0), std::nanf(""), 1.0f / 60.0f);
    for (const Transform& joint : output) {
      EXPECT_TRUE(std::isfinite(joint.translation.x) && std::isfinite(joint.rotation.w));
    }
  }
}

}  // namespace
}  // namespace footwork::graph
