#include "footwork/demo/npc_puppet.h"

#include <string>

#include "footwork/core/angles.h"

namespace footwork::demo {

std::optional<world::NpcDesc> LookingNpcOf(const world::Level& level) {
  for (const world::NpcDesc& npc : level.npcs) {
    if (npc.looks_at_player)
      return npc;
  }
  return std::nullopt;
}

NpcPuppet::NpcPuppet(std::shared_ptr<const locomotion::LocomotionAssets> assets,
                     std::shared_ptr<const ik::CharacterIkAssets> ik_assets,
                     const movement::CharacterMover& mover, const world::NpcDesc& npc)
    : character_(std::move(assets), mover.Spawn(npc.position_m), Radians(npc.yaw_deg)),
      stage_(std::move(ik_assets)),
      bottom_offset_m_(mover.settings().CentreToFloorM()) {}

Status NpcPuppet::Update(const movement::CharacterMover& mover, const glm::vec3& target_world,
                         float dt) {
  // The same steps as locomotion::LookingNpc::Update, so the drawn head matches the measured one.
  if (Status updated = character_.Update(mover, locomotion::LocomotionInput{}, dt); !updated)
    return WithContext("NPC", updated.error());
  stage_.SetLookTarget(target_world);
  if (Status ran = stage_.Update(character_, &mover.world(), bottom_offset_m_, dt, false); !ran)
    return WithContext("NPC", ran.error());
  return Status::Ok();
}

FramePose NpcPuppet::Pose() const {
  FramePose pose;
  const auto model = stage_.ik().model_pose();
  pose.model.assign(model.begin(), model.end());
  pose.world.translation = character_.movement().position - glm::vec3(0.0f, bottom_offset_m_, 0.0f);
  pose.world.rotation = QuatFromYaw(character_.actor_yaw());
  return pose;
}

Result<glm::vec3> HeadOfFrame(const sim::TraceFrame& frame, int head_joint,
                              float capsule_bottom_offset_m) {
  if (!frame.joints_model || head_joint < 0 ||
      static_cast<std::size_t>(head_joint) >= frame.joints_model->size())
    return Error{"trace frame at t=" + std::to_string(frame.t) +
                 ": no joint positions for the head (simulate with --joints)"};
  Transform world;
  world.translation = frame.position - glm::vec3(0.0f, capsule_bottom_offset_m, 0.0f);
  world.rotation = QuatFromYaw(Radians(frame.actor_yaw_deg));
  return world.TransformPoint((*frame.joints_model)[static_cast<std::size_t>(head_joint)]);
}

Result<std::vector<FramePose>> ReplayNpc(
    std::span<const sim::TraceFrame> frames,
    const std::shared_ptr<const locomotion::LocomotionAssets>& assets,
    const ik::CharacterIkSettings& ik_settings, const movement::CharacterMover& mover,
    const world::NpcDesc& npc, float capsule_bottom_offset_m) {
  auto ik_assets = locomotion::MakeCharacterIkAssets(*assets, ik_settings);
  if (!ik_assets)
    return ik_assets.error();
  const int head = (*ik_assets)->rig().head;
  NpcPuppet puppet(assets, *ik_assets, mover, npc);
  std::vector<FramePose> poses;
  poses.reserve(frames.size());
  for (std::size_t i = 0; i < frames.size(); ++i) {
    // The trace's own step; the first frame takes the next one's (a lone frame: 60 Hz).
    const double step = i > 0               ? frames[i].t - frames[i - 1].t
                        : frames.size() > 1 ? frames[1].t - frames[0].t
                                            : 1.0 / 60.0;
    auto head_position = HeadOfFrame(frames[i], head, capsule_bottom_offset_m);
    if (!head_position)
      return head_position.error();
    if (Status updated = puppet.Update(mover, *head_position, static_cast<float>(step)); !updated)
      return Error{"t = " + std::to_string(frames[i].t) + " s: " + updated.error().message};
    poses.push_back(puppet.Pose());
  }
  return poses;
}

}  // namespace footwork::demo
