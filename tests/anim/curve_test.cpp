#include "footwork/anim/curve.h"

#include <algorithm>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

namespace footwork::anim {
namespace {

FloatCurve MakeCurve(std::vector<float> times, std::vector<float> values) {
  FloatCurve curve;
  curve.name = "Distance";
  curve.times = std::move(times);
  curve.values = std::move(values);
  return curve;
}

// Reference: linear search, for checking the fast paths.
float ReferenceEvaluate(const FloatCurve& curve, float t) {
  if (t <= curve.times.front())
    return curve.values.front();
  if (t >= curve.times.back())
    return curve.values.back();
  std::size_t k = 0;
  while (!(curve.times[k] <= t && t < curve.times[k + 1]))
    ++k;
  const float alpha = (t - curve.times[k]) / (curve.times[k + 1] - curve.times[k]);
  return curve.values[k] + (curve.values[k + 1] - curve.values[k]) * alpha;
}

TEST(EvaluateCurveTest, LinearBetweenKeysClampedOutside) {
  const FloatCurve curve = MakeCurve({0.0f, 1.0f, 3.0f}, {0.0f, 2.0f, 1.0f});
  EXPECT_FLOAT_EQ(EvaluateCurve(curve, 0.5f), 1.0f);
  EXPECT_FLOAT_EQ(EvaluateCurve(curve, 2.0f), 1.5f);
  EXPECT_FLOAT_EQ(EvaluateCurve(curve, 1.0f), 2.0f);
  EXPECT_FLOAT_EQ(EvaluateCurve(curve, -1.0f), 0.0f);
  EXPECT_FLOAT_EQ(EvaluateCurve(curve, 9.0f), 1.0f);
}

TEST(EvaluateCurveTest, EmptyAndSingleKey) {
  EXPECT_FLOAT_EQ(EvaluateCurve(MakeCurve({}, {}), 0.3f), 0.0f);
  EXPECT_FLOAT_EQ(EvaluateCurve(MakeCurve({0.5f}, {7.0f}), 0.1f), 7.0f);
  EXPECT_FLOAT_EQ(EvaluateCurve(MakeCurve({0.5f}, {7.0f}), 0.9f), 7.0f);
}

TEST(EvaluateCurveTest, UniformCurveAtEveryFrame) {
  // A 30 Hz Distance curve of a 1.5 m/s walk, as the cooker writes.
  FloatCurve curve = MakeCurve({}, {});
  for (int k = 0; k <= 30; ++k) {
    curve.times.push_back(static_cast<float>(k) / 30.0f);
    curve.values.push_back(1.5f * static_cast<float>(k) / 30.0f);
  }
  for (int frame = 0; frame <= 60; ++frame) {
    const float t = static_cast<float>(frame) / 60.0f;
    EXPECT_NEAR(EvaluateCurve(curve, t), 1.5f * t, 1e-5f) << t;
  }
}

RC_GTEST_PROP(CurveProperties, FastPathsMatchLinearSearch, ()) {
  const bool uniform = *rc::gen::arbitrary<bool>();
  const int num_keys = *rc::gen::inRange(2, 40);
  FloatCurve curve = MakeCurve({}, {});
  float t = 0.0f;
  for (int k = 0; k < num_keys; ++k) {
    curve.times.push_back(t);
    curve.values.push_back(static_cast<float>(*rc::gen::inRange(-1000, 1000)) / 100.0f);
    t += uniform ? 0.1f : static_cast<float>(*rc::gen::inRange(1, 500)) / 1000.0f;
  }
  for (int i = 0; i < 50; ++i) {
    const float query = static_cast<float>(*rc::gen::inRange(-100, 5000)) / 1000.0f;
    RC_ASSERT(std::fabs(EvaluateCurve(curve, query) - ReferenceEvaluate(curve, query)) < 1e-4f);
  }
}

TEST(FindMonotonicityTest, Classifies) {
  EXPECT_EQ(FindMonotonicity(MakeCurve({0, 1, 2}, {0, 1, 1})), Monotonicity::kNonDecreasing);
  EXPECT_EQ(FindMonotonicity(MakeCurve({0, 1, 2}, {3, 1, 1})), Monotonicity::kNonIncreasing);
  EXPECT_EQ(FindMonotonicity(MakeCurve({0, 1, 2}, {0, 1, 0})), Monotonicity::kNone);
  EXPECT_EQ(FindMonotonicity(MakeCurve({0, 1}, {2, 2})), Monotonicity::kNonDecreasing);
}

TEST(FindTimeAtValueTest, InterpolatesBetweenBracketingKeys) {
  // Distance rising at 2 m/s.
  const FloatCurve curve = MakeCurve({0.0f, 0.5f, 1.0f}, {0.0f, 1.0f, 2.0f});
  const Result<CurveInverse> found = FindTimeAtValue(curve, 1.3f);
  ASSERT_TRUE(found.ok());
  EXPECT_NEAR(found->time_s, 0.65f, 1e-6f);
  EXPECT_FALSE(found->clamped);
  EXPECT_NEAR(FindTimeAtValue(curve, 1.0f)->time_s, 0.5f, 1e-6f);
  EXPECT_NEAR(FindTimeAtValue(curve, 0.0f)->time_s, 0.0f, 1e-6f);
}

TEST(FindTimeAtValueTest, ClampsOutsideTheRangeAndSaysSo) {
  const FloatCurve curve = MakeCurve({0.2f, 1.0f}, {0.0f, 2.0f});
  const CurveInverse below = *FindTimeAtValue(curve, -1.0f);
  EXPECT_FLOAT_EQ(below.time_s, 0.2f);
  EXPECT_TRUE(below.clamped);
  const CurveInverse above = *FindTimeAtValue(curve, 5.0f);
  EXPECT_FLOAT_EQ(above.time_s, 1.0f);
  EXPECT_TRUE(above.clamped);
}

TEST(FindTimeAtValueTest, DecreasingCurve) {
  // A stop's Distance curve: negative distance to the stop point, rising to 0... and its
  // mirror image, remaining distance, falling to 0.
  const FloatCurve curve = MakeCurve({0.0f, 1.0f, 2.0f}, {3.0f, 1.0f, 0.0f});
  EXPECT_NEAR(FindTimeAtValue(curve, 2.0f)->time_s, 0.5f, 1e-6f);
  EXPECT_NEAR(FindTimeAtValue(curve, 0.5f)->time_s, 1.5f, 1e-6f);
  EXPECT_TRUE(FindTimeAtValue(curve, 4.0f)->clamped);
}

TEST(FindTimeAtValueTest, PlateauGivesTheFirstTimeReached) {
  const FloatCurve curve = MakeCurve({0.0f, 1.0f, 2.0f, 3.0f}, {0.0f, 1.0f, 1.0f, 2.0f});
  EXPECT_NEAR(FindTimeAtValue(curve, 1.0f)->time_s, 1.0f, 1e-6f);
}

TEST(FindTimeAtValueTest, ErrorsNameTheCurve) {
  const Result<CurveInverse> bumpy = FindTimeAtValue(MakeCurve({0, 1, 2}, {0, 2, 1}), 0.5f);
  ASSERT_FALSE(bumpy.ok());
  EXPECT_NE(bumpy.error().message.find("Distance"), std::string::npos);
  EXPECT_NE(bumpy.error().message.find("monotonic"), std::string::npos);
  EXPECT_FALSE(FindTimeAtValue(MakeCurve({}, {}), 0.5f).ok());
  EXPECT_FALSE(FindTimeAtValue(MakeCurve({0, 1}, {0, 1}), std::nanf("")).ok());
}

RC_GTEST_PROP(CurveProperties, InverseOfIncreasingCurveRoundTrips, ()) {
  const int num_keys = *rc::gen::inRange(2, 30);
  FloatCurve curve = MakeCurve({}, {});
  float value = 0.0f;
  for (int k = 0; k < num_keys; ++k) {
    curve.times.push_back(static_cast<float>(k) / 30.0f);
    curve.values.push_back(value);
    value += static_cast<float>(*rc::gen::inRange(1, 100)) / 100.0f;
  }
  const float target =
      curve.values.back() * static_cast<float>(*rc::gen::inRange(0, 1001)) / 1000.0f;
  const Result<CurveInverse> found = FindTimeAtValue(curve, target);
  RC_ASSERT(found.ok());
  RC_ASSERT(!found->clamped);
  RC_ASSERT(std::fabs(EvaluateCurve(curve, found->time_s) - target) < 1e-4f);
}

}  // namespace
}  // namespace footwork::anim
