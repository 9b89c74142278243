#include "footwork/anim/two_bone_ik.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "anim/anim_test_util.h"

namespace footwork::anim {
namespace {

using testing::AxisAngle;
using testing::kCalfL;
using testing::kFootL;
using testing::kThighL;
using testing::MakeHumanoid;
using testing::PoseNear;
using testing::QuatNear;
using testing::ToModel;
using testing::VecNear;

constexpr TwoBoneIkChain kLeftLeg{kThighL, kCalfL, kFootL};
const glm::vec3 kForward(0.0f, 0.0f, 1.0f);

struct LegPose {
  Skeleton skeleton;
  std::vector<Transform> local;
  std::vector<Transform> model;
};

LegPose MakeLegPose(bool odd_rest_orientations = false) {
  LegPose pose;
  pose.skeleton = MakeHumanoid(odd_rest_orientations);
  pose.local = pose.skeleton.rest_pose;
  pose.model = ToModel(pose.skeleton, pose.local);
  return pose;
}

// Offset of the knee from the hip-foot line (points where the knee bends).
glm::vec3 KneeOffset(const std::vector<Transform>& model) {
  const glm::vec3 hip = model[kThighL].translation;
  const glm::vec3 line = glm::normalize(model[kFootL].translation - hip);
  const glm::vec3 knee = model[kCalfL].translation - hip;
  return knee - glm::dot(knee, line) * line;
}

Status Apply(LegPose& pose, const TwoBoneIkGoal& goal) {
  return ApplyTwoBoneIk(pose.skeleton, kLeftLeg, goal, pose.local, pose.model);
}

TEST(TwoBoneIk, ReachesReachableTargetsAndKeepsModelConsistentWithLocal) {
  for (const bool odd : {false, true}) {
    const LegPose rest = MakeLegPose(odd);
    const glm::vec3 hip = rest.model[kThighL].translation;
    const float thigh = glm::length(rest.model[kCalfL].translation - hip);
    const float calf = glm::length(rest.model[kFootL].translation - rest.model[kCalfL].translation);
    int tried = 0;
    for (float x = -0.4f; x <= 0.4f; x += 0.2f) {
      for (float y = -0.95f; y <= 0.0f; y += 0.19f) {
        for (float z = -0.4f; z <= 0.4f; z += 0.2f) {
          const glm::vec3 target = hip + glm::vec3(x, y, z);
          const float distance = glm::length(target - hip);
          if (distance > 0.98f * (thigh + calf) || distance < std::fabs(thigh - calf) + 0.02f)
            continue;
          LegPose pose = rest;
          TwoBoneIkGoal goal;
          goal.target = target;
          goal.pole = kForward;
          ASSERT_TRUE(Apply(pose, goal).ok());
          ++tried;
          EXPECT_TRUE(VecNear(pose.model[kFootL].translation, target, 1e-4f))
              << "odd " << odd << " target " << x << " " << y << " " << z;
          // Bone lengths hold, the foot keeps its model rotation, and the model transforms the
          // solver wrote agree with a fresh local-to-model pass.
          EXPECT_NEAR(glm::length(pose.model[kCalfL].translation - hip), thigh, 1e-4f);
          EXPECT_TRUE(QuatNear(pose.model[kFootL].rotation, rest.model[kFootL].rotation));
          const std::vector<Transform> recomputed = ToModel(pose.skeleton, pose.local);
          for (const int joint : {kThighL, kCalfL, kFootL})
            EXPECT_TRUE(testing::TransformNear(pose.model[joint], recomputed[joint], 1e-4f));
        }
      }
    }
    EXPECT_GT(tried, 20);
  }
}

TEST(TwoBoneIk, SolveReportsReachedAndClampsUnreachableTargetsAlongTheSameLine) {
  const glm::vec3 a(0.0f, 1.0f, 0.0f);
  const glm::vec3 b(0.0f, 0.5f, 0.05f);
  const glm::vec3 c(0.0f, 0.0f, 0.0f);
  const float length = glm::length(b - a) + glm::length(c - b);
  const glm::vec3 far_target(0.3f, -2.0f, 0.2f);
  for (const float extension : {0.999f, 0.9f}) {
    const TwoBoneIkSolution solution = SolveTwoBoneIk(a, b, c, far_target, kForward, extension);
    ASSERT_TRUE(solution.valid);
    EXPECT_FALSE(solution.reached);
    const glm::vec3 knee = a + solution.upper_delta * (b - a);
    const glm::vec3 end = knee + solution.lower_delta * (c - b);
    EXPECT_TRUE(VecNear(end, a + extension * length * glm::normalize(far_target - a), 1e-4f));
  }
  // Too close for unequal bones: the reach stops near |upper - lower|, on the target's line.
  const glm::vec3 short_end(0.0f, 0.1f, 0.0f);
  const float difference = glm::length(b - a) - glm::length(short_end - b);
  const TwoBoneIkSolution folded =
      SolveTwoBoneIk(a, b, short_end, a + glm::vec3(0, -0.001f, 0), kForward);
  ASSERT_TRUE(folded.valid);
  EXPECT_FALSE(folded.reached);
  const glm::vec3 folded_end =
      a + folded.upper_delta * (b - a) + folded.lower_delta * (short_end - b);
  EXPECT_NEAR(folded_end.x, 0.0f, 1e-4f);
  EXPECT_NEAR(folded_end.z, 0.0f, 1e-4f);
  EXPECT_NEAR(a.y - folded_end.y, difference, 1e-3f);
  const TwoBoneIkSolution near = SolveTwoBoneIk(a, b, c, glm::vec3(0, 0.2f, 0.1f), kForward);
  EXPECT_TRUE(near.reached);
}

TEST(TwoBoneIk, KneeBendsTowardThePole) {
  for (const glm::vec3 pole : {glm::vec3(0, 0, 1), glm::vec3(0, 0, -1), glm::vec3(1, 0, 0),
                               glm::vec3(-0.5f, 0.3f, 0.5f)}) {
    LegPose pose = MakeLegPose(true);
    TwoBoneIkGoal goal;
    goal.target = pose.model[kThighL].translation + glm::vec3(0.05f, -0.6f, 0.1f);
    goal.pole = pole;
    ASSERT_TRUE(Apply(pose, goal).ok());
    const glm::vec3 line = glm::normalize(goal.target - pose.model[kThighL].translation);
    const glm::vec3 pole_perpendicular = glm::normalize(pole - glm::dot(pole, line) * line);
    const glm::vec3 offset = KneeOffset(pose.model);
    EXPECT_GT(glm::dot(glm::normalize(offset), pole_perpendicular), 0.999f)
        << "pole " << pole.x << " " << pole.y << " " << pole.z;
  }
}

TEST(TwoBoneIk, KneeNeverFlipsAsTheTargetPassesThroughTheStraightLeg) {
  // The target sweeps from a crouch, past full extension (straight leg), and back, also
  // crossing from in front of the hip line to behind it.
  const LegPose rest = MakeLegPose(true);
  const glm::vec3 hip = rest.model[kThighL].translation;
  glm::quat previous_thigh{};
  glm::vec3 previous_knee{};
  bool first = true;
  for (int step = 0; step <= 400; ++step) {
    const float s = static_cast<float>(step) / 400.0f;
    const float down = 0.5f + 0.8f * std::sin(s * 3.14159265f);  // 0.5 -> 1.3 -> 0.5 m
    const float forward = 0.05f * std::cos(s * 6.2831853f);
    LegPose pose = rest;
    TwoBoneIkGoal goal;
    goal.target = hip + glm::vec3(0.0f, -down, forward);
    goal.pole = kForward;
    ASSERT_TRUE(Apply(pose, goal).ok());
    const glm::vec3 offset = KneeOffset(pose.model);
    EXPECT_GT(offset.z, 0.0f) << "knee bent backwards at step " << step;
    if (!first) {
      // Small target steps give small joint steps: no flip of the knee or the thigh's twist.
      EXPECT_LT(glm::length(pose.model[kCalfL].translation - previous_knee), 0.05f)
          << "step " << step;
      EXPECT_LT(AngleBetween(pose.model[kThighL].rotation, previous_thigh), 0.2f)
          << "step " << step;
    }
    previous_knee = pose.model[kCalfL].translation;
    previous_thigh = pose.model[kThighL].rotation;
    first = false;
  }
}

TEST(TwoBoneIk, WeightZeroLeavesThePoseAndHalfWeightMovesPartway) {
  LegPose pose = MakeLegPose(true);
  const LegPose rest = pose;
  TwoBoneIkGoal goal;
  goal.target = pose.model[kThighL].translation + glm::vec3(0.2f, -0.6f, 0.3f);
  goal.weight = 0.0f;
  ASSERT_TRUE(Apply(pose, goal).ok());
  EXPECT_TRUE(PoseNear(pose.local, rest.local, 0.0f));
  EXPECT_TRUE(PoseNear(pose.model, rest.model, 0.0f));

  goal.weight = 0.5f;
  ASSERT_TRUE(Apply(pose, goal).ok());
  const float start_error = glm::length(rest.model[kFootL].translation - goal.target);
  const float half_error = glm::length(pose.model[kFootL].translation - goal.target);
  EXPECT_GT(half_error, 0.1f * start_error);
  EXPECT_LT(half_error, 0.9f * start_error);
}

TEST(TwoBoneIk, SetEndRotationOverridesTheFootOrientation) {
  LegPose pose = MakeLegPose();
  TwoBoneIkGoal goal;
  goal.target = pose.model[kThighL].translation + glm::vec3(0.0f, -0.7f, 0.2f);
  goal.set_end_rotation = true;
  goal.end_rotation = AxisAngle({1, 0, 0}, 0.3f);
  ASSERT_TRUE(Apply(pose, goal).ok());
  EXPECT_TRUE(QuatNear(pose.model[kFootL].rotation, goal.end_rotation));
  EXPECT_TRUE(VecNear(pose.model[kFootL].translation, goal.target, 1e-4f));
}

// The caller's reach bounds: a target farther than max_reach_m is reached only that far, on the
// same line; one nearer than min_reach_m is passed by as far; NaN bounds are an error.
TEST(TwoBoneIk, ReachBoundsStopTheEndShortOfOrBeyondTheTargetOnItsLine) {
  const LegPose rest = MakeLegPose();
  const glm::vec3 hip = rest.model[kThighL].translation;
  const glm::vec3 target = hip + glm::vec3(0.05f, -0.6f, 0.1f);
  const float distance = glm::length(target - hip);
  const glm::vec3 line = (target - hip) / distance;
  for (const float bound : {0.4f, 0.5f}) {
    LegPose pose = rest;
    TwoBoneIkGoal goal;
    goal.target = target;
    goal.pole = kForward;
    goal.max_reach_m = bound;
    ASSERT_TRUE(Apply(pose, goal).ok());
    EXPECT_TRUE(VecNear(pose.model[kFootL].translation, hip + bound * line, 1e-4f)) << bound;
  }
  LegPose pose = rest;
  TwoBoneIkGoal goal;
  goal.target = target;
  goal.pole = kForward;
  goal.min_reach_m = distance + 0.1f;
  ASSERT_TRUE(Apply(pose, goal).ok());
  EXPECT_TRUE(VecNear(pose.model[kFootL].translation, hip + (distance + 0.1f) * line, 1e-4f));
  // Bounds that do not bind leave the solve as it was.
  LegPose free_pose = rest;
  goal.min_reach_m = distance - 0.1f;
  goal.max_reach_m = distance + 0.1f;
  ASSERT_TRUE(Apply(free_pose, goal).ok());
  EXPECT_TRUE(VecNear(free_pose.model[kFootL].translation, target, 1e-4f));
  goal.max_reach_m = std::numeric_limits<float>::quiet_NaN();
  LegPose untouched = rest;
  EXPECT_FALSE(Apply(untouched, goal).ok());
  EXPECT_TRUE(PoseNear(untouched.local, rest.local, 0.0f));
}

TEST(TwoBoneIk, RejectsNonFiniteGoalsAndBadChainsLeavingThePose) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  LegPose pose = MakeLegPose();
  const LegPose rest = pose;
  TwoBoneIkGoal goal;
  goal.target = glm::vec3(nan, 0.0f, 0.0f);
  Status status = Apply(pose, goal);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.error().message.find("not finite"), std::string::npos);

  goal.target = glm::vec3(0.1f, 0.3f, 0.0f);
  goal.pole = glm::vec3(0.0f, std::numeric_limits<float>::infinity(), 0.0f);
  EXPECT_FALSE(Apply(pose, goal).ok());
  goal.pole = kForward;
  goal.weight = nan;
  EXPECT_FALSE(Apply(pose, goal).ok());
  goal.weight = 1.0f;

  status = ApplyTwoBoneIk(pose.skeleton, {kThighL, kFootL, kCalfL}, goal, pose.local, pose.model);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.error().message.find("thigh_l"), std::string::npos);
  EXPECT_FALSE(
      ApplyTwoBoneIk(pose.skeleton, {kThighL, kCalfL, 99}, goal, pose.local, pose.model).ok());
  EXPECT_FALSE(ApplyTwoBoneIk(pose.skeleton, kLeftLeg, goal,
                              std::span<Transform>(pose.local).first(3), pose.model)
                   .ok());
  // Target on the hip: no direction to reach in.
  goal.target = pose.model[kThighL].translation;
  EXPECT_FALSE(Apply(pose, goal).ok());
  EXPECT_TRUE(PoseNear(pose.local, rest.local, 0.0f));
  EXPECT_TRUE(PoseNear(pose.model, rest.model, 0.0f));

  const TwoBoneIkSolution solution = SolveTwoBoneIk(glm::vec3(0), glm::vec3(0, -0.5f, 0),
                                                    glm::vec3(0, -1, 0), glm::vec3(nan), kForward);
  EXPECT_FALSE(solution.valid);
  EXPECT_TRUE(QuatNear(solution.upper_delta, glm::quat(1, 0, 0, 0), 0.0f));
}

// Soft reach: the reached distance follows the target up to the band, then eases toward the
// clamp without a kink (no step, slope never above 1, monotone) and never reaches full length.
TEST(TwoBoneIk, SoftReachIsContinuousMonotoneAndStopsShortOfTheClamp) {
  const glm::vec3 hip(0.0f, 1.0f, 0.0f);
  const glm::vec3 knee(0.0f, 0.55f, 0.05f);
  const glm::vec3 ankle(0.0f, 0.1f, 0.0f);
  const float length = glm::length(knee - hip) + glm::length(ankle - knee);
  const glm::vec3 down(0.0f, -1.0f, 0.0f);
  const auto reached = [&](float distance, float soft) {
    const TwoBoneIkSolution solution =
        SolveTwoBoneIk(hip, knee, ankle, hip + down * distance, kForward, 0.999f, soft);
    EXPECT_TRUE(solution.valid);
    // Where the end lands: the lower delta rotates the end about the knee's new place.
    const glm::vec3 new_knee = hip + (solution.upper_delta * (knee - hip));
    return glm::length(new_knee + solution.lower_delta * (ankle - knee) - hip);
  };
  const float soft = 0.05f;
  const float start = (0.999f - soft) * length;
  // Below the band: exact.
  EXPECT_NEAR(reached(0.8f * length, soft), 0.8f * length, 1e-4f);
  EXPECT_NEAR(reached(start - 1e-3f, soft), start - 1e-3f, 1e-4f);
  float previous = reached(0.8f * length, soft);
  float previous_distance = 0.8f * length;
  for (float distance = 0.8f * length; distance < 1.5f * length; distance += 0.002f * length) {
    const float now = reached(distance, soft);
    EXPECT_GE(now, previous - 1e-4f) << distance;
    EXPECT_LE(now - previous, (distance - previous_distance) * 1.01f + 1e-4f) << distance;
    EXPECT_LT(now, 0.999f * length + 1e-4f) << distance;
    previous = now;
    previous_distance = distance;
  }
  // Eased, not clamped: past the band's start the leg is short of the target but still moving.
  EXPECT_LT(reached(start + 0.5f * soft * length, soft), start + 0.5f * soft * length - 1e-3f);
  EXPECT_GT(reached(start + 0.5f * soft * length, soft), reached(start, soft) + 1e-3f);
  EXPECT_FALSE(
      SolveTwoBoneIk(hip, knee, ankle, hip + down * (start + 0.01f), kForward, 0.999f, soft)
          .reached);
  // Without a band the old hard clamp: exact up to the clamp.
  EXPECT_NEAR(reached(0.99f * length, 0.0f), 0.99f * length, 1e-4f);
}

// The knee keeps bending toward the pole through the soft band (no flip while easing).
TEST(TwoBoneIk, SoftReachKeepsTheKneeOnThePoleSide) {
  const glm::vec3 hip(0.0f, 1.0f, 0.0f);
  const glm::vec3 knee(0.0f, 0.55f, 0.05f);
  const glm::vec3 ankle(0.0f, 0.1f, 0.0f);
  const float length = glm::length(knee - hip) + glm::length(ankle - knee);
  for (float distance = 0.9f * length; distance < 1.3f * length; distance += 0.01f * length) {
    const glm::vec3 target = hip + glm::vec3(0.0f, -distance, 0.0f);
    const TwoBoneIkSolution solution =
        SolveTwoBoneIk(hip, knee, ankle, target, kForward, 0.999f, 0.05f);
    ASSERT_TRUE(solution.valid);
    const glm::vec3 new_knee = hip + solution.upper_delta * (knee - hip);
    EXPECT_GT(new_knee.z, 0.0f) << distance;
  }
}

// Many random bent legs, targets (near to past full reach), poles and reach settings: the
// invariants the solver's optimisations must keep. The foot lands on the hip-target line at the
// target when it is within reach; bones keep their lengths; the model transforms written agree
// with a local-to-model pass; the knee bends toward the pole; the bare solve agrees with the
// applied one; and a second run gives bit-identical transforms.
TEST(TwoBoneIk, RandomLegsAndGoalsKeepTheSolversInvariants) {
  std::mt19937 random(7);
  // From the generator's raw output (distributions differ between standard libraries).
  const auto uniform = [&random](float low, float high) {
    return low + (high - low) * static_cast<float>(random() >> 8) / 16777216.0f;
  };
  const auto direction = [&uniform] {
    glm::vec3 v;
    do {
      v = {uniform(-1.0f, 1.0f), uniform(-1.0f, 1.0f), uniform(-1.0f, 1.0f)};
    } while (glm::length(v) < 0.1f || glm::length(v) > 1.0f);
    return glm::normalize(v);
  };
  int reached = 0;
  for (int i = 0; i < 3000; ++i) {
    LegPose pose = MakeLegPose(i % 2 == 1);
    pose.local[kThighL].rotation =
        AxisAngle(direction(), uniform(-0.8f, 0.8f)) * pose.local[kThighL].rotation;
    pose.local[kCalfL].rotation =
        AxisAngle(direction(), uniform(-0.8f, 0.8f)) * pose.local[kCalfL].rotation;
    pose.model = ToModel(pose.skeleton, pose.local);
    const glm::vec3 hip = pose.model[kThighL].translation;
    const glm::vec3 knee = pose.model[kCalfL].translation;
    const glm::vec3 ankle = pose.model[kFootL].translation;
    const float thigh = glm::length(knee - hip);
    const float calf = glm::length(ankle - knee);
    const float length = thigh + calf;

    TwoBoneIkGoal goal;
    const glm::vec3 line = direction();
    const float distance = uniform(std::fabs(thigh - calf) + 0.15f * length, 1.2f * length);
    goal.target = hip + distance * line;
    goal.pole = direction() * uniform(0.1f, 2.0f);
    goal.max_extension = i % 3 == 0 ? uniform(0.8f, 1.0f) : 0.999f;
    goal.soft_extension = i % 4 == 0 ? uniform(0.0f, 0.1f) : 0.0f;
    goal.set_end_rotation = i % 5 == 0;
    goal.end_rotation = AxisAngle(direction(), uniform(-3.0f, 3.0f));
    const std::string where = "case " + std::to_string(i);

    const TwoBoneIkSolution solution = SolveTwoBoneIk(hip, knee, ankle, goal.target, goal.pole,
                                                      goal.max_extension, goal.soft_extension);
    ASSERT_TRUE(solution.valid) << where;
    LegPose solved = pose;
    ASSERT_TRUE(Apply(solved, goal).ok()) << where;
    const std::vector<Transform>& model = solved.model;

    // On the target's line, at the target when within reach (the easing band excluded).
    const glm::vec3 end = model[kFootL].translation;
    EXPECT_LT(glm::length(glm::cross(end - hip, line)), 1e-4f) << where;
    EXPECT_GT(glm::dot(end - hip, line), 0.0f) << where;
    if (solution.reached) {
      ++reached;
      EXPECT_TRUE(VecNear(end, goal.target, 1e-4f)) << where;
    }
    EXPECT_NEAR(glm::length(model[kCalfL].translation - hip), thigh, 1e-4f) << where;
    EXPECT_NEAR(glm::length(end - model[kCalfL].translation), calf, 1e-4f) << where;
    const std::vector<Transform> recomputed = ToModel(solved.skeleton, solved.local);
    for (const int joint : {kThighL, kCalfL, kFootL})
      EXPECT_TRUE(testing::TransformNear(model[joint], recomputed[joint], 1e-4f)) << where;
    if (goal.set_end_rotation) {
      EXPECT_TRUE(QuatNear(model[kFootL].rotation, goal.end_rotation)) << where;
    } else {
      EXPECT_TRUE(QuatNear(model[kFootL].rotation, pose.model[kFootL].rotation)) << where;
    }

    // The knee bends toward the pole (checked where the pole is clearly off the line).
    const glm::vec3 pole_off_line = goal.pole - glm::dot(goal.pole, line) * line;
    if (glm::length(pole_off_line) > 0.2f * glm::length(goal.pole)) {
      EXPECT_GT(glm::dot(KneeOffset(model), pole_off_line), 0.0f) << where;
    }

    // The bare solve's deltas give the applied pose.
    EXPECT_TRUE(QuatNear(solution.upper_delta * pose.model[kThighL].rotation,
                         model[kThighL].rotation, 1e-5f))
        << where;
    EXPECT_TRUE(
        QuatNear(solution.lower_delta * pose.model[kCalfL].rotation, model[kCalfL].rotation, 1e-5f))
        << where;

    // Deterministic: the same inputs give the same bits.
    LegPose again = pose;
    ASSERT_TRUE(Apply(again, goal).ok());
    EXPECT_EQ(std::memcmp(again.local.data(), solved.local.data(),
                          solved.local.size() * sizeof(Transform)),
              0)
        << where;
    EXPECT_EQ(std::memcmp(again.model.data(), solved.model.data(),
                          solved.model.size() * sizeof(Transform)),
              0)
        << where;
  }
  // Most targets are within reach, some past it.
  EXPECT_GT(reached, 1500);
  EXPECT_LT(reached, 2900);
}

}  // namespace
}  // namespace footwork::anim
