#pragma once
// Authored root motion: some source clips (Roll_RM, the Knight's Dodge clips) move the skeleton's
// root joint across the ground. The runtime wants that travel on the clip's root-motion track, so
// the capsule can follow it, with the root joint itself staying above the character's origin.

#include "footwork/anim/clip.h"

namespace footwork::cook {

// Horizontal distance (m) the root joint's translation track travels from first to last key.
float RootJointTravel(const anim::Clip& clip, int root_joint);

// Moves the root joint's horizontal travel (x, z relative to its first key) onto the clip's
// root-motion track, keyed at the same times, and holds the joint at its first key's x, z. The
// joint keeps its vertical motion and rotation (the packs' root joints do not yaw).
void MoveRootJointTravelToRootMotion(anim::Clip& clip, int root_joint);

}  // namespace footwork::cook
