#include "footwork/movement/character_mover.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "footwork/core/angles.h"
#include "footwork/core/transform.h"
#include "footwork/movement/ground_physics.h"

namespace footwork::movement {
namespace {

// Sweeps stop this far short of a hit so the next sweep does not start touching the surface
// (Unreal pulls back similarly after blocking hits).
constexpr float kContactOffsetM = 1.0e-3f;
// Moves shorter than this are skipped: nothing visible, and sweeps are ill-conditioned.
constexpr float kMinMoveM = 1.0e-6f;
// Slide iterations per move: enough for a corner of two walls plus a floor (Unreal uses 2 + 1).
constexpr int kMaxSlideIterations = 4;
// The probe that reads the surface under a sweep contact (Unreal's ImpactNormal): how far it
// starts above the contact and how far it is nudged away from the capsule axis onto the surface.
constexpr float kImpactProbeHeightM = 0.05f;
constexpr float kImpactProbeNudgeM = 0.01f;
// An edge's surface up to this above the capsule's bottom still counts as its floor.
constexpr float kEdgeAboveBottomM = 0.02f;
// How far past an edge ahead of (or behind) the capsule its path is probed for ground.
constexpr float kPerchProbePastM = 0.02f;
// Frame lengths at or just above a multiple of max_substep_s should not add a sliver substep.
constexpr float kSubstepRounding = 1.0e-3f;

glm::vec3 Horizontal(const glm::vec3& v) {
  return {v.x, 0.0f, v.z};
}

// A horizontal move lifted onto the plane with this normal, keeping its horizontal part (Unreal's
// ComputeGroundMovementDelta with bMaintainHorizontalGroundVelocity).
glm::vec3 AlongPlane(const glm::vec3& horizontal_delta, const glm::vec3& normal) {
  if (normal.y <= kKindaSmallNumber || normal.y >= 1.0f)
    return horizontal_delta;
  const float rise = -(normal.x * horizontal_delta.x + normal.z * horizontal_delta.z) / normal.y;
  return {horizontal_delta.x, rise, horizontal_delta.z};
}

bool IsFiniteVec(const glm::vec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

bool IsFiniteState(const MovementState& state) {
  return IsFiniteVec(state.position) && IsFiniteVec(state.velocity) &&
         IsFiniteVec(state.acceleration) && std::isfinite(state.analog_input_modifier) &&
         IsFiniteVec(state.base_position);
}

}  // namespace

CharacterMover::CharacterMover(const MovementSettings& settings, const world::CollisionWorld& world)
    : settings_(settings), world_(&world), walkable_normal_y_(settings.WalkableFloorNormalY()) {}

bool CharacterMover::IsWalkable(const glm::vec3& normal) const {
  return normal.y >= walkable_normal_y_;
}

MovementState CharacterMover::Spawn(const glm::vec3& feet) const {
  MovementState state;
  state.position = feet + glm::vec3(0.0f, settings_.CentreToFloorM(), 0.0f);
  const FloorState floor =
      FindFloor(state.position, settings_.max_step_height_m + 2.0f * settings_.floor_gap_m);
  state.floor = floor;
  if (floor.walkable) {
    SnapToFloor(state);
    state.mode = MovementMode::kWalking;
    UpdateBase(state);
  } else {
    state.mode = MovementMode::kFalling;
  }
  return state;
}

FloorState CharacterMover::FindFloor(const glm::vec3& position, float max_distance_m,
                                     const glm::vec3* velocity) const {
  FloorState floor;
  const glm::vec3 down(0.0f, -max_distance_m, 0.0f);
  const auto hit = world_->CapsuleSweep(position, position + down, settings_.capsule);
  if (!hit)
    return floor;
  floor.has_floor = true;
  floor.distance_m = hit->distance_m;
  floor.clearance_m = hit->distance_m;
  floor.normal = hit->normal;
  floor.point = hit->point;
  floor.body = hit->body;
  if (IsWalkable(hit->normal)) {
    floor.walkable = true;
    return floor;
  }
  // The sweep normal of an edge contact is tilted even when the surface is flat: read the
  // surface itself just beyond the contact, as Unreal's ImpactNormal does.
  const glm::vec3 outward = SafeNormal2D(hit->point - position);
  const glm::vec3 probe = hit->point + outward * kImpactProbeNudgeM;
  const auto surface = world_->RayCast(probe + glm::vec3(0.0f, kImpactProbeHeightM, 0.0f),
                                       probe - glm::vec3(0.0f, kImpactProbeHeightM, 0.0f));
  // The top edge of a platform that slid against a standing capsule's side is not its floor
  // (the capsule was carried along by the edge, and back again as the platform reversed).
  const float bottom = position.y - settings_.capsule.half_height_m;
  const bool slid_in = velocity != nullptr && surface && world_->IsMovingBody(surface->body) &&
                       surface->point.y > bottom + kEdgeAboveBottomM &&
                       glm::dot(Horizontal(*velocity), outward) <= 0.0f;
  if (surface && IsWalkable(surface->normal) && !slid_in) {
    floor.walkable = true;
    floor.normal = surface->normal;
    floor.body = surface->body;
    return floor;
  }
  // A steep contact at the rim of the capsule (the foot of a wall or steep ramp) while the
  // ground under the capsule's centre is walkable and within reach.
  const float bottom_offset = settings_.capsule.half_height_m;
  const auto below =
      world_->RayCast(position, position - glm::vec3(0.0f, bottom_offset + max_distance_m, 0.0f));
  if (below && IsWalkable(below->normal) && below->distance_m - bottom_offset <= max_distance_m) {
    floor.walkable = true;
    floor.normal = below->normal;
    floor.body = below->body;
    floor.point = below->point;
    floor.distance_m = std::max(floor.clearance_m, below->distance_m - bottom_offset);
  }
  return floor;
}

std::optional<float> CharacterMover::DistanceToFloor(const MovementState& state,
                                                     float max_distance_m) const {
  if (!(max_distance_m > 0.0f))
    return std::nullopt;
  const auto hit = world_->CapsuleSweep(
      state.position, state.position - glm::vec3(0.0f, max_distance_m, 0.0f), settings_.capsule);
  if (!hit)
    return std::nullopt;
  return hit->distance_m;
}

Status CharacterMover::Update(MovementState& state, const MoveInput& input, float dt) const {
  if (!std::isfinite(dt) || dt < 0.0f) {
    return Error{"CharacterMover::Update: dt must be finite and >= 0, got " + std::to_string(dt)};
  }
  if (!IsFiniteVec(input.direction)) {
    return Error{"CharacterMover::Update: input direction is not finite"};
  }
  if (input.gait != Gait::kWalk && input.gait != Gait::kRun && input.gait != Gait::kSprint) {
    return Error{"CharacterMover::Update: unknown gait " +
                 std::to_string(static_cast<int>(input.gait))};
  }
  if (!IsFiniteState(state)) {
    return Error{"CharacterMover::Update: the movement state holds NaN or infinity; respawn it"};
  }
  if (dt == 0.0f)
    return Status::Ok();

  MovementState next = state;
  ApplyBaseMovement(next);
  PushFromMovingBodies(next, dt);
  const int wanted = static_cast<int>(std::ceil(dt / settings_.max_substep_s - kSubstepRounding));
  const int substeps = std::clamp(wanted, 1, settings_.max_substeps);
  const float substep = dt / static_cast<float>(substeps);
  MoveInput substep_input = input;
  for (int i = 0; i < substeps; ++i) {
    Substep(next, substep_input, substep);
    substep_input.jump = false;  // a jump is an edge: once per update
  }
  ++next.update_count;
  if (!IsFiniteState(next)) {
    return Error{
        "CharacterMover::Update: movement produced a non-finite state (check the "
        "settings); the state was left unchanged"};
  }
  state = next;
  return Status::Ok();
}

void CharacterMover::Substep(MovementState& state, const MoveInput& input, float dt) const {
  const GaitSettings& gait = settings_.ForGait(input.gait);
  // Unreal's ConstrainInputAcceleration + ScaleInputAcceleration: the input vector is clamped to
  // length 1 and its length is the analog input modifier.
  glm::vec3 input_vector = Horizontal(input.direction);
  const float input_length = glm::length(input_vector);
  if (input_length > 1.0f)
    input_vector /= input_length;
  state.analog_input_modifier = std::min(input_length, 1.0f);
  state.acceleration = input_vector * gait.max_acceleration_m_s2;
  state.gait = input.gait;

  if (state.mode == MovementMode::kWalking && input.jump) {
    state.velocity.y = settings_.jump_velocity_m_s;
    StartFalling(state);
  }
  if (state.mode == MovementMode::kWalking) {
    Walk(state, input, dt);
  } else {
    Fall(state, input, dt);
  }
}

void CharacterMover::Walk(MovementState& state, const MoveInput& input, float dt) const {
  const GaitSettings& gait = settings_.ForGait(input.gait);
  const glm::vec3 old_velocity = Horizontal(state.velocity);
  const glm::vec3 new_velocity =
      CalcVelocity(old_velocity, dt,
                   WalkingStep(gait, settings_, state.acceleration, state.analog_input_modifier));
  state.velocity = new_velocity;
  // Positions integrate the mean of the old and new velocity (exact for constant acceleration),
  // where Unreal uses the new velocity; this keeps stopping distances independent of frame rate.
  const glm::vec3 delta = 0.5f * (old_velocity + new_velocity) * dt;
  if (glm::length(delta) > kMinMoveM) {
    const glm::vec3 along_floor =
        state.floor.walkable ? AlongPlane(delta, state.floor.normal) : delta;
    MoveWithSlide(state, along_floor, /*walking=*/true);
  }
  SettleOnFloor(state);
  if (state.mode == MovementMode::kWalking && SlideOffPerch(state, dt))
    SettleOnFloor(state);
}

void CharacterMover::SettleOnFloor(MovementState& state) const {
  const FloorState floor = FindFloor(
      state.position, settings_.max_step_height_m + 2.0f * settings_.floor_gap_m, &state.velocity);
  state.floor = floor;
  if (floor.walkable) {
    SnapToFloor(state);
    UpdateBase(state);
  } else {
    StartFalling(state);
  }
}

bool CharacterMover::SlideOffPerch(MovementState& state, float dt) const {
  if (!(settings_.perch_slide_speed_m_s > 0.0f) || !state.floor.walkable)
    return false;
  // Only while it moves (perch_slide_min_speed_m_s): standing, it stays where it stopped.
  if (glm::length(Horizontal(state.velocity)) < settings_.perch_slide_min_speed_m_s)
    return false;
  // A contact to the side of the way the capsule moves.
  const glm::vec3 contact = Horizontal(state.floor.point - state.position);
  const glm::vec3 travel = SafeNormal2D(state.velocity);
  const glm::vec3 offset = contact - glm::dot(contact, travel) * travel;
  const float across = glm::length(offset);
  if (!(across > settings_.perch_slide_offset_m))
    return false;
  // And no ground as high as the contact where the capsule's path crosses the edge's line (an
  // edge touching a capsule's round bottom lies across the contact's offset from the axis): up
  // or down stairs at an angle the edge is the riser's, ahead of the axis or behind it, and the
  // path crosses onto or from the tread at its height, which is stepping, not perching (slid
  // aside, a climb at 40 degrees was carried along the stairs instead of up them). Beside a
  // step's corner the path runs on over the floor (without this, the capsule rode 17 cm up the
  // first step's corner beside the stairs). Along a side edge the path never crosses: the ground
  // under the axis is probed. The contact's surface is carried under the probe: on a slope the
  // contact lies uphill of the axis (14 cm on 25 degrees), but the ground there is the same plane.
  const glm::vec3 toward_edge = SafeNormal2D(contact);
  const float closing = glm::dot(travel, toward_edge);
  const float to_crossing = std::fabs(closing) > kKindaSmallNumber
                                ? glm::dot(contact, toward_edge) / closing
                                : std::numeric_limits<float>::infinity();
  const float reach_along = 2.0f * settings_.capsule.radius_m;
  const glm::vec3 probe =
      std::fabs(to_crossing) <= reach_along
          ? state.position + travel * (to_crossing + std::copysign(kPerchProbePastM, to_crossing))
          : state.position;
  const glm::vec3 probe_foot(probe.x, state.floor.point.y, probe.z);
  const float plane_there =
      state.floor.point.y + AlongPlane(probe_foot - state.floor.point, state.floor.normal).y;
  const float reach =
      settings_.capsule.half_height_m + settings_.max_step_height_m + 2.0f * settings_.floor_gap_m;
  const auto below = world_->RayCast(probe, probe - glm::vec3(0.0f, reach, 0.0f));
  if (below && plane_there - below->point.y < settings_.perch_slide_drop_m)
    return false;
  const glm::vec3 before = state.position;
  MoveWithSlide(state, -offset / across * settings_.perch_slide_speed_m_s * dt, /*walking=*/true);
  return state.position != before;
}

void CharacterMover::Fall(MovementState& state, const MoveInput& input, float dt) const {
  const GaitSettings& gait = settings_.ForGait(input.gait);
  const glm::vec3 old_velocity = state.velocity;

  VelocityStep air;
  air.acceleration = state.acceleration * settings_.air_control;
  air.analog_input_modifier = state.analog_input_modifier;
  air.max_speed_m_s = gait.max_speed_m_s;
  air.friction = settings_.falling_lateral_friction;
  air.braking_deceleration_m_s2 = settings_.braking_deceleration_falling_m_s2;
  air.braking_friction_factor = gait.braking_friction_factor;
  air.use_separate_braking_friction = false;
  air.braking_substep_s = settings_.braking_substep_s;
  air.brake_to_stop_speed_m_s = settings_.brake_to_stop_speed_m_s;
  const glm::vec3 horizontal = CalcVelocity(Horizontal(old_velocity), dt, air);
  const float vertical =
      std::max(old_velocity.y - settings_.gravity_m_s2 * dt, -settings_.terminal_velocity_m_s);
  state.velocity = {horizontal.x, vertical, horizontal.z};

  // Trapezoidal position: a jump apex is exactly v^2 / 2g at any frame rate.
  glm::vec3 remaining = 0.5f * (old_velocity + state.velocity) * dt;
  glm::vec3 previous_normal(0.0f);
  for (int i = 0; i < kMaxSlideIterations && glm::length(remaining) > kMinMoveM; ++i) {
    const auto hit = SafeMove(state.position, remaining);
    if (!hit)
      break;
    remaining *= 1.0f - hit->fraction;
    if (state.velocity.y <= 0.0f && hit->normal.y > 0.0f) {
      const FloorState floor = FindFloor(state.position, 4.0f * settings_.floor_gap_m);
      if (floor.walkable) {
        state.floor = floor;
        state.mode = MovementMode::kWalking;
        state.velocity.y = 0.0f;
        SnapToFloor(state);
        UpdateBase(state);
        return;
      }
    }
    const glm::vec3 normal = hit->normal;
    remaining -= glm::dot(remaining, normal) * normal;
    state.velocity -= std::min(0.0f, glm::dot(state.velocity, normal)) * normal;
    if (glm::dot(previous_normal, previous_normal) > 0.0f &&
        glm::dot(remaining, previous_normal) < 0.0f) {
      // Two surfaces form a crease: slide along it.
      const glm::vec3 crease = glm::cross(previous_normal, normal);
      const float crease_length = glm::length(crease);
      remaining = crease_length > kKindaSmallNumber
                      ? crease / crease_length * glm::dot(remaining, crease / crease_length)
                      : glm::vec3(0.0f);
    }
    previous_normal = normal;
  }
}

void CharacterMover::SnapToFloor(MovementState& state) const {
  // Keep floor_gap_m above the floor, but never move down into whatever the sweep touched first
  // (a steep surface the capsule rests on must not be climbed by repeated snapping either).
  float rise = settings_.floor_gap_m - state.floor.distance_m;
  if (state.floor.clearance_m < state.floor.distance_m) {
    rise = std::clamp(rise, -std::max(0.0f, state.floor.clearance_m - kContactOffsetM), 0.0f);
  }
  state.position.y += rise;
  state.floor.distance_m += rise;
  state.floor.clearance_m += rise;
}

void CharacterMover::StartFalling(MovementState& state) const {
  // Leaving a moving base keeps its velocity (Unreal's bImpartBaseVelocity*).
  if (state.base != world::kNoBody)
    state.velocity += world_->BodyVelocity(state.base);
  state.mode = MovementMode::kFalling;
  state.base = world::kNoBody;
  state.floor = FloorState{};
}

void CharacterMover::ApplyBaseMovement(MovementState& state) const {
  if (state.mode != MovementMode::kWalking || state.base == world::kNoBody)
    return;
  const auto transform = world_->BodyTransform(state.base);
  if (!transform)
    return;
  const glm::vec3 carried = transform->translation - state.base_position;
  state.base_position = transform->translation;
  // Up and down with the base as it is (the capsule stands on it); along it swept and slid, so a
  // base that passes through a wall (a kinematic platform) does not take its rider along.
  state.position.y += carried.y;
  MoveWithSlide(state, Horizontal(carried), /*walking=*/false);
}

void CharacterMover::PushFromMovingBodies(MovementState& state, float dt) const {
  state.pushed = glm::vec3(0.0f);
  if (state.mode != MovementMode::kWalking)
    return;
  for (const world::BodyId body : world_->OverlapCapsule(state.position, settings_.capsule)) {
    // Only a body coming on: one moving away from the capsule lets go of it.
    const std::optional<glm::vec3> velocity = ComingVelocity(state, body);
    if (!velocity)
      continue;
    glm::vec3 push = *velocity * dt;
    // At most a capsule radius an update: a long frame (the platform moved metres) must not carry
    // the capsule past a wall the end-point test below would not see.
    if (const float length = glm::length(push); length > settings_.capsule.radius_m)
      push *= settings_.capsule.radius_m / length;
    if (!(glm::length(push) > kMinMoveM))
      continue;
    // Not into anything that does not move: a capsule pinned against a wall stays (crushed).
    bool blocked = false;
    for (const world::BodyId other :
         world_->OverlapCapsule(state.position + push, settings_.capsule))
      blocked |= other != body && !world_->IsMovingBody(other);
    if (blocked)
      continue;
    state.position += push;
    state.pushed += push;
  }
}

std::optional<glm::vec3> CharacterMover::ComingVelocity(const MovementState& state,
                                                        world::BodyId body) const {
  if (body == state.base || !world_->IsMovingBody(body))
    return std::nullopt;
  const auto transform = world_->BodyTransform(body);
  const glm::vec3 velocity = Horizontal(world_->BodyVelocity(body));
  if (!transform || !(glm::length(velocity) > kMinMoveM) ||
      glm::dot(velocity, Horizontal(state.position - transform->translation)) <= 0.0f)
    return std::nullopt;
  return velocity;
}

std::optional<OncomingBody> CharacterMover::FindOncomingBody(const MovementState& state,
                                                             float look_ahead_m) const {
  if (state.mode != MovementMode::kWalking || !(look_ahead_m > 0.0f) ||
      !std::isfinite(look_ahead_m))
    return std::nullopt;
  world::CapsuleShape reach = settings_.capsule;
  reach.radius_m += look_ahead_m;
  reach.half_height_m += look_ahead_m;
  // What the capsule itself touches, queried only once a body is coming (a standing character
  // asks every frame, and mostly nothing moves near it).
  std::optional<std::vector<world::BodyId>> touching;
  std::optional<OncomingBody> nearest;
  for (const world::BodyId body : world_->OverlapCapsule(state.position, reach)) {
    const std::optional<glm::vec3> coming = ComingVelocity(state, body);
    if (!coming)
      continue;
    const glm::vec3 velocity = *coming;
    const float speed = glm::length(velocity);
    // The gap along the body's way: sweep the capsule back toward it. A body beside the capsule's
    // path (a platform passing in the next lane) is not met and is not oncoming.
    float gap = 0.0f;
    if (!touching)
      touching = world_->OverlapCapsule(state.position, settings_.capsule);
    if (std::find(touching->begin(), touching->end(), body) == touching->end()) {
      const glm::vec3 back = -velocity / speed * look_ahead_m;
      const auto hit =
          world_->CapsuleSweep(state.position, state.position + back, settings_.capsule);
      if (!hit || hit->body != body)
        continue;
      gap = hit->distance_m;
    }
    if (!nearest || gap < nearest->gap_m)
      nearest = OncomingBody{body, velocity, gap, glm::vec3(0.0f)};
  }
  if (nearest)
    nearest->way_out = WayOut(state, *nearest, look_ahead_m);
  return nearest;
}

glm::vec3 CharacterMover::WayOut(const MovementState& state, const OncomingBody& oncoming,
                                 float clear_m) const {
  // Ahead of the body if that way is clear; else aside, first toward the side of the body's path
  // the capsule is on (the nearer edge of its lane), then the other.
  const glm::vec3 ahead = SafeNormal2D(oncoming.velocity);
  glm::vec3 aside(-ahead.z, 0.0f, ahead.x);
  if (const auto transform = world_->BodyTransform(oncoming.body);
      transform && glm::dot(state.position - transform->translation, aside) < 0.0f)
    aside = -aside;
  // Raised by the step height: a slope or a step up is walked over, not in the way.
  const glm::vec3 from = state.position + glm::vec3(0.0f, settings_.max_step_height_m, 0.0f);
  for (const glm::vec3& way : {ahead, aside, -aside}) {
    const auto hit = world_->CapsuleSweep(from, from + way * clear_m, settings_.capsule);
    // The body itself may be touched already: only what does not move blocks the way.
    if (!hit || hit->body == oncoming.body || world_->IsMovingBody(hit->body))
      return way;
  }
  return glm::vec3(0.0f);
}

void CharacterMover::UpdateBase(MovementState& state) const {
  state.base = state.floor.body;
  const auto transform = world_->BodyTransform(state.base);
  state.base_position = transform ? transform->translation : glm::vec3(0.0f);
}

std::optional<world::SweepHit> CharacterMover::SafeMove(glm::vec3& position,
                                                        const glm::vec3& delta) const {
  const float length = glm::length(delta);
  if (!(length > kMinMoveM))
    return std::nullopt;
  auto hit = world_->CapsuleSweep(position, position + delta, settings_.capsule);
  if (!hit) {
    position += delta;
    return std::nullopt;
  }
  const float travel = std::max(0.0f, hit->distance_m - kContactOffsetM);
  position += delta * (travel / length);
  hit->fraction = travel / length;
  hit->distance_m = travel;
  return hit;
}

void CharacterMover::MoveWithSlide(MovementState& state, glm::vec3 delta, bool walking) const {
  glm::vec3 previous_normal(0.0f);
  for (int i = 0; i < kMaxSlideIterations && glm::length(delta) > kMinMoveM; ++i) {
    const auto hit = SafeMove(state.position, delta);
    if (!hit)
      return;
    delta *= 1.0f - hit->fraction;
    glm::vec3 normal = hit->normal;
    if (walking) {
      if (IsWalkable(normal)) {
        // Another walkable ramp: continue along it.
        delta = AlongPlane(Horizontal(delta), normal);
        continue;
      }
      const float bottom = state.position.y - settings_.capsule.half_height_m;
      if (hit->point.y - bottom <= settings_.max_step_height_m && TryStepUp(state, delta)) {
        return;
      }
      // Walls are vertical to a walking character: never slide up a steep surface.
      normal = SafeNormal2D(normal);
      if (glm::dot(normal, normal) == 0.0f)
        return;
      state.velocity -= std::min(0.0f, glm::dot(state.velocity, normal)) * normal;
    }
    delta -= glm::dot(delta, normal) * normal;
    if (glm::dot(previous_normal, previous_normal) > 0.0f &&
        glm::dot(delta, previous_normal) < 0.0f) {
      const glm::vec3 crease = glm::cross(previous_normal, normal);
      const float crease_length = glm::length(crease);
      delta = crease_length > kKindaSmallNumber
                  ? crease / crease_length * glm::dot(delta, crease / crease_length)
                  : glm::vec3(0.0f);
      if (walking)
        delta.y = 0.0f;
    }
    previous_normal = normal;
  }
}

bool CharacterMover::TryStepUp(MovementState& state, const glm::vec3& delta) const {
  const glm::vec3 forward = Horizontal(delta);
  if (glm::length(forward) <= kMinMoveM)
    return false;
  const float start_bottom = state.position.y - settings_.capsule.half_height_m;
  glm::vec3 position = state.position;

  // Up by the step height (a ceiling may stop it), across, then back down onto the step.
  const glm::vec3 before_up = position;
  SafeMove(position, glm::vec3(0.0f, settings_.max_step_height_m, 0.0f));
  const float raised = position.y - before_up.y;
  const glm::vec3 before_forward = position;
  SafeMove(position, forward);
  if (glm::length(Horizontal(position - before_forward)) <= kMinMoveM)
    return false;
  SafeMove(position, glm::vec3(0.0f, -(raised + 2.0f * settings_.floor_gap_m), 0.0f));

  const FloorState floor = FindFloor(position, 2.0f * settings_.floor_gap_m);
  if (!floor.walkable)
    return false;
  // Measure the step at the contact, not the capsule bottom: a capsule perched on an edge hangs
  // below the step's top.
  const float start_floor = start_bottom - state.floor.distance_m;
  if (floor.point.y - start_floor > settings_.max_step_height_m)
    return false;
  state.position = position;
  return true;
}

}  // namespace footwork::movement
