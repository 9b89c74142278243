#pragma once
// A character description: which asset-pack file(s) the cooker reads, which rig profile names the
// joints, which source clip plays each role (idle, walk, run, ...), and how each role is cooked.
// Loaded from JSON in assets/characters/; every tuning value is there, with units in its key.

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "footwork/cook/clip_quality.h"
#include "footwork/cook/foot_contacts.h"
#include "footwork/core/error.h"

namespace footwork::cook {

// Where a role's root motion comes from.
enum class RootMotionSource {
  // No root motion (idles, overlays, jumps in place).
  kNone,
  // Derived from foot contacts for in-place clips; authored root-joint travel wins when present.
  kFromContacts,
  // The clip's authored root-joint travel, moved onto the root-motion track.
  kAuthored,
};

// Which estimate sets the ground speed of a cycle whose root motion comes from contacts (both
// are always measured and reported; see cycle_speed.h).
enum class RootSpeedEstimate {
  // The planted foot's backward speed: exact for clips whose feet are animated against a ground.
  kPlantedFoot,
  // Step length x cadence: for stylised runs whose planted foot sweeps back faster than their
  // stride allows; foot pinning then holds the foot still at this speed.
  kStepCadence,
};

// How one role's clip is cooked.
struct RoleDescription {
  std::string role;
  // Name of the source clip (exactly as in the source file).
  std::string clip;
  bool looping = false;
  RootMotionSource root_motion = RootMotionSource::kNone;
  RootSpeedEstimate root_speed = RootSpeedEstimate::kPlantedFoot;
  // FootLock_L/R, Foot_L/Foot_R markers (from contacts).
  bool foot_curves = true;
  // Constant values of the state curves on this clip.
  float enable_foot_ik = 1.0f;
  float enable_turn_in_place = 0.0f;
  float disable_switch_ground_gait = 0.0f;
  // Contact detection for this clip when it differs from the character's (e.g. a sprint whose
  // planted toe bounces faster than a walk's); empty = the character's settings.
  std::optional<FootContactSettings> contacts;
  // Overlay layering curves (Layering_Arm_L, Layering_Arm_L_Add, ...) -> constant value.
  std::map<std::string, float> layering;
};

// Stops and starts synthesised from a cycle role and the idle.
struct TransitionDescription {
  // The cycle role (walk, run).
  std::string from_role;
  // Stops: the cycle decelerates to rest over this many cycles of its own playback time ...
  float stop_cycles = 1.0f;
  // ... then holds the idle pose this long (s), so the Distance curve has a resting tail.
  float stop_settle_s = 0.4f;
  // Starts: the cycle's playback rate ramps from 0 to 1 over this long (s) ...
  float start_ramp_s = 0.6f;
  // ... then plays at full rate this long (s).
  float start_cruise_s = 0.5f;
  // Starts: root yaw added during the ramp, degrees (positive = left); 0 = forward start.
  std::vector<float> start_turns_deg = {0.0f};
  // Pose blend time (s) between the idle and the cycle.
  float idle_blend_s = 0.4f;
};

struct CharacterDescription {
  // The description file, for messages, and the character's name.
  std::filesystem::path path;
  std::string name;
  // Source files relative to the asset-pack folder; the first one also provides skeleton and mesh.
  std::vector<std::filesystem::path> sources;
  // Rig profile JSON, relative to the description's folder.
  std::filesystem::path rig_profile;
  // Rate at which clips are sampled for curves and quality (Hz).
  float sample_rate_hz = 60.0f;
  // Contact detection, scaled to this rig's height.
  FootContactSettings contacts;
  // How long FootLock takes to fall from 1 to 0 after a contact ends (s).
  float foot_lock_release_s = 0.1f;
  // How long FootLock takes to rise from 0 to 1 at a touchdown (s; one 60 Hz frame: the first
  // contact frame is half locked).
  float foot_lock_rise_s = 1.0f / 60.0f;
  // Looping clips whose first and last pose differ by more than the bar are closed by spreading
  // the gap over this long (s) at the end of the clip.
  float loop_closure_blend_s = 0.25f;
  // Measure where the feet meet the floor from the idle's first frame (standing_feet.h): foot
  // contacts are then judged against it, heels and balls that sink through it are lifted out
  // (sole_floor_guard.h) and planted feet stand on it with their lowest sole point (foot pinning's
  // grounding). Off unless the description turns it on; the default character does, together
  // with the runtime's foot_placement.sink_guard_toe (on its own it moved joint jumps over the
  // bar elsewhere).
  bool floor_from_idle = false;
  ClipQualityBars quality;
  // Roles in file order.
  std::vector<RoleDescription> roles;
  // Roles whose mirrored variant ("<role>_mirrored") is cooked too.
  std::vector<std::string> mirror_roles;
  std::vector<TransitionDescription> transitions;
  // Clips allowed to miss a quality bar, each with the reason it cannot pass ("quality_waivers":
  // {"<clip>": "<reason>"}). The cook prints such a clip as waived, not ok, and does not fail.
  std::map<std::string, std::string> quality_waivers;

  const RoleDescription* FindRole(const std::string& role) const;
};

// Roles every description must define.
inline constexpr const char* kRequiredCharacterRoles[] = {"idle", "walk", "run"};

// Loads and validates a description. Errors name the file and the field, e.g.
// "quaternius_ual1.json: roles.walk.clip: missing required field".
Result<CharacterDescription> LoadCharacterDescription(const std::filesystem::path& path);
// The same from text (for tests); `path` is used for messages and relative paths.
Result<CharacterDescription> ParseCharacterDescription(const std::string& text,
                                                       const std::filesystem::path& path);

}  // namespace footwork::cook
