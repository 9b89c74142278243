#pragma once
// The IK layer's frame for one character, after the animation graph: overlay layering ->
// foot placement (traces, offsets, pelvis drop) -> foot lock -> two-bone leg IK -> look-at.
// CharacterIkAssets is shared and read-only (rig, recorded overlays, settings); CharacterIk is one
// character's small state plus its output pose buffers.

#include <array>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "footwork/anim/clip.h"
#include "footwork/anim/rig_profile.h"
#include "footwork/anim/skeleton.h"
#include "footwork/core/error.h"
#include "footwork/core/transform.h"
#include "footwork/ik/foot_lock.h"
#include "footwork/ik/foot_placement.h"
#include "footwork/ik/ik_rig.h"
#include "footwork/ik/look_at.h"
#include "footwork/ik/overlay_layering.h"
#include "footwork/world/collision_world.h"

namespace footwork::ik {

struct CharacterIkSettings {
  FootPlacementSettings feet;
  LookAtSettings look;
  // Fade between overlays (seconds).
  float overlay_blend_s = 0.25f;
  // Leg reach clamp (fraction of the leg's length), see TwoBoneIkGoal.
  float max_leg_extension = 0.999f;
  // How strongly the thigh's own forward axis steers the knee against the animated knee bend
  // (metres of knee offset it counts as); keeps the bend direction defined on a straight leg.
  float knee_axis_weight_m = 0.05f;
};

// A named overlay clip to record (clip frame `time_s`).
struct OverlaySource {
  std::string name;
  const anim::Clip* clip = nullptr;
  float time_s = 0.0f;
};

class CharacterIkAssets {
 public:
  // `base_clip` frame 0 is BasePose_N; `crouch_base_clip` (optional) gives BasePose_CLF.
  // The skeleton must outlive the assets. Errors name the missing role or the clip.
  static Result<std::shared_ptr<const CharacterIkAssets>> Create(
      const anim::Skeleton& skeleton, const anim::RigProfile& profile, const anim::Clip& base_clip,
      const anim::Clip* crouch_base_clip, std::span<const OverlaySource> overlays,
      CharacterIkSettings settings = {});

  const anim::Skeleton& skeleton() const { return *skeleton_; }
  const IkRig& rig() const { return rig_; }
  const BasePose& base_pose(bool crouched) const {
    return crouched && base_clf_ ? *base_clf_ : base_n_;
  }
  const std::vector<OverlayPose>& overlays() const { return overlays_; }
  // Index of the overlay with this name, or -1.
  int FindOverlay(const std::string& name) const;
  const CharacterIkSettings& settings() const { return settings_; }

 private:
  CharacterIkAssets() = default;
  const anim::Skeleton* skeleton_ = nullptr;
  IkRig rig_;
  BasePose base_n_;
  std::optional<BasePose> base_clf_;
  std::vector<OverlayPose> overlays_;
  CharacterIkSettings settings_;
};

struct CharacterIkInput {
  // Where the model's root is in the world (position and yaw; unit scale).
  Transform character_world;
  // FootLock_L/R and Enable_FootIK_L/R this frame (index Side).
  std::array<float, 2> foot_lock{0.0f, 0.0f};
  std::array<float, 2> enable_foot_ik{0.0f, 0.0f};
  // On the ground: foot placement and lock act only then.
  bool grounded = true;
  // A teleport or movement mode change: locks and offsets start over.
  bool reset = false;
  bool crouched = false;
  std::optional<glm::vec3> look_target_world;
  // Needed for foot placement; without it the feet are only locked.
  const world::CollisionWorld* world = nullptr;
  // Also trace the surface under each sole for the metrics (two more rays).
  bool measure_surface = false;
};

// One foot after IK, world space.
struct IkFoot {
  glm::vec3 ankle{0.0f};
  // The lowest sole point (under the ankle or under the toe joint), see LowestSolePoint.
  glm::vec3 sole{0.0f};
  bool locked = false;
  std::optional<float> surface_height_m;
};

class CharacterIk {
 public:
  explicit CharacterIk(std::shared_ptr<const CharacterIkAssets> assets);

  // -1 for none. Out-of-range indices are an error.
  Status SetOverlay(int overlay);
  int overlay() const { return overlay_.current; }

  // Runs the layer on the graph's pose (local and matching model, skeleton order). dt > 0.
  Status Update(const CharacterIkInput& input, std::span<const Transform> local,
                std::span<const Transform> model, float dt);

  std::span<const Transform> local_pose() const { return local_; }
  std::span<const Transform> model_pose() const { return model_; }
  const std::array<IkFoot, 2>& feet() const { return feet_; }
  float pelvis_offset_m() const { return placement_.pelvis_offset_m; }
  const LookAtState& look() const { return look_; }
  // World position and forward of the head after look-at.
  glm::vec3 head_position_world() const { return head_position_world_; }
  glm::vec3 head_forward_world() const { return head_forward_world_; }
  const CharacterIkAssets& assets() const { return *assets_; }

 private:
  // Layers one overlay (nullptr = none: copies the locomotion pose) into out_local / out_model.
  Status LayerOne(const OverlayPose* overlay, std::span<const Transform> local,
                  std::span<const Transform> model, bool crouched, std::span<Transform> out_local,
                  std::span<Transform> out_model) const;
  Status ApplyOverlay(std::span<const Transform> local, std::span<const Transform> model,
                      bool crouched);
  Status PlaceFeet(const CharacterIkInput& input, float dt);

  std::shared_ptr<const CharacterIkAssets> assets_;
  std::vector<Transform> local_;
  std::vector<Transform> model_;
  std::vector<Transform> scratch_local_;
  std::vector<Transform> scratch_model_;
  OverlayState overlay_;
  std::array<FootLockState, 2> locks_;
  FootPlacementState placement_;
  LookAtState look_;
  std::array<IkFoot, 2> feet_;
  glm::vec3 head_position_world_{0.0f};
  glm::vec3 head_forward_world_{0.0f, 0.0f, 1.0f};
};

}  // namespace footwork::ik
