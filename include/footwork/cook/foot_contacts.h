#pragma once
// Finds when each foot is planted in a clip, from the height of its soles over the floor and
// their speed, as a modifier that the FootLock curves, the foot sync markers and root motion for
// in-place clips all build on. Heights are absolute (over the ground the clip stands on, see
// foot_soles.h), not relative to the lowest point a clip reaches: a run whose ankle never comes
// down to its standing height is planted only where its ball touches the floor.

#include <vector>

#include "footwork/cook/foot_soles.h"
#include "footwork/cook/sampled_motion.h"
#include "footwork/core/error.h"

namespace footwork::cook {

struct FootContactSettings {
  // A sole point is on the ground while at most this high above the floor (anything below it
  // counts too). Scaled to the rig by the character description (1.5-2 cm for a 1.8 m
  // character).
  float height_tolerance_m = 0.02f;
  // ... and its vertical speed is below this (m/s).
  float max_vertical_speed_m_s = 0.25f;
  // ... and, in a clip whose root motion is known when contacts are found (authored, mirrored
  // and derived clips), it moves slower than this horizontally in the world (m/s): a foot
  // dragged or slid over the floor is not planted (see DropSlidingPlants).
  float max_planted_speed_m_s = 0.5f;
  // Contacts and gaps shorter than this are merged away, so one footstep is one contact.
  float min_duration_s = 0.06f;
  // The clip loops: a contact running over the end continues at the start.
  bool looping = true;
};

// Contact flags per frame of one sole point from its height over the floor per frame
// (SoleHeights). Errors on fewer than 2 frames, non-finite heights or a bad rate.
Result<ContactFlags> DetectContacts(const std::vector<float>& sole_height_m, float rate_hz,
                                    const FootContactSettings& settings);

// Contact flags per frame for one foot: its lower sole point (heel or ball), so that heel and toe
// contact both count. Errors on empty or non-finite trajectories.
Result<ContactFlags> DetectFootContacts(const FootTrajectory& foot, const FootSole& sole,
                                        float rate_hz, const FootContactSettings& settings);

// Drops contact runs shorter than min_frames (circular when looping; runs touching the ends of a
// clip that does not loop are kept, they may be cut short).
void RemoveShortContacts(ContactFlags& flags, int min_frames, bool looping);

// A run of contact frames [begin, end] (inclusive); for looping clips a run may wrap (end < begin).
struct ContactInterval {
  int begin = 0;
  int end = 0;
};

// The contact runs of a flags array, in order of their first frame.
std::vector<ContactInterval> ContactIntervals(const ContactFlags& flags, bool looping);

}  // namespace footwork::cook
