#pragma once
// The IK stage after the locomotion graph (DESIGN: graph -> ik): builds the IK layer's shared
// assets from the cooked library (BasePose_N from the idle role, BasePose_CLF from crouch_idle,
// overlays recorded from the overlay_<name> roles), and runs ik::CharacterIk on the character's
// pose each frame with its FootLock / Enable_FootIK curves, the look-at target and the overlay
// chosen by name. Writes the IK results into trace frames (feet, pelvis offset, look).

#include <array>
#include <memory>
#include <optional>
#include <string>

#include <glm/glm.hpp>

#include "footwork/core/error.h"
#include "footwork/ik/character_ik.h"
#include "footwork/locomotion/locomotion_character.h"
#include "footwork/locomotion/plant_prediction.h"
#include "footwork/locomotion/stride_warp_driver.h"
#include "footwork/sim/trace_frame.h"
#include "footwork/world/collision_world.h"

namespace footwork::locomotion {

// Overlay roles are named "overlay_<name>" in the character file; scenarios use <name>.
// "overlay_<name>_clf" (optional) is <name>'s pose authored on BasePose_CLF (crouch_idle);
// without it the standing pose is rebased onto BasePose_CLF.
inline constexpr const char* kOverlayRolePrefix = "overlay_";
inline constexpr const char* kOverlayCrouchSuffix = "_clf";

// `settings.look_clip` names the look clip role (played by the seed's look amount) when the
// library has it. No default for `settings`: every caller passes the shipped file's
// (SimulationSetup::ik_settings) or a test's own, so the viewer, the NPC and the benchmark cannot
// silently run other IK than `footwork simulate`. Errors: no idle clip, a rig profile without the
// IK roles, a crouched overlay pose without its standing one, an overlay stand-in
// (settings.overlay_stand_ins) that is not one of the character's overlays.
Result<std::shared_ptr<const ik::CharacterIkAssets>> MakeCharacterIkAssets(
    const LocomotionAssets& assets, ik::CharacterIkSettings settings);

class CharacterIkStage {
 public:
  explicit CharacterIkStage(std::shared_ptr<const ik::CharacterIkAssets> assets);

  // "" or "none" removes the overlay; a name the character lacks plays its stand-in
  // (CharacterIkSettings::overlay_stand_ins) when it has one; any other unknown name is an error
  // listing the known ones.
  Status SetOverlay(const std::string& name);
  void SetLookTarget(const std::optional<glm::vec3>& target_world) { look_target_ = target_world; }
  const std::optional<glm::vec3>& look_target() const { return look_target_; }

  // Runs IK on the character's current output. `world` enables foot placement (nullptr: locks
  // only); `capsule_bottom_offset_m` puts the model root at the capsule bottom (as the trace
  // does). `measure_surface` traces under each sole for the metrics.
  Status Update(const LocomotionCharacter& character, const world::CollisionWorld* world,
                float capsule_bottom_offset_m, float dt, bool measure_surface);

  // Overwrites the frame's feet (position, lock state, contact = planted, sole and surface
  // heights, the surface's velocity under a foot on a moving body), pelvis offset, look sample,
  // joint positions (when recorded) and local rotations with the IK output.
  void WriteTrace(sim::TraceFrame& frame) const;

  const ik::CharacterIk& ik() const { return ik_; }
  // The stride warping ratio this frame and what it was measured from.
  const StrideWarpDriver& stride_warp() const { return stride_warp_; }

 private:
  // The body measured under one foot last frame, to tell how the surface under it moved.
  struct SurfaceUnderFoot {
    world::BodyId body = world::kNoBody;
    Transform transform;
    // World velocity of the surface point under the sole over the last step; unset when static.
    std::optional<glm::vec3> velocity_m_s;
  };
  void MeasureSurfaceMotion(const world::CollisionWorld& world, float dt);

  ik::CharacterIk ik_;
  StrideWarpDriver stride_warp_;
  std::optional<PlantPredictor> plant_predictor_;
  std::array<SurfaceUnderFoot, 2> surfaces_;
  std::optional<glm::vec3> look_target_;
  glm::vec3 previous_position_{0.0f};
  bool first_frame_ = true;
};

// A standing NPC that looks at a point (the player's head): one idle locomotion character with
// its own IK stage, no input. Cheap: idle sampling, two traces, look-at.
class LookingNpc {
 public:
  LookingNpc(std::shared_ptr<const LocomotionAssets> assets,
             std::shared_ptr<const ik::CharacterIkAssets> ik_assets,
             const movement::CharacterMover& mover, const glm::vec3& position, float yaw);

  Status Update(const movement::CharacterMover& mover, const glm::vec3& target_world, float dt);
  // Head, forward, target and reachability, world space.
  sim::LookSample look() const;

 private:
  LocomotionCharacter character_;
  CharacterIkStage stage_;
  float bottom_offset_m_ = 0.0f;
};

}  // namespace footwork::locomotion
