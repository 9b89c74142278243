#include "footwork/ik/character_ik.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "footwork/anim/local_to_model.h"
#include "footwork/anim/two_bone_ik.h"
#include "footwork/core/angles.h"
#include "footwork/ik/knee_direction.h"
#include "footwork/ik/knee_speed.h"
#include "footwork/ik/ledge_support.h"
#include "footwork/ik/riser_clearance.h"
#include "footwork/ik/sole_guard.h"

namespace footwork::ik {
namespace {

// A ground this level (the normal's up component; 5 degrees of slope) is a stair's tread.
constexpr float kLevelStanceNormalY = 0.996f;

// How far under its hip a foot target is kept at least, as a fraction of the leg's length.
constexpr float kMinFootDropUnderHip = 0.1f;

const glm::vec3 kUp(0.0f, 1.0f, 0.0f);

Status RecomputeModel(const anim::Skeleton& skeleton, std::span<const Transform> local,
                      std::span<Transform> model) {
  anim::LocalToModelJob job;
  job.skeleton = &skeleton;
  job.input = local;
  job.output = model;
  return job.Run();
}

// Fades two poses in local space (b over a by alpha) into `a`, model transforms recomputed.
void FadeInto(const anim::Skeleton& skeleton, std::span<Transform> a_local,
              std::span<Transform> a_model, std::span<const Transform> b_local, float alpha) {
  for (std::size_t j = 0; j < a_local.size(); ++j) {
    a_local[j] = Lerp(a_local[j], b_local[j], alpha);
    const int parent = skeleton.parents[j];
    a_model[j] = parent < 0 ? a_local[j] : a_model[static_cast<std::size_t>(parent)] * a_local[j];
  }
}

// How much a plane with this (upward) normal rises over a horizontal displacement.
float PlaneRise(const glm::vec3& normal, const glm::vec3& displacement) {
  if (!(normal.y > 1e-3f))
    return 0.0f;
  return -(normal.x * displacement.x + normal.z * displacement.z) / normal.y;
}

// Hip to knee to ankle, in the pose `model`.
float LegLength(std::span<const Transform> model, const LegRig& leg) {
  return glm::length(model[leg.chain.lower].translation - model[leg.chain.upper].translation) +
         glm::length(model[leg.chain.end].translation - model[leg.chain.lower].translation);
}

// How far a leg of `length` reaches before its soft band (the solve falls short inside it).
float SoftReach(const CharacterIkSettings& settings, float length) {
  return std::clamp(settings.max_leg_extension - settings.leg_soft_extension, 0.0f, 1.0f) * length;
}

// A foot the lock holds in the world (not on a moving body) while its curve says planted.
bool IsHeldOnStaticGround(const FootLockState& lock, float foot_lock_curve) {
  return lock.locked && lock.body == world::kNoBody && IsFootPlanted(foot_lock_curve);
}

// `from` moved toward `to` by at most max_step (all the way when max_step is not positive).
glm::vec3 MoveTowardCapped(const glm::vec3& from, const glm::vec3& to, float max_step) {
  const glm::vec3 step = to - from;
  const float step_length = glm::length(step);
  return step_length > max_step && max_step > 0.0f ? from + step * (max_step / step_length) : to;
}

// The sole point kept out of the ground: the lower of heel and ball along `up` with the toe
// guard, the heel's alone without it.
glm::vec3 GuardedSolePoint(const LegRig& leg, float foot_height_m, const Transform& foot,
                           const glm::vec3& up, bool toe_guard) {
  return toe_guard ? LowestSolePoint(leg, foot_height_m, foot, up)
                   : HeelSolePoint(leg, foot_height_m, foot);
}

// How far a foot raised by `rise` stands above the ground under it: the lower of its heel over
// the trace's point and its ball (`toe`, its sole point before the rise) over the ground traced
// under the ball.
float HeelAndBallClearance(const LegRig& leg, float foot_height_m, const Transform& foot,
                           const glm::vec3& toe, float rise, const FootTrace& trace) {
  const float heel = HeelSolePoint(leg, foot_height_m, foot).y;
  return std::min(heel + rise - trace.point.y, toe.y + rise - *trace.toe_ground_m);
}

// DrawIntoReach for a held foot (world), but not onto higher ground: drawn back toward the hip
// walking down the stairs, a foot planted just past a step's edge had its heel drawn into the
// riser behind it (12 cm under the step's tread). Half the draw is tried, then none.
float DrawHeldFootIntoReach(const world::CollisionWorld* world, const LegRig& leg,
                            float foot_height_m, float root_height,
                            const FootPlacementSettings& feet, const glm::vec3& hip, float reach,
                            float budget_m, Transform& foot) {
  const glm::vec3 held = foot.translation;
  float drawn = DrawIntoReach(foot.translation, hip, reach, budget_m);
  if (!(drawn > 0.0f) || world == nullptr)
    return drawn;
  // Under the heel's sole point, and under the ankle, where that point comes as the foot lies flat.
  const auto heel_ground = [&](const Transform& at) -> std::optional<float> {
    const FootTrace sole =
        TraceFoot(*world, HeelSolePoint(leg, foot_height_m, at), root_height, feet);
    const FootTrace ankle = TraceFoot(*world, at.translation, root_height, feet);
    if (!sole.hit || !ankle.hit)
      return std::nullopt;
    return std::max(sole.point.y, ankle.point.y);
  };
  Transform at_held = foot;
  at_held.translation = held;
  const std::optional<float> ground_held = heel_ground(at_held);
  if (!ground_held)
    return drawn;
  for (int attempt = 0; attempt < 2; ++attempt) {
    const std::optional<float> ground_drawn = heel_ground(foot);
    if (!ground_drawn || *ground_drawn - *ground_held < kMinStairStepM)
      return drawn;
    foot.translation = held;
    drawn = attempt == 0 ? DrawIntoReach(foot.translation, hip, reach, drawn * 0.5f) : 0.0f;
  }
  foot.translation = held;
  return 0.0f;
}

}  // namespace

Result<std::shared_ptr<const CharacterIkAssets>> CharacterIkAssets::Create(
    const anim::Skeleton& skeleton, const anim::RigProfile& profile, const anim::Clip& base_clip,
    const anim::Clip* crouch_base_clip, std::span<const OverlaySource> overlays,
    CharacterIkSettings settings, const anim::Clip* look_clip) {
  auto rig = BuildIkRig(skeleton, profile);
  if (!rig)
    return rig.error();
  std::shared_ptr<CharacterIkAssets> assets(new CharacterIkAssets());
  assets->skeleton_ = &skeleton;
  assets->rig_ = std::move(*rig);
  assets->settings_ = settings;
  auto base = RecordBasePose(skeleton, base_clip, 0.0f);
  if (!base)
    return base.error();
  assets->base_n_ = std::move(*base);
  // The ankle height that matters is the one the animations stand on: BasePose_N's (the model
  // root is the floor). The rest pose's is kept when the base pose is implausible.
  {
    std::vector<Transform> base_model(assets->base_n_.local.size());
    if (Status modeled = RecomputeModel(skeleton, assets->base_n_.local, base_model); !modeled)
      return modeled.error();
    IkRig& ik_rig = assets->rig_;
    const float standing = std::min(base_model[ik_rig.legs[kLeft].chain.end].translation.y,
                                    base_model[ik_rig.legs[kRight].chain.end].translation.y);
    if (standing > 0.02f * ik_rig.head_height_m && standing < 0.15f * ik_rig.head_height_m)
      ik_rig.foot_height_m = standing;
    // Likewise the sole's normal: the foot's up axis while standing flat.
    for (LegRig& leg : ik_rig.legs) {
      const Transform& foot = base_model[leg.chain.end];
      leg.up_in_foot = glm::inverse(foot.rotation) * glm::vec3(0, 1, 0);
      if (leg.ball >= 0) {
        leg.ball_in_foot = foot.InverseTransformPoint(base_model[leg.ball].translation);
        leg.ball_height_m = std::max(0.0f, base_model[leg.ball].translation.y);
      }
    }
  }
  if (crouch_base_clip != nullptr) {
    auto crouch = RecordBasePose(skeleton, *crouch_base_clip, 0.0f);
    if (!crouch)
      return crouch.error();
    assets->base_clf_ = std::move(*crouch);
  }
  for (const OverlaySource& source : overlays) {
    if (source.clip == nullptr)
      return Error{fmt::format("IK assets: overlay '{}' has no clip", source.name)};
    auto overlay =
        RecordOverlayPose(skeleton, assets->rig_, *source.clip, source.time_s, assets->base_n_);
    if (!overlay)
      return overlay.error();
    overlay->name = source.name;
    if (source.crouch_clip != nullptr && !assets->base_clf_) {
      return Error{
          fmt::format("IK assets: overlay '{}' has a crouched pose but the character has "
                      "no crouch base pose (BasePose_CLF)",
                      source.name)};
    }
    if (assets->base_clf_) {
      // BasePose_CLF's variant: recorded from the crouched clip, or rebased from the standing one.
      auto crouched = source.crouch_clip != nullptr
                          ? RecordOverlayPose(skeleton, assets->rig_, *source.crouch_clip,
                                              source.crouch_time_s, *assets->base_clf_)
                          : RebaseOverlayPose(skeleton, assets->rig_, *overlay, assets->base_n_,
                                              *assets->base_clf_);
      if (!crouched)
        return crouched.error();
      crouched->name = source.name;
      assets->overlays_clf_.push_back(std::move(*crouched));
    }
    assets->overlays_.push_back(std::move(*overlay));
  }
  if (look_clip != nullptr) {
    auto look = RecordLookClip(skeleton, assets->rig_, *look_clip);
    if (!look)
      return look.error();
    assets->look_clip_ = std::move(*look);
  }
  return std::shared_ptr<const CharacterIkAssets>(std::move(assets));
}

int CharacterIkAssets::FindOverlay(const std::string& name) const {
  for (std::size_t i = 0; i < overlays_.size(); ++i) {
    if (overlays_[i].name == name)
      return static_cast<int>(i);
  }
  return -1;
}

CharacterIk::CharacterIk(std::shared_ptr<const CharacterIkAssets> assets)
    : assets_(std::move(assets)) {
  const std::size_t joints = assets_->skeleton().rest_pose.size();
  local_.resize(joints);
  model_.resize(joints);
  scratch_local_.resize(joints);
  scratch_model_.resize(joints);
  stance_local_.resize(joints);
  stance_model_.resize(joints);
}

Status CharacterIk::SetOverlay(int overlay) {
  if (overlay < -1 || overlay >= static_cast<int>(assets_->overlays().size())) {
    return Error{fmt::format("IK: overlay {} out of range ({} overlays)", overlay,
                             assets_->overlays().size())};
  }
  SwitchOverlay(overlay_, overlay);
  return Status::Ok();
}

Status CharacterIk::LayerOnStance(int overlay, bool crouched, std::span<const Transform> local,
                                  std::span<const Transform> model, std::span<Transform> out_local,
                                  std::span<Transform> out_model) const {
  if (overlay < 0) {
    std::copy(local.begin(), local.end(), out_local.begin());
    std::copy(model.begin(), model.end(), out_model.begin());
    return Status::Ok();
  }
  OverlayLayeringJob job;
  job.skeleton = &assets_->skeleton();
  job.rig = &assets_->rig();
  job.base_pose = &assets_->base_pose(crouched);
  job.base_local = local;
  job.base_model = model;
  job.overlay = &assets_->overlay_pose(overlay, crouched);
  job.output_local = out_local;
  job.output_model = out_model;
  return job.Run();
}

Status CharacterIk::LayerOne(int overlay, std::span<const Transform> local,
                             std::span<const Transform> model, std::span<Transform> out_local,
                             std::span<Transform> out_model) {
  const bool standing = stance_ <= 0.0f || !assets_->has_crouch_base_pose();
  if (Status layered =
          LayerOnStance(overlay, !standing && stance_ >= 1.0f, local, model, out_local, out_model);
      !layered || standing || stance_ >= 1.0f || overlay < 0) {
    return layered;
  }
  // Mid stance change: the overlay on BasePose_N faded toward the one on BasePose_CLF.
  if (Status layered = LayerOnStance(overlay, true, local, model, stance_local_, stance_model_);
      !layered)
    return layered;
  FadeInto(assets_->skeleton(), out_local, out_model, stance_local_, stance_);
  return Status::Ok();
}

Status CharacterIk::ApplyOverlay(std::span<const Transform> local,
                                 std::span<const Transform> model) {
  // The bottom layer, then every layer still fading in over the blend below it, in local space
  // (no overlay = the locomotion pose). Mixing the recorded overlay poses and their layering
  // weights instead made a mesh-space part blend, mid fade, between rotations almost 180 degrees
  // apart while its target moved, and the shortest path flipped: a 77 degree one-frame finger
  // jump (issue #7). Stacking (rather than restarting from one pose) keeps a switch during a
  // fade from snapping.
  if (Status layered = LayerOne(overlay_.layers[0].overlay, local, model, local_, model_); !layered)
    return layered;
  for (int i = 1; i < overlay_.count; ++i) {
    const OverlayState::Layer& layer = overlay_.layers[static_cast<std::size_t>(i)];
    if (Status layered = LayerOne(layer.overlay, local, model, scratch_local_, scratch_model_);
        !layered)
      return layered;
    FadeInto(assets_->skeleton(), local_, model_, scratch_local_, layer.blend);
  }
  return Status::Ok();
}

Status CharacterIk::PlaceFeet(const CharacterIkInput& input, float dt) {
  FeetFrame frame;
  const float root_height = input.character_world.translation.y;
  if (!input.grounded && airborne_root_height_ && dt > 0.0f)
    frame.fall_speed = (*airborne_root_height_ - root_height) / dt;
  airborne_root_height_ = input.grounded ? std::nullopt : std::optional<float>(root_height);
  for (int side = 0; side < 2; ++side)
    PlanFoot(input, dt, side, frame);
  PlacePelvisAndFeet(input, dt, frame);
  if (Status lowered = LowerPelvis(input); !lowered)
    return lowered;
  for (int side = 0; side < 2; ++side) {
    if (Status solved = SolveLeg(input, dt, side, frame); !solved)
      return solved;
  }
  return Status::Ok();
}

// Leg `side`'s animated foot, its swing and the ground traced under and ahead of it, and the
// offset and tilt its placement aims for (the ledge, riser and edge shifts with them).
void CharacterIk::PlanFoot(const CharacterIkInput& input, float dt, int side, FeetFrame& frame) {
  const IkRig& rig = assets_->rig();
  const CharacterIkSettings& settings = assets_->settings();
  const Transform& world_from_model = input.character_world;
  const float root_height = world_from_model.translation.y;
  frame.animated[side] = world_from_model * model_[rig.legs[side].chain.end];
  // The look-ahead follows where the swinging foot is heading: not for a planted foot, and
  // fading out as the animation brings the foot down (it lands short of what lies ahead).
  const float lift = frame.animated[side].translation.y - root_height - rig.foot_height_m;
  frame.swing[side] = (1.0f - std::clamp(input.foot_lock[side], 0.0f, 1.0f)) *
                      std::clamp(lift / settings.feet.lookahead_full_lift_m, 0.0f, 1.0f);
  if (!std::isfinite(frame.swing[side]))
    frame.swing[side] = 0.0f;
  // The ankle's rise relative to the root since last frame (the root climbs stairs by itself).
  const std::optional<glm::vec3>& previous_foot = placement_.previous_foot[side];
  float lift_rate = 0.0f;
  if (previous_foot && placement_root_height_ && dt > 0.0f)
    lift_rate = ((frame.animated[side].translation.y - previous_foot->y) -
                 (root_height - *placement_root_height_)) /
                dt;
  const float share = LookaheadShare(input.foot_lock[side], lift, lift_rate, settings.feet);
  const glm::vec3 velocity =
      TrackFootVelocity(placement_, side, frame.animated[side].translation, dt);
  if (input.world == nullptr)
    return;
  if (!input.grounded) {
    PlanAirborneFoot(input, side, frame);
    return;
  }
  FootPlan plan;
  plan.side = side;
  plan.root_height = root_height;
  plan.velocity = velocity;
  plan.lookahead_velocity = velocity * share;
  // How far the sole clears the root's floor: with the toe guard the lower of heel and ball
  // (a swinging foot points its toe down: measured at the heel, a foot landing toe first on
  // the first step was held 3 cm over it).
  plan.sole_lift =
      settings.feet.sink_guard_toe
          ? LowestSolePoint(rig.legs[side], rig.foot_height_m, frame.animated[side], kUp).y -
                root_height
          : lift;
  // With the toe guard, the ball's ground counts too: a foot whose ball is over a higher
  // step stands on that step (heel over the edge) instead of its ball going into the riser.
  plan.toe = settings.feet.sink_guard_toe ? ToeSolePoint(rig.legs[side], frame.animated[side])
                                          : std::nullopt;
  // Looking ahead from the toe, no further than where the ball lands (less the margin).
  if (const auto& travel = input.plant_ball_travel[side]; plan.toe && travel)
    plan.reach_cap = std::max(0.0f, glm::length(glm::vec2(travel->x, travel->z)) -
                                        settings.feet.plant_lookahead_margin_m);
  // The sole's height as last frame's offset leaves it, for whether it is below higher ground
  // the foot would move onto (the ledge shift's wait and the edge hold).
  plan.sole_before =
      frame.animated[side].translation.y + placement_.offset[side].y - rig.foot_height_m;
  // A held foot's ball is measured where it is held, by every trace, shifted or not: its
  // frame.animated twin drifts a little from it (climbing, the ankle rolling, a stop's blend), and
  // a twin whose ball had crossed over the next step's riser stood the held foot, its ball over
  // the tread below, on that step (the Knight walking up the stairs: 15 cm); the twin of a foot
  // held off a riser (ShiftOffRiser) slid 1.4 cm on over the top step's edge and the foot was
  // raised onto it, 8 cm in a frame.
  if (plan.toe && IsHeldOnStaticGround(locks_[side], input.foot_lock[side])) {
    plan.held_toe = plan.toe;
    plan.held_toe->x += locks_[side].held.translation.x - frame.animated[side].translation.x;
    plan.held_toe->z += locks_[side].held.translation.z - frame.animated[side].translation.z;
  }
  TraceUnderFoot(input, frame, plan);
  ShiftOntoLedge(input, dt, frame, plan);
  ShiftOffRiser(input, dt, frame, plan);
  HoldAtEdge(input, dt, frame, plan);
  AimFoot(input, frame, plan);
}

FootTrace CharacterIk::TraceShifted(const CharacterIkInput& input, const FeetFrame& frame,
                                    const FootPlan& plan, const glm::vec3& shift) const {
  const std::optional<glm::vec3> toe =
      plan.held_toe ? plan.held_toe
                    : (plan.toe ? std::optional<glm::vec3>(*plan.toe + shift) : std::nullopt);
  return TraceFoot(*input.world, frame.animated[plan.side].translation + shift, plan.root_height,
                   assets_->settings().feet, plan.lookahead_velocity, toe, plan.reach_cap);
}

void CharacterIk::TraceUnderFoot(const CharacterIkInput& input, FeetFrame& frame,
                                 const FootPlan& plan) const {
  const int side = plan.side;
  const FootPlacementSettings& feet = assets_->settings().feet;
  const std::optional<glm::vec3>& traced_toe = plan.held_toe ? plan.held_toe : plan.toe;
  const FootLockState& held_lock = locks_[side];
  frame.traces[side] = TraceFoot(*input.world, frame.animated[side].translation, plan.root_height,
                                 feet, plan.lookahead_velocity, traced_toe, plan.reach_cap);
  // Its heel too, once its twin is over another tread than the one it is held on (a step
  // between them): a foot held across a riser's edge, heel over the tread below and ball on the
  // step, dropped 1.5 cm and turned 32 degrees in a frame as its twin's heel crossed onto the
  // step (the Knight stopping on the stairs). Not otherwise: on flat ground and slopes the
  // twin's plane stands (measured at the held heel, the Knight's keyboard strafe went over 20
  // degrees).
  if (traced_toe && frame.traces[side].hit &&
      IsHeldOnStaticGround(held_lock, input.foot_lock[side])) {
    const glm::vec3 held_ankle(held_lock.held.translation.x, frame.animated[side].translation.y,
                               held_lock.held.translation.z);
    const FootTrace held_trace = TraceFoot(*input.world, held_ankle, plan.root_height, feet,
                                           plan.lookahead_velocity, traced_toe, plan.reach_cap);
    if (held_trace.hit &&
        std::fabs(held_trace.point.y - frame.traces[side].point.y) >= kMinStairStepM)
      frame.traces[side] = held_trace;
  }
}

void CharacterIk::ShiftOntoLedge(const CharacterIkInput& input, float dt, FeetFrame& frame,
                                 FootPlan& plan) {
  const int side = plan.side;
  const IkRig& rig = assets_->rig();
  const FootPlacementSettings& feet = assets_->settings().feet;
  const Transform& world_from_model = input.character_world;
  // Over a drop the leg cannot take, the foot stands on the ground the body stands on; the
  // frame.traces and the offset are taken where it is moved to. Searched only when the ground
  // under the foot is that far below the root's floor (no extra trace otherwise).
  // The shift found this frame is approached at a capped speed, and kept while the foot is
  // planted (the lock holds it where it landed): appearing at once, 25 cm sideways onto the
  // stairs beside the floor, it swung the leg in a frame.
  glm::vec3& ledge_shift = placement_.ledge_shift[side];
  if (!(feet.max_step_down_leg_share > 0.0f)) {
    ledge_shift = glm::vec3(0.0f);
    return;
  }
  const float leg_m = LegLength(model_, rig.legs[side]);
  const float max_drop = frame.max_step_down[side] = feet.max_step_down_leg_share * leg_m;
  // No ground under the foot, or ground more than `drop` below the root's floor.
  const auto deeper_than = [&](float drop) {
    return !frame.traces[side].hit || plan.root_height - frame.traces[side].point.y > drop;
  };
  glm::vec3 wanted = ledge_shift;
  if (!IsFootPlanted(input.foot_lock[side])) {
    wanted = glm::vec3(0.0f);
    const glm::vec3 side_axis = world_from_model.TransformVector(glm::vec3(1, 0, 0));
    const float side_drop = feet.max_side_step_down_leg_share * leg_m;
    if (deeper_than(max_drop)) {
      wanted = LedgeSupportShift(*input.world, frame.animated[side].translation,
                                 world_from_model.translation, max_drop, feet, side_axis);
    }
    if (wanted == glm::vec3(0.0f) && side_drop > 0.0f && side_drop < max_drop &&
        deeper_than(side_drop)) {
      wanted = LedgeSupportShift(*input.world, frame.animated[side].translation,
                                 world_from_model.translation, side_drop, feet, side_axis,
                                 /*sideways_only=*/true);
    }
  }
  glm::vec3 next = MoveTowardCapped(ledge_shift, wanted, feet.max_ledge_shift_speed_m_s * dt);
  // The frame.traces at the shift the foot ends this frame with, once taken below.
  std::optional<FootTrace> at_next;
  // A swinging foot does not pass over the edge of higher ground until its sole is above
  // it: it rises first (going_to_ground below). Moved across while still low, a foot beside
  // the stairs was lifted onto the tread 19-23 cm in a frame.
  if (!IsFootPlanted(input.foot_lock[side]) && next != ledge_shift) {
    const FootTrace now = ledge_shift != glm::vec3(0.0f)
                              ? TraceShifted(input, frame, plan, ledge_shift)
                              : frame.traces[side];
    const FootTrace there = TraceShifted(input, frame, plan, next);
    const bool wait = now.hit && there.hit && there.point.y - now.point.y >= kMinStairStepM &&
                      plan.sole_before < there.point.y;
    if (wait)
      next = ledge_shift;
    at_next = wait ? now : there;
  }
  ledge_shift = next;
  // Everything else (the sole guard, the tilt, the lock's ground) reads the ground where the
  // foot is: measured where it was going, a foot still over the floor beside the stairs was
  // lifted out of the step's plane, 30 cm in one frame.
  if (ledge_shift != glm::vec3(0.0f))
    frame.traces[side] = at_next ? *at_next : TraceShifted(input, frame, plan, ledge_shift);
  if (wanted != ledge_shift) {
    const FootTrace going = TraceShifted(input, frame, plan, wanted);
    if (going.hit && (!frame.traces[side].hit || going.point.y > frame.traces[side].point.y))
      plan.going_to_ground = going.point.y;
  }
}

void CharacterIk::ShiftOffRiser(const CharacterIkInput& input, float dt, FeetFrame& frame,
                                FootPlan& plan) {
  const int side = plan.side;
  const FootPlacementSettings& feet = assets_->settings().feet;
  const glm::vec3& ledge_shift = placement_.ledge_shift[side];
  // A foot landing across a riser is moved onto one tread (RiserClearShift), at the same capped
  // speed as onto a ledge, and kept while it is planted.
  glm::vec3& riser_shift = placement_.riser_shift[side];
  if (!(feet.max_riser_clear_shift_m > 0.0f) || !plan.toe) {
    riser_shift = glm::vec3(0.0f);
    return;
  }
  const glm::vec3& toe = *plan.toe;
  glm::vec3 wanted = riser_shift;
  // A shift forward (off a step down behind the foot) is kept until the lock lets go, not
  // only while the curve says planted: dropped as the Knight's foot rolled off its tread, it
  // slid back under the edge behind it, and its heel was lifted onto the step (14 cm in a
  // frame). A shift back is dropped as before: kept through the release, the foot walking up
  // the stairs swung into the riser ahead as it lifted (33 deg).
  const glm::vec3 heel_to_ball = toe - frame.animated[side].translation;
  const bool forward_shift_held =
      locks_[side].locked && locks_[side].previous_curve > 0.0f &&
      riser_shift.x * heel_to_ball.x + riser_shift.z * heel_to_ball.z > 0.0f;
  if (!IsFootPlanted(input.foot_lock[side]) && !forward_shift_held) {
    wanted = glm::vec3(0.0f);
    const auto& travel = input.plant_travel[side];
    const auto& ball_travel = input.plant_ball_travel[side];
    const auto& stop_landing = input.stop_landing[side];
    // A stop's last step down the stairs: back onto the tread under its heel. A foot the clip
    // has planted already (the blend still bringing it down) keeps a shift under way but starts
    // none: the Knight's stop brings a foot back onto the step behind, and moved back along
    // itself it went 10 cm into that step's riser.
    const bool stop_shifts =
        stop_landing && (!stop_landing->planted_in_clip || riser_shift != glm::vec3(0.0f));
    const glm::vec3 stop_shift =
        stop_shifts
            ? StopLandingBackShift(
                  *input.world, stop_landing->ankle + ledge_shift, stop_landing->ball + ledge_shift,
                  input.character_world.TransformVector(glm::vec3(0.0f, 0.0f, 1.0f)),
                  plan.root_height, feet.riser_clear_margin_m, feet.max_stop_landing_shift_m, feet)
            : glm::vec3(0.0f);
    if (stop_shift != glm::vec3(0.0f))
      wanted = stop_shift;
    // Only near the landing: further out the predicted plant moves about (a stop taking
    // over the cycle moved it from the first riser, and the foot with it).
    else if (travel && ball_travel &&
             glm::length(glm::vec2(travel->x, travel->z)) <= feet.riser_clear_lead_m)
      wanted =
          RiserClearShift(*input.world, frame.animated[side].translation + *travel + ledge_shift,
                          toe + *ball_travel + ledge_shift, plan.root_height,
                          feet.riser_clear_margin_m, feet.max_riser_clear_shift_m, feet);
    // No plant predicted (a dead blend into a stop hides it) and the curve rising to planted:
    // the foot lands about where it is. Its ball still below the step ahead, it is drawn back
    // off the riser as a predicted landing is, and looks no further ahead than its ball (the
    // step it is drawn back from is not to be cleared): the stop's blend slid a landing foot's
    // ball 1.5 cm over the top step's edge, the foot rose for it and, held where the sole guard
    // had drawn it back, dropped 8.6 cm in a frame.
    // Once it is being drawn back, it is drawn back until it plants: its ball raised over the step
    // as it went (the look-ahead), the shift stopped half way, and the foot planted on its ball at
    // the step's very edge and slid off it, 13 cm down (walking up the stairs from a start).
    else if (!travel && PlantedShare(input.foot_lock[side]) > 0.0f &&
             (riser_shift != glm::vec3(0.0f) ||
              BallBelowStepAhead(input, plan, frame.animated[side].translation + ledge_shift,
                                 toe + ledge_shift))) {
      wanted = RiserClearShift(*input.world, frame.animated[side].translation + ledge_shift,
                               toe + ledge_shift, plan.root_height, feet.riser_clear_margin_m,
                               feet.max_riser_clear_shift_m, feet);
      if (wanted != glm::vec3(0.0f))
        plan.reach_cap = 0.0f;
    }
  }
  frame.riser_wanted[side] = wanted;
  riser_shift = MoveTowardCapped(riser_shift, wanted, feet.max_ledge_shift_speed_m_s * dt);
  if (riser_shift != glm::vec3(0.0f))
    frame.traces[side] = TraceShifted(input, frame, plan, ledge_shift + riser_shift);
}

bool CharacterIk::BallBelowStepAhead(const CharacterIkInput& input, const FootPlan& plan,
                                     const glm::vec3& ankle, const glm::vec3& ball) const {
  const int side = plan.side;
  const FootPlacementSettings& feet = assets_->settings().feet;
  const std::optional<glm::vec3>& shown_ball = feet_[side].toe_sole;
  if (!shown_ball)
    return true;
  const glm::vec3 heel_to_ball = ball - ankle;
  const glm::vec2 forward(heel_to_ball.x, heel_to_ball.z);
  const float length = glm::length(forward);
  if (!(length > 1e-4f))
    return true;
  const glm::vec2 ahead =
      glm::vec2(ball.x, ball.z) + forward * (feet.riser_clear_margin_m / length);
  const FootTrace step =
      TraceFoot(*input.world, glm::vec3(ahead.x, ball.y, ahead.y), plan.root_height, feet);
  return !step.hit || shown_ball->y < step.point.y - feet.sink_tolerance_m;
}

void CharacterIk::HoldAtEdge(const CharacterIkInput& input, float dt, FeetFrame& frame,
                             FootPlan& plan) {
  const int side = plan.side;
  // A swinging foot does not cross onto ground a stair step higher than where it was while
  // its sole is below that ground: it is held where it was and rises first. Its own sideways
  // drift carried the Knight's foot beside the stairs over their side edge 10 cm low, and the
  // sole guard lifted it 10.6 cm in a frame (29.9 deg).
  glm::vec3& edge_hold = placement_.edge_hold[side];
  if (IsFootPlanted(input.foot_lock[side]))
    return;
  const glm::vec3 shift = placement_.ledge_shift[side] + placement_.riser_shift[side];
  glm::vec3 hold = MoveTowardCapped(edge_hold, glm::vec3(0.0f),
                                    assets_->settings().feet.max_ledge_shift_speed_m_s * dt);
  FootTrace at_hold =
      hold == glm::vec3(0.0f) ? frame.traces[side] : TraceShifted(input, frame, plan, shift + hold);
  const std::optional<glm::vec3>& before = placement_.previous_ground[side];
  // Not a landing foot (its curve rising to planted) going back against the facing: a stop
  // bringing it back beside the other foot, onto the step behind, plants it there. Held at the
  // edge while its sole was below that step (the Knight stopping half way down the stairs: up to
  // 17 cm short of where the stop put it, its knee too slow to lift it), it was still under the
  // step as it planted, and the lock took it onto the step in one frame (65 degrees).
  const glm::vec3 facing = input.character_world.TransformVector(glm::vec3(0.0f, 0.0f, 1.0f));
  const bool landing_back =
      before && PlantedShare(input.foot_lock[side]) > 0.0f &&
      glm::dot(glm::vec2(facing.x, facing.z),
               glm::vec2(frame.animated[side].translation.x + shift.x - before->x,
                         frame.animated[side].translation.z + shift.z - before->z)) < 0.0f;
  if (before && !landing_back && at_hold.hit && at_hold.point.y - before->y >= kMinStairStepM &&
      plan.sole_before < at_hold.point.y) {
    plan.going_to_ground =
        std::max(plan.going_to_ground.value_or(at_hold.point.y), at_hold.point.y);
    const glm::vec3 foot = frame.animated[side].translation + shift;
    hold = glm::vec3(before->x - foot.x, 0.0f, before->z - foot.z);
    at_hold = TraceShifted(input, frame, plan, shift + hold);
  }
  edge_hold = hold;
  if (hold != glm::vec3(0.0f))
    frame.traces[side] = at_hold;
}

void CharacterIk::AimFoot(const CharacterIkInput& input, FeetFrame& frame, const FootPlan& plan) {
  const int side = plan.side;
  const IkRig& rig = assets_->rig();
  const CharacterIkSettings& settings = assets_->settings();
  const float root_height = plan.root_height;
  const std::optional<glm::vec3>& toe = plan.toe;
  const float sole_lift = plan.sole_lift;
  const glm::vec3 placed_shift =
      placement_.ledge_shift[side] + placement_.riser_shift[side] + placement_.edge_hold[side];
  const glm::vec3 traced_foot = frame.animated[side].translation + placed_shift;
  placement_.previous_ground[side] =
      frame.traces[side].hit ? std::optional<glm::vec3>(glm::vec3(
                                   traced_foot.x, frame.traces[side].point.y, traced_foot.z))
                             : std::nullopt;
  RememberStepAhead(placement_.step_ahead[side], frame.traces[side],
                    (toe ? *toe : frame.animated[side].translation) + placed_shift,
                    toe.has_value() && !IsFootPlanted(input.foot_lock[side]), plan.reach_cap,
                    settings.feet);
  const float foot_speed = glm::length(glm::vec2(plan.velocity.x, plan.velocity.z));
  if (toe && frame.traces[side].ahead_distance_m && *frame.traces[side].ahead_distance_m > 0.0f &&
      !IsFootPlanted(input.foot_lock[side]) && foot_speed > 1e-3f)
    frame.time_to_riser[side] = *frame.traces[side].ahead_distance_m / foot_speed;
  frame.offset_targets[side] = FootOffsetTarget(frame.traces[side], traced_foot, root_height,
                                                rig.foot_height_m * settings.foot_height_scale) +
                               placed_shift;
  // Moving onto higher ground, the foot rises first (its offset's rise is speed-capped), so
  // its sole is over the edge by the time it gets there.
  if (plan.going_to_ground && frame.traces[side].hit)
    frame.offset_targets[side].y += *plan.going_to_ground - frame.traces[side].point.y;
  // The step ahead is to be cleared by the sole, not only by the ankle's level: a swinging
  // sole already below the root's floor (the body climbs stairs ahead of the stance foot)
  // is raised by that much more, or its ball met the riser 9 cm low (showcase t 34.70).
  if (toe && frame.traces[side].ahead_height_m && sole_lift < 0.0f)
    frame.offset_targets[side].y = std::max(
        frame.offset_targets[side].y, *frame.traces[side].ahead_height_m - root_height - sole_lift);
  // A planted foot (the cooker says it is on the ground) whose animation holds its lowest
  // sole point above the clip's floor is settled down onto the ground, by at most
  // max_settle_m: the idle stands 1.2 cm up, which 25 degrees of slope took over the bar.
  // With the toe traced, heel and ball are each measured over the ground under them once
  // placed: a foot raised onto a step by its ball (the heel over the edge) comes down until
  // the ball is on the step (its heel, over the lower step, never gets there).
  // Eased in as the curve rises to planted (PlantedShare).
  const float target_settle_weight = PlantedShare(input.foot_lock[side]);
  if (target_settle_weight > 0.0f && frame.traces[side].hit) {
    float above = LowestSolePoint(rig.legs[side], rig.foot_height_m, frame.animated[side], kUp).y -
                  root_height;
    if (toe && frame.traces[side].toe_ground_m)
      above = HeelAndBallClearance(rig.legs[side], rig.foot_height_m, frame.animated[side], *toe,
                                   frame.offset_targets[side].y, frame.traces[side]);
    above -= settings.feet.sink_tolerance_m;
    frame.offset_targets[side].y -=
        std::clamp(above, 0.0f, settings.feet.max_settle_m) * target_settle_weight;
  }
  // A swinging foot is raised only as far as its lift does not already clear higher ground
  // (see EaseForSwing); lower ground still lowers it (and the pelvis) fully.
  if (frame.offset_targets[side].y > 0.0f)
    frame.offset_targets[side].y =
        EaseForSwing(frame.offset_targets[side].y, sole_lift - settings.feet.swing_clearance_m,
                     frame.swing[side]);
  if (frame.traces[side].hit) {
    const float ground =
        std::max({frame.traces[side].point.y,
                  frame.traces[side].toe_ground_m.value_or(frame.traces[side].point.y),
                  frame.traces[side].ahead_height_m.value_or(frame.traces[side].point.y)});
    frame.lowest_clear_offset[side] =
        ground - root_height + settings.feet.swing_clearance_m - sole_lift;
  }
  frame.tilt_targets[side] = FootTiltTarget(frame.traces[side], settings.feet.max_foot_tilt_rad);
  frame.enable[side] = input.enable_foot_ik[side];
}

void CharacterIk::PlanAirborneFoot(const CharacterIkInput& input, int side, FeetFrame& frame) {
  const IkRig& rig = assets_->rig();
  const CharacterIkSettings& settings = assets_->settings();
  const float root_height = input.character_world.translation.y;
  placement_.ledge_shift[side] = glm::vec3(0.0f);
  placement_.riser_shift[side] = glm::vec3(0.0f);
  placement_.step_ahead[side].reset();
  placement_.edge_hold[side] = glm::vec3(0.0f);
  placement_.previous_ground[side].reset();
  // Airborne: no offsets (nothing pulls the feet toward the ground), but the ground under
  // each foot is still traced so the sole is kept above it below: the last falling frame
  // before touchdown put a foot 1.4 cm through the floor landing off a ledge.
  frame.traces[side] = TraceFoot(*input.world, frame.animated[side].translation, root_height,
                                 settings.feet, glm::vec3(0.0f));
  if (frame.traces[side].hit && frame.fall_speed > 0.0f) {
    const LegRig& leg = rig.legs[side];
    const glm::vec3 sole = GuardedSolePoint(leg, rig.foot_height_m, frame.animated[side], kUp,
                                            settings.feet.sink_guard_toe);
    const float hang = root_height - sole.y;
    const float time_to_ground = (root_height - frame.traces[side].point.y) / frame.fall_speed;
    frame.tuck[side] = std::max(
        0.0f, hang - settings.feet.max_landing_tuck_speed_m_s * std::max(0.0f, time_to_ground));
  }
}

// The pelvis's target from the feet, and the feet's and pelvis's offsets moved toward theirs.
void CharacterIk::PlacePelvisAndFeet(const CharacterIkInput& input, float dt, FeetFrame& frame) {
  const IkRig& rig = assets_->rig();
  const CharacterIkSettings& settings = assets_->settings();
  const Transform& world_from_model = input.character_world;
  const float root_height = world_from_model.translation.y;
  // The offsets are relative to the root, which climbs a ramp or stairs continuously; shifting
  // them as it moves keeps them anchored in the world, so a planted foot's target stays put
  // instead of sliding at the root's vertical speed, which the smoothing lagged (a planted foot
  // floated 4-5 cm walking up 25 degrees).
  if (input.grounded && placement_root_height_) {
    const float rise = root_height - *placement_root_height_;
    // Not a swinging foot's while the root goes down: it is not on the ground, and held up in
    // the world it lagged the root down stairs by 10 cm, then fell back under the body within a
    // few frames once the root stopped (showcase t 38.8, thigh 21 degrees a frame). Climbing, it
    // stays anchored (the climb's raise is capped), like the pelvis.
    for (int side = 0; side < 2; ++side)
      placement_.offset[side].y -= rise < 0.0f ? rise * (1.0f - frame.swing[side]) : rise;
    // The pelvis may be anchored only against the part of a climb faster than a steady climb
    // (pelvis_steady_climb_m_s): anchored against all of it, a steady climb keeps it below its
    // target by its damper's lag (the Knight running up 10 degrees, 0.6 m/s up: 7 cm under a
    // target of 3-4 cm, and its swinging leg folded past its limit).
    // A climb faster than the pelvis may rise (a sprint up stairs: 1.7 m/s against 1.2) would
    // leave it further below its target every step; the pelvis follows that much of the root's
    // average climb (PelvisClimbFollowShare), and is anchored only against the steps' jolts about
    // it.
    const float half_life = settings.feet.pelvis_climb_average_half_life_s;
    if (half_life > 0.0f && dt > 0.0f) {
      const float keep = std::exp2(-dt / half_life);
      average_climb_m_s_ = keep * average_climb_m_s_ + (1.0f - keep) * (rise / dt);
    }
    const float followed =
        half_life > 0.0f
            ? PelvisClimbFollowShare(average_climb_m_s_, settings.feet) * average_climb_m_s_
            : 0.0f;
    const float steady_rise = std::max(settings.feet.pelvis_steady_climb_m_s, followed) * dt;
    placement_.pelvis_offset_m -= rise > steady_rise ? rise - steady_rise : std::min(rise, 0.0f);
  }
  placement_root_height_ = input.grounded ? std::optional<float>(root_height) : std::nullopt;
  // A swinging foot over lower ground pulls the pelvis down no faster than
  // max_pelvis_swing_drop_speed_m_s, fully once it comes down (frame.swing 0).
  float pelvis_target = 0.0f;
  for (int side = 0; side < 2; ++side) {
    const float weight =
        std::isfinite(frame.enable[side]) ? std::clamp(frame.enable[side], 0.0f, 1.0f) : 0.0f;
    float pull_y = frame.offset_targets[side].y;
    // A held foot pulls the pelvis toward the ground where it is held, not the ground under its
    // frame.animated twin: turning away on a stair (a 180 start), the twin swung over the step
    // below and took the pelvis's target 15 cm down (2.4 cm in a frame) while the foot stood on its
    // step.
    const FootLockState& lock = locks_[side];
    // Faded out with the lock's curve as the foot is released toward its twin.
    const float held_share = PlantedShare(input.foot_lock[side]);
    if (input.grounded && input.world != nullptr && lock.locked && lock.body == world::kNoBody &&
        held_share > 0.0f && frame.traces[side].hit) {
      const FootTrace held =
          TraceFoot(*input.world, lock.held.translation, root_height, settings.feet);
      if (held.hit)
        pull_y += held_share * (held.point.y - frame.traces[side].point.y);
    }
    float pull = std::min(0.0f, pull_y * weight);
    const float cap = settings.feet.max_pelvis_swing_drop_speed_m_s;
    if (cap > 0.0f && frame.swing[side] > 0.0f) {
      const float limited = std::max(pull, std::min(0.0f, placement_.pelvis_offset_m) - cap * dt);
      pull += std::min(frame.swing[side], 1.0f) * (limited - pull);
    }
    pelvis_target = std::min(pelvis_target, pull);
  }
  if (input.grounded && settings.lock.max_pelvis_reach_drop_m > 0.0f) {
    for (int side = 0; side < 2; ++side) {
      const FootLockState& lock = locks_[side];
      if (!IsHeldOnStaticGround(lock, input.foot_lock[side])) {
        animated_reach_drop_[side] = 0.0f;
        continue;
      }
      const LegRig& leg = rig.legs[side];
      const glm::vec3 hip = model_[leg.chain.upper].translation;
      // Where the held foot is shown: its height follows placement (the last it was shown at),
      // and the plant's own was 2 cm above it as the Knight settled from a sprint stop into its
      // idle; reached for there, the foot was drawn 2.4 cm in under a rising hip.
      glm::vec3 held = lock.held.translation;
      if (lock.followed)
        held.y = lock.followed->translation.y;
      // Inside the soft band the solve already falls short of the target: the foot crept 2.6 cm
      // toward a rising hip.
      const float reach = SoftReach(settings, LegLength(model_, leg));
      pelvis_target =
          std::min(pelvis_target, PelvisDropToReach(world_from_model.TransformPoint(hip), held,
                                                    reach, settings.lock.max_pelvis_reach_drop_m));
      // And within the reach the clip gives it, eased in (FootLockSettings).
      if (const float speed = settings.lock.animated_reach_drop_speed_m_s; speed > 0.0f) {
        const float animated_reach =
            std::min(reach, glm::length(model_[leg.chain.end].translation - hip));
        const float wanted =
            PelvisDropToReach(world_from_model.TransformPoint(hip), held, animated_reach,
                              settings.lock.max_pelvis_reach_drop_m);
        animated_reach_drop_[side] = std::max(wanted, animated_reach_drop_[side] - speed * dt);
        pelvis_target = std::min(pelvis_target, animated_reach_drop_[side]);
      }
    }
  }
  // A foot moved onto the ledge beside it (under the body, away from its hip) is kept within
  // its leg's reach by lowering the pelvis, by no more than the leg's step down: held there by
  // the lock, it was drawn back toward the hip until it stood on the ledge's very edge.
  if (input.grounded) {
    for (int side = 0; side < 2; ++side) {
      if (placement_.ledge_shift[side] == glm::vec3(0.0f) || !(frame.enable[side] > 0.0f))
        continue;
      const LegRig& leg = rig.legs[side];
      const glm::vec3 hip = model_[leg.chain.upper].translation;
      const float reach = SoftReach(settings, LegLength(model_, leg));
      const glm::vec3 foot = frame.animated[side].translation + frame.offset_targets[side];
      // Eased in as the foot comes down (a swinging foot needs no reach, and its target sweeps
      // about with the frame.swing: the pelvis followed it 4 cm in a frame).
      pelvis_target =
          std::min(pelvis_target, PlantedShare(input.foot_lock[side]) *
                                      PelvisDropToReach(world_from_model.TransformPoint(hip), foot,
                                                        reach, frame.max_step_down[side]));
    }
  }
  // A swinging foot about to land on a step down reaches down to it before it lands, and takes the
  // pelvis down with it (foot_placement.landing_drop_lead_s): descending stairs, the foot swung
  // level with the pelvis over the tread it left and planted 12 cm over the tread below.
  std::array<float, 2> landing_share{0.0f, 0.0f};
  // A swing found landing on a step down lands on it until the foot plants (see below).
  for (int side = 0; side < 2; ++side) {
    if (!input.grounded || IsFootPlanted(input.foot_lock[side]))
      landing_onto_step_[side] = false;
    if (!input.grounded || input.world == nullptr)
      stance_ground_[side].reset();
    else if (IsFootPlanted(input.foot_lock[side]) && frame.traces[side].hit)
      stance_ground_[side] = frame.traces[side];
  }
  std::array<float, 2> landing_offset{0.0f, 0.0f};
  for (int side = 0; side < 2; ++side) {
    if (!input.grounded || input.world == nullptr ||
        (!(frame.swing[side] > 0.0f) && !landing_onto_step_[side]) || !input.plant_travel[side] ||
        !input.plant_time_s[side] || !frame.traces[side].hit)
      continue;
    const float share =
        LandingDropShare(*input.plant_time_s[side], settings.feet.landing_drop_lead_s);
    if (!(share > 0.0f))
      continue;
    // Where the foot lands, moved onto a ledge or off a riser as it will be: predicted over the
    // floor beside the stairs, a foot climbing them along their side edge reached 15 cm down into
    // the tread it was moved onto. Off a riser, where its shift is going, not where it has got to:
    // a foot moved forward off the step it was over reached for that step until the last frame.
    const glm::vec3 landing_at = frame.animated[side].translation + *input.plant_travel[side] +
                                 placement_.ledge_shift[side] + frame.riser_wanted[side];
    const FootTrace landing = TraceFoot(*input.world, landing_at, root_height, settings.feet);
    // A step down, not the slope under the foot going on. Once found, the swing lands on it
    // until the foot plants: over the step's edge the plane under the foot is the lower tread's
    // and shows no step, and walking down the stairs, a foot that crossed the edge a frame before
    // its plant lost its reach down (and the pelvis with it) and planted 5.7 cm over the tread.
    if (!landing.hit)
      continue;
    // Below the plane under the foot now, or under it where it last stood: walking down the
    // stairs two treads a stride, the Knight's foot swung over the edge before its landing was
    // looked at, the ground under it was already the lower tread's, and it followed the pelvis
    // down rather than reaching for the tread (6.6 cm down at the plant, 21.6 deg).
    const auto below = [&](const FootTrace& plane) {
      return PlaneHeightAt(plane, landing.point.x, landing.point.z) - landing.point.y >=
             kMinStairStepM;
    };
    // The stance's plane only between level grounds, a stair's treads: beside a ramp's side edge
    // the ramp's plane, carried on over the floor, is no step.
    const auto level = [&](const FootTrace& trace) {
      return trace.normal.y >= kLevelStanceNormalY;
    };
    const bool step_down =
        below(frame.traces[side]) || (stance_ground_[side] && level(*stance_ground_[side]) &&
                                      level(landing) && below(*stance_ground_[side]));
    if (!step_down && !landing_onto_step_[side])
      continue;
    landing_onto_step_[side] = true;
    landing_share[side] = share;
    landing_offset[side] = landing.point.y - root_height;
    const float weight = std::clamp(frame.enable[side], 0.0f, 1.0f);
    pelvis_target = std::min(pelvis_target, share * weight * std::min(0.0f, landing_offset[side]));
  }
  // A swinging foot keeps its place under the hip: it follows the pelvis where it is now (not its
  // target: the pelvis rises slower than it drops, and a foot swinging under a pelvis still low
  // from the other foot's plant folded as tightly as without following), down as far as its sole
  // clears the ground, and up from ground lower than the pelvis (a sprint's trailing foot kicked
  // back over a ramp's lower ground was pulled past its leg's reach). The pelvis keeps the target
  // taken before (a foot following it down must not pull it further down: it sank 33 cm running
  // up 10 degrees). Less so as it reaches down to a step down it is about to land on.
  if (settings.feet.swing_follows_pelvis) {
    const float pelvis_now = std::min(0.0f, placement_.pelvis_offset_m);
    for (int side = 0; side < 2; ++side) {
      if (frame.lowest_clear_offset[side])
        frame.offset_targets[side].y = FollowPelvisInSwing(
            frame.offset_targets[side].y, pelvis_now, *frame.lowest_clear_offset[side],
            frame.swing[side] * (1.0f - landing_share[side]));
    }
  }
  for (int side = 0; side < 2; ++side) {
    if (landing_share[side] > 0.0f)
      frame.offset_targets[side].y = std::min(
          frame.offset_targets[side].y,
          glm::mix(frame.offset_targets[side].y, landing_offset[side], landing_share[side]));
  }
  // A swinging foot whose toe reaches a step up before the capped rise would clear it rises fast
  // enough to be up by then: held to the cap, the sole guard lifted it the rest in one frame
  // (9-14 cm walking up the showcase's stairs out of a run, a 21 degree knee jump).
  std::array<float, 2> min_rise_speeds{0.0f, 0.0f};
  for (int side = 0; side < 2; ++side) {
    if (!std::isfinite(frame.time_to_riser[side]) || !(dt > 0.0f))
      continue;
    const float weight = std::clamp(frame.enable[side], 0.0f, 1.0f);
    const float needed = frame.offset_targets[side].y * weight - placement_.offset[side].y;
    if (needed > 0.0f)
      min_rise_speeds[side] = needed / std::max(frame.time_to_riser[side], dt);
  }
  const float pelvis_before = placement_.pelvis_offset_m;
  UpdateFootPlacement(placement_, frame.offset_targets, frame.tilt_targets, frame.enable,
                      settings.feet, dt, min_rise_speeds, pelvis_target,
                      {IsFootPlanted(input.foot_lock[0]), IsFootPlanted(input.foot_lock[1])});
  // A foot landing on a step down is within its leg's reach by the time it plants: the pelvis
  // comes down that far by then (PelvisDropToReach of its placed foot), faster than its damper,
  // which (a quarter of the gap a frame) left the leg 4 cm short of the tread at the plant.
  for (int side = 0; side < 2; ++side) {
    if (!(landing_share[side] > 0.0f) || !input.plant_time_s[side] || !(dt > 0.0f))
      continue;
    const LegRig& leg = rig.legs[side];
    const glm::vec3 hip = world_from_model.TransformPoint(model_[leg.chain.upper].translation);
    const glm::vec3 foot = frame.animated[side].translation + placement_.offset[side];
    const float needed = PelvisDropToReach(hip, foot, SoftReach(settings, LegLength(model_, leg)),
                                           frame.max_step_down[side]);
    const float gap = pelvis_before - needed;
    if (!(gap > 0.0f))
      continue;
    placement_.pelvis_offset_m = std::min(
        placement_.pelvis_offset_m,
        pelvis_before - gap * std::min(1.0f, dt / std::max(*input.plant_time_s[side], dt)));
  }
}

Status CharacterIk::LowerPelvis(const CharacterIkInput& input) {
  const IkRig& rig = assets_->rig();
  const Transform model_from_world = input.character_world.Inverse();
  // Lower the pelvis (world vertical, expressed in its parent's space).
  if (placement_.pelvis_offset_m < 0.0f) {
    const int parent = assets_->skeleton().parents[rig.pelvis];
    const glm::vec3 drop_model = model_from_world.TransformVector(kUp * placement_.pelvis_offset_m);
    const glm::vec3 drop_local =
        parent < 0 ? drop_model
                   : glm::inverse(model_[parent].rotation) * drop_model / model_[parent].scale;
    local_[rig.pelvis].translation += drop_local;
    if (Status moved = RecomputeModel(assets_->skeleton(), local_, model_); !moved)
      return moved;
  }
  return Status::Ok();
}

// Leg `side`'s foot placed, locked and solved to (the knee and ankle speed limits with it).
Status CharacterIk::SolveLeg(const CharacterIkInput& input, float dt, int side,
                             const FeetFrame& frame) {
  const IkRig& rig = assets_->rig();
  const CharacterIkSettings& settings = assets_->settings();
  const Transform& world_from_model = input.character_world;
  const Transform model_from_world = world_from_model.Inverse();
  const float root_height = world_from_model.translation.y;
  const LegRig& leg = rig.legs[side];
  Transform placed = frame.animated[side];
  placed.translation += placement_.offset[side];
  placed.translation.y += frame.tuck[side];
  // Tilted to the ground before it is settled: the tilt turns the ball up a slope, and settled
  // first, a foot stopped at the top of a ramp (ball on the landing, heel on the ramp) was then
  // tilted 10 degrees and stood 2.5 cm over both.
  placed.rotation = glm::normalize(placement_.tilt[side] * placed.rotation);
  // Not so close to the hip that the leg folds shut (legs.min_swing_reach) while it swings
  // (a planted foot stays on its ground), before the sole guards below: a toe lowered with it
  // must not go into the riser it is passing.
  if (const float unplanted =
          1.0f -
          PlantedShare(input.grounded && settings.lock.enabled ? input.foot_lock[side] : 0.0f);
      unplanted > 0.0f && settings.min_swing_reach > 0.0f) {
    const float lowered =
        KeepOffHip(world_from_model.TransformPoint(model_[leg.chain.upper].translation),
                   placed.translation, settings.min_swing_reach * LegLength(model_, leg));
    placed.translation.y += unplanted * (lowered - placed.translation.y);
  }
  // With the toe traced, a planted foot still above the ground once placed (its offset lags a
  // raise it no longer needs: a landing toe passed over the first step's edge) is put down now,
  // onto the lower of its heel and ball.
  const float settle_weight = PlantedShare(input.foot_lock[side]);
  if (settings.feet.sink_guard_toe && settle_weight > 0.0f && frame.traces[side].hit &&
      frame.traces[side].toe_ground_m) {
    const std::optional<glm::vec3> placed_toe = ToeSolePoint(leg, placed);
    if (placed_toe) {
      const float above = HeelAndBallClearance(leg, rig.foot_height_m, placed, *placed_toe, 0.0f,
                                               frame.traces[side]) -
                          settings.feet.sink_tolerance_m;
      const float settle = EaseSettle(
          placement_.settle_m[side],
          std::clamp(above, 0.0f, settings.feet.max_settle_m) * frame.enable[side] * settle_weight,
          settle_weight, settings.feet.max_settle_speed_m_s, dt);
      placement_.settle_m[side] = settle;
      placed.translation.y -= settle;
    } else {
      placement_.settle_m[side] = 0.0f;
    }
  } else {
    placement_.settle_m[side] = 0.0f;
  }
  if (frame.traces[side].hit) {
    // Never through the surface: the lower of the heel's and the ball's sole points (along the
    // foot's own up axis, so a heel strike's pitched foot is not lifted early) stays above the
    // traced plane, within a tolerance (animations sink a planted foot a little; offsets lag a
    // step; a dead blend carries a landing foot's downward speed on into the floor). Whatever
    // Enable_FootIK says: it gates the ground's offsets, but a landing's curve ramping in from 0
    // let the landing foot sink 4 cm below the floor.
    const glm::vec3 sole = GuardedSolePoint(
        leg, rig.foot_height_m, placed, frame.traces[side].normal, settings.feet.sink_guard_toe);
    const float sink = -glm::dot(sole - frame.traces[side].point, frame.traces[side].normal) -
                       settings.feet.sink_tolerance_m;
    if (sink > 0.0f)
      placed.translation += frame.traces[side].normal * sink;
    // With the toe guard, heel and ball are each kept above the ground under them, not only
    // above the plane under the ankle (which across a step's edge is the ground under neither).
    if (settings.feet.sink_guard_toe && input.world != nullptr)
      KeepSoleAboveGround(*input.world, leg, rig.foot_height_m, root_height, settings.feet, placed);
  }
  // Static ground holds a planted foot in world space, whichever static body the trace under
  // the frame.animated foot finds: as the body moves on, that trace crosses onto the next stair or
  // the platform beside it, and a lock kept in the first body's space was dropped and planted
  // again up there (a 30 cm jump beside the showcase's platform). Only a moving body carries it.
  std::optional<Transform> body_transform;
  world::BodyId lock_body = world::kNoBody;
  if (input.world != nullptr && frame.traces[side].hit &&
      input.world->IsMovingBody(frame.traces[side].body)) {
    body_transform = input.world->BodyTransform(frame.traces[side].body);
    lock_body = frame.traces[side].body;
  }
  const float lock_curve = input.grounded && settings.lock.enabled ? input.foot_lock[side] : 0.0f;
  const auto follows_placement = [&] {
    return settings.lock.follow_placement_height && frame.traces[side].hit &&
           frame.traces[side].body == locks_[side].ground && frame.enable[side] > 0.0f;
  };
  if (!follows_placement())
    HoldLastFollowed(locks_[side]);
  Transform target_world = UpdateFootLock(
      locks_[side], lock_curve, placed, lock_body, body_transform,
      frame.traces[side].hit ? frame.traces[side].body : world::kNoBody,
      settings.lock.min_release_s > 0.0f && dt > 0.0f ? dt / settings.lock.min_release_s : 1.0f);
  // The lock holds the foot's place on the ground; its height keeps following placement, so a
  // foot planted while its offset was still settling (a step, a slope) does not hover or sink.
  // Only while the frame.animated foot's trace is on the body the foot was planted on: the plane
  // under it then extends under the held foot. Over the next stair or the platform beside it,
  // it says nothing of the ground where the foot is held (a foot held on the floor rose 30 cm
  // onto the platform its frame.animated twin had drifted over), and the height and tilt it was
  // last shown with stand (HoldLastFollowed).
  if (follows_placement()) {
    // Placement traced the ground under the frame.animated foot; the lock holds it elsewhere, so
    // on a slope the held foot takes the height of the traced plane where it is held (an idle
    // on 25 degrees held its heel 2 cm over the slope, 4.5 cm uphill of the animation's).
    target_world.translation.y =
        placed.translation.y +
        PlaneRise(frame.traces[side].normal, target_world.translation - placed.translation);
    target_world.rotation = HoldYawFollowTilt(target_world.rotation, placed.rotation);
    if (locks_[side].locked && IsFootPlanted(lock_curve))
      RecordFollowedFoot(locks_[side], target_world, body_transform);
  }
  // A foot being released slides from where it was held to the placed one: across a step's
  // edge its ball went 4.5 cm into the higher step (a 180 start off a stair, the held foot
  // drawn back with the turning body), so it is kept above the ground there too.
  if (locks_[side].locked && !IsFootPlanted(lock_curve) && settings.feet.sink_guard_toe &&
      input.world != nullptr && frame.traces[side].hit)
    KeepSoleAboveGround(*input.world, leg, rig.foot_height_m, root_height, settings.feet,
                        target_world);
  // A held foot its leg cannot reach (a plant made part way back to the stride before it, a
  // capsule outrunning its clip) would be shown lifted off the ground by the leg's reach clamp:
  // 2.5 cm in a backward walk at full speed. It is drawn toward the hip along the ground
  // instead, and held there: a short slide on the ground rather than a floating foot. Only a
  // little per plant: a capsule that keeps outrunning its clip (a pivot turning on the spot at
  // run speed) dragged the foot 20 cm in four frames, no better than lifting it.
  if (!locks_[side].locked || !IsFootPlanted(lock_curve))
    reach_drawn_m_[side] = 0.0f;
  if (IsHeldOnStaticGround(locks_[side], lock_curve)) {
    const glm::vec3 hip = model_[leg.chain.upper].translation;
    const glm::vec3 knee = model_[leg.chain.lower].translation;
    const glm::vec3 ankle = model_[leg.chain.end].translation;
    // The hard reach: inside it the leg's soft band eases the last few mm, as in every
    // stride's push-off; only a foot held beyond the leg itself is drawn in.
    const float reach = std::clamp(settings.max_leg_extension, 0.0f, 1.0f) *
                        (glm::length(knee - hip) + glm::length(ankle - knee));
    const float drawn =
        DrawHeldFootIntoReach(input.world, leg, rig.foot_height_m, root_height, settings.feet,
                              world_from_model.TransformPoint(hip), reach,
                              settings.lock.max_reach_draw_m - reach_drawn_m_[side], target_world);
    if (drawn > 0.0f) {
      reach_drawn_m_[side] += drawn;
      locks_[side].held.translation.x = target_world.translation.x;
      locks_[side].held.translation.z = target_world.translation.z;
    }
  }
  const glm::vec3 hip = model_[leg.chain.upper].translation;
  const glm::vec3 knee = model_[leg.chain.lower].translation;
  const glm::vec3 ankle = model_[leg.chain.end].translation;
  Transform target = model_from_world * target_world;
  // Never as high as the hip: a foot target at or above the hip folds the leg past its limit,
  // and the solve turns the thigh half round about its own axis in a frame (the Knight's stop on
  // the stairs with the pelvis lowered 30 cm for the lower foot put the upper foot's target 7 cm
  // over the hip). The foot is held a tenth of the leg's length below it instead.
  const float highest =
      hip.y - kMinFootDropUnderHip * (glm::length(knee - hip) + glm::length(ankle - knee));
  target.translation.y = std::min(target.translation.y, highest);

  // Knee direction: the frame.animated knee's bend, steadied by the thigh's forward axis.
  const glm::vec3 line = glm::normalize(ankle - hip);
  const glm::vec3 knee_offset = (knee - hip) - glm::dot(knee - hip, line) * line;
  const glm::vec3 thigh_axis = model_[leg.chain.upper].rotation * leg.knee_axis_in_thigh;
  anim::TwoBoneIkGoal goal;
  goal.target = target.translation;
  goal.pole = KneePole(knee_offset, thigh_axis, line, settings.knee_axis_weight_m);
  goal.max_extension = settings.max_leg_extension;
  goal.soft_extension = settings.leg_soft_extension;
  goal.set_end_rotation = true;
  goal.end_rotation = target.rotation;
  // A swinging knee bends and straightens no faster than legs.max_swing_knee_speed_deg_s; a
  // foot part way planted gets a band widened by its planted share (to at most
  // 1 / legs.min_knee_swing_share), a planted one none.
  const float swinging = 1.0f - PlantedShare(lock_curve);
  // Never slower than the animation's own knee, which the clip may frame.swing faster.
  const float animated_knee = KneeAngle(hip, knee, ankle);
  if (swinging > 0.0f && knees_[side] && settings.max_swing_knee_speed_deg_s > 0.0f) {
    const float max_step = std::max(Radians(settings.max_swing_knee_speed_deg_s) * dt,
                                    std::fabs(animated_knee - knees_[side]->animated_rad)) /
                           std::max(swinging, settings.min_knee_swing_share);
    const ReachRange range = KneeStepReachRange(glm::length(knee - hip), glm::length(ankle - knee),
                                                knees_[side]->solved_rad, max_step);
    goal.max_reach_m = range.max_m;
    // A knee that cannot bend fast enough leaves its foot beyond the target, lower: only as far
    // as the ground lets it (the foot stays above it as the sole guard keeps it). Where the
    // ground stops it, the foot is left beyond along the ground instead, at the target's height,
    // when the ground lifts it less there: lifted back toward the hip, the knee bent past its
    // limit, and the Knight's foot lifting off the terrain turned its knee 20-22 degrees in a
    // frame (footwork sweep of ik/terrain_walk, 5 of 10 starts; now 15).
    const glm::vec3 to_target = goal.target - hip;
    const float distance = glm::length(to_target);
    if (range.min_m > distance && distance > 0.0f && input.world != nullptr &&
        settings.feet.sink_guard_toe) {
      Transform beyond = world_from_model * target;
      beyond.translation =
          world_from_model.TransformPoint(hip + to_target * (range.min_m / distance));
      const glm::vec3 unguarded = beyond.translation;
      KeepSoleAboveGround(*input.world, leg, rig.foot_height_m, root_height, settings.feet, beyond);
      const glm::vec2 across(to_target.x, to_target.z);
      const float across_length = glm::length(across);
      if (beyond.translation.y > unguarded.y + 1e-4f && across_length > 1e-3f &&
          range.min_m > std::fabs(to_target.y)) {
        const float out = std::sqrt(range.min_m * range.min_m - to_target.y * to_target.y);
        const glm::vec3 level = hip + glm::vec3(across.x / across_length * out, to_target.y,
                                                across.y / across_length * out);
        Transform along = world_from_model * target;
        along.translation = world_from_model.TransformPoint(level);
        const glm::vec3 along_before = along.translation;
        KeepSoleAboveGround(*input.world, leg, rig.foot_height_m, root_height, settings.feet,
                            along);
        if (along.translation.y - along_before.y < beyond.translation.y - unguarded.y)
          beyond = along;
      }
      goal.target = model_from_world.TransformPoint(beyond.translation);
    }
  }
  goal.pole = KneeForwardOfLine(goal.pole, goal.target - hip);
  const glm::quat animated_ankle = local_[leg.chain.end].rotation;
  if (Status solved = anim::ApplyTwoBoneIk(assets_->skeleton(), leg.chain, goal, local_, model_);
      !solved)
    return solved;
  LimitSwingingAnkle(side, leg, animated_ankle, swinging, dt);
  knees_[side] =
      KneeAngles{KneeAngle(model_[leg.chain.upper].translation, model_[leg.chain.lower].translation,
                           model_[leg.chain.end].translation),
                 animated_knee};
  feet_[side].locked = locks_[side].locked && lock_curve > 0.0f;
  feet_[side].planted = IsFootPlanted(lock_curve);
  return Status::Ok();
}

void CharacterIk::LimitSwingingAnkle(int side, const LegRig& leg, const glm::quat& animated_ankle,
                                     float swinging, float dt) {
  const float speed = assets_->settings().max_swing_ankle_speed_deg_s;
  glm::quat& solved = local_[leg.chain.end].rotation;
  if (swinging > 0.0f && ankles_[side] && speed > 0.0f) {
    const float max_step =
        std::max(Radians(speed) * dt, AngleBetween(animated_ankle, ankles_[side]->animated)) /
        std::max(swinging, assets_->settings().min_ankle_swing_share);
    const float turned = AngleBetween(ankles_[side]->solved, solved);
    if (turned > max_step) {
      solved = glm::normalize(glm::slerp(ankles_[side]->solved, solved, max_step / turned));
      const int parent = assets_->skeleton().parents[static_cast<std::size_t>(leg.chain.end)];
      model_[leg.chain.end].rotation =
          glm::normalize(model_[static_cast<std::size_t>(parent)].rotation * solved);
    }
  }
  ankles_[side] = AnkleRotations{solved, animated_ankle};
}

Status CharacterIk::Update(const CharacterIkInput& input, std::span<const Transform> local,
                           std::span<const Transform> model, float dt) {
  const anim::Skeleton& skeleton = assets_->skeleton();
  if (local.size() != local_.size() || model.size() != model_.size()) {
    return Error{fmt::format("IK: pose of {}/{} joints for a skeleton of {}", local.size(),
                             model.size(), local_.size())};
  }
  if (!(dt > 0.0f) || !std::isfinite(dt))
    return Error{fmt::format("IK: time step {} s is not positive and finite", dt)};
  if (!IsFinite(input.character_world))
    return Error{"IK: character transform is not finite"};
  if (!std::isfinite(input.pushed_world.x) || !std::isfinite(input.pushed_world.y) ||
      !std::isfinite(input.pushed_world.z))
    return Error{"IK: push is not finite"};
  if (input.reset || !input.grounded) {
    for (FootLockState& lock : locks_)
      ResetFootLock(lock);
  }
  for (FootLockState& lock : locks_) {
    if (lock.locked && lock.body == world::kNoBody)
      lock.held.translation += input.pushed_world;
  }
  if (input.reset) {
    knees_ = {};
    ankles_ = {};
    placement_ = FootPlacementState{};
    placement_root_height_.reset();
    airborne_root_height_.reset();
    stance_ground_ = {};
  }
  // A climb is averaged over ground walked on: a jump's rise is not one.
  if (input.reset || !input.grounded)
    average_climb_m_s_ = 0.0f;

  UpdateOverlay(overlay_, assets_->settings().overlay_blend_s, dt);
  // The stance fades at a constant rate, like the overlays.
  const float stance_blend_s = assets_->settings().stance_blend_s;
  const float stance_goal = input.crouched ? 1.0f : 0.0f;
  const float stance_step = stance_blend_s > 0.0f ? dt / stance_blend_s : 1.0f;
  stance_ = stance_goal > stance_ ? std::min(stance_goal, stance_ + stance_step)
                                  : std::max(stance_goal, stance_ - stance_step);
  if (Status layered = ApplyOverlay(local, model); !layered)
    return layered;
  // Stride warping first: the lock then holds feet that already move with the ground.
  if (input.reset)
    stride_warp_ = StrideWarpState{};
  // Without a request (ratio back to 1, airborne) a drop still left eases out instead of the
  // pelvis rising by up to max_pelvis_drop_m in one frame.
  const bool warp_requested = input.stride_warp && input.grounded;
  if (warp_requested)
    stride_warp_settings_ = input.stride_warp->settings;
  if (warp_requested || stride_warp_.pelvis_drop_m > 0.0f) {
    const StrideWarpRequest warp = warp_requested ? *input.stride_warp : StrideWarpRequest{};
    if (auto warped = ApplyStrideWarping(skeleton, assets_->rig(), warp.direction_model,
                                         warp_requested ? warp.ratio : 1.0f, stride_warp_settings_,
                                         stride_warp_, dt, local_, model_);
        !warped)
      return warped.error();
  }
  if (Status placed = PlaceFeet(input, dt); !placed)
    return placed;
  if (Status modeled = RecomputeModel(skeleton, local_, model_); !modeled)
    return modeled;

  // Look-at on the final body.
  const IkRig& rig = assets_->rig();
  const Transform& world_from_model = input.character_world;
  const Transform model_from_world = world_from_model.Inverse();
  std::optional<glm::vec3> target_model;
  if (input.look_target_world && IsFinite(*input.look_target_world))
    target_model = model_from_world.TransformPoint(*input.look_target_world);
  UpdateLookAt(look_, target_model, model_[rig.head].translation, assets_->settings().look, dt);
  const std::optional<LookClip>& look_clip = assets_->look_clip();
  // A look clip's reach is whatever it was animated to: no look error is claimed for it.
  if (look_clip)
    look_.reachable = false;
  if (look_.weight > 0.0f) {
    const Status looked =
        look_clip ? ApplyLookClip(*look_clip, look_.amount.x, look_.weight, local_)
                  : ApplyLookAt(skeleton, rig, look_, assets_->settings().look, local_, model_);
    if (!looked)
      return looked;
    if (Status modeled = RecomputeModel(skeleton, local_, model_); !modeled)
      return modeled;
  }
  head_position_world_ = world_from_model.TransformPoint(model_[rig.head].translation);
  head_forward_world_ = glm::normalize(world_from_model.TransformVector(HeadForward(rig, model_)));

  for (int side = 0; side < 2; ++side) {
    const Transform foot = world_from_model * model_[rig.legs[side].chain.end];
    IkFoot& out = feet_[side];
    out.ankle = foot.translation;
    out.sole = HeelSolePoint(rig.legs[side], rig.foot_height_m, foot);
    out.toe_sole = ToeSolePoint(rig.legs[side], foot);
    out.surface_height_m.reset();
    out.toe_surface_height_m.reset();
    out.surface_body = world::kNoBody;
    if (input.measure_surface && input.world != nullptr) {
      const auto hit = input.world->RayCast(out.sole + kUp * 0.5f, out.sole - kUp * 1.0f);
      if (hit) {
        out.surface_height_m = hit->point.y;
        out.surface_body = hit->body;
      }
      // A run plants on the ball with the heel up, and a toe can sink where the heel does not.
      if (out.toe_sole && assets_->settings().feet.sink_guard_toe) {
        const auto toe_hit =
            input.world->RayCast(*out.toe_sole + kUp * 0.5f, *out.toe_sole - kUp * 1.0f);
        if (toe_hit)
          out.toe_surface_height_m = toe_hit->point.y;
      }
    }
    if (!input.grounded)
      out.locked = out.planted = false;
  }
  return Status::Ok();
}

}  // namespace footwork::ik
