#pragma once
// Overlay layering (ALS, seed 003): an overlay (holding a pistol, a torch, ...) is a one-frame
// pose authored on the base pose BasePose_N (or BasePose_CLF when crouched). Per body part, a
// Layering_<Part> curve chooses between the base locomotion pose and the overlay pose plus the
// "dynamic additive" (the locomotion pose minus BasePose_N, in mesh space), whose strength is
// Layering_<Part>_Add: 0 keeps the overlay's still arms, 1 adds the locomotion's arm swing back.
// Layering_<Part>_LS = 1 blends that part's rotations in local space, otherwise in mesh space
// (the part keeps its world orientation whatever the spine under it does).
//
// Overlays are recorded once (the seed's "record" step: base pose blended by bone with a clip
// frame, one frame kept) and shared; the per-character state is the choice and a blend weight.

#include <array>
#include <span>
#include <string>
#include <vector>

#include <glm/gtc/quaternion.hpp>

#include "footwork/anim/clip.h"
#include "footwork/anim/skeleton.h"
#include "footwork/core/error.h"
#include "footwork/core/transform.h"
#include "footwork/ik/ik_rig.h"

namespace footwork::ik {

// Layering values per body part (index = BodyPart), as read from an overlay's curves.
struct LayeringCurves {
  std::array<float, kBodyPartCount> weight{};  // Layering_<Part>
  std::array<float, kBodyPartCount> add{};     // Layering_<Part>_Add
  std::array<float, kBodyPartCount> local{};   // Layering_<Part>_LS

  // Reads every Layering_* curve of `clip` at `time_s`; missing curves are 0.
  static LayeringCurves FromClip(const anim::Clip& clip, float time_s);
  // a + (b - a) * alpha, per value.
  static LayeringCurves Lerp(const LayeringCurves& a, const LayeringCurves& b, float alpha);
};

// A recorded overlay: one local pose, its model rotations, and its layering values.
struct OverlayPose {
  std::string name;
  std::vector<Transform> local;
  std::vector<glm::quat> model_rotation;
  LayeringCurves curves;
};

// The base pose the overlays were authored on (BasePose_N or BasePose_CLF).
struct BasePose {
  std::vector<Transform> local;
  std::vector<glm::quat> model_rotation;
};

// Samples `clip` at `time_s` as a base pose.
Result<BasePose> RecordBasePose(const anim::Skeleton& skeleton, const anim::Clip& clip,
                                float time_s);

// The seed's record step: samples `clip` at `time_s`, keeps the base pose on every body part the
// clip's Layering curves leave at 0 (the parts the overlay does not author), and keeps the
// layering values of that frame. Errors: a clip that does not fit the skeleton, a base pose of
// the wrong size, a non-finite time.
Result<OverlayPose> RecordOverlayPose(const anim::Skeleton& skeleton, const IkRig& rig,
                                      const anim::Clip& clip, float time_s, const BasePose& base);

// Applies an overlay (or a blend of two, see OverlayBlend) on top of the locomotion pose.
struct OverlayLayeringJob {
  const anim::Skeleton* skeleton = nullptr;
  const IkRig* rig = nullptr;
  const BasePose* base_pose = nullptr;
  // The locomotion pose, local and model (model must match local).
  std::span<const Transform> base_local;
  std::span<const Transform> base_model;
  // The overlay pose to layer; `overlay_alpha` scales every Layering weight (0 = no overlay).
  const OverlayPose* overlay = nullptr;
  float overlay_alpha = 1.0f;
  // Same size as base_local; may not alias base_local. Model transforms are recomputed.
  std::span<Transform> output_local;
  std::span<Transform> output_model;

  Status Validate() const;
  Status Run() const;
};

// The seed's overlays are authored on BasePose_N; a crouched stance needs them on BasePose_CLF.
// Without a crouched recording, this moves an overlay onto another base pose: every part the
// overlay layers keeps its local offset from `from` (overlay = from * delta becomes to * delta),
// the other parts take `to`. Errors: poses that do not fit the skeleton.
Result<OverlayPose> RebaseOverlayPose(const anim::Skeleton& skeleton, const IkRig& rig,
                                      const OverlayPose& overlay, const BasePose& from,
                                      const BasePose& to);

// Per character: the overlays in use, oldest first, each fading in over the blend of the ones
// below it (layers[0] is the bottom, its blend unused). A switch while a fade still runs stacks
// the new overlay on the blend in progress, so nothing snaps; once a layer has fully faded in,
// the ones below it are dropped.
struct OverlayState {
  static constexpr int kMaxLayers = 4;
  struct Layer {
    int overlay = -1;    // index into the overlay list, -1 = none
    float blend = 1.0f;  // 0 = invisible, 1 = covers everything below
  };
  std::array<Layer, kMaxLayers> layers{};
  int count = 1;

  int current() const { return layers[static_cast<std::size_t>(count - 1)].overlay; }
  // How much of the output layer `i` makes: blend_i times (1 - blend_k) of every layer above.
  float Weight(int i) const;
};

// Switches to `overlay` (-1 for none); it fades in over the pose in use. With kMaxLayers fades
// already running, the layer that contributes least is dropped to make room.
void SwitchOverlay(OverlayState& state, int overlay);
// Advances every fade by dt at 1 / blend_s per second.
void UpdateOverlay(OverlayState& state, float blend_s, float dt);

}  // namespace footwork::ik
