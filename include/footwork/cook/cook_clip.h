#pragma once
// Cooking one clip: root motion, every curve and marker its role needs, and its measured quality.
// Source-role clips and derived clips (mirrors, stops, starts) all go through here, so every
// cooked clip carries the same annotations and the same quality figures.

#include <string>
#include <vector>

#include "footwork/anim/clip.h"
#include "footwork/anim/mirror.h"
#include "footwork/anim/skeleton.h"
#include "footwork/cook/character_description.h"
#include "footwork/cook/clip_quality.h"
#include "footwork/cook/standing_feet.h"
#include "footwork/core/error.h"

namespace footwork::cook {

// Shared settings of every clip of one character (from its description).
struct ClipCookSettings {
  float rate_hz = 60.0f;
  FootContactSettings contacts;
  float foot_lock_release_s = 0.1f;
  float foot_lock_rise_s = 1.0f / 60.0f;
  float loop_closure_blend_s = 0.25f;
  // Foot pinning's IK blend before touchdown and after lift-off (s).
  float foot_pin_blend_s = 0.1f;
  ClipQualityBars bars;
  // How the feet stand (the idle's first frame); with it, clips with foot curves get their heels
  // and balls lifted out of the floor (sole_floor_guard.h) and their planted feet grounded on it
  // (foot_pinning.h's FootPin::ground).
  std::optional<StandingFeet> standing;
  // The same feet, measured whatever `standing` says, for the quality figures only: a planted
  // foot's sole height over the floor (ClipQuality::locked_sole_height_cm_*).
  std::optional<StandingFeet> measured_standing;
};
ClipCookSettings SettingsOf(const CharacterDescription& description);

// Which point the Distance curve measures from.
enum class DistanceMarker {
  kNone,
  // Stops: 0 where the root comes to rest, negative before.
  kStopPoint,
  // Starts: 0 at the first frame, positive after.
  kStartPoint,
};

// What the cooker measured and did for one clip, printed per clip and stored in the library.
struct ClipReport {
  std::string name;
  // The source clip, or the clip this one was derived from.
  std::string source;
  float duration_s = 0.0f;
  // Mean horizontal root speed (m/s) and total horizontal root travel (m).
  float ground_speed_m_s = 0.0f;
  float root_distance_m = 0.0f;
  // Root yaw over the clip (degrees, positive = left).
  float root_yaw_deg = 0.0f;
  ClipQuality quality;
  bool looping = false;
  // Empty when every bar holds; otherwise what missed.
  std::string quality_miss;
  // The description's reason for letting this clip miss (quality_waivers); empty when none.
  std::string waiver;
  // A miss that is not waived: the cook fails on it.
  bool FailsQuality() const { return !quality_miss.empty() && waiver.empty(); }
  // What the cooker did to the source beyond annotating it (loop closure, root extraction...).
  std::vector<std::string> notes;
};

struct CookedClip {
  anim::Clip clip;
  ClipReport report;
};

// Cooks `source` for `role`: the result is named role.role. Errors name the clip (no foot ever
// planted for a contacts role, clip not matching the skeleton, NaN keys).
Result<CookedClip> CookClip(const anim::Skeleton& skeleton, const anim::RigBinding& binding,
                            const anim::Clip& source, const RoleDescription& role,
                            DistanceMarker distance, const ClipCookSettings& settings);

// Which point of each foot FootLock pins (see FootPlants::lock_on_ball): the ankle by default.
struct LockedPoints {
  bool left_ball = false;
  bool right_ball = false;
};

// Measures a clip that already has its root motion and FootLock curves, at 60 Hz.
// With `standing`, also how high a locked foot's lower sole point stands over the floor.
Result<ClipQuality> MeasureClipQuality(const anim::Skeleton& skeleton,
                                       const anim::RigBinding& binding, const anim::Clip& clip,
                                       const LockedPoints& locked,
                                       const std::optional<StandingFeet>& standing = std::nullopt);

}  // namespace footwork::cook
