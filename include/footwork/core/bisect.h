#pragma once
// Bisection along a line parametrised 0 to 1, for the places where the ground changes under a
// foot (a riser, a step's edge) found with a few ray casts instead of a dense scan.

namespace footwork {

// The bracket [before, after] within which a predicate turns from false to true.
struct Bracket {
  float before = 0.0f;
  float after = 1.0f;
};

// Narrows [0, 1] by `steps` bisections around where `past(share)` turns true (taken as false at
// 0 and true at 1): each step halves the bracket, keeping the side the predicate changes in.
template <typename Past>
Bracket BisectBoundary(const Past& past, int steps) {
  Bracket bracket;
  for (int i = 0; i < steps; ++i) {
    const float mid = 0.5f * (bracket.before + bracket.after);
    (past(mid) ? bracket.after : bracket.before) = mid;
  }
  return bracket;
}

}  // namespace footwork
