#pragma once
// Foot pinning: while a foot is planted, hold its planted point still in the world (so it moves
// with the root motion in the clip's root space) by solving the leg with two-bone IK. The IK
// weight blends in before touchdown and out after lift-off, so the legs do not pop at contact
// edges. This makes the locked-foot quality bar hold by construction, whatever small slide the
// source clip (or a derived clip's retimed playback) has.

#include <vector>

#include "footwork/anim/skeleton.h"
#include "footwork/anim/two_bone_ik.h"
#include "footwork/cook/sample_motion.h"
#include "footwork/cook/sampled_motion.h"
#include "footwork/cook/standing_feet.h"
#include "footwork/core/error.h"
#include "footwork/core/transform.h"

namespace footwork::cook {

// One leg to pin.
struct FootPin {
  // thigh -> calf -> foot (ankle).
  anim::TwoBoneIkChain chain;
  // The ball joint; pinned instead of the ankle when pin_ball (toe running).
  int ball = -1;
  bool pin_ball = false;
  // Frames during which the point is held still (one flag per frame).
  ContactFlags planted;
  // With it, a planted foot is grounded: held still sideways and along, and each frame moved up
  // or down so that its lowest sole point (heel or ball) is on the floor (the root's height). The
  // source's height is a rocker's, and a heel strike can come down 4 cm over the floor; the
  // runtime's metrics and placement both read the sole, not the ankle.
  std::optional<StandingFoot> ground;
};

struct FootPinningSettings {
  // IK weight ramps over this long before each contact and after it (s).
  float blend_s = 0.1f;
  // Reach clamp of the leg, as a fraction of its length.
  float max_extension = 0.999f;
  // When > 0, each contact's plant is moved (a few cm at most) to where the pinned leg turns no
  // joint more than this between frames, if such a point is near.
  float max_joint_step_rad = 0.0f;
  // The plant search moves plants sideways and along only; with this, also up and down (which
  // changes the foot's height over the contact, and so where later cooks see it touch down).
  bool vertical_plant_search = false;
  // A grounded foot's (FootPin::ground) correction changes at most this fast inside a contact
  // (m/s), never going under the floor: where its leg cannot reach the floor on one frame, the
  // next frames come down gradually.
  float max_grounding_speed_m_s = 0.6f;
};

// The point nearest `wanted` that lies within reach[i] of every centers[i] (the legs' hips over a
// contact, moved by the pinned point's offset from the ankle), found by alternating projections
// onto the reach spheres. A point every frame can reach is held exactly by the IK; one out of
// reach (a straight leg at touchdown asked to reach forward) is missed, and the foot slides.
// When the spheres do not all meet, the result is as close as the projections get.
glm::vec3 NearestReachablePoint(const glm::vec3& wanted, const std::vector<glm::vec3>& centers,
                                const std::vector<float>& reach);

// Where each planted interval holds its point: the mean world position of the point over the
// interval horizontally (so the correction is as small as possible), its highest vertically (or,
// for a grounded foot, each frame's height that puts the lowest sole point on the floor),
// moved to the nearest point every frame of the interval can reach (NearestReachablePoint). Pins
// every foot in `poses` (frames x joints local transforms) against `root` (the root-motion
// transform per frame, in the clip's start space). Looping clips (last frame = first) wrap
// intervals and blends across the end and keep the last frame equal to the first. Errors on size
// mismatches or bad chains.
Status PinFeet(const anim::Skeleton& skeleton, SampledPoses& poses,
               const std::vector<Transform>& root, const std::vector<FootPin>& feet, bool looping,
               const FootPinningSettings& settings);

}  // namespace footwork::cook
