#include "support/procedural_humanoid.h"

#include <algorithm>
#include <array>
#include <cmath>

#include <glm/gtc/quaternion.hpp>

#include "footwork/core/angles.h"
#include "footwork/io/bvh_export.h"
#include "footwork/io/gltf_export.h"
#include "support/pose_eval.h"

namespace footwork::testing {
namespace {

constexpr glm::vec3 kAxisX{1.0f, 0.0f, 0.0f};
constexpr glm::vec3 kAxisY{0.0f, 1.0f, 0.0f};
constexpr glm::vec3 kAxisZ{0.0f, 0.0f, 1.0f};
// Arms hang this far below the T-pose in every clip but the STEP one.
constexpr float kArmDown_rad = Radians(75.0f);
constexpr float kGravity_m_s2 = 9.81f;

float SideSign(Side side) {
  return side == Side::kLeft ? 1.0f : -1.0f;
}

// Key times 0, 1/rate, ... ending exactly at duration.
std::vector<float> UniformTimes(float duration_s, float rate_hz) {
  const int intervals = std::max(1, static_cast<int>(std::lround(duration_s * rate_hz)));
  std::vector<float> times(static_cast<std::size_t>(intervals) + 1);
  for (int k = 0; k < intervals; ++k) {
    times[k] = duration_s * static_cast<float>(k) / static_cast<float>(intervals);
  }
  times.back() = duration_s;
  return times;
}

// Negates quaternions that sit on the far side of their predecessor, as Clip requires.
void AlignSigns(anim::QuatChannel& channel) {
  for (std::size_t k = 1; k < channel.values.size(); ++k) {
    if (glm::dot(channel.values[k - 1], channel.values[k]) < 0.0f) {
      channel.values[k] = -channel.values[k];
    }
  }
}

void AddKey(anim::Vec3Channel& channel, float time_s, const glm::vec3& value) {
  channel.times.push_back(time_s);
  channel.values.push_back(value);
}
void AddKey(anim::QuatChannel& channel, float time_s, const glm::quat& value) {
  channel.times.push_back(time_s);
  channel.values.push_back(value);
}

struct LegRotations {
  glm::quat thigh;
  glm::quat shin;
  glm::quat foot;
};

// Two-bone IK in the leg's sagittal (YZ) plane, knee forward (+Z), foot kept flat in model
// space. `hip` and `ankle` are model-space points with equal X; the pelvis is unrotated.
LegRotations SolveLeg(const glm::vec3& hip, const glm::vec3& ankle) {
  const glm::vec3 d = ankle - hip;
  const float l1 = kThighLength_m;
  const float l2 = kShinLength_m;
  const float reach = std::clamp(glm::length(d), 1e-6f, l1 + l2);
  // The pitch that rotates a straight-down bone (-Y) onto a direction: rotation about +X by
  // theta maps -Y to (0, -cos theta, -sin theta).
  const float pitch_to_target = std::atan2(-d.z, -d.y);
  const float hip_angle =
      std::acos(std::clamp((l1 * l1 + reach * reach - l2 * l2) / (2.0f * l1 * reach), -1.0f, 1.0f));
  const float knee_angle =
      std::acos(std::clamp((l1 * l1 + l2 * l2 - reach * reach) / (2.0f * l1 * l2), -1.0f, 1.0f));
  // Negative pitch swings a bone forward: the thigh leads the target line so the knee points +Z.
  const float thigh_pitch = pitch_to_target - hip_angle;
  const float shin_bend = kPi - knee_angle;
  return {glm::angleAxis(thigh_pitch, kAxisX), glm::angleAxis(shin_bend, kAxisX),
          glm::angleAxis(-(thigh_pitch + shin_bend), kAxisX)};
}

// Pelvis height when both knees bend by `knee_bend` (0 = straight) with the ankles at rest.
float CrouchedPelvisHeight(float knee_bend) {
  const float l1 = kThighLength_m;
  const float l2 = kShinLength_m;
  const float reach = std::sqrt(l1 * l1 + l2 * l2 + 2.0f * l1 * l2 * std::cos(knee_bend));
  return kAnkleHeight_m + reach + kHipDrop_m;
}

glm::vec3 HipPosition(Side side, float pelvis_height_m) {
  return {SideSign(side) * kHipHalfWidth_m, pelvis_height_m - kHipDrop_m, 0.0f};
}

glm::vec3 RestAnklePosition(Side side) {
  return {SideSign(side) * kHipHalfWidth_m, kAnkleHeight_m, 0.0f};
}

glm::quat ArmRotation(Side side, float swing_rad) {
  return glm::angleAxis(swing_rad, kAxisX) * glm::angleAxis(-SideSign(side) * kArmDown_rad, kAxisZ);
}

// Keys the leg joints of one side at time_s.
void KeyLeg(const anim::Skeleton& skeleton, anim::Clip& clip, Side side, float time_s,
            const LegRotations& leg) {
  AddKey(clip.tracks[skeleton.FindJoint(SideName("thigh", side))].rotation, time_s, leg.thigh);
  AddKey(clip.tracks[skeleton.FindJoint(SideName("shin", side))].rotation, time_s, leg.shin);
  AddKey(clip.tracks[skeleton.FindJoint(SideName("foot", side))].rotation, time_s, leg.foot);
}

void KeyArmsDown(const anim::Skeleton& skeleton, anim::Clip& clip, float duration_s) {
  for (Side side : {Side::kLeft, Side::kRight}) {
    anim::QuatChannel& arm = clip.tracks[skeleton.FindJoint(SideName("upper_arm", side))].rotation;
    AddKey(arm, 0.0f, ArmRotation(side, 0.0f));
    AddKey(arm, duration_s, ArmRotation(side, 0.0f));
  }
}

void FinishClip(anim::Clip& clip) {
  for (anim::JointTrack& track : clip.tracks)
    AlignSigns(track.rotation);
}

anim::Clip NewClip(const anim::Skeleton& skeleton, std::string name, float duration_s,
                   bool looping) {
  anim::Clip clip;
  clip.name = std::move(name);
  clip.duration_s = duration_s;
  clip.looping = looping;
  clip.tracks.resize(static_cast<std::size_t>(skeleton.num_joints()));
  return clip;
}

HumanoidClip MakeCycle(const GaitSpec& gait, bool root_motion) {
  const anim::Skeleton skeleton = HumanoidSkeleton();
  const float cycle = gait.cycle_s;
  HumanoidClip result;
  result.gait = gait;
  result.clip =
      NewClip(skeleton, gait.name + (root_motion ? "_root_motion" : "_in_place"), cycle, true);
  anim::Clip& clip = result.clip;
  const int pelvis = skeleton.FindJoint("spine");

  for (float t : UniformTimes(cycle, gait.key_rate_hz)) {
    // Lowest at t = 0 and half a cycle, when the swing foot is about to leave (double support).
    const float pelvis_y =
        gait.pelvis_height_m - gait.pelvis_bob_m * std::cos(4.0f * kPi * t / cycle);
    AddKey(clip.tracks[pelvis].translation, t, glm::vec3(0.0f, pelvis_y, 0.0f));
    for (Side side : {Side::kLeft, Side::kRight}) {
      KeyLeg(skeleton, clip, side, t,
             SolveLeg(HipPosition(side, pelvis_y), TrueAnkleModelPosition(gait, side, t)));
      // Each arm is furthest back when its own leg is furthest forward (at its foot-down).
      const float arm_phase = 2.0f * kPi * t / cycle + (side == Side::kLeft ? 0.0f : kPi);
      AddKey(clip.tracks[skeleton.FindJoint(SideName("upper_arm", side))].rotation, t,
             ArmRotation(side, gait.arm_swing_rad * std::cos(arm_phase)));
    }
  }
  if (root_motion) {
    // Constant speed: two linear keys are exact.
    anim::Vec3Channel& root = clip.tracks[0].translation;
    AddKey(root, 0.0f, glm::vec3(0.0f));
    AddKey(root, cycle, glm::vec3(0.0f, 0.0f, gait.speed_m_s * cycle));
  }
  FinishClip(clip);

  ClipTruth& truth = result.truth;
  truth.duration_s = cycle;
  truth.looping = true;
  truth.speed_m_s = gait.speed_m_s;
  truth.stride_m = gait.stride_m();
  truth.cycle_s = cycle;
  truth.root_motion = root_motion;
  truth.contacts_left = {{0.0f, gait.duty * cycle}};
  truth.foot_down_left_s = {0.0f};
  const float right_down = 0.5f * cycle;
  truth.foot_down_right_s = {right_down};
  const float right_up = right_down + gait.duty * cycle;
  if (right_up > cycle) {
    // The right stance wraps over the loop point.
    truth.contacts_right = {{0.0f, right_up - cycle}, {right_down, cycle}};
  } else {
    truth.contacts_right = {{right_down, right_up}};
  }
  return result;
}

// A box given in a joint's rest space, rigidly bound to that joint.
struct BoneBox {
  std::string joint;
  glm::vec3 center;
  glm::vec3 half_extent;
};

std::vector<BoneBox> HumanoidBoxes() {
  std::vector<BoneBox> boxes = {
      {"spine", {0.0f, 0.02f, 0.0f}, {0.14f, 0.08f, 0.09f}},
      {"spine.001", {0.0f, 0.06f, 0.0f}, {0.13f, 0.06f, 0.085f}},
      {"spine.002", {0.0f, 0.06f, 0.0f}, {0.14f, 0.06f, 0.09f}},
      {"spine.003", {0.0f, 0.07f, 0.0f}, {0.16f, 0.07f, 0.10f}},
      {"neck", {0.0f, 0.05f, 0.0f}, {0.04f, 0.05f, 0.04f}},
      {"head", {0.0f, 0.11f, 0.01f}, {0.08f, 0.11f, 0.10f}},
  };
  for (Side side : {Side::kLeft, Side::kRight}) {
    const float s = SideSign(side);
    const std::vector<BoneBox> limbs = {
        {SideName("shoulder", side), {s * 0.075f, 0.0f, 0.0f}, {0.075f, 0.035f, 0.035f}},
        {SideName("upper_arm", side), {s * 0.14f, 0.0f, 0.0f}, {0.14f, 0.04f, 0.04f}},
        {SideName("forearm", side), {s * 0.125f, 0.0f, 0.0f}, {0.125f, 0.035f, 0.035f}},
        {SideName("hand", side), {s * 0.08f, 0.0f, 0.0f}, {0.08f, 0.015f, 0.045f}},
        {SideName("thigh", side), {0.0f, -0.21f, 0.0f}, {0.06f, 0.21f, 0.06f}},
        {SideName("shin", side), {0.0f, -0.20f, 0.0f}, {0.045f, 0.20f, 0.045f}},
        // The sole is on the ground (ankle height below the ankle).
        {SideName("foot", side), {0.0f, -0.03f, 0.035f}, {0.045f, 0.05f, 0.095f}},
        {SideName("toe", side), {0.0f, 0.005f, 0.04f}, {0.045f, 0.025f, 0.04f}},
    };
    boxes.insert(boxes.end(), limbs.begin(), limbs.end());
  }
  return boxes;
}

}  // namespace

std::string SideName(const std::string& stem, Side side) {
  return stem + (side == Side::kLeft ? ".L" : ".R");
}

bool ClipTruth::InContact(Side side, float time_s) const {
  // A loop's end is its start again.
  if (looping && time_s >= duration_s)
    time_s -= duration_s * std::floor(time_s / duration_s);
  for (const ContactInterval& interval : contacts(side)) {
    if (time_s >= interval.begin_s && time_s <= interval.end_s)
      return true;
  }
  return false;
}

anim::Skeleton HumanoidSkeleton() {
  anim::Skeleton skeleton;
  auto add = [&](const std::string& name, const std::string& parent, const glm::vec3& offset) {
    skeleton.joint_names.push_back(name);
    skeleton.parents.push_back(parent.empty() ? anim::kNoParent : skeleton.FindJoint(parent));
    Transform rest;
    rest.translation = offset;
    skeleton.rest_pose.push_back(rest);
  };
  add("root", "", glm::vec3(0.0f));
  add("spine", "root", {0.0f, kPelvisHeight_m, 0.0f});
  add("spine.001", "spine", {0.0f, kSpineSegment_m, 0.0f});
  add("spine.002", "spine.001", {0.0f, kSpineSegment_m, 0.0f});
  add("spine.003", "spine.002", {0.0f, kSpineSegment_m, 0.0f});
  add("neck", "spine.003", {0.0f, kNeckOffset_m, 0.0f});
  add("head", "neck", {0.0f, kHeadOffset_m, 0.0f});
  for (Side side : {Side::kLeft, Side::kRight}) {
    const float s = SideSign(side);
    add(SideName("shoulder", side), "spine.003", kClavicleOffset_m * glm::vec3(s, 1.0f, 1.0f));
    add(SideName("upper_arm", side), SideName("shoulder", side), {s * kClavicleLength_m, 0, 0});
    add(SideName("forearm", side), SideName("upper_arm", side), {s * kUpperArmLength_m, 0, 0});
    add(SideName("hand", side), SideName("forearm", side), {s * kForearmLength_m, 0, 0});
  }
  for (Side side : {Side::kLeft, Side::kRight}) {
    add(SideName("thigh", side), "spine", {SideSign(side) * kHipHalfWidth_m, -kHipDrop_m, 0.0f});
    add(SideName("shin", side), SideName("thigh", side), {0.0f, -kThighLength_m, 0.0f});
    add(SideName("foot", side), SideName("shin", side), {0.0f, -kShinLength_m, 0.0f});
    add(SideName("toe", side), SideName("foot", side), kAnkleToBall_m);
  }
  return skeleton;
}

anim::RigProfile HumanoidRigProfile() {
  anim::RigProfile profile;
  profile.name = "procedural_humanoid";
  profile.roles = {{"root", "root"}, {"pelvis", "spine"}, {"neck", "neck"}, {"head", "head"}};
  const std::array<std::pair<const char*, const char*>, 8> limb_roles = {{{"thigh", "thigh"},
                                                                          {"calf", "shin"},
                                                                          {"foot", "foot"},
                                                                          {"ball", "toe"},
                                                                          {"clavicle", "shoulder"},
                                                                          {"upperarm", "upper_arm"},
                                                                          {"lowerarm", "forearm"},
                                                                          {"hand", "hand"}}};
  for (const auto& [role, stem] : limb_roles) {
    profile.roles[std::string(role) + "_l"] = SideName(stem, Side::kLeft);
    profile.roles[std::string(role) + "_r"] = SideName(stem, Side::kRight);
  }
  profile.spine_chain = {"spine.001", "spine.002", "spine.003"};
  profile.mirror_name_pairs = {{".L", ".R"}};
  return profile;
}

io::SkinnedMesh HumanoidMesh(const anim::Skeleton& skeleton) {
  io::SkinnedMesh mesh;
  mesh.name = "humanoid_body";
  mesh.base_color = {0.75f, 0.55f, 0.35f};
  const std::vector<Transform> rest_model = LocalToModel(skeleton, skeleton.rest_pose);
  for (const Transform& joint : rest_model) {
    mesh.inverse_bind_matrices.push_back(glm::inverse(joint.ToMatrix()));
  }
  // Each face: its normal and two in-plane axes ordered so that (u x v) = normal, giving
  // counter-clockwise triangles seen from outside, as glTF expects.
  const std::array<std::array<glm::vec3, 3>, 6> faces = {{
      {kAxisX, kAxisY, kAxisZ},
      {-kAxisX, kAxisZ, kAxisY},
      {kAxisY, kAxisZ, kAxisX},
      {-kAxisY, kAxisX, kAxisZ},
      {kAxisZ, kAxisX, kAxisY},
      {-kAxisZ, kAxisY, kAxisX},
  }};
  for (const BoneBox& box : HumanoidBoxes()) {
    const int joint = skeleton.FindJoint(box.joint);
    const Transform& bind = rest_model[joint];
    for (const auto& [normal, u, v] : faces) {
      const auto base = static_cast<std::uint32_t>(mesh.positions.size());
      const std::array<glm::vec2, 4> corners = {{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}};
      for (const glm::vec2& c : corners) {
        const glm::vec3 local = box.center + box.half_extent * (normal + c.x * u + c.y * v);
        mesh.positions.push_back(bind.TransformPoint(local));
        mesh.normals.push_back(glm::normalize(bind.rotation * normal));
        mesh.joints.push_back({static_cast<std::uint16_t>(joint), 0, 0, 0});
        mesh.weights.emplace_back(1.0f, 0.0f, 0.0f, 0.0f);
      }
      mesh.indices.insert(mesh.indices.end(), {base, base + 1, base + 2, base, base + 2, base + 3});
    }
  }
  return mesh;
}

GaitSpec WalkGait() {
  GaitSpec gait;
  gait.name = "walk";
  gait.speed_m_s = 1.2f;
  gait.cycle_s = 0.9f;
  // 0.5 s of stance: contact changes fall on 60 Hz keys, so sampled data shows them exactly.
  gait.duty = 0.5f / 0.9f;
  // Low enough that the stance foot's furthest reach (0.3 m ahead or behind) stays within the
  // 0.82 m leg.
  gait.pelvis_height_m = 0.87f;
  gait.pelvis_bob_m = 0.015f;
  gait.swing_height_m = 0.08f;
  gait.arm_swing_rad = Radians(20.0f);
  return gait;
}

GaitSpec RunGait() {
  GaitSpec gait;
  gait.name = "run";
  gait.speed_m_s = 3.5f;
  gait.cycle_s = 0.7f;
  // 0.2 s of stance, on a key. Keys at 120 Hz keep the interpolated foot within 1 mm of the
  // analytic path at 3.5 m/s.
  gait.duty = 0.2f / 0.7f;
  gait.key_rate_hz = 120.0f;
  gait.pelvis_height_m = 0.81f;
  gait.pelvis_bob_m = 0.03f;
  gait.swing_height_m = 0.15f;
  gait.arm_swing_rad = Radians(35.0f);
  return gait;
}

glm::vec3 TrueAnkleModelPosition(const GaitSpec& gait, Side side, float time_s) {
  const float offset = side == Side::kLeft ? 0.0f : 0.5f;
  float phase = std::fmod(time_s / gait.cycle_s + offset, 1.0f);
  if (phase < 0.0f)
    phase += 1.0f;
  const float half_stance = 0.5f * gait.duty * gait.stride_m();
  glm::vec3 ankle(SideSign(side) * kHipHalfWidth_m, kAnkleHeight_m, 0.0f);
  if (phase < gait.duty) {
    // Planted: the ground carries the foot backward at the gait's speed.
    ankle.z = half_stance - gait.speed_m_s * phase * gait.cycle_s;
  } else {
    const float s = (phase - gait.duty) / (1.0f - gait.duty);
    ankle.z = -half_stance + half_stance * (1.0f - std::cos(kPi * s));
    ankle.y += gait.swing_height_m * std::sin(kPi * s);
  }
  return ankle;
}

glm::vec3 TrueAnkleWorldPosition(const GaitSpec& gait, Side side, float time_s) {
  return TrueAnkleModelPosition(gait, side, time_s) +
         glm::vec3(0.0f, 0.0f, gait.speed_m_s * time_s);
}

HumanoidClip MakeCycleInPlace(const GaitSpec& gait) {
  return MakeCycle(gait, false);
}
HumanoidClip MakeCycleRootMotion(const GaitSpec& gait) {
  return MakeCycle(gait, true);
}

HumanoidClip MakeIdle() {
  constexpr float kDuration_s = 2.0f;
  constexpr float kBreath_rad = Radians(2.0f);
  const anim::Skeleton skeleton = HumanoidSkeleton();
  HumanoidClip result;
  result.clip = NewClip(skeleton, "idle", kDuration_s, true);
  anim::Clip& clip = result.clip;
  for (float t : UniformTimes(kDuration_s, 30.0f)) {
    const float breath = std::sin(2.0f * kPi * t / kDuration_s);
    AddKey(clip.tracks[skeleton.FindJoint("spine.001")].rotation, t,
           glm::angleAxis(kBreath_rad * breath, kAxisX));
    AddKey(clip.tracks[skeleton.FindJoint("spine.003")].rotation, t,
           glm::angleAxis(-0.5f * kBreath_rad * breath, kAxisX));
  }
  KeyArmsDown(skeleton, clip, kDuration_s);
  FinishClip(clip);
  result.truth.duration_s = kDuration_s;
  result.truth.looping = true;
  result.truth.contacts_left = {{0.0f, kDuration_s}};
  result.truth.contacts_right = {{0.0f, kDuration_s}};
  return result;
}

HumanoidClip MakeTurnInPlace() {
  constexpr float kDuration_s = 1.0f;
  constexpr float kYaw_rad = Radians(90.0f);
  const anim::Skeleton skeleton = HumanoidSkeleton();
  HumanoidClip result;
  result.clip = NewClip(skeleton, "turn_in_place_left_90", kDuration_s, false);
  anim::Clip& clip = result.clip;
  for (float t : UniformTimes(kDuration_s, 30.0f)) {
    const float x = t / kDuration_s;
    const float smoothstep = x * x * (3.0f - 2.0f * x);
    AddKey(clip.tracks[0].rotation, t, QuatFromYaw(kYaw_rad * smoothstep));
  }
  KeyArmsDown(skeleton, clip, kDuration_s);
  FinishClip(clip);
  result.truth.duration_s = kDuration_s;
  result.truth.root_motion = true;
  result.truth.root_yaw_rad = kYaw_rad;
  return result;
}

HumanoidClip MakeJump() {
  constexpr float kCrouch_s = 0.3f;
  constexpr float kCrouchDepth_m = 0.1f;
  constexpr float kLanding_s = 0.4f;
  constexpr float kApexRise_m = 0.4f;
  const float launch_speed = std::sqrt(2.0f * kGravity_m_s2 * kApexRise_m);
  const float flight_s = 2.0f * launch_speed / kGravity_m_s2;
  const float takeoff = kCrouch_s;
  const float apex = takeoff + launch_speed / kGravity_m_s2;
  const float landing = takeoff + flight_s;
  const float duration = landing + kLanding_s;
  // The crouch is driven by the knee bend, not the pelvis height: near a straight knee the
  // height changes little while the angle changes fast, and linear keys would then let the
  // planted foot slide.
  const float l1 = kThighLength_m;
  const float l2 = kShinLength_m;
  const float crouched_reach = l1 + l2 - kCrouchDepth_m;
  const float max_knee_bend =
      std::acos((crouched_reach * crouched_reach - l1 * l1 - l2 * l2) / (2.0f * l1 * l2));

  const anim::Skeleton skeleton = HumanoidSkeleton();
  HumanoidClip result;
  result.clip = NewClip(skeleton, "jump", duration, false);
  anim::Clip& clip = result.clip;
  // Uniform keys plus the instants the truth names, so they are exact keys.
  std::vector<float> times = UniformTimes(duration, 60.0f);
  times.insert(times.end(), {takeoff, apex, landing});
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end(),
                          [](float a, float b) { return std::fabs(a - b) < 1e-4f; }),
              times.end());
  const int pelvis = skeleton.FindJoint("spine");
  for (float t : times) {
    float pelvis_y = kPelvisHeight_m;
    bool grounded = true;
    if (t <= takeoff) {
      pelvis_y = CrouchedPelvisHeight(max_knee_bend * std::sin(kPi * t / kCrouch_s));
    } else if (t < landing) {
      const float tau = t - takeoff;
      pelvis_y += launch_speed * tau - 0.5f * kGravity_m_s2 * tau * tau;
      grounded = false;
    } else {
      pelvis_y = CrouchedPelvisHeight(
          max_knee_bend * std::sin(kPi * std::min(t - landing, kLanding_s) / kLanding_s));
    }
    AddKey(clip.tracks[pelvis].translation, t, glm::vec3(0.0f, pelvis_y, 0.0f));
    for (Side side : {Side::kLeft, Side::kRight}) {
      // In the air the legs hang straight and the feet rise with the pelvis.
      const LegRotations leg =
          grounded
              ? SolveLeg(HipPosition(side, pelvis_y), RestAnklePosition(side))
              : LegRotations{glm::quat(1, 0, 0, 0), glm::quat(1, 0, 0, 0), glm::quat(1, 0, 0, 0)};
      KeyLeg(skeleton, clip, side, t, leg);
    }
  }
  KeyArmsDown(skeleton, clip, duration);
  FinishClip(clip);

  ClipTruth& truth = result.truth;
  truth.duration_s = duration;
  truth.apex_height_m = kApexRise_m;
  truth.takeoff_s = takeoff;
  truth.apex_s = apex;
  truth.landing_s = landing;
  truth.contacts_left = {{0.0f, takeoff}, {landing, duration}};
  truth.contacts_right = truth.contacts_left;
  truth.foot_down_left_s = {landing};
  truth.foot_down_right_s = {landing};
  return result;
}

HumanoidClip MakeStepPoses() {
  constexpr float kHold_s = 0.5f;
  const anim::Skeleton skeleton = HumanoidSkeleton();
  HumanoidClip result;
  result.clip = NewClip(skeleton, "step_poses", 3.0f * kHold_s, false);
  anim::Clip& clip = result.clip;
  const std::array<float, 4> sway_m = {0.0f, 0.05f, -0.05f, 0.0f};
  const std::array<float, 4> twist_deg = {0.0f, 30.0f, -30.0f, 0.0f};
  const std::array<float, 4> arm_deg = {0.0f, -45.0f, -75.0f, 0.0f};
  const std::array<float, 4> head_scale = {1.0f, 1.25f, 0.8f, 1.0f};
  anim::JointTrack& pelvis = clip.tracks[skeleton.FindJoint("spine")];
  anim::JointTrack& chest = clip.tracks[skeleton.FindJoint("spine.001")];
  anim::JointTrack& arm = clip.tracks[skeleton.FindJoint("upper_arm.L")];
  anim::JointTrack& head = clip.tracks[skeleton.FindJoint("head")];
  for (anim::Vec3Channel* channel : {&pelvis.translation, &head.scale}) {
    channel->interpolation = anim::Interpolation::kStep;
  }
  for (anim::QuatChannel* channel : {&chest.rotation, &arm.rotation}) {
    channel->interpolation = anim::Interpolation::kStep;
  }
  for (std::size_t k = 0; k < sway_m.size(); ++k) {
    const float t = kHold_s * static_cast<float>(k);
    AddKey(pelvis.translation, t, {sway_m[k], kPelvisHeight_m, 0.0f});
    AddKey(chest.rotation, t, glm::angleAxis(Radians(twist_deg[k]), kAxisY));
    AddKey(arm.rotation, t, glm::angleAxis(Radians(arm_deg[k]), kAxisZ));
    AddKey(head.scale, t, glm::vec3(head_scale[k]));
  }
  FinishClip(clip);
  result.truth.duration_s = clip.duration_s;
  return result;
}

std::vector<HumanoidClip> HumanoidClips() {
  return {MakeCycleInPlace(WalkGait()),
          MakeCycleInPlace(RunGait()),
          MakeCycleRootMotion(WalkGait()),
          MakeCycleRootMotion(RunGait()),
          MakeIdle(),
          MakeTurnInPlace(),
          MakeJump(),
          MakeStepPoses()};
}

io::Scene HumanoidScene() {
  io::Scene scene;
  scene.source = "procedural_humanoid";
  scene.skeleton = HumanoidSkeleton();
  for (HumanoidClip& clip : HumanoidClips())
    scene.clips.push_back(std::move(clip.clip));
  scene.meshes.push_back(HumanoidMesh(scene.skeleton));
  return scene;
}

Status WriteHumanoidFixtures(const std::filesystem::path& dir) {
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error)
    return Error{dir.string() + ": cannot create folder: " + error.message()};
  const io::Scene scene = HumanoidScene();
  if (Status s = io::ExportGltf(scene, dir / "humanoid.glb"); !s)
    return s;
  constexpr float kCentimetresPerMetre = 100.0f;
  return io::ExportBvh(scene.skeleton, MakeCycleInPlace(WalkGait()).clip, dir / "humanoid_walk.bvh",
                       60.0f, kCentimetresPerMetre);
}

}  // namespace footwork::testing
