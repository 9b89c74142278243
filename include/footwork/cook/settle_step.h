#pragma once
// A synthesized stop's settle step. A stop decelerates its cycle to rest, so its feet come to rest
// a stride apart; blending that pose into the idle's (feet side by side) while both stay planted
// drags one of them half a stride, and the cook, holding each plant still, stood the Knight's
// trailing foot 7-10 cm over the floor to keep it in the idle leg's reach. Here the stop rests
// on the cycle's pose (SynthesizeStop with StopIdleBlend::kAfterRest), and while it blends into
// the idle the body settles over the last foot down, which stays where it landed, and the other
// foot steps up beside it.

#include <functional>
#include <string>

#include "footwork/anim/clip.h"
#include "footwork/anim/mirror.h"
#include "footwork/anim/skeleton.h"
#include "footwork/cook/character_description.h"
#include "footwork/cook/cook_clip.h"
#include "footwork/core/error.h"

namespace footwork::cook {

struct SettleStep {
  // The foot that steps (0 left, 1 right): the one planted while the root decelerated.
  int stepping_side = 0;
  // The blend into the idle (s into the clip): it begins as the root comes to rest.
  float begin_s = 0.0f;
  float end_s = 0.0f;
  // How high the stepping foot's ankle rises mid-step, as a share of the leg's length.
  float lift_leg_share = 0.08f;
};

// `stop` (non-looping, with root motion, at rest from step.begin_s) with the settle step: its root
// moves, as the idle blend goes, by the horizontal offset that puts the idle's other foot where
// that foot stood at begin_s, and the stepping foot's ankle rises on a half-sine between begin_s
// and end_s (two-bone IK). Errors when the rig profile names no legs, the clip does not match
// the skeleton, or end_s is not after begin_s within the clip.
Result<anim::Clip> AddSettleStep(const anim::Skeleton& skeleton, const anim::RigBinding& binding,
                                 const anim::Clip& stop, const SettleStep& step, float rate_hz);

// Whether a cooked stop took the settle step (its report says so in a note).
bool HasSettleStep(const ClipReport& report);

// Cooks a synthesized clip (CookClip with the role's settings).
using CookSynthesized = std::function<Result<CookedClip>(const anim::Clip& synthesized)>;

// The stop from `cycle` entered as `stepping_side`'s foot goes down (SynthesizeStop), cooked as
// synthesized and, when its planted soles were measured, also with the settle step; the settled
// one is kept when its planted feet stand at least 1 cm lower (CookSteadierPlants).
Result<CookedClip> CookStopWithSteadierSettle(const anim::Skeleton& skeleton,
                                              const anim::RigBinding& binding,
                                              const anim::Clip& cycle, const anim::Clip& idle,
                                              float start_time_s, int stepping_side,
                                              const TransitionDescription& transition,
                                              const std::string& name, float rate_hz,
                                              const CookSynthesized& cook);

}  // namespace footwork::cook
