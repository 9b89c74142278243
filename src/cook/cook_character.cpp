#include "footwork/cook/cook_character.h"

#include <fmt/format.h>

#include "clip_lookup.h"
#include "footwork/anim/curve_names.h"
#include "footwork/cook/derived_clips.h"
#include "footwork/cook/mirror_clip.h"
#include "footwork/cook/settle_step.h"
#include "footwork/cook/start_entry.h"
#include "footwork/cook/transitions.h"
#include "footwork/io/import.h"
#include "footwork/io/rig_profile_io.h"

namespace footwork::cook {
namespace {

std::string TurnSuffix(float turn_deg) {
  if (turn_deg == 0.0f)
    return "fwd";
  return fmt::format("{:.0f}_{}", std::fabs(turn_deg), turn_deg > 0.0f ? "l" : "r");
}

void Add(CookedCharacter& character, CookedClip cooked) {
  character.clips.push_back(std::move(cooked.clip));
  character.reports.push_back(std::move(cooked.report));
}

}  // namespace

Result<CookedCharacter> CookCharacter(const CharacterDescription& description,
                                      const io::Scene& scene, const anim::RigProfile& profile) {
  const std::string where = description.path.filename().string();
  Result<anim::RigBinding> binding = anim::Bind(profile, scene.skeleton);
  if (!binding)
    return WithContext(where, binding.error());
  ClipCookSettings settings = SettingsOf(description);
  // The runtime stands the character on the idle's first frame (BasePose_N): its feet say where
  // every clip's soles meet the floor.
  const RoleDescription* idle_role = description.FindRole("idle");
  if (idle_role != nullptr) {
    if (const anim::Clip* idle_source = FindClip(scene.clips, idle_role->clip)) {
      Result<StandingFeet> standing = MeasureStandingFeet(scene.skeleton, *binding, *idle_source);
      if (description.floor_from_idle) {
        if (!standing)
          return WithContext(where, standing.error());
        settings.standing = *standing;
      }
      // Without floor_from_idle the planted soles are measured all the same, when the idle
      // stands; an idle that does not is no reason to refuse the cook here.
      if (standing)
        settings.measured_standing = *standing;
    }
  }
  // Feet the cook does not ground stand where the source put them: their height is reported, not
  // held to the bar (the KayKit Knight's derived turning starts stand a planted foot 10-12 cm up).
  if (!settings.standing)
    settings.bars.max_locked_sole_height_cm.reset();

  CookedCharacter character;
  character.name = description.name;
  character.skeleton = scene.skeleton;
  character.rig_profile = profile;
  character.meshes = scene.meshes;

  for (const RoleDescription& role : description.roles) {
    const anim::Clip* source = FindClip(scene.clips, role.clip);
    if (source == nullptr) {
      return Error{fmt::format("{}: roles.{}.clip: no clip named '{}' in {}", where, role.role,
                               role.clip, scene.source)};
    }
    Result<CookedClip> cooked =
        CookClip(scene.skeleton, *binding, *source, role, DistanceMarker::kNone, settings);
    if (!cooked)
      return WithContext(where, cooked.error());
    Add(character, std::move(*cooked));
  }

  for (const std::string& role_name : description.mirror_roles) {
    const RoleDescription& role = *description.FindRole(role_name);
    // Copies: character.clips grows below, which would invalidate references into it.
    const anim::Clip cooked = *FindClip(character.clips, role_name);
    RoleDescription mirrored_role = role;
    mirrored_role.role = role_name + "_mirrored";
    // The mirrored clip's root motion is already on its track; only its annotations are redone.
    Result<anim::Clip> mirrored =
        MirrorClip(scene.skeleton, *binding, cooked, mirrored_role.role, settings.rate_hz);
    if (!mirrored)
      return WithContext(where, mirrored.error());
    mirrored->name = role_name;  // reported as derived from the cooked role
    Result<CookedClip> result = CookClip(scene.skeleton, *binding, *mirrored, mirrored_role,
                                         DistanceMarker::kNone, settings);
    if (!result)
      return WithContext(where, result.error());
    result->report.source = "mirror of " + role_name;
    Add(character, std::move(*result));
  }

  const anim::Clip idle_clip = *FindClip(character.clips, "idle");
  const anim::Clip* idle = &idle_clip;
  for (const TransitionDescription& transition : description.transitions) {
    const anim::Clip cycle = *FindClip(character.clips, transition.from_role);
    const RoleDescription& cycle_role = *description.FindRole(transition.from_role);
    RoleDescription derived = cycle_role;
    derived.looping = false;
    derived.enable_turn_in_place = 0.0f;
    // Stops: one per foot, entered as that foot goes down (it stays planted while the root
    // decelerates; the other plants last), with a settle step where it stands the feet lower.
    for (const auto& [foot, marker] : {std::pair{"l", anim::curve_names::kMarkerFootLeft},
                                       std::pair{"r", anim::curve_names::kMarkerFootRight}}) {
      derived.role = fmt::format("{}_stop_{}", transition.from_role, foot);
      Result<CookedClip> result = CookStopWithSteadierSettle(
          scene.skeleton, *binding, cycle, *idle, FirstMarker(cycle, marker),
          std::string(foot) == "l" ? 0 : 1, transition, derived.role, settings.rate_hz,
          [&](const anim::Clip& stop) {
            return CookClip(scene.skeleton, *binding, stop, derived, DistanceMarker::kStopPoint,
                            settings);
          });
      if (!result)
        return WithContext(where, result.error());
      result->report.source = "stop from " + transition.from_role;
      Add(character, std::move(*result));
    }
    // Starts: entered on whichever foot stands steadier while the root ramps up and turns.
    for (const float turn_deg : transition.start_turns_deg) {
      derived.role = fmt::format("{}_start_{}", transition.from_role, TurnSuffix(turn_deg));
      derived.disable_switch_ground_gait = 1.0f;
      Result<CookedClip> result =
          CookStartOnTheSteadierFoot([&](const char* entry_marker) -> Result<CookedClip> {
            Result<anim::Clip> start =
                SynthesizeStart(scene.skeleton, cycle, *idle, FirstMarker(cycle, entry_marker),
                                turn_deg, transition, derived.role, settings.rate_hz);
            if (!start)
              return start.error();
            return CookClip(scene.skeleton, *binding, *start, derived, DistanceMarker::kStartPoint,
                            settings);
          });
      if (!result)
        return WithContext(where, result.error());
      result->report.source = "start into " + transition.from_role;
      Add(character, std::move(*result));
    }
  }
  // Turns in place, strafing cycles, pivots, gait transitions, falls and landings.
  if (Status derived = CookDerivedClips(description, *binding, settings, character); !derived)
    return WithContext(where, derived.error());
  if (Status waived = ApplyQualityWaivers(description.quality_waivers, character.reports); !waived)
    return WithContext(where, waived.error());
  return character;
}

Result<CookedCharacter> CookCharacterFromFiles(const CharacterDescription& description,
                                               const std::filesystem::path& asset_packs) {
  const std::string where = description.path.filename().string();
  const std::filesystem::path profile_path =
      description.path.parent_path() / description.rig_profile;
  Result<anim::RigProfile> profile = io::LoadRigProfile(profile_path);
  if (!profile)
    return WithContext(where + ": rig_profile", profile.error());
  io::Scene scene;
  for (std::size_t i = 0; i < description.sources.size(); ++i) {
    Result<io::Scene> source = io::ImportScene(asset_packs / description.sources[i]);
    if (!source)
      return WithContext(fmt::format("{}: sources[{}]", where, i), source.error());
    if (i == 0) {
      scene = std::move(*source);
      continue;
    }
    if (source->skeleton.joint_names != scene.skeleton.joint_names) {
      return Error{fmt::format("{}: sources[{}]: {} has a different skeleton than {}", where, i,
                               description.sources[i].string(), description.sources[0].string())};
    }
    for (anim::Clip& clip : source->clips)
      scene.clips.push_back(std::move(clip));
  }
  return CookCharacter(description, scene, *profile);
}

Status ApplyQualityWaivers(const std::map<std::string, std::string>& waivers,
                           std::vector<ClipReport>& reports) {
  for (const auto& [clip, reason] : waivers) {
    ClipReport* report = nullptr;
    for (ClipReport& candidate : reports) {
      if (candidate.name == clip)
        report = &candidate;
    }
    if (report == nullptr)
      return Error{fmt::format("quality_waivers.{}: no cooked clip has that name", clip)};
    report->waiver = reason;
    if (report->quality_miss.empty())
      report->notes.push_back("quality waiver not needed: the clip meets every bar");
  }
  return Status::Ok();
}

io::CookedLibrary ToCookedLibrary(const CookedCharacter& character) {
  io::CookedLibrary library;
  library.character = character.name;
  library.skeleton = character.skeleton;
  library.rig_profile = character.rig_profile;
  library.clips = character.clips;
  library.meshes = character.meshes;
  for (const ClipReport& report : character.reports) {
    io::CookedClipInfo info;
    info.clip = report.name;
    info.source = report.source;
    info.ground_speed_m_s = report.ground_speed_m_s;
    info.root_distance_m = report.root_distance_m;
    info.root_yaw_deg = report.root_yaw_deg;
    info.locked_foot_speed_cm_s_left = report.quality.locked_foot_speed_cm_s_left;
    info.locked_foot_speed_cm_s_right = report.quality.locked_foot_speed_cm_s_right;
    info.max_joint_step_deg = report.quality.max_joint_step_deg;
    info.loop_gap_deg = report.quality.loop_gap_deg;
    info.quality_miss = report.quality_miss;
    info.notes = report.notes;
    if (!report.waiver.empty())
      info.notes.push_back("quality waived: " + report.waiver);
    library.clip_info.push_back(std::move(info));
  }
  return library;
}

std::string FormatReport(const ClipReport& report) {
  std::string line = fmt::format(
      "{:<22} {:<26} {:5.2f} s  speed {:5.2f} m/s  travel {:5.2f} m  yaw {:6.1f} deg  "
      "locked foot L {:5.2f} R {:5.2f} cm/s  joint step {:5.1f} deg",
      report.name, report.source, report.duration_s, report.ground_speed_m_s,
      report.root_distance_m, report.root_yaw_deg, report.quality.locked_foot_speed_cm_s_left,
      report.quality.locked_foot_speed_cm_s_right, report.quality.max_joint_step_deg);
  if (report.looping)
    line += fmt::format("  loop gap {:4.2f} deg", report.quality.loop_gap_deg);
  const auto sole = [](const std::optional<float>& height) {
    return height ? fmt::format("{:5.2f}", *height) : std::string("    -");
  };
  if (report.quality.locked_sole_height_cm_left || report.quality.locked_sole_height_cm_right) {
    line +=
        fmt::format("  locked sole L {} R {} cm", sole(report.quality.locked_sole_height_cm_left),
                    sole(report.quality.locked_sole_height_cm_right));
  }
  if (report.quality_miss.empty())
    line += "  [ok]";
  else if (!report.waiver.empty())
    line += "  [waived (" + report.waiver + "): " + report.quality_miss + "]";
  else
    line += "  [MISS: " + report.quality_miss + "]";
  for (const std::string& note : report.notes)
    line += "\n    note: " + note;
  return line;
}

}  // namespace footwork::cook
