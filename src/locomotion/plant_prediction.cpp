#include "footwork/locomotion/plant_prediction.h"

#include <algorithm>
#include <cmath>

#include "footwork/anim/curve.h"
#include "footwork/anim/curve_names.h"
#include "footwork/anim/root_motion.h"
#include "footwork/ik/foot_lock.h"

namespace footwork::locomotion {
namespace {

// Root motion shorter than this is a clip turning on the spot: its travel is taken as it is.
constexpr float kMinRootTravel_m = 0.02f;
constexpr float kMinGroundScale = 0.5f;
constexpr float kMaxGroundScale = 3.0f;

}  // namespace

std::optional<float> ClipTimeToPlant(const anim::FloatCurve& lock, float now, float horizon,
                                     bool looping, float duration) {
  if (lock.times.empty() || lock.times.size() != lock.values.size())
    return std::nullopt;
  float previous_value = anim::EvaluateCurve(lock, now);
  if (ik::IsFootPlanted(previous_value))
    return std::nullopt;
  float previous_elapsed = 0.0f;
  const int laps = looping && duration > 0.0f ? 2 : 1;
  for (int lap = 0; lap < laps; ++lap) {
    for (std::size_t k = 0; k < lock.times.size(); ++k) {
      const float elapsed = lock.times[k] + static_cast<float>(lap) * duration - now;
      if (elapsed <= 0.0f)
        continue;
      if (elapsed > horizon + 1e-4f)
        return std::nullopt;
      const float value = lock.values[k];
      if (ik::IsFootPlanted(value)) {
        const float rise = value - previous_value;
        const float share =
            rise > 1e-6f ? std::clamp((ik::kFootLockPlanted - previous_value) / rise, 0.0f, 1.0f)
                         : 1.0f;
        return previous_elapsed + (elapsed - previous_elapsed) * share;
      }
      previous_value = value;
      previous_elapsed = elapsed;
    }
  }
  return std::nullopt;
}

PlantPredictor::PlantPredictor(const LocomotionAssets& assets,
                               const std::array<ik::LegRig, 2>& legs)
    : assets_(&assets) {
  const anim::Skeleton& skeleton = assets.library().skeleton;
  for (int side = 0; side < 2; ++side) {
    ankles_[side] = legs[side].chain.end;
    balls_[side] = legs[side].ball;
  }
  local_.resize(static_cast<std::size_t>(skeleton.num_joints()));
  cache_.Resize(skeleton.num_joints());
}

std::array<glm::vec3, 2> PlantPredictor::FootAt(const anim::Clip& clip, float time_s,
                                                anim::WrapMode wrap, int side) {
  const anim::Skeleton& skeleton = assets_->library().skeleton;
  anim::SamplingJob job;
  job.skeleton = &skeleton;
  job.clip = &clip;
  job.time_s = time_s;
  job.wrap = wrap;
  job.cache = &cache_;
  job.output = local_;
  if (!job.Run())
    return {glm::vec3(0.0f), glm::vec3(0.0f)};
  // Up the parent chain from the ankle only.
  Transform ankle = local_[static_cast<std::size_t>(ankles_[side])];
  for (int joint = skeleton.parents[static_cast<std::size_t>(ankles_[side])];
       joint != anim::kNoParent; joint = skeleton.parents[static_cast<std::size_t>(joint)])
    ankle = local_[static_cast<std::size_t>(joint)] * ankle;
  // The ball's joint is the ankle's child in every rig profile (its translation is in the foot's
  // frame); without one the ankle stands in.
  if (balls_[side] < 0 || skeleton.parents[static_cast<std::size_t>(balls_[side])] != ankles_[side])
    return {ankle.translation, ankle.translation};
  return {ankle.translation, (ankle * local_[static_cast<std::size_t>(balls_[side])]).translation};
}

std::array<std::optional<PlantPrediction>, 2> PlantPredictor::Predict(
    const LocomotionCharacter& character) {
  std::array<std::optional<PlantPrediction>, 2> predictions;
  const ClipPlayer& player = character.player();
  const auto& clips = assets_->library().clips;
  if (player.clip < 0 || player.clip >= static_cast<int>(clips.size()) ||
      !std::isfinite(player.time_s))
    return predictions;
  const anim::Clip& clip = clips[static_cast<std::size_t>(player.clip)];
  const anim::WrapMode wrap = player.looping ? anim::WrapMode::kLoop : anim::WrapMode::kClamp;
  const char* names[2] = {anim::curve_names::kFootLockLeft, anim::curve_names::kFootLockRight};
  const float horizon = player.looping ? clip.duration_s : clip.duration_s - player.time_s;
  for (int side = 0; side < 2; ++side) {
    const anim::FloatCurve* lock = clip.FindCurve(names[side]);
    if (lock == nullptr || ankles_[side] < 0 || !(horizon > 0.0f))
      continue;
    const std::optional<float> plant =
        ClipTimeToPlant(*lock, player.time_s, horizon, player.looping, clip.duration_s);
    if (!plant)
      continue;
    // Where the ankle is at the plant, in the clip's root frame now: the root's move over the
    // wait, then the ankle in the root's frame then.
    const Transform root_move = anim::ExtractRootMotion(clip, player.time_s, *plant, wrap, &cache_);
    const std::array<glm::vec3, 2> now = FootAt(clip, player.time_s, wrap, side);
    const std::array<glm::vec3, 2> then = FootAt(clip, player.time_s + *plant, wrap, side);
    PlantPrediction prediction;
    prediction.clip_time_s = *plant;
    const float rate = std::fabs(player.play_rate);
    prediction.time_s = rate > 1e-3f ? *plant / rate : *plant;
    // While a dead blend still mixes in the outgoing pose, the foot shown is not the clip's: it
    // carries the outgoing motion on (out of a run, a walk's landing ball slid 40 cm past where
    // the walk plants it) and its FootLock may never reach planted. No prediction then.
    const graph::DeadBlendClock& blend = character.dead_blend();
    if (blend.active() && blend.elapsed_s + prediction.time_s < blend.duration_s)
      continue;
    // The capsule does not cover the clip's root motion exactly (play rate limits, stride
    // warping stretches the stride to the speed): the travel is scaled by the ground the capsule
    // covers over the wait against the ground the clip's root covers.
    const glm::vec3 velocity = character.movement().velocity;
    const float capsule_m = glm::length(glm::vec2(velocity.x, velocity.z)) * prediction.time_s;
    const float root_m = glm::length(glm::vec2(root_move.translation.x, root_move.translation.z));
    const float scale = root_m > kMinRootTravel_m && std::isfinite(capsule_m)
                            ? std::clamp(capsule_m / root_m, kMinGroundScale, kMaxGroundScale)
                            : 1.0f;
    const auto ground = [&](const glm::vec3& travel) {
      return glm::vec3(travel.x * scale, travel.y, travel.z * scale);
    };
    prediction.ankle_travel = ground(root_move.TransformPoint(then[0]) - now[0]);
    prediction.ball_travel = ground(root_move.TransformPoint(then[1]) - now[1]);
    prediction.ankle_now = now[0];
    prediction.ball_from_ankle = root_move.rotation * (then[1] - then[0]);
    predictions[side] = prediction;
  }
  return predictions;
}

std::array<std::optional<ik::StopLanding>, 2> PlantPredictor::StopLandings(
    const LocomotionCharacter& character, const Transform& character_world) {
  std::array<std::optional<ik::StopLanding>, 2> landings;
  const ClipPlayer& player = character.player();
  const auto& clips = assets_->library().clips;
  if (character.state() != LocomotionStateId::kStop || player.clip < 0 ||
      player.clip >= static_cast<int>(clips.size()) || !std::isfinite(player.time_s) ||
      !assets_->settings().stop.distance_matching)
    return landings;
  const anim::Clip& clip = clips[static_cast<std::size_t>(player.clip)];
  const anim::FloatCurve* distance = clip.FindCurve(anim::curve_names::kDistance);
  if (distance == nullptr)
    return landings;
  const glm::vec3 to_stop = character.output().stop_point - character.movement().position;
  const float remaining = glm::length(glm::vec2(to_stop.x, to_stop.z));
  const glm::quat& yaw = character_world.rotation;
  const glm::vec3 forward = yaw * glm::vec3(0.0f, 0.0f, 1.0f);
  const glm::vec2 direction = remaining > 1e-3f ? glm::vec2(to_stop.x, to_stop.z) / remaining
                                                : glm::vec2(forward.x, forward.z);
  const float distance_now = anim::EvaluateCurve(*distance, player.time_s);
  const char* names[2] = {anim::curve_names::kFootLockLeft, anim::curve_names::kFootLockRight};
  const float horizon = clip.duration_s - player.time_s;
  for (int side = 0; side < 2; ++side) {
    const anim::FloatCurve* lock = clip.FindCurve(names[side]);
    if (lock == nullptr || ankles_[side] < 0 || !(horizon > 0.0f))
      continue;
    // Planted in the clip already, the foot lands where the clip has it now: the stop's dead blend
    // holds the shown curve under planted for a few frames more, the foot still coming down.
    const bool planted_now = ik::IsFootPlanted(anim::EvaluateCurve(*lock, player.time_s));
    const std::optional<float> plant =
        planted_now ? std::optional<float>(0.0f)
                    : ClipTimeToPlant(*lock, player.time_s, horizon, false, clip.duration_s);
    if (!plant)
      continue;
    const float at = player.time_s + *plant;
    // The capsule covers the clip's root travel until then (distance matching), but never passes
    // the stop point (a run stop's clip lags the capsule and plays on once it has stopped).
    const float travel = anim::EvaluateCurve(*distance, at) - distance_now;
    const float left = std::clamp(remaining - travel, 0.0f, remaining);
    const float moved = remaining - left;
    const glm::vec3 origin =
        character_world.translation + glm::vec3(direction.x * moved, 0.0f, direction.y * moved);
    const std::array<glm::vec3, 2> foot = FootAt(clip, at, anim::WrapMode::kClamp, side);
    landings[side] = ik::StopLanding{origin + yaw * foot[0], origin + yaw * foot[1], planted_now};
  }
  return landings;
}

}  // namespace footwork::locomotion
