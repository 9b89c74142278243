#pragma once
// Moves one character capsule against a CollisionWorld with Unreal's walking and falling model:
// per-gait acceleration, friction and braking, gravity and air control, jumping, floor finding
// with a walkable slope limit, step-up, sliding along walls and riding moving platforms.
// The mover is shared, read-only configuration; each character owns a MovementState.

#include <cstdint>
#include <optional>

#include <glm/glm.hpp>

#include "footwork/core/error.h"
#include "footwork/movement/movement_settings.h"
#include "footwork/world/collision_world.h"

namespace footwork::movement {

enum class MovementMode : std::uint8_t { kWalking, kFalling };

// What the capsule stands on, from the last floor check.
struct FloorState {
  bool has_floor = false;
  bool walkable = false;
  // Gap between capsule bottom and the supporting floor, metres.
  float distance_m = 0.0f;
  // How far the capsule can move down before touching anything (the floor sweep's distance);
  // less than distance_m when the capsule rests on a steep surface above walkable ground.
  float clearance_m = 0.0f;
  glm::vec3 normal{0.0f, 1.0f, 0.0f};
  glm::vec3 point{0.0f};
  world::BodyId body = world::kNoBody;
};

// One character's movement state: everything Update changes. Plain data, copyable, comparable
// bit for bit (determinism tests compare two runs with memcmp-like equality).
struct MovementState {
  // Centre of the capsule.
  glm::vec3 position{0.0f};
  glm::vec3 velocity{0.0f};
  // The input acceleration of the last update (Unreal's CurrentAcceleration).
  glm::vec3 acceleration{0.0f};
  float analog_input_modifier = 0.0f;
  MovementMode mode = MovementMode::kFalling;
  Gait gait = Gait::kRun;
  FloorState floor;
  // The body the character stands on and where it was at the end of the last update, so that
  // the character moves with it (based movement).
  world::BodyId base = world::kNoBody;
  glm::vec3 base_position{0.0f};
  // How far a moving body (a platform) that slid into the capsule's side pushed it in the last
  // update, horizontally (zero when nothing did).
  glm::vec3 pushed{0.0f};
  // Updates applied so far (for diagnostics).
  std::uint64_t update_count = 0;
};

// One frame's movement request.
struct MoveInput {
  // Desired move direction in world space, horizontal; its length (clamped to 1) is the analog
  // input modifier (stick deflection). Zero means no input: brake.
  glm::vec3 direction{0.0f};
  Gait gait = Gait::kRun;
  // Jump this frame if on the ground (an edge, not a held button).
  bool jump = false;
};

// A moving body (a platform) coming toward a standing capsule: what a character may give way to.
struct OncomingBody {
  world::BodyId body = world::kNoBody;
  // The body's horizontal velocity, m/s.
  glm::vec3 velocity{0.0f};
  // How far the body still is from the capsule along its way, metres (0 when touching).
  float gap_m = 0.0f;
  // The way (unit, horizontal) the capsule can get out of it: the body's own way if clear for the
  // look-ahead distance, else aside; zero when the capsule is boxed in.
  glm::vec3 way_out{0.0f};
};

class CharacterMover {
 public:
  // The world must outlive the mover. Settings are copied.
  CharacterMover(const MovementSettings& settings, const world::CollisionWorld& world);

  // A state standing at `feet` (capsule bottom), snapped onto the floor below if there is one
  // within the step height.
  MovementState Spawn(const glm::vec3& feet) const;

  // Advances the state by dt seconds. dt == 0 changes nothing; long frames are split into
  // substeps (MovementSettings::max_substep_s); NaN/inf in dt, input or state, or dt < 0, return
  // an Error and leave the state untouched. Call after the world has advanced to the frame's time,
  // so platform displacement is picked up.
  Status Update(MovementState& state, const MoveInput& input, float dt) const;

  // Distance from the capsule bottom down to the first surface, up to max_distance_m (Lyra's
  // GroundDistance while falling); nullopt if nothing within reach.
  std::optional<float> DistanceToFloor(const MovementState& state, float max_distance_m) const;

  // The floor under a capsule centred at `position`, searching down to max_distance_m below the
  // capsule bottom. With `velocity`, the edge of a moving body above the capsule's bottom is a
  // floor only when the capsule moves toward it (stepping onto a platform from its side), not
  // when the body came to the capsule (a platform sliding into a character standing beside it).
  FloorState FindFloor(const glm::vec3& position, float max_distance_m,
                       const glm::vec3* velocity = nullptr) const;

  // The nearest moving body (other than the base) within look_ahead_m of a walking capsule and
  // moving toward it; nullopt when none is, or the capsule is in the air.
  std::optional<OncomingBody> FindOncomingBody(const MovementState& state,
                                               float look_ahead_m) const;

  bool IsWalkable(const glm::vec3& normal) const;

  const MovementSettings& settings() const { return settings_; }
  // The world the mover queries (the IK stage traces feet against it).
  const world::CollisionWorld& world() const { return *world_; }

 private:
  void Substep(MovementState& state, const MoveInput& input, float dt) const;
  void Walk(MovementState& state, const MoveInput& input, float dt) const;
  void Fall(MovementState& state, const MoveInput& input, float dt) const;
  void StartFalling(MovementState& state) const;
  // Moves the capsule vertically to floor_gap_m above state.floor.
  void SnapToFloor(MovementState& state) const;
  // Carries a based character by its base's displacement: vertically as is, horizontally swept
  // (a kinematic base passing through a wall leaves its rider on this side).
  void ApplyBaseMovement(MovementState& state) const;
  // A moving body (not the base) overlapping the capsule and coming on pushes it along by its
  // horizontal motion this update, unless that would put it into a static body.
  void PushFromMovingBodies(MovementState& state, float dt) const;
  // The horizontal velocity of `body` when it is a moving body other than the base coming toward
  // the capsule (its centre moving toward the capsule's axis); nullopt otherwise.
  std::optional<glm::vec3> ComingVelocity(const MovementState& state, world::BodyId body) const;
  void UpdateBase(MovementState& state) const;
  // OncomingBody::way_out: the first of ahead of the body, aside, the other side, that the capsule
  // can move clear_m along without meeting anything static.
  glm::vec3 WayOut(const MovementState& state, const OncomingBody& oncoming, float clear_m) const;
  // Moves by delta with slides; walking ignores the vertical part of steep surfaces and tries to
  // step up low obstacles.
  void MoveWithSlide(MovementState& state, glm::vec3 delta, bool walking) const;
  bool TryStepUp(MovementState& state, const glm::vec3& delta) const;
  // Pushes a capsule perched on an edge off it (MovementSettings::perch_slide_*); true if moved.
  bool SlideOffPerch(MovementState& state, float dt) const;
  // Finds the floor after a walking move: snaps onto it, or starts falling.
  void SettleOnFloor(MovementState& state) const;
  // Sweeps the capsule by delta, stops short of the hit and returns the hit, if any.
  std::optional<world::SweepHit> SafeMove(glm::vec3& position, const glm::vec3& delta) const;

  MovementSettings settings_;
  const world::CollisionWorld* world_;
  float walkable_normal_y_;
};

}  // namespace footwork::movement
