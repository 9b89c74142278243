#pragma once
// A clip sampled at a fixed rate: the trajectories every cook modifier reads. Sampling happens
// once per clip; modifiers are then plain functions over these arrays, which keeps each of them
// small and testable on analytic data.

#include <vector>

#include <glm/glm.hpp>

#include "footwork/core/transform.h"

namespace footwork::cook {

// One foot's model-space trajectory (the character's space: Y up, facing +Z, root at origin).
struct FootTrajectory {
  // The ankle (foot joint) position per frame.
  std::vector<glm::vec3> ankle;
  // The ball/toe joint position per frame; may be empty when the rig has no ball joint.
  std::vector<glm::vec3> ball;
};

struct SampledMotion {
  // Frames per second of the arrays below; frame i is at time i / rate_hz.
  float rate_hz = 60.0f;
  // Clip length in seconds; the last frame is at duration_s (frames = round(duration * rate) + 1).
  float duration_s = 0.0f;
  // The character root's transform per frame, in the clip's start space (from root motion;
  // identity everywhere for an in-place clip).
  std::vector<Transform> root;
  FootTrajectory left;
  FootTrajectory right;

  int frames() const { return static_cast<int>(root.size()); }
  float TimeOf(int frame) const { return static_cast<float>(frame) / rate_hz; }
};

// Per-frame contact flags of one foot (true while planted).
using ContactFlags = std::vector<bool>;

}  // namespace footwork::cook
