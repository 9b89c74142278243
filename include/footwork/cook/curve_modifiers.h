#pragma once
// The animation "modifiers": each writes one kind of curve or marker onto a clip from its sampled
// motion. Curves are uniformly sampled at the motion's rate (the seed's "Uniform Indexable"
// requirement), so the runtime can index and invert them directly.

#include <string>
#include <vector>

#include "footwork/anim/clip.h"
#include "footwork/cook/sampled_motion.h"
#include "footwork/core/error.h"

namespace footwork::cook {

// A uniformly sampled curve from per-frame values.
anim::FloatCurve MakeUniformCurve(const std::string& name, const std::vector<float>& values,
                                  float rate_hz);

// Horizontal root speed (m/s) per frame, from the root translation (central differences).
std::vector<float> MotionSpeedValues(const SampledMotion& motion);

// Distance travelled along the root's horizontal path, relative to `marker_frame`: negative
// before it, 0 at it, positive after. Never decreasing, so it can be inverted.
std::vector<float> DistanceValues(const SampledMotion& motion, int marker_frame);

// The first frame from which the root stays within `tolerance_m` of its final position: where a
// stop clip has stopped.
int StopFrame(const SampledMotion& motion, float tolerance_m = 0.005f);

// The root's yaw per frame, unwrapped (continuous, radians) and relative to frame 0.
std::vector<float> UnwrappedRootYaw(const SampledMotion& motion);

// RotateAlpha: 1 at the start of a turning start, falling to 0 as the root completes its yaw.
// Zero everywhere when the clip turns less than min_turn_rad.
std::vector<float> RotateAlphaValues(const SampledMotion& motion, float min_turn_rad = 0.02f);

// RotationAmount: root yaw rate in degrees per second divided by 45 (the seed's convention).
std::vector<float> RotationAmountValues(const SampledMotion& motion);

// Lyra's RemainingTurnYaw (degrees still to turn) and TurnYawWeight (1 while turning).
std::vector<float> RemainingTurnYawValues(const SampledMotion& motion);
std::vector<float> TurnYawWeightValues(const SampledMotion& motion,
                                       float done_tolerance_deg = 0.5f);

// FootLock: 1 on planted frames, released linearly over the last release_s of each contact, so
// it reaches 0 at lift-off (never after it); at least half of each contact stays at 1. With
// rise_s, a contact that begins with a touchdown (not one under way at a non-looping clip's first
// frame) rises linearly over its first rise_s: the first frame of a contact often still has the
// foot arriving, and the runtime's lock caught the Knight's strafe-start foot 3.4 cm up, moving at
// 51 cm/s (a 23-degree knee jump).
std::vector<float> FootLockValues(const ContactFlags& contact, float rate_hz, float release_s,
                                  bool looping, float rise_s = 0.0f);

// Sync markers at each contact's first frame, named `name` (a contact under way at frame 0 of a
// clip that does not loop is marked at 0: the runtime syncs starts and stops on it).
std::vector<anim::SyncMarker> FootDownMarkers(const ContactFlags& contact, float rate_hz,
                                              const std::string& name, bool looping);

// Replaces (or adds) a curve on a clip by name.
void SetCurve(anim::Clip& clip, anim::FloatCurve curve);
// Merges markers into a clip's marker list, keeping it sorted by time.
void AddMarkers(anim::Clip& clip, const std::vector<anim::SyncMarker>& markers);

}  // namespace footwork::cook
