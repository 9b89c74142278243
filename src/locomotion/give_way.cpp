#include "footwork/locomotion/give_way.h"

#include <algorithm>

namespace footwork::locomotion {

void UpdateGiveWay(GiveWayState& state, const std::optional<movement::OncomingBody>& oncoming,
                   bool player_moves, bool moving, float actor_yaw, float dt,
                   const GiveWaySettings& settings) {
  if (player_moves || !(settings.look_ahead_m > 0.0f)) {
    state = GiveWayState{};
    return;
  }
  if (!oncoming) {
    state.unseen_s += dt;
    if (state.active && state.unseen_s > settings.hold_s) {
      state.active = false;
      state.releasing = true;
      state.velocity = glm::vec3(0.0f);
    }
    if (state.releasing && !moving)
      state = GiveWayState{};
    return;
  }
  const float body_speed = glm::length(oncoming->velocity);
  if (!(body_speed > 0.0f))
    return;
  // Ahead of the body: as fast as it comes at the kept gap; faster as it closes in, slower while
  // it is further (a proportional gap keeper whose rest point is the body's own speed). Aside, out
  // of its lane: at once, and at least at aside_speed_m_s (the way to go is the lane's width, not
  // known here).
  const bool aside = glm::dot(oncoming->way_out, oncoming->velocity) < 0.5f * body_speed;
  float speed = std::max(
      0.0f, body_speed + settings.gap_gain_per_s * (settings.keep_gap_m - oncoming->gap_m));
  if (aside)
    speed = std::max(speed, settings.aside_speed_m_s);
  if (!state.active) {
    // Boxed in (a wall behind and on both sides): it stands, and may be pushed.
    if (!(speed > 0.0f) || oncoming->way_out == glm::vec3(0.0f))
      return;
    // A body coming again while the character still stops keeps the yaw it held.
    if (!state.releasing)
      state.facing_yaw = actor_yaw;
    state.active = true;
    state.releasing = false;
  }
  state.unseen_s = 0.0f;
  state.velocity = oncoming->way_out * speed;
}

}  // namespace footwork::locomotion
