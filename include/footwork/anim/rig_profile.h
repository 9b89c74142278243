#pragma once
// A rig profile maps semantic roles (pelvis, foot_l, head, ...) to a skeleton's joint names, so
// that nothing in Footwork depends on one naming convention. Profiles are JSON data loaded by io.

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace footwork::anim {

// The role names every profile may define. Left/right roles end in _l / _r.
// root, pelvis, neck, head,
// thigh_l, calf_l, foot_l, ball_l, clavicle_l, upperarm_l, lowerarm_l, hand_l (and _r).
// The spine chain (pelvis-side first) is listed separately in RigProfile::spine_chain.
inline constexpr const char* kRequiredRoles[] = {
    "pelvis", "head",   "thigh_l", "calf_l", "foot_l", "thigh_r", "calf_r",  "foot_r",
    "upperarm_l", "lowerarm_l", "hand_l", "upperarm_r", "lowerarm_r", "hand_r"};

struct RigProfile {
  std::string name;
  // Role -> joint name.
  std::map<std::string, std::string> roles;
  // Spine joints from the pelvis up to the chest (excluding pelvis and neck).
  std::vector<std::string> spine_chain;
  // Name fragments that swap between the left and right side of a joint name, tried in order
  // (e.g. {".L", ".R"}, {"_l", "_r"}). Used to find each joint's mirror twin.
  std::vector<std::pair<std::string, std::string>> mirror_name_pairs;
};

}  // namespace footwork::anim
