#pragma once
// The procedural test humanoid: a skeleton with known bone lengths, a box mesh rigidly skinned to
// it, and analytic clips whose speeds, strides, foot contacts, yaw and jump apex are known
// exactly. Tests of the importers, the runtime and the cooker compare against these truths, and
// WriteHumanoidFixtures writes them as real glTF and BVH files.
//
// Frame: Y up, metres, the character faces +Z, its left side is +X. The root joint sits at the
// origin on the ground; every joint's rest rotation is identity, so the rest pose is a T-pose
// (arms along +/-X, legs straight down).

#include <filesystem>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "footwork/anim/clip.h"
#include "footwork/anim/rig_profile.h"
#include "footwork/anim/skeleton.h"
#include "footwork/core/error.h"
#include "footwork/io/scene.h"

namespace footwork::testing {

// Rest-pose dimensions (metres). Heights are model-space Y of the joint.
inline constexpr float kPelvisHeight_m = 0.95f;
// Hip joints sit below the pelvis joint and +/- this far to the side.
inline constexpr float kHipDrop_m = 0.05f;
inline constexpr float kHipHalfWidth_m = 0.10f;
inline constexpr float kThighLength_m = 0.42f;
inline constexpr float kShinLength_m = 0.40f;
// Ankle (foot joint) height in the rest pose: pelvis - hip drop - thigh - shin.
inline constexpr float kAnkleHeight_m =
    kPelvisHeight_m - kHipDrop_m - kThighLength_m - kShinLength_m;
// The toe (ball) joint relative to the ankle.
inline constexpr glm::vec3 kAnkleToBall_m{0.0f, -0.06f, 0.13f};
inline constexpr float kSpineSegment_m = 0.12f;  // spine -> spine.001 -> spine.002 -> spine.003
inline constexpr float kNeckOffset_m = 0.14f;    // spine.003 -> neck
inline constexpr float kHeadOffset_m = 0.10f;    // neck -> head
inline constexpr glm::vec3 kClavicleOffset_m{0.03f, 0.10f, 0.0f};  // spine.003 -> shoulder.L
inline constexpr float kClavicleLength_m = 0.15f;                  // shoulder.L -> upper_arm.L
inline constexpr float kUpperArmLength_m = 0.28f;
inline constexpr float kForearmLength_m = 0.25f;

// A left or right limb. Left is +X.
enum class Side { kLeft, kRight };

// The humanoid's 23 joints with Rigify-like names: root, spine (the pelvis), spine.001-003,
// neck, head, and per side (".L" / ".R") shoulder, upper_arm, forearm, hand, thigh, shin, foot,
// toe.
anim::Skeleton HumanoidSkeleton();
// Roles -> the names above; mirror pairs {".L", ".R"}.
anim::RigProfile HumanoidRigProfile();
// One box per bone (none on the root), each vertex skinned with weight 1 to its bone, flat
// normals; a mesh that renderers can draw and importers must preserve.
io::SkinnedMesh HumanoidMesh(const anim::Skeleton& skeleton);

// A locomotion cycle: each foot is planted (still on a ground that moves backward at speed_m_s)
// for duty * cycle_s, then swings forward. The left foot goes down at t = 0, the right at half a
// cycle. Legs are solved with analytic two-bone IK, so the feet follow the prescribed paths
// exactly at every key.
struct GaitSpec {
  std::string name;
  float speed_m_s = 0.0f;
  float cycle_s = 1.0f;
  // Fraction of the cycle each foot is planted (> 0.5: double support; < 0.5: flight phases).
  float duty = 0.5f;
  // Mean pelvis height and its bob (lowest when both feet are on the ground).
  float pelvis_height_m = 0.0f;
  float pelvis_bob_m = 0.0f;
  // Peak ankle lift during swing.
  float swing_height_m = 0.0f;
  // Arm swing amplitude (radians), opposite to the same side's leg.
  float arm_swing_rad = 0.0f;
  float key_rate_hz = 60.0f;

  // Ground covered in one cycle (both feet step once).
  float stride_m() const { return speed_m_s * cycle_s; }
};

// Walk at 1.2 m/s: 0.9 s cycle, stride 1.08 m, each foot planted 0.5 s (duty 5/9), 60 Hz keys.
GaitSpec WalkGait();
// Run at 3.5 m/s: 0.7 s cycle, stride 2.45 m, each foot planted 0.2 s (duty 2/7, flight phases),
// 120 Hz keys.
GaitSpec RunGait();

// A time range [begin_s, end_s] during which a foot is planted.
struct ContactInterval {
  float begin_s = 0.0f;
  float end_s = 0.0f;
};

// What is exactly known about one clip.
struct ClipTruth {
  float duration_s = 0.0f;
  bool looping = false;
  // Ground speed: for in-place clips the speed the ground must move for the planted foot to be
  // still in the world; for root-motion clips the root joint's speed along +Z.
  float speed_m_s = 0.0f;
  // Distance covered in one cycle (0 when not a cycle) and the cycle length.
  float stride_m = 0.0f;
  float cycle_s = 0.0f;
  // Whether the root joint carries the motion (true) or stays at the origin (false).
  bool root_motion = false;
  // Planted ranges per foot, sorted, and the instants each foot goes down.
  std::vector<ContactInterval> contacts_left;
  std::vector<ContactInterval> contacts_right;
  std::vector<float> foot_down_left_s;
  std::vector<float> foot_down_right_s;
  // Root yaw at the end of the clip (turn in place), positive = turn left (toward +X).
  float root_yaw_rad = 0.0f;
  // Jump: pelvis rise above standing at the apex, and when the feet leave and touch the ground.
  float apex_height_m = 0.0f;
  float takeoff_s = 0.0f;
  float apex_s = 0.0f;
  float landing_s = 0.0f;

  const std::vector<ContactInterval>& contacts(Side side) const {
    return side == Side::kLeft ? contacts_left : contacts_right;
  }
  // Whether `side`'s foot is planted at time_s (inclusive ranges).
  bool InContact(Side side, float time_s) const;
};

struct HumanoidClip {
  anim::Clip clip;
  ClipTruth truth;
  // The gait for locomotion cycles; empty name otherwise.
  GaitSpec gait;
};

// In-place cycle ("<gait>_in_place"): root joint still at the origin; the planted foot moves
// backward at exactly speed_m_s in model space.
HumanoidClip MakeCycleInPlace(const GaitSpec& gait);
// The same cycle with authored root motion ("<gait>_root_motion"): the root joint moves along +Z
// at speed_m_s, so a planted foot is still in model (= world) space.
HumanoidClip MakeCycleRootMotion(const GaitSpec& gait);
// 2 s breathing idle on the spine, arms down, both feet planted throughout; loops.
HumanoidClip MakeIdle();
// Turn in place to the left: root yaw 0 -> 90 degrees over 1 s (smoothstep), feet pivot with the
// root, so the clip has no contact truth.
HumanoidClip MakeTurnInPlace();
// An in-place jump: crouch (0.3 s), ballistic flight with the pelvis rising 0.4 m, landing dip
// (0.4 s). Feet planted before takeoff and after landing.
HumanoidClip MakeJump();
// Held poses with STEP keys on translation, rotation and scale, changing every 0.5 s.
HumanoidClip MakeStepPoses();

// Every clip above: walk and run in place, walk and run with root motion, idle, turn, jump,
// steps.
std::vector<HumanoidClip> HumanoidClips();
// Skeleton, mesh and every clip, as an importer would return them.
io::Scene HumanoidScene();

// The analytic ankle (foot joint) position in model space of an in-place cycle at time_s
// (wrapped into the cycle). Add (0, 0, speed * t) for the root-motion clip.
glm::vec3 TrueAnkleModelPosition(const GaitSpec& gait, Side side, float time_s);

// Where that ankle is on the ground: the model-space position carried forward by the distance the
// character has travelled (speed * t). Constant while the foot is planted; it advances one
// stride per cycle. Equals the root-motion clip's model-space ankle.
glm::vec3 TrueAnkleWorldPosition(const GaitSpec& gait, Side side, float time_s);

// Joint names per side.
std::string SideName(const std::string& stem, Side side);

// Writes humanoid.glb (skeleton, mesh, every clip) and humanoid_walk.bvh (the in-place walk at
// 60 Hz, centimetres) into dir, creating it if needed.
Status WriteHumanoidFixtures(const std::filesystem::path& dir);

}  // namespace footwork::testing
