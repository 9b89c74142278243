#pragma once
// The IK layer's frame for one character, after the animation graph: overlay layering ->
// foot placement (traces, offsets, pelvis drop) -> foot lock -> two-bone leg IK -> look-at.
// CharacterIkAssets is shared and read-only (rig, recorded overlays, settings); CharacterIk is one
// character's small state plus its output pose buffers.

#include <array>
#include <limits>
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
#include "footwork/ik/ik_settings.h"
#include "footwork/ik/look_at.h"
#include "footwork/ik/overlay_layering.h"
#include "footwork/ik/stride_warping.h"
#include "footwork/world/collision_world.h"

namespace footwork::ik {

// A named overlay clip to record (clip frame `time_s`), authored on BasePose_N, and optionally
// its crouched pose authored on BasePose_CLF (without one, the standing pose is rebased onto
// BasePose_CLF, see RebaseOverlayPose).
struct OverlaySource {
  std::string name;
  const anim::Clip* clip = nullptr;
  float time_s = 0.0f;
  const anim::Clip* crouch_clip = nullptr;
  float crouch_time_s = 0.0f;
};

class CharacterIkAssets {
 public:
  // `base_clip` frame 0 is BasePose_N; `crouch_base_clip` (optional) gives BasePose_CLF;
  // `look_clip` (optional) is a head sweep from left to right played by look amount.
  // The skeleton must outlive the assets; the clips need not. Errors name the missing role or
  // the clip.
  static Result<std::shared_ptr<const CharacterIkAssets>> Create(
      const anim::Skeleton& skeleton, const anim::RigProfile& profile, const anim::Clip& base_clip,
      const anim::Clip* crouch_base_clip, std::span<const OverlaySource> overlays,
      CharacterIkSettings settings = {}, const anim::Clip* look_clip = nullptr);

  const anim::Skeleton& skeleton() const { return *skeleton_; }
  const IkRig& rig() const { return rig_; }
  const BasePose& base_pose(bool crouched) const {
    return crouched && base_clf_ ? *base_clf_ : base_n_;
  }
  bool has_crouch_base_pose() const { return base_clf_.has_value(); }
  // The standing overlays (names, curves); overlay_pose() picks the stance's recording.
  const std::vector<OverlayPose>& overlays() const { return overlays_; }
  const OverlayPose& overlay_pose(int index, bool crouched) const {
    const auto i = static_cast<std::size_t>(index);
    return crouched && base_clf_ ? overlays_clf_[i] : overlays_[i];
  }
  const std::optional<LookClip>& look_clip() const { return look_clip_; }
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
  // Same order as overlays_, on BasePose_CLF (empty without it).
  std::vector<OverlayPose> overlays_clf_;
  std::optional<LookClip> look_clip_;
  CharacterIkSettings settings_;
};

// Where a stop lands a foot (world).
struct StopLanding {
  glm::vec3 ankle{0.0f};
  glm::vec3 ball{0.0f};
  // Planted in the clip already, the shown foot still coming down (the stop's dead blend).
  bool planted_in_clip = false;
};

struct CharacterIkInput {
  // Where the model's root is in the world (position and yaw; unit scale).
  Transform character_world;
  // FootLock_L/R and Enable_FootIK_L/R this frame (index Side).
  std::array<float, 2> foot_lock{0.0f, 0.0f};
  std::array<float, 2> enable_foot_ik{0.0f, 0.0f};
  // On the ground: foot placement and lock act only then.
  bool grounded = true;
  // How far a moving body pushed the character this frame (movement::MovementState::pushed):
  // feet held on static ground slide along with it rather than being left under the pusher.
  glm::vec3 pushed_world{0.0f};
  // A teleport or movement mode change: locks and offsets start over.
  bool reset = false;
  // The stance: overlays layer on BasePose_CLF when crouched (faded over stance_blend_s).
  bool crouched = false;
  std::optional<glm::vec3> look_target_world;
  // Needed for foot placement; without it the feet are only locked.
  const world::CollisionWorld* world = nullptr;
  // Also trace the surface under each foot for the metrics: under the heel (two more rays), and
  // with foot_placement.sink_guard_toe under the ball too (two more).
  bool measure_surface = false;
  // Stride warping on the ground, after the overlays and before placement and lock (none: off).
  std::optional<StrideWarpRequest> stride_warp;
  // For a swinging foot, how far (world, metres) its ankle and its ball travel until the clip
  // plants it (locomotion::PlantPredictor); unset when unknown or planted. With
  // sink_guard_toe, the ball's caps the foot's look-ahead.
  std::array<std::optional<glm::vec3>, 2> plant_travel;
  std::array<std::optional<glm::vec3>, 2> plant_ball_travel;
  // And how long until then (s, at the play rate).
  std::array<std::optional<float>, 2> plant_time_s;
  // While a stop plays, for each foot it has yet to land (or has planted in the clip while the
  // blend still brings it down): where the stop lands it (locomotion::PlantPredictor::
  // StopLandings). Unset otherwise.
  std::array<std::optional<StopLanding>, 2> stop_landing;
};

// One foot after IK, world space.
struct IkFoot {
  glm::vec3 ankle{0.0f};
  // The heel's sole point (HeelSolePoint).
  glm::vec3 sole{0.0f};
  // The ball's sole point (ToeSolePoint); unset for a rig without a toe joint.
  std::optional<glm::vec3> toe_sole;
  bool locked = false;
  // On the ground with the FootLock curve fully planted (IsFootPlanted): the trace's contact.
  bool planted = false;
  std::optional<float> surface_height_m;
  // What the measuring trace under the sole hit (kNoBody when nothing, or not measured).
  world::BodyId surface_body = world::kNoBody;
  // The surface under the ball's sole point (measured like surface_height_m).
  std::optional<float> toe_surface_height_m;
};

class CharacterIk {
 public:
  explicit CharacterIk(std::shared_ptr<const CharacterIkAssets> assets);

  // -1 for none. Out-of-range indices are an error.
  Status SetOverlay(int overlay);
  int overlay() const { return overlay_.current(); }
  const OverlayState& overlay_state() const { return overlay_; }
  // 0 standing (BasePose_N) .. 1 crouched (BasePose_CLF).
  float stance() const { return stance_; }

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
  // Layers one overlay (-1 = none: copies the locomotion pose) on one stance's base pose into
  // out_local / out_model.
  Status LayerOnStance(int overlay, bool crouched, std::span<const Transform> local,
                       std::span<const Transform> model, std::span<Transform> out_local,
                       std::span<Transform> out_model) const;
  // The same, faded between the stances by stance_ (uses the stance scratch buffers).
  Status LayerOne(int overlay, std::span<const Transform> local, std::span<const Transform> model,
                  std::span<Transform> out_local, std::span<Transform> out_model);
  Status ApplyOverlay(std::span<const Transform> local, std::span<const Transform> model);
  // What PlaceFeet's stages hand on to each other in one frame, per leg.
  struct FeetFrame {
    // Animated feet in world space, before the pelvis moves.
    std::array<Transform, 2> animated;
    std::array<FootTrace, 2> traces{};
    std::array<glm::vec3, 2> offset_targets{glm::vec3(0.0f), glm::vec3(0.0f)};
    // Where each foot's shift off a riser is going (ShiftOffRiser): a landing foot reaches down
    // to the tread it is being moved onto, not the one it is still over.
    std::array<glm::vec3, 2> riser_wanted{glm::vec3(0.0f), glm::vec3(0.0f)};
    std::array<glm::quat, 2> tilt_targets{glm::quat(1, 0, 0, 0), glm::quat(1, 0, 0, 0)};
    std::array<float, 2> enable{0.0f, 0.0f};
    // How far each falling foot is tucked up ahead of touchdown (m), and the root's fall speed.
    std::array<float, 2> tuck{0.0f, 0.0f};
    float fall_speed = 0.0f;
    // How far each foot is into its swing (0 planted or down, 1 lifted and free).
    std::array<float, 2> swing{0.0f, 0.0f};
    // How soon each swinging foot's toe gets over the step up ahead (s), when one is ahead.
    std::array<float, 2> time_to_riser{std::numeric_limits<float>::infinity(),
                                       std::numeric_limits<float>::infinity()};
    // The lowest offset each swinging foot may take while following the pelvis down (its sole
    // then clears the ground under it by swing_clearance_m); unset without ground under it.
    std::array<std::optional<float>, 2> lowest_clear_offset;
    // The deepest step down each leg takes (max_step_down_leg_share of its length).
    std::array<float, 2> max_step_down{0.0f, 0.0f};
  };
  // What PlanFoot's steps share about one grounded foot this frame.
  struct FootPlan {
    int side = 0;
    float root_height = 0.0f;
    // The ankle's velocity, and the part of it the traces look ahead along.
    glm::vec3 velocity{0.0f};
    glm::vec3 lookahead_velocity{0.0f};
    // How far the lowest sole point clears the root's floor (m).
    float sole_lift = 0.0f;
    // The ball of the foot (with feet.sink_guard_toe), and how far ahead of it a trace looks.
    std::optional<glm::vec3> toe;
    float reach_cap = std::numeric_limits<float>::infinity();
    // For a foot held on static ground, its ball where the lock holds it (the twin's heel to ball
    // from the held ankle): every trace of the foot measures its ball there, shifted or not.
    std::optional<glm::vec3> held_toe;
    // The sole's height as last frame's offset leaves it.
    float sole_before = 0.0f;
    // The higher ground the foot is moving onto, when it is: it rises first.
    std::optional<float> going_to_ground;
  };
  // Feet and pelvis: PlanFoot for each leg, PlacePelvisAndFeet, LowerPelvis, SolveLeg for each.
  Status PlaceFeet(const CharacterIkInput& input, float dt);
  // PlanFoot: the traces under a grounded foot (TraceUnderFoot), moved onto a ledge it would step
  // off (ShiftOntoLedge), off a riser it would land across (ShiftOffRiser), held back from higher
  // ground its sole is below (HoldAtEdge), and the offset and tilt it aims for (AimFoot); an
  // airborne foot's ground and tuck (PlanAirborneFoot).
  void PlanFoot(const CharacterIkInput& input, float dt, int side, FeetFrame& frame);
  FootTrace TraceShifted(const CharacterIkInput& input, const FeetFrame& frame,
                         const FootPlan& plan, const glm::vec3& shift) const;
  void TraceUnderFoot(const CharacterIkInput& input, FeetFrame& frame, const FootPlan& plan) const;
  void ShiftOntoLedge(const CharacterIkInput& input, float dt, FeetFrame& frame, FootPlan& plan);
  void ShiftOffRiser(const CharacterIkInput& input, float dt, FeetFrame& frame, FootPlan& plan);
  // Whether the foot's ball as shown last frame is below the ground just ahead of `ball` (world;
  // riser_clear_margin_m on along the foot from `ankle`): a foot landing with no plant predicted
  // is drawn back off a riser only then; already over the step it stands on it by its ball.
  bool BallBelowStepAhead(const CharacterIkInput& input, const FootPlan& plan,
                          const glm::vec3& ankle, const glm::vec3& ball) const;
  void HoldAtEdge(const CharacterIkInput& input, float dt, FeetFrame& frame, FootPlan& plan);
  void AimFoot(const CharacterIkInput& input, FeetFrame& frame, const FootPlan& plan);
  void PlanAirborneFoot(const CharacterIkInput& input, int side, FeetFrame& frame);
  void PlacePelvisAndFeet(const CharacterIkInput& input, float dt, FeetFrame& frame);
  // Lowers the pelvis by placement_'s offset (world vertical, in its parent's space).
  Status LowerPelvis(const CharacterIkInput& input);
  Status SolveLeg(const CharacterIkInput& input, float dt, int side, const FeetFrame& frame);
  // Turns leg `side`'s solved ankle back toward last frame's when it turned faster than
  // legs.max_swing_ankle_speed_deg_s (or the animation's own ankle), by its swinging share, and
  // records this frame's.
  void LimitSwingingAnkle(int side, const LegRig& leg, const glm::quat& animated_ankle,
                          float swinging, float dt);

  std::shared_ptr<const CharacterIkAssets> assets_;
  std::vector<Transform> local_;
  std::vector<Transform> model_;
  std::vector<Transform> scratch_local_;
  std::vector<Transform> scratch_model_;
  std::vector<Transform> stance_local_;
  std::vector<Transform> stance_model_;
  OverlayState overlay_;
  float stance_ = 0.0f;
  std::array<FootLockState, 2> locks_;
  // How far each held foot has been drawn toward its hip during its current plant (m).
  std::array<float, 2> reach_drawn_m_{0.0f, 0.0f};
  // The pelvis drop each held foot asks for to stay within its animated reach (eased in).
  std::array<float, 2> animated_reach_drop_{0.0f, 0.0f};
  // The root's climb speed, averaged (foot_placement.pelvis_climb_average_half_life_s).
  float average_climb_m_s_ = 0.0f;
  // Whether each swinging foot's landing was found on a step down this swing.
  std::array<bool, 2> landing_onto_step_{false, false};
  // The ground under each foot as it last stood (its plane tells a step down from a slope going
  // on, after the foot has swung over the step's edge).
  std::array<std::optional<FootTrace>, 2> stance_ground_;
  // Each knee's angle as last solved and in the pose it was solved from (radians), for the
  // swinging knee's speed limit.
  struct KneeAngles {
    float solved_rad = 0.0f;
    float animated_rad = 0.0f;
  };
  std::array<std::optional<KneeAngles>, 2> knees_;
  // Each ankle's local rotation as last solved and in the pose it was solved from, for the
  // swinging ankle's speed limit.
  struct AnkleRotations {
    glm::quat solved{1.0f, 0.0f, 0.0f, 0.0f};
    glm::quat animated{1.0f, 0.0f, 0.0f, 0.0f};
  };
  std::array<std::optional<AnkleRotations>, 2> ankles_;
  FootPlacementState placement_;
  // Stride warping's pelvis drop over frames, and the settings of the last request (a drop left
  // when the warp stops eases out with them).
  StrideWarpState stride_warp_;
  StrideWarpingSettings stride_warp_settings_;
  // Last grounded frame's root height (world): foot placement's offsets are anchored in the world.
  std::optional<float> placement_root_height_;
  // Last airborne frame's root height (world): how fast a fall comes down onto the ground.
  std::optional<float> airborne_root_height_;
  LookAtState look_;
  std::array<IkFoot, 2> feet_;
  glm::vec3 head_position_world_{0.0f};
  glm::vec3 head_forward_world_{0.0f, 0.0f, 1.0f};
};

}  // namespace footwork::ik
