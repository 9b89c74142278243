#include "footwork/cook/strafe_transitions.h"

#include <fmt/format.h>

#include "clip_lookup.h"
#include "footwork/anim/curve_names.h"
#include "footwork/cook/settle_step.h"
#include "footwork/cook/start_entry.h"
#include "footwork/cook/transitions.h"

namespace footwork::cook {
namespace names = anim::curve_names;
namespace {

void AddCooked(CookedClip cooked, const std::string& source, CookedCharacter& character) {
  cooked.report.source = source;
  character.clips.push_back(std::move(cooked.clip));
  character.reports.push_back(std::move(cooked.report));
}

// One direction's cycle: a stop per foot (entered as that foot goes down) and a start, each
// cooked as the forward ones are (settle_step.h, start_entry.h).
Status CookDirection(const TransitionDescription& transition, const RoleDescription& gait_role,
                     const std::string& cycle_name, const anim::RigBinding& binding,
                     const ClipCookSettings& settings, CookedCharacter& character) {
  // Copies: character.clips grows below, which would invalidate references into it.
  const anim::Clip cycle = *FindClip(character.clips, cycle_name);
  const anim::Clip idle = *FindClip(character.clips, "idle");
  RoleDescription role = gait_role;
  role.looping = false;
  // The synthesiser put the root motion on the track; the role's contact settings still apply.
  role.root_motion = RootMotionSource::kNone;
  role.enable_turn_in_place = 0.0f;
  role.disable_switch_ground_gait = 0.0f;
  role.layering.clear();
  for (const auto& [foot, marker] :
       {std::pair{"l", names::kMarkerFootLeft}, std::pair{"r", names::kMarkerFootRight}}) {
    role.role = fmt::format("{}_stop_{}", cycle_name, foot);
    if (FindClip(character.clips, role.role) != nullptr)
      continue;
    Result<CookedClip> stop = CookStopWithSteadierSettle(
        character.skeleton, binding, cycle, idle, FirstMarker(cycle, marker),
        std::string(foot) == "l" ? 0 : 1, transition, role.role, settings.rate_hz,
        [&](const anim::Clip& synthesized) {
          return CookClip(character.skeleton, binding, synthesized, role,
                          DistanceMarker::kStopPoint, settings);
        });
    if (!stop)
      return stop.error();
    AddCooked(std::move(*stop), "stop from " + cycle_name, character);
  }
  role.role = cycle_name + "_start";
  if (FindClip(character.clips, role.role) != nullptr)
    return Status::Ok();
  role.disable_switch_ground_gait = 1.0f;
  Result<CookedClip> start =
      CookStartOnTheSteadierFoot([&](const char* entry_marker) -> Result<CookedClip> {
        const Result<anim::Clip> synthesized =
            SynthesizeStart(character.skeleton, cycle, idle, FirstMarker(cycle, entry_marker),
                            /*turn_deg=*/0.0f, transition, role.role, settings.rate_hz);
        if (!synthesized)
          return synthesized.error();
        return CookClip(character.skeleton, binding, *synthesized, role,
                        DistanceMarker::kStartPoint, settings);
      });
  if (!start)
    return start.error();
  AddCooked(std::move(*start), "start into " + cycle_name, character);
  return Status::Ok();
}

}  // namespace

Status CookStrafeTransitions(const CharacterDescription& description,
                             const anim::RigBinding& binding, const ClipCookSettings& settings,
                             CookedCharacter& character) {
  if (FindClip(character.clips, "idle") == nullptr)
    return Status::Ok();
  for (const TransitionDescription& transition : description.transitions) {
    const RoleDescription* gait_role = description.FindRole(transition.from_role);
    if (gait_role == nullptr)
      continue;
    for (const char* direction : kStrafeTransitionDirections) {
      const std::string cycle_name = fmt::format("{}_{}", transition.from_role, direction);
      if (FindClip(character.clips, cycle_name) == nullptr)
        continue;
      if (Status status =
              CookDirection(transition, *gait_role, cycle_name, binding, settings, character);
          !status) {
        return status;
      }
    }
  }
  return Status::Ok();
}

}  // namespace footwork::cook
