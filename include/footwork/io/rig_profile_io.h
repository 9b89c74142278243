#pragma once
// Rig profiles as JSON files (assets/rigs/*.json) and checking a profile against a skeleton.
//
// Format: {"name": "...", "roles": {"pelvis": "DEF-hips", ...}, "spine_chain": ["..."],
//          "mirror_name_pairs": [[".L", ".R"]]}. Roles are those listed in anim/rig_profile.h.

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "footwork/anim/rig_profile.h"
#include "footwork/anim/skeleton.h"
#include "footwork/core/error.h"

namespace footwork::io {

// Every role name a profile may use: kRequiredRoles plus the optional ones (root, neck, ball_l,
// clavicle_l, ... and their _r twins).
const std::vector<std::string>& KnownRigRoles();

// Parses a profile; `source` names the input in messages ("quaternius_ual1.json: roles.pelvis:
// expected a string").
Result<anim::RigProfile> RigProfileFromJson(std::string_view json_text, const std::string& source);

Result<anim::RigProfile> LoadRigProfile(const std::filesystem::path& path);

// Joint names the profile refers to (roles and spine chain) that the skeleton lacks.
std::vector<std::string> MissingRigJoints(const anim::RigProfile& profile,
                                          const anim::Skeleton& skeleton);

// Ok when every joint the profile names exists; otherwise an error listing all missing ones.
Status ValidateRigProfile(const anim::RigProfile& profile, const anim::Skeleton& skeleton);

}  // namespace footwork::io
