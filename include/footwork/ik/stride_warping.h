#pragma once
// Stride warping (the seed's Part10 "StrideWarping" node with Clamp Result and Interp Result,
// Lyra's / Unreal's stride warping): when the capsule moves at a different speed than the played
// animation (a start played at a clamped rate, a gait transition, a speed between walk and run),
// each foot's offset from its hip is scaled along the locomotion direction by
// ratio = capsule speed / animation speed, so a planted foot moves backward in model space exactly
// as fast as the capsule moves forward and stays put in the world. Nothing changes across the
// direction. A longer stride lowers the pelvis so the legs can still reach, and the legs are then
// solved with the two-bone IK; the feet keep their animated model rotations.
//
// Pure functions over explicit state: the ratio's target (clamped, neutral when a speed is too
// small or not finite), its interpolation, and the pose warp.

#include <array>
#include <span>

#include <glm/glm.hpp>

#include "footwork/anim/skeleton.h"
#include "footwork/core/error.h"
#include "footwork/core/transform.h"
#include "footwork/ik/ik_rig.h"

namespace footwork::ik {

struct StrideWarpingSettings {
  // Off: the ratio stays 1 and the pose is untouched.
  bool enabled = false;
  // The seed's Clamp Result: the ratio's range; 1 must lie inside it.
  float min_ratio = 0.5f;
  float max_ratio = 1.25f;
  // The seed's Interp Result: FInterpTo speed (1/s) of the ratio toward its target; 0 snaps.
  // Keeps the legs from jumping when a start begins warped.
  float interp_speed = 10.0f;
  // Below this animation or capsule speed (m/s) the ratio is meaningless (idle, the first frames
  // of a start): its target is 1.
  float min_speed_m_s = 0.1f;
  // Share (0..1) of the drop that keeps the supporting leg (the lower foot) as extended as it was
  // animated; while the feet are level within support_height_band_m both legs count, blended.
  float pelvis_drop_fraction = 1.0f;
  float support_height_band_m = 0.1f;
  // Largest pelvis drop (metres).
  float max_pelvis_drop_m = 0.1f;
  // A swinging foot goes down with the pelvis, in proportion to its animated lift above its
  // standing height up to this (metres; 0: feet keep their animated heights). Under a lowered
  // hip a swinging leg otherwise folds and its thigh swings faster: 21 degrees a frame.
  float swing_follow_lift_m = 0.0f;
  // Half-life (s) of the pelvis drop toward each frame's wanted drop, with a StrideWarpState (0:
  // the wanted drop at once). The wanted drop follows whichever foot is lower, and in a run's
  // flight phase that switches from the trailing foot (far behind: a deep drop) to the leading
  // one within two frames: the pelvis rose 6 cm in a frame and the shin swung 22 degrees
  // (sideways sprint).
  float pelvis_drop_half_life_s = 0.0f;
  // A foot the warp pushes away from its hip stops short of this reach (fraction of the leg's
  // length, from the dropped hip, or the animated reach if longer), eased in over the last
  // `reach_soft_band` (same unit), so the knee never snaps straight and back.
  float reach_limit = 0.93f;
  float reach_soft_band = 0.15f;
  // Leg reach clamp of the IK solve (fraction of the leg's length).
  float max_leg_extension = 0.999f;
  // How strongly the thigh's forward axis steers the knee against the animated knee bend (metres
  // of knee offset it counts as), as in CharacterIkSettings: the bend stays defined on a straight
  // leg.
  float knee_axis_weight_m = 0.05f;
};

// One frame's warp, as the IK layer receives it (CharacterIkInput::stride_warp).
struct StrideWarpRequest {
  // The locomotion direction in model space (its vertical part is ignored).
  glm::vec3 direction_model{0.0f, 0.0f, 1.0f};
  // Already clamped and interpolated (UpdateStrideWarpRatio); 1 changes nothing.
  float ratio = 1.0f;
  StrideWarpingSettings settings;
};

// Checks ranges (min <= 1 <= max, positive min, non-negative speeds, fraction in [0, 1]).
Status ValidateStrideWarpingSettings(const StrideWarpingSettings& settings);

// The ratio the warp heads for: capsule / animation speed clamped to [min_ratio, max_ratio];
// 1 when disabled, when either speed is below min_speed_m_s, or when a speed is not finite.
float StrideWarpTargetRatio(float capsule_speed_m_s, float animation_speed_m_s,
                            const StrideWarpingSettings& settings);

// The ratio after one frame of FInterpTo toward `target` (itself clamped into the range).
// Errors: dt not positive and finite. A non-finite `current` restarts from 1.
Result<float> UpdateStrideWarpRatio(float current, float target, float dt,
                                    const StrideWarpingSettings& settings);

// What ApplyStrideWarping did.
struct StrideWarpResult {
  // Metres the pelvis went down (>= 0).
  float pelvis_drop_m = 0.0f;
  // The feet's warped model-space positions (index Side); the animated ones when nothing warped.
  std::array<glm::vec3, 2> feet{glm::vec3(0.0f), glm::vec3(0.0f)};
  // Whether both legs reached their warped feet (false when a reach clamp shortened one).
  bool reached = true;
};

// Per character: the pelvis drop applied last frame, which the next one moves on from.
struct StrideWarpState {
  float pelvis_drop_m = 0.0f;
};

// Warps a pose held in both spaces (local and its model, skeleton order) in place: each foot's
// offset from its hip is scaled by `ratio` along `direction_model` (model space; its vertical
// part is ignored), the pelvis drops, and both legs are solved. A ratio of exactly 1 or a
// direction without a horizontal part leaves the pose untouched (bit-identical).
// Errors (checked before the pose changes): non-finite or non-positive ratio, non-finite direction,
// span sizes that differ from the skeleton.
Result<StrideWarpResult> ApplyStrideWarping(const anim::Skeleton& skeleton, const IkRig& rig,
                                            const glm::vec3& direction_model, float ratio,
                                            const StrideWarpingSettings& settings,
                                            std::span<Transform> local, std::span<Transform> model);

// The same with the pelvis drop carried over frames: it moves from state.pelvis_drop_m toward
// this frame's wanted drop with settings.pelvis_drop_half_life_s over dt (exact, so independent
// of the frame rate) and is stored back. A drop still left when the warp ends (ratio 1, no
// direction: call on with ratio 1 after the request stops) eases out with the legs solved to
// their animated feet; the pose is untouched once no drop is left. Errors as above, and dt not
// positive and finite.
Result<StrideWarpResult> ApplyStrideWarping(const anim::Skeleton& skeleton, const IkRig& rig,
                                            const glm::vec3& direction_model, float ratio,
                                            const StrideWarpingSettings& settings,
                                            StrideWarpState& state, float dt,
                                            std::span<Transform> local, std::span<Transform> model);

}  // namespace footwork::ik
