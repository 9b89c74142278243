#include "footwork/ik/ik_rig.h"

#include <algorithm>
#include <string>

#include <fmt/format.h>
#include <glm/gtc/quaternion.hpp>

#include "footwork/anim/local_to_model.h"

namespace footwork::ik {
namespace {

// The seed's FootHeight is 13.5-15 cm on a 1.8 m character: used when the rest pose cannot say.
constexpr float kFootHeightPerBodyHeight = 0.078f;

Result<int> FindRole(const anim::Skeleton& skeleton, const anim::RigProfile& profile,
                     const std::string& role, bool required) {
  const auto found = profile.roles.find(role);
  if (found == profile.roles.end()) {
    if (!required)
      return -1;
    return Error{fmt::format("rig profile '{}': no '{}' role", profile.name, role)};
  }
  const int joint = skeleton.FindJoint(found->second);
  if (joint < 0) {
    return Error{fmt::format("rig profile '{}': role '{}' names joint '{}', not in the skeleton",
                             profile.name, role, found->second)};
  }
  return joint;
}

}  // namespace

const char* BodyPartCurveName(BodyPart part) {
  switch (part) {
    case BodyPart::kNone:
      return "";
    case BodyPart::kLegs:
      return "Legs";
    case BodyPart::kPelvis:
      return "Pelvis";
    case BodyPart::kSpine:
      return "Spine";
    case BodyPart::kHead:
      return "Head";
    case BodyPart::kArmL:
      return "Arm_L";
    case BodyPart::kArmR:
      return "Arm_R";
    case BodyPart::kHandL:
      return "Hand_L";
    case BodyPart::kHandR:
      return "Hand_R";
  }
  return "";
}

glm::vec3 HeelSolePoint(const LegRig& leg, float foot_height_m, const Transform& foot_world) {
  return foot_world.translation - foot_world.rotation * leg.up_in_foot * foot_height_m;
}

std::optional<glm::vec3> ToeSolePoint(const LegRig& leg, const Transform& foot_world) {
  if (leg.ball < 0)
    return std::nullopt;
  // In the foot's frame: the toe joint bends, but the ball it sits on moves with the foot.
  return foot_world.TransformPoint(leg.ball_in_foot) -
         foot_world.rotation * leg.up_in_foot * leg.ball_height_m;
}

glm::vec3 LowestSolePoint(const LegRig& leg, float foot_height_m, const Transform& foot_world,
                          const glm::vec3& normal) {
  const glm::vec3 heel = HeelSolePoint(leg, foot_height_m, foot_world);
  const std::optional<glm::vec3> toe = ToeSolePoint(leg, foot_world);
  return toe && glm::dot(*toe - heel, normal) < 0.0f ? *toe : heel;
}

Result<IkRig> BuildIkRig(const anim::Skeleton& skeleton, const anim::RigProfile& profile) {
  if (Status valid = skeleton.Validate(); !valid)
    return WithContext("IK rig", valid.error());
  IkRig rig;
  // Joint lookups: (role, required, where to store).
  struct Lookup {
    const char* role;
    bool required;
    int* joint;
  };
  const Lookup lookups[] = {
      {"root", false, &rig.root},
      {"pelvis", true, &rig.pelvis},
      {"thigh_l", true, &rig.legs[kLeft].chain.upper},
      {"calf_l", true, &rig.legs[kLeft].chain.lower},
      {"foot_l", true, &rig.legs[kLeft].chain.end},
      {"ball_l", false, &rig.legs[kLeft].ball},
      {"thigh_r", true, &rig.legs[kRight].chain.upper},
      {"calf_r", true, &rig.legs[kRight].chain.lower},
      {"foot_r", true, &rig.legs[kRight].chain.end},
      {"ball_r", false, &rig.legs[kRight].ball},
      {"neck", false, &rig.neck},
      {"head", true, &rig.head},
  };
  for (const Lookup& lookup : lookups) {
    auto joint = FindRole(skeleton, profile, lookup.role, lookup.required);
    if (!joint)
      return joint.error();
    *lookup.joint = *joint;
  }
  for (const LegRig& leg : rig.legs) {
    if (skeleton.parents[leg.chain.lower] != leg.chain.upper ||
        skeleton.parents[leg.chain.end] != leg.chain.lower) {
      return Error{fmt::format("rig profile '{}': '{}' -> '{}' -> '{}' is not a parent-child chain",
                               profile.name, skeleton.joint_names[leg.chain.upper],
                               skeleton.joint_names[leg.chain.lower],
                               skeleton.joint_names[leg.chain.end])};
    }
  }
  if (rig.neck >= 0 && skeleton.parents[rig.head] != rig.neck)
    rig.neck = -1;  // look-at rotates neck and head as a chain; without the link, the head alone

  std::vector<Transform> model(skeleton.rest_pose.size());
  anim::LocalToModelJob to_model;
  to_model.skeleton = &skeleton;
  to_model.input = skeleton.rest_pose;
  to_model.output = model;
  if (Status converted = to_model.Run(); !converted)
    return WithContext("IK rig", converted.error());

  const glm::vec3 forward(0.0f, 0.0f, 1.0f);
  const glm::vec3 up(0.0f, 1.0f, 0.0f);
  const float ground = rig.root >= 0 ? model[rig.root].translation.y : 0.0f;
  rig.head_height_m = model[rig.head].translation.y - ground;
  float lowest = model[rig.legs[kLeft].chain.end].translation.y;
  for (LegRig& leg : rig.legs) {
    leg.knee_axis_in_thigh = glm::inverse(model[leg.chain.upper].rotation) * forward;
    leg.up_in_foot = glm::inverse(model[leg.chain.end].rotation) * up;
    lowest = std::min(lowest, model[leg.chain.end].translation.y);
  }
  rig.head_forward_in_head = glm::inverse(model[rig.head].rotation) * forward;
  // The ankle's rest height over the ground the rig stands on; implausible values (a rig posed
  // off the ground) fall back to the seed's proportion.
  rig.foot_height_m = lowest - ground;
  if (!(rig.foot_height_m > 0.02f * rig.head_height_m &&
        rig.foot_height_m < 0.15f * rig.head_height_m))
    rig.foot_height_m = kFootHeightPerBodyHeight * rig.head_height_m;

  // Body parts: each part root claims its branch, nearer roots win (parents precede children).
  const auto role_joint = [&](const char* role) {
    const auto found = profile.roles.find(role);
    return found == profile.roles.end() ? -1 : skeleton.FindJoint(found->second);
  };
  std::vector<BodyPart> roots(skeleton.parents.size(), BodyPart::kNone);
  const auto claim = [&](int joint, BodyPart part) {
    if (joint >= 0)
      roots[joint] = part;
  };
  claim(rig.pelvis, BodyPart::kPelvis);
  for (const std::string& name : profile.spine_chain)
    claim(skeleton.FindJoint(name), BodyPart::kSpine);
  claim(rig.legs[kLeft].chain.upper, BodyPart::kLegs);
  claim(rig.legs[kRight].chain.upper, BodyPart::kLegs);
  claim(rig.neck >= 0 ? rig.neck : rig.head, BodyPart::kHead);
  const int clavicle_l = role_joint("clavicle_l");
  const int clavicle_r = role_joint("clavicle_r");
  claim(clavicle_l >= 0 ? clavicle_l : role_joint("upperarm_l"), BodyPart::kArmL);
  claim(clavicle_r >= 0 ? clavicle_r : role_joint("upperarm_r"), BodyPart::kArmR);
  claim(role_joint("hand_l"), BodyPart::kHandL);
  claim(role_joint("hand_r"), BodyPart::kHandR);
  rig.body_parts.resize(skeleton.parents.size(), BodyPart::kNone);
  for (std::size_t j = 0; j < skeleton.parents.size(); ++j) {
    const int parent = skeleton.parents[j];
    rig.body_parts[j] = roots[j] != BodyPart::kNone ? roots[j]
                        : parent >= 0               ? rig.body_parts[parent]
                                                    : BodyPart::kNone;
  }
  return rig;
}

}  // namespace footwork::ik
