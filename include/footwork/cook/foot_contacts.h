#pragma once
// Finds when each foot is planted in a clip, from its height and speed, as a modifier that the
// FootLock curves, the foot sync markers and root motion for in-place clips all build on.

#include <optional>
#include <vector>

#include "footwork/cook/sampled_motion.h"
#include "footwork/core/error.h"

namespace footwork::cook {

struct FootContactSettings {
  // A foot is low enough for contact within this height above its lowest point in the clip.
  // Scaled to the rig by the caller (about 4 cm for a 1.8 m character).
  float height_tolerance_m = 0.04f;
  // ... and its vertical speed is below this (m/s).
  float max_vertical_speed_m_s = 0.25f;
  // Contacts and gaps shorter than this are merged away, so one footstep is one contact.
  float min_duration_s = 0.06f;
  // The clip loops: a contact running over the end continues at the start.
  bool looping = true;
};

// Contact flags per frame for one foot. Uses the lower of ankle and ball for height so that heel
// and toe contact both count. Errors on empty or non-finite trajectories.
// standing_height_m: the point's height when the character stands on the floor, if known. The
// height is then judged against the lower of it and the point's lowest in the clip: a sprint's
// ankle never comes down to standing height, and "near its lowest" is still in the air.
Result<ContactFlags> DetectFootContacts(const FootTrajectory& foot, float rate_hz,
                                        const FootContactSettings& settings,
                                        std::optional<float> standing_height_m = std::nullopt);

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
