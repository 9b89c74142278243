#include "footwork/cook/joint_step_limit.h"

#include <algorithm>
#include <vector>

#include "footwork/core/angles.h"

namespace footwork::cook {
namespace {

// Enough for a 60-degree single-frame jump to spread below 15 degrees; each pass is cheap.
constexpr int kMaxPasses = 2000;

glm::quat Halfway(const glm::quat& a, glm::quat b) {
  if (glm::dot(a, b) < 0.0f)
    b = -b;
  return glm::normalize(glm::slerp(a, b, 0.5f));
}

}  // namespace

int LimitJointSteps(SampledPoses& poses, float max_step_rad, bool looping,
                    const std::vector<char>& frozen) {
  const int n = poses.frames();
  const int joints = poses.joints;
  if (n < 3)
    return 0;
  // A loop's last frame repeats its first: smooth the m unique frames circularly.
  const int m = looping ? n - 1 : n;
  const int steps = looping ? m : n - 1;
  int changed_joints = 0;
  std::vector<glm::quat> q(static_cast<std::size_t>(m));
  std::vector<char> moved(static_cast<std::size_t>(m));
  for (int j = 0; j < joints; ++j) {
    for (int f = 0; f < m; ++f)
      q[f] = poses.locals[static_cast<std::size_t>(f) * joints + j].rotation;
    bool changed = false;
    for (int pass = 0; pass < kMaxPasses; ++pass) {
      std::fill(moved.begin(), moved.end(), 0);
      for (int s = 0; s < steps; ++s) {
        const int a = s;
        const int b = (s + 1) % m;
        if (AngleBetween(q[a], q[b]) <= max_step_rad)
          continue;
        moved[a] = 1;
        moved[b] = 1;
      }
      if (std::none_of(moved.begin(), moved.end(), [](char c) { return c != 0; }))
        break;
      const std::vector<glm::quat> before = q;
      bool progressed = false;
      for (int f = 0; f < m; ++f) {
        if (!moved[f])
          continue;
        if (!looping && (f == 0 || f == m - 1))
          continue;
        if (!frozen.empty() && frozen[static_cast<std::size_t>(f) * joints + j])
          continue;
        progressed = true;
        const glm::quat& prev = before[(f + m - 1) % m];
        const glm::quat& next = before[(f + 1) % m];
        q[f] = Halfway(before[f], Halfway(prev, next));
      }
      if (!progressed)
        break;
      changed = true;
    }
    if (!changed)
      continue;
    ++changed_joints;
    for (int f = 0; f < m; ++f)
      poses.locals[static_cast<std::size_t>(f) * joints + j].rotation = q[f];
    if (looping)
      poses.locals[static_cast<std::size_t>(n - 1) * joints + j].rotation = q[0];
  }
  return changed_joints;
}

}  // namespace footwork::cook
