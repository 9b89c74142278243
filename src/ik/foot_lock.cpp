#include "footwork/ik/foot_lock.h"

#include <algorithm>
#include <cmath>

namespace footwork::ik {

void ResetFootLock(FootLockState& state) {
  state = FootLockState{};
}

Transform UpdateFootLock(FootLockState& state, float curve, const Transform& animated,
                         world::BodyId body, const std::optional<Transform>& body_transform) {
  const float alpha = std::isfinite(curve) ? std::clamp(curve, 0.0f, 1.0f) : 0.0f;
  const bool planted = alpha >= kFootLockPlanted;
  const bool rose = planted && state.previous_curve < kFootLockPlanted;
  state.previous_curve = alpha;
  if (alpha <= 0.0f) {
    state.locked = false;
    return animated;
  }
  const bool moving_body = body != world::kNoBody && body_transform.has_value();
  if (rose || !state.locked) {
    // A new plant (or a lock that starts part-way, e.g. after a reset): hold where the foot is.
    state.locked = true;
    state.body = moving_body ? body : world::kNoBody;
    state.held = moving_body ? body_transform->Inverse() * animated : animated;
  }
  Transform held_world = state.held;
  if (state.body != world::kNoBody) {
    // The platform may have moved: the held foot rides with it (if it still stands on it).
    if (body == state.body && body_transform)
      held_world = *body_transform * state.held;
    else
      state.locked = false;
  }
  if (!state.locked)
    return animated;
  return Lerp(animated, held_world, alpha);
}

}  // namespace footwork::ik
