#pragma once
// Giving way to a moving body: a character standing without input walks ahead of a platform
// coming at it, as fast as the platform comes, facing where it faced, instead of letting its
// capsule be shoved along with its planted feet dragged (LocomotionSettings::give_way).

#include <optional>

#include <glm/glm.hpp>

#include "footwork/locomotion/locomotion_settings.h"
#include "footwork/movement/character_mover.h"

namespace footwork::locomotion {

struct GiveWayState {
  // Walking ahead of the body.
  bool active = false;
  // The body gone, stopping: still facing facing_yaw until the character stands (a stop in the
  // rotating mode would turn it to its velocity on the way).
  bool releasing = false;
  // The world velocity (m/s, horizontal) the character walks at while giving way.
  glm::vec3 velocity{0.0f};
  // The yaw it keeps facing (radians): it steps aside or back, it does not turn round.
  float facing_yaw = 0.0f;
  // Seconds since an oncoming body was last seen.
  float unseen_s = 0.0f;
};

// One frame: `oncoming` is the mover's FindOncomingBody (nullopt when none), `player_moves`
// whether the player gives any input (which always wins). Starts giving way when the body is
// near enough that keeping the gap needs walking, and stops give_way.hold_s after the body was
// last seen coming; `moving` (the character still moves or plays its stop) ends the release.
void UpdateGiveWay(GiveWayState& state, const std::optional<movement::OncomingBody>& oncoming,
                   bool player_moves, bool moving, float actor_yaw, float dt,
                   const GiveWaySettings& settings);

}  // namespace footwork::locomotion
