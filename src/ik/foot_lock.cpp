#include "footwork/ik/foot_lock.h"

#include <algorithm>
#include <cmath>

namespace footwork::ik {

void ResetFootLock(FootLockState& state) {
  state = FootLockState{};
}

Transform UpdateFootLock(FootLockState& state, float curve, const Transform& animated,
                         world::BodyId body, const std::optional<Transform>& body_transform,
                         world::BodyId ground, float max_fall) {
  const float curve_alpha = std::isfinite(curve) ? std::clamp(curve, 0.0f, 1.0f) : 0.0f;
  const float previous_alpha = state.previous_curve;
  // ALS's rule: the lock alpha only falls, or jumps back to planted. A curve that rises part way
  // (a dead blend into a clip whose foot is down, a stride's curves cross-fading) would otherwise
  // pull the swinging foot back toward a plant held a stride ago.
  const bool planted = IsFootPlanted(curve_alpha);
  float alpha = planted ? curve_alpha : std::min(curve_alpha, previous_alpha);
  // A release no faster than max_fall a frame: a curve that drops at once (a blend into a clip
  // whose foot is already lifting) would snap the foot from where it is held to the animation.
  if (!planted && state.locked && max_fall < 1.0f)
    alpha = std::max(alpha, previous_alpha - std::max(max_fall, 0.0f));
  const bool rose = planted && previous_alpha < kFootLockPlanted;
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
    state.ground = ground;
    state.held = moving_body ? body_transform->Inverse() * shown : shown;
    state.followed.reset();
  }
  const Transform held = held_world();
  if (!state.locked)
    return animated;
  return Lerp(animated, held, alpha);
}

void RecordFollowedFoot(FootLockState& state, const Transform& shown,
                        const std::optional<Transform>& body_transform) {
  state.followed =
      state.body != world::kNoBody && body_transform ? body_transform->Inverse() * shown : shown;
}

void HoldLastFollowed(FootLockState& state) {
  if (!state.followed)
    return;
  // Only height and tilt: the held place on the ground stays the plant's.
  state.held.translation.y = state.followed->translation.y;
  state.held.rotation = state.followed->rotation;
  state.followed.reset();
}

float DrawIntoReach(glm::vec3& foot, const glm::vec3& hip, float reach, float budget_m) {
  const glm::vec3 to_foot = foot - hip;
  const float across = std::hypot(to_foot.x, to_foot.z);
  const float drop = std::fabs(to_foot.y);
  if (!(budget_m > 0.0f) || !(glm::length(to_foot) > reach) || !(drop < reach) || !(across > 1e-4f))
    return 0.0f;
  const float allowed = std::sqrt(reach * reach - drop * drop);
  const float draw = std::min(across - allowed, budget_m);
  const float scale = (across - draw) / across;
  foot.x = hip.x + to_foot.x * scale;
  foot.z = hip.z + to_foot.z * scale;
  return draw;
}

float PelvisDropToReach(const glm::vec3& hip, const glm::vec3& foot, float reach,
                        float max_drop_m) {
  const glm::vec3 to_hip = hip - foot;
  const float across = std::hypot(to_hip.x, to_hip.z);
  if (!(max_drop_m > 0.0f) || !(glm::length(to_hip) > reach) || !(across < reach) ||
      !(to_hip.y > 0.0f))
    return 0.0f;
  const float reachable_height = std::sqrt(reach * reach - across * across);
  return -std::min(to_hip.y - reachable_height, max_drop_m);
}

float KeepOffHip(const glm::vec3& hip, const glm::vec3& target, float min_reach) {
  const float across_sq =
      (target.x - hip.x) * (target.x - hip.x) + (target.z - hip.z) * (target.z - hip.z);
  if (!(min_reach > 0.0f) || !(across_sq < min_reach * min_reach) || !std::isfinite(hip.y) ||
      !std::isfinite(target.y))
    return target.y;
  return std::min(target.y, hip.y - std::sqrt(min_reach * min_reach - across_sq));
}

glm::quat HoldYawFollowTilt(const glm::quat& held, const glm::quat& placed) {
  // The rotation from placed to held, split into a swing and a twist about world up; only the
  // twist is applied (swing-twist decomposition: the twist is the quaternion's projection onto
  // the up axis).
  const glm::quat delta = held * glm::inverse(placed);
  glm::quat twist(delta.w, 0.0f, delta.y, 0.0f);
  const float length = glm::length(twist);
  if (!(length > 1e-6f))
    return placed;  // a half turn about a horizontal axis: no defined yaw difference
  twist /= length;
  return glm::normalize(twist * placed);
}

}  // namespace footwork::ik
