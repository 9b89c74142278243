#pragma once
// Where a swinging foot will land: the playing clip knows. From the clip's time now, the next time
// its FootLock curve says the foot is planted, and how far the ankle travels over the ground until
// then (its model-space move plus the clip's root motion). Foot placement uses it so a swinging
// foot looks ahead only as far as it will go: a foot landing short of a step is not lifted onto
// it, and a toe low in its swing still sees the riser in front of it.

#include <array>
#include <optional>

#include <glm/glm.hpp>

#include "footwork/anim/sampling.h"
#include "footwork/ik/character_ik.h"
#include "footwork/ik/ik_rig.h"
#include "footwork/locomotion/locomotion_character.h"

namespace footwork::locomotion {

struct PlantPrediction {
  // Clip seconds until the foot is planted (ik::IsFootPlanted), and the same at the play rate.
  float clip_time_s = 0.0f;
  float time_s = 0.0f;
  // The ankle's travel from now until then, character space (the model's frame now), metres.
  glm::vec3 ankle_travel{0.0f};
  // The toe joint's (the ball's) travel the same way; equal to ankle_travel for a rig without one.
  glm::vec3 ball_travel{0.0f};
  // Where the clip has the ankle now (character space, before stride warping and IK), and the
  // ball from the ankle at the plant (character space now).
  glm::vec3 ankle_now{0.0f};
  glm::vec3 ball_from_ankle{0.0f};
};

// Clip seconds from `now` until the FootLock curve `lock` first reaches planted
// (ik::IsFootPlanted), within `horizon` (wrapping once in a looping clip of `duration`); unset
// when it does not, or when the foot is planted now. Walks the curve's keys (linear between them)
// so a plant held for a single key, as a sprint's is, is not stepped over.
std::optional<float> ClipTimeToPlant(const anim::FloatCurve& lock, float now, float horizon,
                                     bool looping, float duration);

class PlantPredictor {
 public:
  // `legs` names the ankle joints (chain.end) of the library's skeleton.
  PlantPredictor(const LocomotionAssets& assets, const std::array<ik::LegRig, 2>& legs);

  // For each foot not planted now in the character's playing clip: when and where it plants next
  // (within one loop of a looping clip, before the end of a one-shot); unset for a planted foot,
  // a clip without FootLock curves, or one that does not plant it again.
  std::array<std::optional<PlantPrediction>, 2> Predict(const LocomotionCharacter& character);
  // While a stop plays: where it lands each foot it has yet to plant, or has planted in the clip
  // (world: the ankle, then the ball), from the stop point rather than the clip's play rate (a
  // stop's time follows the capsule's remaining distance, and its dead blend hides the clip's
  // plants from Predict). The capsule is taken to cover the stop clip's root travel until then, no
  // further than the stop point; `character_world` is the character's frame now (its model origin
  // and facing, world).
  std::array<std::optional<ik::StopLanding>, 2> StopLandings(const LocomotionCharacter& character,
                                                             const Transform& character_world);
  const LocomotionAssets& assets() const { return *assets_; }

 private:
  // The model-space positions of the side's ankle and ball joints at `time_s`.
  std::array<glm::vec3, 2> FootAt(const anim::Clip& clip, float time_s, anim::WrapMode wrap,
                                  int side);

  const LocomotionAssets* assets_;
  std::array<int, 2> ankles_{-1, -1};
  std::array<int, 2> balls_{-1, -1};
  std::vector<Transform> local_;
  anim::SamplingCache cache_;
};

}  // namespace footwork::locomotion
