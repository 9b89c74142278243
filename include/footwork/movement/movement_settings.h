#pragma once
// Tuning of character movement, as data (assets/movement/default.json). Defaults here are
// Unreal's CharacterMovementComponent defaults converted to metres, or the seed's gait values;
// the JSON file is the source of truth for a game.

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "footwork/core/error.h"
#include "footwork/world/collision_world.h"

namespace footwork::movement {

// The ground gaits a character can move in; each has its own GaitSettings.
enum class Gait : std::uint8_t { kWalk, kRun, kSprint };

const char* GaitName(Gait gait);

// Unreal's walking parameters for one gait (the seed's FSGaitSettings, in metres).
struct GaitSettings {
  // MaxWalkSpeed: the speed at full stick deflection.
  float max_speed_m_s = 3.75f;
  // MaxAcceleration: applied in the input direction, scaled by the analog input modifier.
  float max_acceleration_m_s2 = 8.0f;
  // BrakingDecelerationWalking: constant deceleration with no input (or above max speed).
  float braking_deceleration_m_s2 = 12.0f;
  // GroundFriction: how quickly velocity turns toward the input direction (1/s).
  float ground_friction = 8.0f;
  // BrakingFrictionFactor: multiplies the friction used while braking.
  float braking_friction_factor = 1.0f;
  // bUseSeparateBrakingFriction: brake with braking_friction instead of ground_friction.
  bool use_separate_braking_friction = true;
  // BrakingFriction (1/s), used while braking when use_separate_braking_friction is set.
  float braking_friction = 0.0f;
};

// Everything a CharacterMover needs besides the world.
struct MovementSettings {
  GaitSettings walk{1.75f, 3.5f, 5.0f, 8.0f, 1.0f, true, 0.0f};
  GaitSettings run{3.75f, 8.0f, 12.0f, 8.0f, 1.0f, true, 0.0f};
  GaitSettings sprint{3.8f, 10.0f, 14.0f, 8.0f, 1.0f, true, 0.0f};

  // The character's collision capsule (Unreal's default 34 x 88 cm).
  world::CapsuleShape capsule{0.34f, 0.88f};

  // Downward acceleration while falling (m/s2, > 0).
  float gravity_m_s2 = 9.81f;
  // JumpZVelocity: upward speed at take-off (Unreal's default 420 cm/s).
  float jump_velocity_m_s = 4.2f;
  // AirControl: fraction of max acceleration available while falling (0..1; ALS uses 0.15).
  float air_control = 0.15f;
  // FallingLateralFriction (1/s) and BrakingDecelerationFalling (m/s2).
  float falling_lateral_friction = 0.0f;
  float braking_deceleration_falling_m_s2 = 0.0f;
  // Fastest fall speed (Unreal's TerminalVelocity is 40 m/s).
  float terminal_velocity_m_s = 40.0f;

  // WalkableFloorAngle: steeper surfaces are walls (Unreal's default 44.765 degrees).
  float walkable_floor_angle_deg = 44.765f;
  // MaxStepHeight: tallest ledge walked up without jumping (Unreal's 45 cm).
  float max_step_height_m = 0.45f;
  // Gap kept between the capsule and its floor so horizontal sweeps do not scrape the floor
  // (Unreal keeps 1.9 to 2.4 cm).
  float floor_gap_m = 0.02f;
  // Perching: a walking capsule whose floor contact lies more than perch_slide_offset_m from its
  // axis, across the way it moves, with the ground where its path crosses the edge's line (under
  // the axis when it walks along the edge) perch_slide_drop_m or more below the contact's surface,
  // is pushed off the edge at perch_slide_speed_m_s. Resting on a stair's corner with its axis
  // beside the stairs, its feet stood 15-56 cm below it on the floor. Unreal's
  // PerchRadiusThreshold makes such a capsule fall instead; a slide keeps it walking. Speed 0:
  // off. The offset is half a millimetre: with its axis 1 cm outside the stairs' side edge (2 cm
  // before), the capsule climbed it with its feet on the floor beside the stairs; flat ground is
  // kept by the drop, not the offset.
  float perch_slide_offset_m = 0.0005f;
  float perch_slide_drop_m = 0.05f;
  float perch_slide_speed_m_s = 1.0f;
  // Slower than this a capsule is coming to rest and is not slid: one stopping on a stair's
  // corner and slid off it moved under feet already landing (the Knight's walk stop on the
  // stairs' side edge: one foot left on its toe a tread up, 84 degrees).
  float perch_slide_min_speed_m_s = 0.3f;

  // Braking is integrated in substeps of this length (Unreal's BrakingSubStepTime, 1/33 s,
  // clamped to [1/75, 1/20]).
  float braking_substep_s = 1.0f / 33.0f;
  // Longest movement substep; longer frames are split into equal substeps.
  float max_substep_s = 1.0f / 60.0f;
  // At most this many substeps per update; beyond it substeps grow longer than max_substep_s.
  int max_substeps = 600;
  // Speed under which braking stops the character (Unreal's BRAKE_TO_STOP_VELOCITY, 10 cm/s).
  float brake_to_stop_speed_m_s = 0.1f;

  const GaitSettings& ForGait(Gait gait) const;
  float WalkableFloorNormalY() const;
  // From the capsule's centre (MovementState::position) down to the floor it stands on: half its
  // height and the floor gap. The character's feet (its root) are this far below the centre.
  float CentreToFloorM() const { return capsule.half_height_m + floor_gap_m; }
};

// Checks ranges; the error names the field.
Status Validate(const MovementSettings& settings);

// Loads assets/movement/*.json. Every field is required except where noted in the file; errors
// name the file and field ("default.json: gaits.run.max_speed_m_s: missing required field").
// A file with "extends": "other.json" (a path relative to it) is the other file with this one's
// fields merged over it (a JSON merge patch); extends may chain, but not back into itself.
Result<MovementSettings> LoadMovementSettings(const std::filesystem::path& path);
Result<MovementSettings> ParseMovementSettings(std::string_view json_text,
                                               const std::string& source_name);

}  // namespace footwork::movement
