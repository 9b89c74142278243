#include "footwork/io/skin_joints.h"

#include <cstddef>

namespace footwork::io {

std::vector<bool> JointsThatMoveTheSkin(const anim::Skeleton& skeleton,
                                        std::span<const SkinnedMesh> meshes) {
  const std::size_t count = skeleton.parents.size();
  bool any_weights = false;
  std::vector<bool> moves(count, false);
  for (const SkinnedMesh& mesh : meshes) {
    for (std::size_t v = 0; v < mesh.joints.size() && v < mesh.weights.size(); ++v) {
      for (int k = 0; k < 4; ++k) {
        const std::size_t joint = mesh.joints[v][static_cast<std::size_t>(k)];
        if (mesh.weights[v][k] > 0.0f && joint < count) {
          moves[joint] = true;
          any_weights = true;
        }
      }
    }
  }
  if (!any_weights)
    return std::vector<bool>(count, true);
  // Parents precede children, so one backward pass carries each flag up to every ancestor.
  for (std::size_t j = count; j-- > 0;) {
    const int parent = skeleton.parents[j];
    if (moves[j] && parent >= 0 && static_cast<std::size_t>(parent) < count)
      moves[static_cast<std::size_t>(parent)] = true;
  }
  return moves;
}

}  // namespace footwork::io
