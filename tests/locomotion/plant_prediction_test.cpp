// PlantPredictor on the default character: in a steady walk, a swinging foot's predicted
// plant comes when the FootLock curve does plant it, and its predicted travel is where the
// animated ankle goes. Skipped when the CC0 pack is not installed.
#include "footwork/locomotion/plant_prediction.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <optional>

#include "footwork/anim/curve_names.h"
#include "footwork/core/angles.h"
#include "footwork/graph/inertialization.h"
#include "footwork/ik/foot_lock.h"
#include "footwork/locomotion/character_ik_stage.h"

#include "default_character.h"

namespace footwork::locomotion {
namespace {

class PlantPredictionTest : public testing::DefaultLevelTest {
 protected:
  struct Errors {
    int predictions = 0;
    float worst_time_s = 0.0f;
    float worst_travel_m = 0.0f;
  };

  // Runs `gait` forward for 4 s and checks every prediction made from 2 s on (the gait's speed
  // reached) against the frame the foot plants (when the clip did not change in between).
  Errors Measure(const std::string& gait) {
    auto scenario = ParseScenario(R"({"dt": 0.0166667, "duration_s": 4.0,
        "start": {"position": [0, 0, -20], "yaw_deg": 0},
        "events": [{"t": 0.2, "move": [0, 1], "device": "keyboard"}, {"t": 0.2, "gait": ")" +
                                      gait + R"("}]})",
                                  "test.json");
    EXPECT_TRUE(scenario.ok());
    auto ik_assets = MakeCharacterIkAssets(*setup_.assets, setup_.ik_settings);
    EXPECT_TRUE(ik_assets.ok());
    const std::array<ik::LegRig, 2>& legs = (*ik_assets)->rig().legs;
    const movement::CharacterMover& mover = *setup_.mover;
    LocomotionCharacter character(setup_.assets, mover.Spawn(scenario->start_position),
                                  scenario->start_yaw);
    PlantPredictor predictor(*setup_.assets, legs);
    ScenarioInput input(*scenario);
    struct Pending {
      int frame = 0;
      int clip = -1;
      PlantPrediction prediction;
      glm::vec3 ankle{0.0f};
    };
    std::array<std::optional<Pending>, 2> pending;
    const char* lock_names[2] = {anim::curve_names::kFootLockLeft,
                                 anim::curve_names::kFootLockRight};
    Errors errors;
    for (int f = 0; f < scenario->FrameCount(); ++f) {
      const double t = f * static_cast<double>(scenario->dt_s);
      const Status updated = character.Update(mover, input.Advance(t), scenario->dt_s);
      EXPECT_TRUE(updated.ok());
      const glm::quat yaw = QuatFromYaw(character.actor_yaw());
      for (int side = 0; side < 2; ++side) {
        const glm::vec3 ankle =
            character.movement().position +
            yaw * character.output()
                      .model_pose[static_cast<std::size_t>(legs[side].chain.end)]
                      .translation;
        const bool planted = ik::IsFootPlanted(character.Curve(lock_names[side]));
        std::optional<Pending>& wait = pending[static_cast<std::size_t>(side)];
        if (planted && wait) {
          if (wait->clip == character.player().clip) {
            const float waited = static_cast<float>(f - wait->frame) * scenario->dt_s;
            const glm::vec3 predicted = yaw * wait->prediction.ankle_travel;
            const glm::vec3 moved = ankle - wait->ankle;
            const float miss = glm::length(glm::vec2(predicted.x - moved.x, predicted.z - moved.z));
            errors.worst_time_s =
                std::max(errors.worst_time_s, std::fabs(waited - wait->prediction.time_s));
            errors.worst_travel_m = std::max(errors.worst_travel_m, miss);
            ++errors.predictions;
          }
          wait.reset();
        }
        if (planted)
          continue;
        // A prediction a few frames into the swing, once per swing.
        if (!wait && t >= 2.0) {
          if (const auto prediction = predictor.Predict(character)[static_cast<std::size_t>(side)])
            wait = Pending{f, character.player().clip, *prediction, ankle};
        }
      }
    }
    return errors;
  }
};

TEST(ClipTimeToPlant, FindsAPlantHeldForASingleKeyAndWrapsALoop) {
  // A sprint-like FootLock: 1 at one key only (0.5 s), 0 elsewhere, keys every 1/60 s.
  anim::FloatCurve lock;
  for (int k = 0; k <= 60; ++k) {
    lock.times.push_back(static_cast<float>(k) / 60.0f);
    lock.values.push_back(k == 30 ? 1.0f : 0.0f);
  }
  // From 0.105 s (between keys): the peak, 0.395 s later less the ramp's last 1 %.
  const auto from_start = ClipTimeToPlant(lock, 0.105f, 1.0f, true, 1.0f);
  ASSERT_TRUE(from_start);
  EXPECT_NEAR(*from_start, 0.5f - 0.105f - 0.01f / 60.0f, 1e-4f);
  // Past it, a looping clip finds it again next lap; a one-shot does not.
  const auto next_lap = ClipTimeToPlant(lock, 0.6f, 1.0f, true, 1.0f);
  ASSERT_TRUE(next_lap);
  EXPECT_NEAR(*next_lap, 0.9f - 0.01f / 60.0f, 1e-4f);
  EXPECT_FALSE(ClipTimeToPlant(lock, 0.6f, 0.4f, false, 1.0f));
  // Planted now: nothing to predict.
  EXPECT_FALSE(ClipTimeToPlant(lock, 0.5f, 1.0f, true, 1.0f));
}

TEST_F(PlantPredictionTest, AWalkingFootLandsWhenAndWhereItWasPredicted) {
  const Errors errors = Measure("walk");
  EXPECT_GE(errors.predictions, 4);
  // Within a frame of the plant, and within a centimetre of where the ankle went (1.35 m).
  EXPECT_LE(errors.worst_time_s, 0.018f);
  EXPECT_LE(errors.worst_travel_m, 0.01f);
}

// While a dead blend still mixes in the outgoing pose, the foot shown is not the clip's (out of a
// run on the showcase stairs, a walk's landing ball slid 40 cm past where the walk plants it):
// a plant the clip makes before the blend ends is not predicted. Run, then walk.
TEST_F(PlantPredictionTest, NoPlantIsPredictedBeforeADeadBlendEnds) {
  auto scenario = ParseScenario(R"({"dt": 0.0166667, "duration_s": 5.0,
      "start": {"position": [0, 0, -20], "yaw_deg": 0},
      "events": [{"t": 0.2, "move": [0, 1], "device": "keyboard"}, {"t": 0.2, "gait": "run"},
                 {"t": 2.5, "gait": "walk"}]})",
                                "test.json");
  ASSERT_TRUE(scenario.ok());
  auto ik_assets = MakeCharacterIkAssets(*setup_.assets, setup_.ik_settings);
  ASSERT_TRUE(ik_assets.ok());
  const movement::CharacterMover& mover = *setup_.mover;
  LocomotionCharacter character(setup_.assets, mover.Spawn(scenario->start_position),
                                scenario->start_yaw);
  PlantPredictor predictor(*setup_.assets, (*ik_assets)->rig().legs);
  ScenarioInput input(*scenario);
  const char* lock_names[2] = {anim::curve_names::kFootLockLeft, anim::curve_names::kFootLockRight};
  int withheld = 0;
  int predicted_after = 0;
  for (int f = 0; f < scenario->FrameCount(); ++f) {
    const double t = f * static_cast<double>(scenario->dt_s);
    ASSERT_TRUE(character.Update(mover, input.Advance(t), scenario->dt_s).ok());
    const graph::DeadBlendClock& blend = character.dead_blend();
    const ClipPlayer& player = character.player();
    if (!blend.active() || player.clip < 0 || !(std::fabs(player.play_rate) > 1e-3f))
      continue;
    const anim::Clip& clip = setup_.assets->library().clips[static_cast<std::size_t>(player.clip)];
    const auto predictions = predictor.Predict(character);
    for (int side = 0; side < 2; ++side) {
      const anim::FloatCurve* lock = clip.FindCurve(lock_names[side]);
      if (lock == nullptr)
        continue;
      const float horizon = player.looping ? clip.duration_s : clip.duration_s - player.time_s;
      const auto clip_plant =
          ClipTimeToPlant(*lock, player.time_s, horizon, player.looping, clip.duration_s);
      const auto& prediction = predictions[static_cast<std::size_t>(side)];
      if (!clip_plant)
        continue;
      const float plant_s = *clip_plant / std::fabs(player.play_rate);
      if (blend.elapsed_s + plant_s < blend.duration_s) {
        EXPECT_FALSE(prediction) << "t = " << t << " side " << side;
        ++withheld;
      } else if (prediction) {
        ++predicted_after;
      }
    }
  }
  EXPECT_GT(withheld, 3) << "no plant fell inside a dead blend";
  EXPECT_GT(predicted_after, 0) << "a plant after the blend ends is still predicted";
}

}  // namespace
}  // namespace footwork::locomotion
