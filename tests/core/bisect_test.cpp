#include "footwork/core/bisect.h"

#include <gtest/gtest.h>

namespace footwork {
namespace {

// A step at 0.3 of the line: each bisection halves the bracket around it.
TEST(BisectBoundary, NarrowsTheBracketAroundWhereThePredicateTurnsTrue) {
  int calls = 0;
  const auto past = [&](float share) {
    ++calls;
    return share >= 0.3f;
  };
  const Bracket bracket = BisectBoundary(past, 6);
  EXPECT_EQ(calls, 6);
  EXPECT_LT(bracket.before, 0.3f);
  EXPECT_GE(bracket.after, 0.3f);
  EXPECT_FLOAT_EQ(bracket.after - bracket.before, 1.0f / 64.0f);
}

// No steps: the whole line; a predicate true everywhere closes on 0, false everywhere on 1.
TEST(BisectBoundary, ZeroStepsOrAConstantPredicateKeepTheEnds) {
  const Bracket whole = BisectBoundary([](float) { return true; }, 0);
  EXPECT_EQ(whole.before, 0.0f);
  EXPECT_EQ(whole.after, 1.0f);
  EXPECT_EQ(BisectBoundary([](float) { return true; }, 5).before, 0.0f);
  EXPECT_EQ(BisectBoundary([](float) { return false; }, 5).after, 1.0f);
}

}  // namespace
}  // namespace footwork
