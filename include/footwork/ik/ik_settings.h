#pragma once
// The IK layer's tuning (foot placement, legs, foot lock, look-at, overlays) and its JSON form,
// assets/ik/default.json. Every field of the file is optional: an absent one keeps the default
// below, so the shipped file and these defaults give the same behaviour. Unknown fields are
// errors (they are almost always typos). Angles are degrees in the file, radians here.

#include <filesystem>
#include <map>
#include <string>
#include <string_view>

#include "footwork/core/error.h"
#include "footwork/ik/foot_placement.h"
#include "footwork/ik/look_at.h"

namespace footwork::ik {

struct FootLockSettings {
  // Off: FootLock_L/R are ignored and the feet follow placement only.
  bool enabled = true;
  // A locked foot keeps following foot placement vertically (a foot planted while its offset
  // still settles on a step does not hover or sink); off holds the full locked transform.
  bool follow_placement_height = true;
  // A frame-to-frame capsule move longer than this is a teleport: locks and offsets start over.
  float teleport_distance_m = 1.0f;
  // A held foot its leg cannot reach is drawn toward the hip along the ground, by at most this
  // much over one plant (m); past it the leg's reach clamp lifts the foot instead. 0: never.
  float max_reach_draw_m = 0.025f;
  // Before a held foot is drawn in, the pelvis goes down (by at most this much, m) until the
  // leg reaches it: a stop's wide last step held through an idle whose hips rise. 0: never.
  // At 0.03 the Knight's held feet were drawn 0.2 cm/s on average walking (a start's first
  // steps) and lifted 3.5 cm in an idle after a wide strafe stop; it drops 4 cm at most walking.
  float max_pelvis_reach_drop_m = 0.08f;
  // A held foot is also kept within the reach its leg has in the animation (the clip's hip to
  // ankle), by lowering the pelvis (by at most max_pelvis_reach_drop_m), its target coming down
  // no faster than this (m/s; 0: off). Held behind the hip and lower than the clip's foot, the
  // Knight's leg stood straighter than the clip's (7-17 degrees of knee against 20-40), slid its
  // held feet 0.1 cm/s on average, and its knee caught up 21-22 degrees in a frame as the foot
  // lifted off (the terrain from other starts). At once, a plant at a ramp's foot pulled the
  // pelvis down 1.8 cm a frame and its knee turned 25 degrees.
  float animated_reach_drop_speed_m_s = 0.6f;
  // The lock lets go of a foot no faster than over this long (s; 0: as fast as the curve falls).
  // A curve that drops at once (a blend into a start whose foot is already lifting) snapped the
  // foot 7 cm from where it was held to the animation in one frame.
  float min_release_s = 0.1f;
};

struct CharacterIkSettings {
  FootPlacementSettings feet;
  // Scales the rig's measured ankle height (the seed's FootHeight) in the slope correction
  // (up - normal) * foot height; 1 uses the measured height.
  float foot_height_scale = 1.0f;
  FootLockSettings lock;
  LookAtSettings look;
  // Name of the cooked look clip (a sweep of the head from looking left, time 0, to right, the
  // end; a character description names it with a role of this name). When the library has it,
  // look-at plays it by the seed's look amount instead of rotating the neck procedurally.
  std::string look_clip = "look";
  // Fade between overlays (seconds).
  float overlay_blend_s = 0.25f;
  // Fade of the overlays' base pose between BasePose_N and BasePose_CLF when the stance changes
  // (seconds).
  float stance_blend_s = 0.2f;
  // Overlays this character plays in place of ones it does not have, by name ("pistol" ->
  // "2h_melee"): a character's own file maps the overlays shared scenarios ask for to its own, as
  // a game maps a weapon's layer to each character's animation set. A name the character has is
  // never replaced.
  std::map<std::string, std::string> overlay_stand_ins;
  // Leg reach clamp (fraction of the leg's length), see TwoBoneIkGoal.
  float max_leg_extension = 0.999f;
  // Soft reach: the last fraction of the leg's length below max_leg_extension over which the
  // reach eases in (TwoBoneIkGoal::soft_extension), so a leg never snaps straight.
  float leg_soft_extension = 0.02f;
  // How strongly the thigh's own forward axis steers the knee against the animated knee bend
  // (metres of knee offset it counts as); keeps the bend direction defined on a straight leg.
  float knee_axis_weight_m = 0.05f;
  // A swinging foot is kept at least this fraction of its leg's length from the hip, lowered onto
  // that sphere (KeepOffHip): folded tighter, the thigh lies along the hip-to-foot line, and a foot
  // passing under the hip swung it 30 degrees in a frame (the KayKit Knight walking down stairs,
  // its pelvis lowered 17 cm for the lower foot and its kicked-back foot held over the step above).
  // 0: off.
  float min_swing_reach = 0.33f;
  // A swinging leg's knee bends and straightens no faster than this, or than the clip's own knee
  // when that is faster (ik/knee_speed.h): near full extension a centimetre of reach turns the
  // knee 20 degrees, and a target running away in one frame (the Knight running down off a step,
  // its pelvis held in the world as the capsule dropped 4 cm a frame) snapped it straight. A foot
  // its knee leaves below its target is kept above the ground. Eased out as the foot plants.
  // Under 1200: a knee held to 1200 deg/s turns exactly the joint-jump bar's 20 degrees a 60 Hz
  // frame. 0: off.
  float max_swing_knee_speed_deg_s = 1100.0f;
  // How far that easing out goes before the foot is planted: the knee's band widens by the
  // foot's swinging share (1 swinging, 0 planted) but to no more than 1 / this. Unbounded (0),
  // a Knight's foot drawn back off the next riser by its stop came down 15 cm as it planted and
  // its knee turned 22-25 degrees a frame (the side-edge sweep's x 10.50-10.60).
  float min_knee_swing_share = 0.85f;
  // The same for a swinging ankle (the foot's turn against the shin), never slower than the
  // animation's own ankle: the shin swung back by a stop's blend and the foot pitched to the next
  // riser added up at the ankle (the Knight stopping up the stairs' side edge, 22.4 deg a frame).
  // Eased out as the foot plants: a planted foot lies on the ground. 0: off.
  float max_swing_ankle_speed_deg_s = 0.0f;
  // As min_knee_swing_share, for that ankle: its band widens to no more than 1 / this before the
  // foot is planted. Unbounded (0), the Knight running onto the stairs one tread a step turned an
  // ankle 20.3-21.8 degrees in a frame as the foot planted, the lag its limit had held back let
  // go at once.
  float min_ankle_swing_share = 0.85f;
};

// Parses the settings document; `source` names it in errors ("default.json: look_at.max_yaw_deg:
// expected a number in [0, 180], got 300").
Result<CharacterIkSettings> ParseCharacterIkSettings(std::string_view json_text,
                                                     const std::string& source);
Result<CharacterIkSettings> LoadCharacterIkSettings(const std::filesystem::path& path);

}  // namespace footwork::ik
