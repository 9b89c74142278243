#include "footwork/locomotion/character_ik_stage.h"

#include <algorithm>
#include <map>
#include <string>

#include <fmt/format.h>

#include "footwork/anim/curve_names.h"
#include "footwork/core/angles.h"
#include "footwork/locomotion/plant_prediction.h"

namespace footwork::locomotion {

Result<std::shared_ptr<const ik::CharacterIkAssets>> MakeCharacterIkAssets(
    const LocomotionAssets& assets, ik::CharacterIkSettings settings) {
  const io::CookedLibrary& library = assets.library();
  const int idle = assets.FindClip("idle");
  if (idle < 0)
    return Error{
        fmt::format("IK: character '{}' has no 'idle' clip for BasePose_N", library.character)};
  const int crouch = assets.FindClip("crouch_idle");
  std::vector<ik::OverlaySource> overlays;
  const std::string prefix = kOverlayRolePrefix;
  const std::string crouch_suffix = kOverlayCrouchSuffix;
  const auto is_crouch_pose = [&](const std::string& name) {
    return name.size() > crouch_suffix.size() &&
           name.compare(name.size() - crouch_suffix.size(), crouch_suffix.size(), crouch_suffix) ==
               0;
  };
  for (const anim::Clip& clip : library.clips) {
    if (clip.name.rfind(prefix, 0) == 0 && !is_crouch_pose(clip.name))
      overlays.push_back({clip.name.substr(prefix.size()), &clip, 0.0f});
  }
  // overlay_<name>_clf: <name>'s pose authored on BasePose_CLF.
  for (const anim::Clip& clip : library.clips) {
    if (clip.name.rfind(prefix, 0) != 0 || !is_crouch_pose(clip.name))
      continue;
    const std::string name =
        clip.name.substr(prefix.size(), clip.name.size() - prefix.size() - crouch_suffix.size());
    const auto standing = std::find_if(overlays.begin(), overlays.end(),
                                       [&](const ik::OverlaySource& o) { return o.name == name; });
    if (standing == overlays.end()) {
      return Error{fmt::format("IK on '{}': '{}' has no standing overlay '{}{}'", library.character,
                               clip.name, prefix, name)};
    }
    standing->crouch_clip = &clip;
  }
  // A stand-in must be one of the character's own overlays: said when the character is set up,
  // not when a scenario first asks for the overlay it replaces.
  for (const auto& [asked, own] : settings.overlay_stand_ins) {
    if (std::none_of(overlays.begin(), overlays.end(),
                     [&](const ik::OverlaySource& o) { return o.name == own; })) {
      std::string known;
      for (const ik::OverlaySource& overlay : overlays)
        known += (known.empty() ? "" : ", ") + overlay.name;
      return Error{fmt::format(
          "IK on '{}': overlay.stand_ins.{}: the character has no overlay '{}' (it has: {})",
          library.character, asked, own, known.empty() ? "none" : known)};
    }
  }
  // The look clip when the character description names one (a role of that name).
  const int look = settings.look_clip.empty() ? -1 : assets.FindClip(settings.look_clip);
  auto created = ik::CharacterIkAssets::Create(
      library.skeleton, library.rig_profile, library.clips[static_cast<std::size_t>(idle)],
      crouch >= 0 ? &library.clips[static_cast<std::size_t>(crouch)] : nullptr, overlays, settings,
      look >= 0 ? &library.clips[static_cast<std::size_t>(look)] : nullptr);
  if (!created)
    return WithContext("IK on '" + library.character + "'", created.error());
  return created;
}

CharacterIkStage::CharacterIkStage(std::shared_ptr<const ik::CharacterIkAssets> assets)
    : ik_(std::move(assets)) {}

Status CharacterIkStage::SetOverlay(const std::string& name) {
  if (name.empty() || name == "none")
    return ik_.SetOverlay(-1);
  int index = ik_.assets().FindOverlay(name);
  // A character without it may name one of its own to play instead (overlay.stand_ins).
  const std::map<std::string, std::string>& stand_ins = ik_.assets().settings().overlay_stand_ins;
  const auto stand_in = stand_ins.find(name);
  if (index < 0 && stand_in != stand_ins.end())
    index = ik_.assets().FindOverlay(stand_in->second);
  if (index < 0) {
    std::string known;
    for (const ik::OverlayPose& overlay : ik_.assets().overlays())
      known += (known.empty() ? "" : ", ") + overlay.name;
    return Error{fmt::format("overlay '{}'{} not found (the character has: {})", name,
                             stand_in != stand_ins.end()
                                 ? fmt::format(" (nor its stand-in '{}')", stand_in->second)
                                 : "",
                             known.empty() ? "none" : known)};
  }
  return ik_.SetOverlay(index);
}

Status CharacterIkStage::Update(const LocomotionCharacter& character,
                                const world::CollisionWorld* world, float capsule_bottom_offset_m,
                                float dt, bool measure_surface) {
  const movement::MovementState& movement = character.movement();
  const LocomotionOutput& output = character.output();
  ik::CharacterIkInput input;
  input.character_world.translation =
      movement.position - glm::vec3(0.0f, capsule_bottom_offset_m, 0.0f);
  input.character_world.rotation = QuatFromYaw(character.actor_yaw());
  input.foot_lock = {character.Curve(anim::curve_names::kFootLockLeft),
                     character.Curve(anim::curve_names::kFootLockRight)};
  input.enable_foot_ik = {character.Curve(anim::curve_names::kEnableFootIkLeft),
                          character.Curve(anim::curve_names::kEnableFootIkRight)};
  input.grounded = movement.mode == movement::MovementMode::kWalking;
  input.pushed_world = movement.pushed;
  // A frame-to-frame capsule jump longer than the teleport distance (no locomotion moves that
  // fast) starts the locks and offsets over. A jump or a fall does not: airborne, the locks
  // release and the offsets ease out on their own; zeroing them at takeoff snapped the legs and
  // pelvis in one frame (showcase t 50.60, thigh.L 21 deg off a run start on the terrain).
  const float teleport_m = ik_.assets().settings().lock.teleport_distance_m;
  input.reset = !first_frame_ && glm::length(movement.position - previous_position_) > teleport_m;
  input.look_target_world = look_target_;
  input.world = world;
  input.measure_surface = measure_surface;
  auto stride_warp = stride_warp_.Update(character, dt, input.reset);
  if (!stride_warp)
    return stride_warp.error();
  input.stride_warp = *stride_warp;
  if (!plant_predictor_ || &plant_predictor_->assets() != &character.assets())
    plant_predictor_.emplace(character.assets(), ik_.assets().rig().legs);
  const auto plants = plant_predictor_->Predict(character);
  for (int side = 0; side < 2; ++side) {
    if (!plants[side])
      continue;
    input.plant_travel[side] = input.character_world.rotation * plants[side]->ankle_travel;
    input.plant_ball_travel[side] = input.character_world.rotation * plants[side]->ball_travel;
    input.plant_time_s[side] = plants[side]->time_s;
  }
  input.stop_landing = plant_predictor_->StopLandings(character, input.character_world);
  previous_position_ = movement.position;
  first_frame_ = false;
  if (Status ran = ik_.Update(input, output.local_pose, output.model_pose, dt); !ran)
    return ran;
  if (measure_surface && world != nullptr)
    MeasureSurfaceMotion(*world, dt);
  return Status::Ok();
}

void CharacterIkStage::MeasureSurfaceMotion(const world::CollisionWorld& world, float dt) {
  for (int side = 0; side < 2; ++side) {
    const ik::IkFoot& foot = ik_.feet()[side];
    SurfaceUnderFoot& surface = surfaces_[static_cast<std::size_t>(side)];
    surface.velocity_m_s.reset();
    const std::optional<Transform> now =
        foot.surface_body == world::kNoBody ? std::nullopt : world.BodyTransform(foot.surface_body);
    if (now && foot.surface_height_m) {
      const glm::vec3 point(foot.sole.x, *foot.surface_height_m, foot.sole.z);
      glm::vec3 moved(0.0f);
      if (surface.body == foot.surface_body) {
        // Where the body's motion since last frame carried this point (exact over the step,
        // turns included, even where a platform reverses).
        moved = now->TransformPoint(surface.transform.InverseTransformPoint(point)) - point;
      } else {
        // Just stepped onto it: its current velocity is the best estimate.
        moved = world.BodyVelocity(foot.surface_body) * dt;
      }
      if (moved != glm::vec3(0.0f))
        surface.velocity_m_s = moved / dt;
    }
    surface.body = now ? foot.surface_body : world::kNoBody;
    surface.transform = now.value_or(Transform{});
  }
}

void CharacterIkStage::WriteTrace(sim::TraceFrame& frame) const {
  const auto write_foot = [](const ik::IkFoot& foot, const SurfaceUnderFoot& surface,
                             sim::FootSample& sample) {
    sample.position = foot.ankle;
    sample.locked = foot.locked;
    sample.contact = foot.planted;
    sample.sole_height_m = foot.sole.y;
    sample.surface_height_m = foot.surface_height_m;
    sample.toe_height_m = foot.toe_sole ? std::optional<float>(foot.toe_sole->y) : std::nullopt;
    sample.toe_surface_height_m = foot.toe_surface_height_m;
    sample.surface_velocity_m_s = surface.velocity_m_s;
  };
  write_foot(ik_.feet()[ik::kLeft], surfaces_[ik::kLeft], frame.foot_left);
  write_foot(ik_.feet()[ik::kRight], surfaces_[ik::kRight], frame.foot_right);
  frame.pelvis_offset_m = ik_.pelvis_offset_m();
  if (look_target_) {
    sim::LookSample look;
    look.head_position = ik_.head_position_world();
    look.head_forward = ik_.head_forward_world();
    look.target = *look_target_;
    look.reachable = ik_.look().reachable;
    frame.look = look;
  }
  const std::span<const Transform> model = ik_.model_pose();
  if (frame.joints_model) {
    for (std::size_t j = 0; j < model.size() && j < frame.joints_model->size(); ++j)
      (*frame.joints_model)[j] = model[j].translation;
  }
  const std::span<const Transform> local = ik_.local_pose();
  frame.local_rotations.clear();
  for (const Transform& joint : local)
    frame.local_rotations.push_back(joint.rotation);
}

LookingNpc::LookingNpc(std::shared_ptr<const LocomotionAssets> assets,
                       std::shared_ptr<const ik::CharacterIkAssets> ik_assets,
                       const movement::CharacterMover& mover, const glm::vec3& position, float yaw)
    : character_(std::move(assets), mover.Spawn(position), yaw),
      stage_(std::move(ik_assets)),
      bottom_offset_m_(mover.settings().CentreToFloorM()) {}

Status LookingNpc::Update(const movement::CharacterMover& mover, const glm::vec3& target_world,
                          float dt) {
  if (Status updated = character_.Update(mover, LocomotionInput{}, dt); !updated)
    return WithContext("NPC", updated.error());
  stage_.SetLookTarget(target_world);
  if (Status ran = stage_.Update(character_, &mover.world(), bottom_offset_m_, dt, false); !ran)
    return WithContext("NPC", ran.error());
  return Status::Ok();
}

sim::LookSample LookingNpc::look() const {
  sim::LookSample look;
  look.head_position = stage_.ik().head_position_world();
  look.head_forward = stage_.ik().head_forward_world();
  look.target = stage_.look_target().value_or(look.head_position + look.head_forward);
  look.reachable = stage_.ik().look().reachable;
  return look;
}

}  // namespace footwork::locomotion
