#include "footwork/cook/derived_clips.h"

#include <cmath>

#include <fmt/format.h>

#include "clip_lookup.h"
#include "footwork/anim/curve_names.h"
#include "footwork/cook/curve_modifiers.h"
#include "footwork/cook/gait_transition.h"
#include "footwork/cook/landings.h"
#include "footwork/cook/mirror_clip.h"
#include "footwork/cook/pivot.h"
#include "footwork/cook/sample_motion.h"
#include "footwork/cook/strafe_cycles.h"
#include "footwork/cook/strafe_transitions.h"
#include "footwork/cook/turn_in_place.h"

namespace footwork::cook {
namespace names = anim::curve_names;
namespace {

std::string SideSuffix(float turn_deg) {
  return fmt::format("{:.0f}_{}", std::fabs(turn_deg), turn_deg > 0.0f ? "l" : "r");
}

// A derived role: not looping, no root motion of its own (the synthesizer put it on the track).
RoleDescription DerivedRole(const RoleDescription& base, const std::string& name) {
  RoleDescription role = base;
  role.role = name;
  role.looping = false;
  role.root_motion = RootMotionSource::kNone;
  role.foot_curves = true;
  role.enable_foot_ik = 1.0f;
  role.enable_turn_in_place = 0.0f;
  role.disable_switch_ground_gait = 0.0f;
  role.layering.clear();
  return role;
}

Status Cook(const CookedCharacter& character, const anim::RigBinding& binding,
            const anim::Clip& synthesized, const RoleDescription& role,
            const ClipCookSettings& settings, const std::string& source, CookedClip& out) {
  Result<CookedClip> cooked =
      CookClip(character.skeleton, binding, synthesized, role, DistanceMarker::kNone, settings);
  if (!cooked)
    return cooked.error();
  cooked->report.source = source;
  out = std::move(*cooked);
  return Status::Ok();
}

void Add(CookedCharacter& character, CookedClip cooked) {
  character.clips.push_back(std::move(cooked.clip));
  character.reports.push_back(std::move(cooked.report));
}

// turn_in_place_<90|180>_<l|r> from the idle: EnableTurnInPlace comes back once the turn is done.
Status CookTurnsInPlace(const CharacterDescription& description, const anim::RigBinding& binding,
                        const ClipCookSettings& settings, CookedCharacter& character) {
  const RoleDescription* idle_role = description.FindRole("idle");
  const anim::Clip* idle = FindClip(character.clips, "idle");
  if (idle_role == nullptr || idle == nullptr)
    return Status::Ok();
  const anim::Clip idle_clip = *idle;
  for (const float turn_deg : {90.0f, -90.0f, 180.0f, -180.0f}) {
    const std::string name = "turn_in_place_" + SideSuffix(turn_deg);
    if (FindClip(character.clips, name) != nullptr)
      continue;
    Result<anim::Clip> turn =
        SynthesizeTurnInPlace(character.skeleton, binding, idle_clip, turn_deg,
                              TurnInPlaceSettings{}, name, settings.rate_hz);
    if (!turn)
      return turn.error();
    CookedClip cooked;
    if (Status status = Cook(character, binding, *turn, DerivedRole(*idle_role, name), settings,
                             "turn in place from idle", cooked);
        !status) {
      return status;
    }
    const anim::FloatCurve* weight = cooked.clip.FindCurve(names::kTurnYawWeight);
    if (weight != nullptr) {
      std::vector<float> enable = weight->values;
      for (float& v : enable)
        v = 1.0f - v;
      SetCurve(cooked.clip, MakeUniformCurve(names::kEnableTurnInPlace, enable, settings.rate_hz));
    }
    Add(character, std::move(cooked));
  }
  return Status::Ok();
}

// <gait>_backward, <gait>_strafe_left, <gait>_strafe_right for walk, run and sprint (a pack whose
// jog cannot play at the run gait's speed strafes on its sprint, as it runs forward on it). An
// authored role of that name wins; a missing side is the mirror of an authored other side, else
// derived.
Status CookStrafeCycles(const CharacterDescription& description, const anim::RigBinding& binding,
                        const ClipCookSettings& settings, CookedCharacter& character) {
  for (const char* gait : {"walk", "run", "sprint"}) {
    const RoleDescription* gait_role = description.FindRole(gait);
    const anim::Clip* found = FindClip(character.clips, gait);
    if (gait_role == nullptr || found == nullptr)
      continue;
    const anim::Clip cycle = *found;
    RoleDescription role = DerivedRole(*gait_role, "");
    role.looping = true;
    for (const char* direction : {"backward", "strafe_left", "strafe_right"}) {
      role.role = fmt::format("{}_{}", gait, direction);
      if (FindClip(character.clips, role.role) != nullptr)
        continue;
      const std::string other = fmt::format(
          "{}_strafe_{}", gait, std::string(direction) == "strafe_left" ? "right" : "left");
      Result<anim::Clip> clip = Error{""};
      std::string source;
      if (std::string(direction) == "backward") {
        clip = SynthesizeBackwardCycle(character.skeleton, cycle, role.role, settings.rate_hz);
        source = std::string(gait) + " reversed";
      } else if (description.FindRole(other) != nullptr && FindClip(character.clips, other) != nullptr) {
        const anim::Clip authored = *FindClip(character.clips, other);
        clip = MirrorClip(character.skeleton, binding, authored, role.role, settings.rate_hz);
        source = "mirror of " + other;
      } else {
        const float travel_deg = std::string(direction) == "strafe_left" ? 90.0f : -90.0f;
        clip = SynthesizeSidewaysCycle(character.skeleton, binding, cycle, travel_deg,
                                       SidewaysSettings{}, role.role, settings.rate_hz);
        source = std::string(gait) + " turned sideways";
      }
      if (!clip)
        return clip.error();
      CookedClip cooked;
      if (Status status = Cook(character, binding, *clip, role, settings, source, cooked); !status)
        return status;
      Add(character, std::move(cooked));
    }
  }
  return Status::Ok();
}

// walk_to_run and run_to_walk: the blended cycles' root motion, the run's contact settings (they
// cover both gaits), DisableSwitchGroundGait while mid-blend, MotionSpeed from the blend.
Status CookGaitTransitions(const CharacterDescription& description, const anim::RigBinding& binding,
                           const ClipCookSettings& settings, CookedCharacter& character) {
  const RoleDescription* run_role = description.FindRole("run");
  if (run_role == nullptr || FindClip(character.clips, "walk") == nullptr ||
      FindClip(character.clips, "run") == nullptr) {
    return Status::Ok();
  }
  for (const auto& [from, to] : {std::pair{"walk", "run"}, std::pair{"run", "walk"}}) {
    const std::string name = fmt::format("{}_to_{}", from, to);
    if (FindClip(character.clips, name) != nullptr)
      continue;
    const anim::Clip from_clip = *FindClip(character.clips, from);
    const anim::Clip to_clip = *FindClip(character.clips, to);
    Result<GaitTransition> transition = SynthesizeGaitTransition(
        character.skeleton, from_clip, to_clip, GaitTransitionSettings{}, name, settings.rate_hz);
    if (!transition)
      return transition.error();
    const RoleDescription role = DerivedRole(*run_role, name);
    CookedClip cooked;
    if (Status status = Cook(character, binding, transition->clip, role, settings,
                             fmt::format("{} to {}", from, to), cooked);
        !status) {
      return status;
    }
    std::vector<float> disable = transition->weight;
    for (float& v : disable)
      v = v > 1e-3f && v < 1.0f - 1e-3f ? 1.0f : 0.0f;
    SetCurve(cooked.clip,
             MakeUniformCurve(names::kDisableSwitchGroundGait, disable, settings.rate_hz));
    // The blend's exact speed: steadily monotone, so the locomotion can invert it.
    SetCurve(cooked.clip,
             MakeUniformCurve(names::kMotionSpeed, transition->speed, settings.rate_hz));
    Add(character, std::move(cooked));
  }
  return Status::Ok();
}

// <gait>_pivot_180_<l|r> for walk and run: Distance to the pivot point, the turn curves from the
// root yaw (CookClip), DisableSwitchGroundGait until the turn is done.
Status CookPivots(const CharacterDescription& description, const anim::RigBinding& binding,
                  const ClipCookSettings& settings, CookedCharacter& character) {
  const anim::Clip* idle = FindClip(character.clips, "idle");
  if (idle == nullptr)
    return Status::Ok();
  const anim::Clip idle_clip = *idle;
  for (const char* gait : {"walk", "run"}) {
    const RoleDescription* gait_role = description.FindRole(gait);
    const anim::Clip* found = FindClip(character.clips, gait);
    if (gait_role == nullptr || found == nullptr)
      continue;
    const anim::Clip cycle = *found;
    for (const float turn_deg : {180.0f, -180.0f}) {
      const std::string name = fmt::format("{}_pivot_{}", gait, SideSuffix(turn_deg));
      if (FindClip(character.clips, name) != nullptr)
        continue;
      Result<Pivot> pivot = SynthesizePivot(character.skeleton, binding, cycle, idle_clip, turn_deg,
                                            PivotSettings{}, name, settings.rate_hz);
      if (!pivot)
        return pivot.error();
      RoleDescription role = DerivedRole(*gait_role, name);
      role.disable_switch_ground_gait = 0.0f;
      CookedClip cooked;
      if (Status status = Cook(character, binding, pivot->clip, role, settings,
                               std::string("pivot from ") + gait, cooked);
          !status) {
        return status;
      }
      Result<SampledMotion> motion =
          SampleMotion(character.skeleton, cooked.clip, binding, settings.rate_hz);
      if (!motion)
        return motion.error();
      SetCurve(cooked.clip,
               MakeUniformCurve(names::kDistance, DistanceValues(*motion, pivot->pivot_frame),
                                settings.rate_hz));
      Add(character, std::move(cooked));
    }
  }
  return Status::Ok();
}

// fall_loop from the jump loop; land_light (the pack's landing), land_heavy (deeper compression)
// and land_heavy_additive (heavy minus light, local space) from the jump landing.
Status CookLandings(const CharacterDescription& description, const anim::RigBinding& binding,
                    const ClipCookSettings& settings, CookedCharacter& character) {
  const RoleDescription* loop_role = description.FindRole("jump_loop");
  const RoleDescription* land_role = description.FindRole("jump_land");
  if (loop_role == nullptr || land_role == nullptr || FindClip(character.clips, "jump_loop") == nullptr ||
      FindClip(character.clips, "jump_land") == nullptr) {
    return Status::Ok();
  }
  const anim::Clip jump_loop = *FindClip(character.clips, "jump_loop");
  const anim::Clip land = *FindClip(character.clips, "jump_land");
  const LandingSettings landing;
  const auto cook = [&](const anim::Clip& clip, const RoleDescription& base,
                        const std::string& name, const std::string& source) -> Status {
    if (FindClip(character.clips, name) != nullptr)
      return Status::Ok();
    RoleDescription role = base;
    role.role = name;
    CookedClip cooked;
    if (Status status = Cook(character, binding, clip, role, settings, source, cooked); !status)
      return status;
    Add(character, std::move(cooked));
    return Status::Ok();
  };
  Result<anim::Clip> fall = SynthesizeFallLoop(character.skeleton, binding, jump_loop, land,
                                               landing, "fall_loop", settings.rate_hz);
  if (!fall)
    return fall.error();
  if (Status s = cook(*fall, *loop_role, "fall_loop", "jump_loop, legs reaching down"); !s)
    return s;
  if (Status s = cook(land, *land_role, "land_light", "jump_land"); !s)
    return s;
  Result<anim::Clip> heavy = SynthesizeHeavyLanding(character.skeleton, binding, land, landing,
                                                    "land_heavy", settings.rate_hz);
  if (!heavy)
    return heavy.error();
  if (Status s =
          cook(*heavy, *land_role, "land_heavy",
               fmt::format("jump_land, compression x{:.1f}", landing.heavy_compression_scale));
      !s) {
    return s;
  }
  if (FindClip(character.clips, "land_heavy_additive") != nullptr)
    return Status::Ok();
  const anim::Clip heavy_cooked = *FindClip(character.clips, "land_heavy");
  Result<anim::Clip> additive =
      MakeAdditiveClip(character.skeleton, heavy_cooked, *FindClip(character.clips, "land_light"),
                       "land_heavy_additive", settings.rate_hz);
  if (!additive)
    return additive.error();
  // The heavy landing's curves and markers (a delta has no feet of its own to measure).
  additive->curves = heavy_cooked.curves;
  additive->markers = heavy_cooked.markers;
  ClipReport report;
  report.name = additive->name;
  report.source = "land_heavy minus land_light";
  report.duration_s = additive->duration_s;
  report.notes.push_back(
      "additive, local space (additive.h): ApplyAdditiveJob kLocal on land_light at the same "
      "time, weight 0 (light fall) to 1 (heavy fall); quality figures are land_heavy's");
  for (const ClipReport& r : character.reports) {
    if (r.name == "land_heavy") {
      report.quality = r.quality;
      report.quality_miss = r.quality_miss;
    }
  }
  character.clips.push_back(std::move(*additive));
  character.reports.push_back(std::move(report));
  return Status::Ok();
}

}  // namespace

Status CookDerivedClips(const CharacterDescription& description, const anim::RigBinding& binding,
                        const ClipCookSettings& settings, CookedCharacter& character) {
  if (Status status = CookTurnsInPlace(description, binding, settings, character); !status)
    return status;
  if (Status status = CookStrafeCycles(description, binding, settings, character); !status)
    return status;
  // Their starts and stops per direction need the cycles cooked first.
  if (Status status = CookStrafeTransitions(description, binding, settings, character); !status)
    return status;
  if (Status status = CookGaitTransitions(description, binding, settings, character); !status)
    return status;
  if (Status status = CookPivots(description, binding, settings, character); !status)
    return status;
  if (Status status = CookLandings(description, binding, settings, character); !status)
    return status;
  return Status::Ok();
}

}  // namespace footwork::cook
