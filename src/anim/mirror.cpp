#include "footwork/anim/mirror.h"

#include <fmt/format.h>

#include "anim/pose_math.h"

namespace footwork::anim {
namespace {

// M * transform * M with M = diag(-1, 1, 1): the transform reflected across the YZ plane, with
// the reflection applied on both sides so the result is a proper rotation again.
Transform Reflect(const Transform& transform) {
  Transform result = transform;
  result.translation.x = -transform.translation.x;
  result.rotation.y = -transform.rotation.y;
  result.rotation.z = -transform.rotation.z;
  return result;
}

// Replaces `from` with `to` at `position` in `name`.
std::string Replace(std::string_view name, std::size_t position, std::string_view from,
                    std::string_view to) {
  std::string result(name.substr(0, position));
  result += to;
  result += name.substr(position + from.size());
  return result;
}

}  // namespace

int RigBinding::Joint(std::string_view role) const {
  const auto found = roles.find(role);
  return found == roles.end() ? -1 : found->second;
}

std::string MirrorJointName(std::string_view joint_name,
                            std::span<const std::pair<std::string, std::string>> pairs) {
  // Suffixes first ("hand_l"), then prefixes ("LeftHand"), then anywhere, so that a fragment
  // such as "_l" does not match inside "spine_lower" when a better match exists.
  for (const auto& [left, right] : pairs) {
    for (const auto& [from, to] : {std::pair{left, right}, std::pair{right, left}}) {
      if (!from.empty() && joint_name.ends_with(from)) {
        return Replace(joint_name, joint_name.size() - from.size(), from, to);
      }
    }
  }
  for (const auto& [left, right] : pairs) {
    for (const auto& [from, to] : {std::pair{left, right}, std::pair{right, left}}) {
      if (!from.empty() && joint_name.starts_with(from))
        return Replace(joint_name, 0, from, to);
    }
  }
  for (const auto& [left, right] : pairs) {
    for (const auto& [from, to] : {std::pair{left, right}, std::pair{right, left}}) {
      if (from.empty())
        continue;
      if (const std::size_t position = joint_name.rfind(from); position != std::string::npos) {
        return Replace(joint_name, position, from, to);
      }
    }
  }
  return std::string(joint_name);
}

Result<RigBinding> Bind(const RigProfile& profile, const Skeleton& skeleton) {
  const std::string where = fmt::format("rig profile '{}'", profile.name);
  const int num_joints = skeleton.num_joints();
  if (static_cast<int>(skeleton.parents.size()) != num_joints ||
      static_cast<int>(skeleton.rest_pose.size()) != num_joints) {
    return Error{where + ": the skeleton's names, parents and rest pose differ in size"};
  }
  RigBinding binding;
  binding.profile_name = profile.name;
  for (const char* role : kRequiredRoles) {
    if (!profile.roles.contains(role)) {
      return Error{fmt::format("{}: required role '{}' is not mapped to a joint", where, role)};
    }
  }
  for (const auto& [role, joint_name] : profile.roles) {
    const int joint = skeleton.FindJoint(joint_name);
    if (joint < 0) {
      return Error{fmt::format("{}: role '{}' names joint '{}', which the skeleton does not have",
                               where, role, joint_name)};
    }
    binding.roles.emplace(role, joint);
  }
  for (std::size_t s = 0; s < profile.spine_chain.size(); ++s) {
    const int joint = skeleton.FindJoint(profile.spine_chain[s]);
    if (joint < 0) {
      return Error{
          fmt::format("{}: spine chain entry {} names joint '{}', which the skeleton "
                      "does not have",
                      where, s, profile.spine_chain[s])};
    }
    binding.spine_chain.push_back(joint);
  }

  binding.mirror_twin.resize(static_cast<std::size_t>(num_joints));
  for (int j = 0; j < num_joints; ++j) {
    const int twin =
        skeleton.FindJoint(MirrorJointName(skeleton.joint_names[j], profile.mirror_name_pairs));
    binding.mirror_twin[j] = twin < 0 ? j : twin;
  }
  // Only mutual pairs are twins; a one-way match (odd naming) mirrors onto itself instead.
  for (int j = 0; j < num_joints; ++j) {
    const int twin = binding.mirror_twin[j];
    if (binding.mirror_twin[twin] != j)
      binding.mirror_twin[j] = j;
  }

  std::vector<Transform> rest_model(static_cast<std::size_t>(num_joints));
  for (int j = 0; j < num_joints; ++j) {
    const int parent = skeleton.parents[j];
    rest_model[j] =
        parent < 0 ? skeleton.rest_pose[j] : detail::Mul(rest_model[parent], skeleton.rest_pose[j]);
  }
  binding.mirror_correction.resize(static_cast<std::size_t>(num_joints));
  for (int t = 0; t < num_joints; ++t) {
    const int source = binding.mirror_twin[t];
    Transform correction = detail::InverseMul(Reflect(rest_model[source]), rest_model[t]);
    correction.rotation = detail::NormalizeFast(correction.rotation);
    binding.mirror_correction[t] = correction;
  }
  return binding;
}

Status MirrorJob::Validate() const {
  if (skeleton == nullptr)
    return Error{"mirror: no skeleton"};
  if (binding == nullptr)
    return Error{"mirror: no rig binding"};
  const std::size_t num_joints = skeleton->parents.size();
  if (binding->mirror_twin.size() != num_joints ||
      binding->mirror_correction.size() != num_joints) {
    return Error{fmt::format("mirror: binding '{}' was made for {} joints, the skeleton has {}",
                             binding->profile_name, binding->mirror_twin.size(), num_joints)};
  }
  if (input.size() != num_joints || output.size() != num_joints) {
    return Error{fmt::format("mirror: input {} and output {} transforms for {} joints",
                             input.size(), output.size(), num_joints)};
  }
  if (scratch.size() < num_joints) {
    return Error{
        fmt::format("mirror: needs {} scratch transforms, got {}", num_joints, scratch.size())};
  }
  return Status::Ok();
}

Status MirrorJob::Run() const {
  if (Status status = Validate(); !status)
    return status;
  const std::size_t num_joints = input.size();
  const int* parents = skeleton->parents.data();
  Transform* model = scratch.data();
  for (std::size_t j = 0; j < num_joints; ++j) {
    const int parent = parents[j];
    model[j] = parent < 0 ? input[j] : detail::Mul(model[parent], input[j]);
  }
  for (std::size_t j = 0; j < num_joints; ++j) {
    const int twin = binding->mirror_twin[j];
    Transform mirrored = detail::Mul(Reflect(model[j]), binding->mirror_correction[twin]);
    mirrored.rotation = detail::NormalizeFast(mirrored.rotation);
    output[twin] = mirrored;
  }
  // Back to local space in place, children first so each still reads its parent in model space.
  for (std::size_t j = num_joints; j-- > 0;) {
    const int parent = parents[j];
    if (parent >= 0)
      output[j] = detail::InverseMul(output[parent], output[j]);
  }
  return Status::Ok();
}

}  // namespace footwork::anim
