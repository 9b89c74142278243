#include "footwork/io/rig_profile_io.h"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "footwork/io/file_bytes.h"

namespace footwork::io {
namespace {

// Profiles are small hand-written files.
constexpr std::size_t kMaxProfileBytes = std::size_t{1} << 20;

bool IsKnownRole(const std::string& role) {
  const std::vector<std::string>& known = KnownRigRoles();
  return std::find(known.begin(), known.end(), role) != known.end();
}

}  // namespace

const std::vector<std::string>& KnownRigRoles() {
  static const std::vector<std::string> roles = [] {
    std::vector<std::string> names = {"root", "pelvis", "neck", "head"};
    for (const char* limb :
         {"thigh", "calf", "foot", "ball", "clavicle", "upperarm", "lowerarm", "hand"}) {
      names.push_back(std::string(limb) + "_l");
      names.push_back(std::string(limb) + "_r");
    }
    return names;
  }();
  return roles;
}

Result<anim::RigProfile> RigProfileFromJson(std::string_view json_text, const std::string& source) {
  const nlohmann::json json = nlohmann::json::parse(json_text, nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded())
    return Error{source + ": invalid JSON"};
  if (!json.is_object())
    return Error{source + ": expected a JSON object"};
  anim::RigProfile profile;

  if (const auto name = json.find("name"); name != json.end()) {
    if (!name->is_string())
      return Error{source + ": name: expected a string"};
    profile.name = name->get<std::string>();
  }

  const auto roles = json.find("roles");
  if (roles == json.end() || !roles->is_object()) {
    return Error{source + ": roles: expected an object mapping role names to joint names"};
  }
  for (const auto& [role, joint] : roles->items()) {
    if (!IsKnownRole(role)) {
      return Error{fmt::format("{}: roles.{}: unknown role (known: {})", source, role,
                               fmt::join(KnownRigRoles(), ", "))};
    }
    if (!joint.is_string() || joint.get<std::string>().empty()) {
      return Error{fmt::format("{}: roles.{}: expected a joint name", source, role)};
    }
    profile.roles[role] = joint.get<std::string>();
  }
  for (const char* required : anim::kRequiredRoles) {
    if (!profile.roles.count(required)) {
      return Error{fmt::format("{}: roles.{}: required role is missing", source, required)};
    }
  }

  if (const auto chain = json.find("spine_chain"); chain != json.end()) {
    if (!chain->is_array())
      return Error{source + ": spine_chain: expected an array of names"};
    for (std::size_t i = 0; i < chain->size(); ++i) {
      const nlohmann::json& joint = (*chain)[i];
      if (!joint.is_string() || joint.get<std::string>().empty()) {
        return Error{fmt::format("{}: spine_chain[{}]: expected a joint name", source, i)};
      }
      profile.spine_chain.push_back(joint.get<std::string>());
    }
  }

  if (const auto pairs = json.find("mirror_name_pairs"); pairs != json.end()) {
    if (!pairs->is_array()) {
      return Error{source + ": mirror_name_pairs: expected an array of [left, right] pairs"};
    }
    for (std::size_t i = 0; i < pairs->size(); ++i) {
      const nlohmann::json& pair = (*pairs)[i];
      if (!pair.is_array() || pair.size() != 2 || !pair[0].is_string() || !pair[1].is_string() ||
          pair[0].get<std::string>().empty() || pair[1].get<std::string>().empty()) {
        return Error{fmt::format(
            "{}: mirror_name_pairs[{}]: expected two non-empty strings [left, right]", source, i)};
      }
      profile.mirror_name_pairs.emplace_back(pair[0].get<std::string>(),
                                             pair[1].get<std::string>());
    }
  }
  return profile;
}

Result<anim::RigProfile> LoadRigProfile(const std::filesystem::path& path) {
  Result<std::vector<std::uint8_t>> bytes = ReadFileBytes(path, kMaxProfileBytes);
  if (!bytes)
    return bytes.error();
  const std::string_view text(reinterpret_cast<const char*>(bytes->data()), bytes->size());
  return RigProfileFromJson(text, path.string());
}

std::vector<std::string> MissingRigJoints(const anim::RigProfile& profile,
                                          const anim::Skeleton& skeleton) {
  std::vector<std::string> missing;
  auto check = [&](const std::string& label, const std::string& joint) {
    if (skeleton.FindJoint(joint) < 0)
      missing.push_back(fmt::format("{} '{}'", label, joint));
  };
  for (const auto& [role, joint] : profile.roles)
    check(role, joint);
  for (const std::string& joint : profile.spine_chain)
    check("spine_chain", joint);
  return missing;
}

Status ValidateRigProfile(const anim::RigProfile& profile, const anim::Skeleton& skeleton) {
  const std::vector<std::string> missing = MissingRigJoints(profile, skeleton);
  if (missing.empty())
    return Status::Ok();
  return Error{fmt::format("rig profile '{}': {} joint(s) not in the skeleton: {}", profile.name,
                           missing.size(), fmt::join(missing, ", "))};
}

}  // namespace footwork::io
