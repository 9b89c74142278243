#include "footwork/cook/pivot.h"

#include "clip_lookup.h"
#include "footwork/anim/curve_names.h"
#include "footwork/cook/character_description.h"
#include "footwork/cook/clip_sequence.h"
#include "footwork/cook/transitions.h"
#include "footwork/cook/turn_in_place.h"

namespace footwork::cook {

Result<Pivot> SynthesizePivot(const anim::Skeleton& skeleton, const anim::RigBinding& binding,
                              const anim::Clip& cycle, const anim::Clip& idle, float turn_deg,
                              const PivotSettings& settings, const std::string& name,
                              float rate_hz) {
  TransitionDescription timing;
  timing.stop_cycles = settings.brake_cycles;
  timing.stop_settle_s = 0.0f;
  timing.start_ramp_s = settings.ramp_s;
  timing.start_cruise_s = settings.cruise_s;
  timing.idle_blend_s = settings.idle_blend_s;
  // Braking on the foot that turns: it plants last, so the turn starts from it.
  const char* plant =
      turn_deg > 0.0f ? anim::curve_names::kMarkerFootLeft : anim::curve_names::kMarkerFootRight;
  Result<anim::Clip> brake = SynthesizeStop(skeleton, cycle, idle, FirstMarker(cycle, plant),
                                            timing, name + " (brake)", rate_hz);
  if (!brake)
    return brake.error();
  TurnInPlaceSettings turn_settings;
  turn_settings.seconds_per_90_deg = 0.5f * settings.turn_s;
  turn_settings.lead_in_s = 0.0f;
  turn_settings.settle_s = 0.0f;
  // Quick steps: a pivot is a brisk turn, not a careful one.
  turn_settings.min_step_s = settings.min_step_s;
  Result<anim::Clip> turn = SynthesizeTurnInPlace(skeleton, binding, idle, turn_deg, turn_settings,
                                                  name + " (turn)", rate_hz, brake->duration_s);
  if (!turn)
    return turn.error();
  Result<anim::Clip> start = SynthesizeStart(
      skeleton, cycle, idle, FirstMarker(cycle, anim::curve_names::kMarkerFootRight), 0.0f, timing,
      name + " (start)", rate_hz);
  if (!start)
    return start.error();
  Result<ClipSequence> sequence =
      SequenceClips(skeleton, {&*brake, &*turn, &*start}, name, rate_hz, settings.seam_blend_s);
  if (!sequence)
    return sequence.error();
  return Pivot{std::move(sequence->clip), sequence->segment_frames[1]};
}

}  // namespace footwork::cook
