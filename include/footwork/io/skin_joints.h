#pragma once
// Which joints of a skinned character can be seen moving.

#include <span>
#include <vector>

#include "footwork/anim/skeleton.h"
#include "footwork/io/scene.h"

namespace footwork::io {

// Per joint of `skeleton`: true when the joint or one of its descendants has a skin weight above
// zero in any of `meshes`, i.e. rotating it moves a vertex. Rig controls that nothing is skinned
// to (the KayKit rigs' IK targets and roll controls, parented to the root) are false. Without
// meshes (a BVH, a skeleton-only glTF) every joint is true: nothing says which are unseen.
std::vector<bool> JointsThatMoveTheSkin(const anim::Skeleton& skeleton,
                                        std::span<const SkinnedMesh> meshes);

}  // namespace footwork::io
