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
  const float previous_alpha = state.previous_curve;
  const bool rose = alpha >= kFootLockPlanted && previous_alpha < kFootLockPlanted;
  state.previous_curve = alpha;
  if (alpha <= 0.0f) {
    state.locked = false;
    return animated;
  }
  // Where the held foot is now: it rides with the platform it was planted on, and is dropped if
  // the foot no longer stands on that platform.
  const auto held_world = [&]() {
    if (state.body == world::kNoBody)
      return state.held;
    if (body == state.body && body_transform)
      return *body_transform * state.held;
    state.locked = false;
    return animated;
  };
  const bool moving_body = body != world::kNoBody && body_transform.has_value();
  if (rose || !state.locked) {
    // A new plant holds where the foot is shown: the animated foot, or, when the curve comes back
    // to 1 before a full release, the part-released foot (so re-planting never jumps).
    const Transform shown = state.locked ? Lerp(animated, held_world(), previous_alpha) : animated;
    state.locked = true;
    state.body = moving_body ? body : world::kNoBody;
    state.held = moving_body ? body_transform->Inverse() * shown : shown;
  }
  const Transform held = held_world();
  if (!state.locked)
    return animated;
  return Lerp(animated, held, alpha);
}

}  // namespace footwork::ik
