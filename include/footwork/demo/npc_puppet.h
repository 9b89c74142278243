#pragma once
// The level's looking NPC as the demo, `footwork render` and the viewer draw it: the same idle
// locomotion character with its own IK stage as locomotion::LookingNpc (which the simulation
// measures), here with its pose exposed for drawing. Its head turns toward a target each frame,
// the player's head.

#include <memory>
#include <optional>
#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "footwork/core/error.h"
#include "footwork/demo/trace_pose.h"
#include "footwork/ik/ik_settings.h"
#include "footwork/locomotion/character_ik_stage.h"
#include "footwork/locomotion/locomotion_character.h"
#include "footwork/movement/character_mover.h"
#include "footwork/sim/trace_frame.h"
#include "footwork/world/level.h"

namespace footwork::demo {

// The level's first NPC that looks at the player (the one the simulation spawns), if any.
std::optional<world::NpcDesc> LookingNpcOf(const world::Level& level);

class NpcPuppet {
 public:
  NpcPuppet(std::shared_ptr<const locomotion::LocomotionAssets> assets,
            std::shared_ptr<const ik::CharacterIkAssets> ik_assets,
            const movement::CharacterMover& mover, const world::NpcDesc& npc);

  // One step of dt seconds (> 0): idle animation, foot IK and the head turned to `target_world`.
  Status Update(const movement::CharacterMover& mover, const glm::vec3& target_world, float dt);
  // The pose after IK, placed in the world (valid after the first Update).
  FramePose Pose() const;
  const locomotion::CharacterIkStage& stage() const { return stage_; }

 private:
  locomotion::LocomotionCharacter character_;
  locomotion::CharacterIkStage stage_;
  float bottom_offset_m_ = 0.0f;
};

// The player's head in the world on a trace frame (joints recorded), as the IK stage measures it.
Result<glm::vec3> HeadOfFrame(const sim::TraceFrame& frame, int head_joint,
                              float capsule_bottom_offset_m);

// Replays the NPC over a recorded trace: one pose per frame, its head following the player's
// head. Steps at the trace's frame interval, with the IK settings the simulation measured the
// NPC with (SimulationSetup::ik_settings), so the drawn head is the measured one. Errors: a frame
// without joints, an NPC error.
Result<std::vector<FramePose>> ReplayNpc(
    std::span<const sim::TraceFrame> frames,
    const std::shared_ptr<const locomotion::LocomotionAssets>& assets,
    const ik::CharacterIkSettings& ik_settings, const movement::CharacterMover& mover,
    const world::NpcDesc& npc, float capsule_bottom_offset_m);

}  // namespace footwork::demo
