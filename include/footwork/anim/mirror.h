#pragma once
// Binding a RigProfile to a Skeleton (semantic roles -> joint indices), and mirroring poses
// left/right through that binding.
//
// Mirroring reflects the pose across the character's sagittal plane (model-space X -> -X; the
// character faces +Z with Y up, so its left is +X) and swaps each joint with its twin. For a joint
// j with twin t, with M = diag(-1, 1, 1):
//   mirrored_model[t] = M * model[j] * M * correction[t],
//   correction[t]     = inverse(M * rest_model[j] * M) * rest_model[t],
// which re-expresses the reflected frame in the twin's own rest frame. This works for arbitrary
// rigs (left and right rest orientations need not be reflections of each other), maps the rest
// pose onto itself, and mirroring twice gives the original pose.

#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "footwork/anim/rig_profile.h"
#include "footwork/anim/skeleton.h"
#include "footwork/core/error.h"
#include "footwork/core/transform.h"

namespace footwork::anim {

// A RigProfile resolved against one skeleton: role and spine joint indices, each joint's mirror
// twin and the rest-frame corrections mirroring needs. Built once (allocates), then read-only.
struct RigBinding {
  std::string profile_name;
  // Role -> joint index, for every role the profile names.
  std::map<std::string, int, std::less<>> roles;
  // Spine joint indices, pelvis side first.
  std::vector<int> spine_chain;
  // Per joint: the index of its left/right twin, or itself on the centre line.
  std::vector<int> mirror_twin;
  // Per joint t: correction[t] from the formula above.
  std::vector<Transform> mirror_correction;

  // Index of the joint playing `role`, or -1 when the profile does not name it.
  int Joint(std::string_view role) const;
};

// Resolves `profile` against `skeleton`. Errors name the profile, the role (or spine entry) and
// the joint name the skeleton lacks, including every required role (kRequiredRoles).
Result<RigBinding> Bind(const RigProfile& profile, const Skeleton& skeleton);

// The name of `joint_name`'s twin by swapping the first matching fragment of `pairs` (either
// direction), or the name itself when no fragment matches.
std::string MirrorJointName(std::string_view joint_name,
                            std::span<const std::pair<std::string, std::string>> pairs);

// Mirrors a local-space pose left/right.
struct MirrorJob {
  const Skeleton* skeleton = nullptr;
  // Bound to `skeleton`.
  const RigBinding* binding = nullptr;
  std::span<const Transform> input;
  // num_joints transforms of working memory (model-space input).
  std::span<Transform> scratch;
  // Same size as input; may alias input.
  std::span<Transform> output;

  Status Validate() const;
  Status Run() const;
};

}  // namespace footwork::anim
