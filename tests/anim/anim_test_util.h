#pragma once
// Shared helpers for the anim tests: approximate comparisons, small skeletons built in code, and
// random transforms for rapidcheck properties.

#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "footwork/anim/local_to_model.h"
#include "footwork/anim/rig_profile.h"
#include "footwork/anim/skeleton.h"
#include "footwork/core/transform.h"

namespace footwork::anim::testing {

inline glm::quat AxisAngle(const glm::vec3& axis, float radians) {
  return glm::angleAxis(radians, glm::normalize(axis));
}

inline ::testing::AssertionResult VecNear(const glm::vec3& a, const glm::vec3& b,
                                          float tolerance = 1e-4f) {
  if (glm::length(a - b) <= tolerance)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "(" << a.x << ", " << a.y << ", " << a.z << ") vs ("
                                       << b.x << ", " << b.y << ", " << b.z << ")";
}

// Rotations compare as rotations: q and -q are equal.
inline ::testing::AssertionResult QuatNear(const glm::quat& a, const glm::quat& b,
                                           float tolerance_rad = 1e-3f) {
  // atan2 of the relative rotation stays accurate near 0, where acos(dot) does not.
  const glm::quat relative = glm::conjugate(b) * a;
  const float angle = 2.0f * std::atan2(glm::length(glm::vec3(relative.x, relative.y, relative.z)),
                                        std::fabs(relative.w));
  if (angle <= tolerance_rad)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "rotations differ by " << angle << " rad: (" << a.w << ", " << a.x << ", " << a.y
         << ", " << a.z << ") vs (" << b.w << ", " << b.x << ", " << b.y << ", " << b.z << ")";
}

inline ::testing::AssertionResult TransformNear(const Transform& a, const Transform& b,
                                                float tolerance = 1e-3f) {
  if (auto r = VecNear(a.translation, b.translation, tolerance); !r)
    return r << " (translation)";
  if (auto r = QuatNear(a.rotation, b.rotation, tolerance); !r)
    return r << " (rotation)";
  if (auto r = VecNear(a.scale, b.scale, tolerance); !r)
    return r << " (scale)";
  return ::testing::AssertionSuccess();
}

inline ::testing::AssertionResult PoseNear(std::span<const Transform> a,
                                           std::span<const Transform> b, float tolerance = 1e-3f) {
  if (a.size() != b.size()) {
    return ::testing::AssertionFailure() << "sizes " << a.size() << " vs " << b.size();
  }
  for (std::size_t j = 0; j < a.size(); ++j) {
    if (auto r = TransformNear(a[j], b[j], tolerance); !r)
      return r << " at joint " << j;
  }
  return ::testing::AssertionSuccess();
}

inline Transform MakeTransform(const glm::vec3& translation,
                               const glm::quat& rotation = glm::quat(1, 0, 0, 0),
                               const glm::vec3& scale = glm::vec3(1.0f)) {
  Transform transform;
  transform.translation = translation;
  transform.rotation = rotation;
  transform.scale = scale;
  return transform;
}

inline std::vector<Transform> ToModel(const Skeleton& skeleton, std::span<const Transform> local) {
  std::vector<Transform> model(local.size());
  LocalToModelJob job;
  job.skeleton = &skeleton;
  job.input = local;
  job.output = model;
  EXPECT_TRUE(job.Run().ok());
  return model;
}

inline std::vector<Transform> ToLocal(const Skeleton& skeleton, std::span<const Transform> model) {
  std::vector<Transform> local(model.size());
  ModelToLocalJob job;
  job.skeleton = &skeleton;
  job.input = model;
  job.output = local;
  EXPECT_TRUE(job.Run().ok());
  return local;
}

// Joint indices of the small humanoid below.
enum HumanoidJoint {
  kRoot,
  kPelvis,
  kSpine,
  kChest,
  kUpperArmL,
  kLowerArmL,
  kHandL,
  kUpperArmR,
  kLowerArmR,
  kHandR,
  kHead,
  kThighL,
  kCalfL,
  kFootL,
  kThighR,
  kCalfR,
  kFootR,
  kHumanoidJoints
};

// A 17-joint left/right-symmetric humanoid (left is +X). With `odd_rest_orientations`, every
// joint gets an arbitrary, asymmetric rest orientation while joint positions stay symmetric, as
// exported rigs do.
inline Skeleton MakeHumanoid(bool odd_rest_orientations = false) {
  Skeleton skeleton;
  skeleton.joint_names = {"root",       "pelvis",  "spine",      "chest",      "upperarm_l",
                          "lowerarm_l", "hand_l",  "upperarm_r", "lowerarm_r", "hand_r",
                          "head",       "thigh_l", "calf_l",     "foot_l",     "thigh_r",
                          "calf_r",     "foot_r"};
  skeleton.parents = {-1, 0, 1, 2, 3, 4, 5, 3, 7, 8, 3, 1, 11, 12, 1, 14, 15};
  const std::vector<glm::vec3> model_positions = {{0, 0, 0},
                                                  {0, 1, 0},
                                                  {0, 1.2f, 0},
                                                  {0, 1.4f, 0},
                                                  {0.2f, 1.5f, 0},
                                                  {0.5f, 1.5f, 0},
                                                  {0.75f, 1.5f, 0},
                                                  {-0.2f, 1.5f, 0},
                                                  {-0.5f, 1.5f, 0},
                                                  {-0.75f, 1.5f, 0},
                                                  {0, 1.7f, 0},
                                                  {0.1f, 0.95f, 0},
                                                  {0.1f, 0.5f, 0},
                                                  {0.1f, 0.05f, 0.05f},
                                                  {-0.1f, 0.95f, 0},
                                                  {-0.1f, 0.5f, 0},
                                                  {-0.1f, 0.05f, 0.05f}};
  std::vector<Transform> model(model_positions.size());
  for (std::size_t j = 0; j < model.size(); ++j) {
    model[j].translation = model_positions[j];
    if (odd_rest_orientations && j > 0) {
      const float f = static_cast<float>(j);
      model[j].rotation = AxisAngle({std::sin(f), 1.0f + std::cos(3 * f), 0.5f * f}, 0.4f * f);
    }
  }
  skeleton.rest_pose.resize(model.size());
  skeleton.rest_pose = ToLocal(skeleton, model);
  return skeleton;
}

inline RigProfile MakeHumanoidProfile() {
  RigProfile profile;
  profile.name = "test humanoid";
  for (const char* role : kRequiredRoles)
    profile.roles[role] = role;
  profile.roles["root"] = "root";
  profile.spine_chain = {"spine", "chest"};
  profile.mirror_name_pairs = {{"_l", "_r"}};
  return profile;
}

// A random transform with uniform positive scale, for properties.
inline Transform GenTransform(bool with_scale = false) {
  const auto component = [](int range) {
    return static_cast<float>(*rc::gen::inRange(-range, range + 1)) / 1000.0f;
  };
  glm::quat rotation(component(1000), component(1000), component(1000), component(1000));
  if (glm::length(rotation) < 0.1f)
    rotation = glm::quat(1, 0, 0, 0);
  Transform transform;
  transform.rotation = glm::normalize(rotation);
  transform.translation = {component(2000), component(2000), component(2000)};
  if (with_scale) {
    const float scale = 0.5f + static_cast<float>(*rc::gen::inRange(0, 1000)) / 1000.0f;
    transform.scale = glm::vec3(scale);
  }
  return transform;
}

inline std::vector<Transform> GenPose(std::size_t num_joints, bool with_scale = false) {
  std::vector<Transform> pose(num_joints);
  for (Transform& transform : pose)
    transform = GenTransform(with_scale);
  return pose;
}

}  // namespace footwork::anim::testing
