#pragma once
// Cooking a whole character: import its sources, bind its rig profile, cook every role's clip,
// then the derived clips (mirrors, stops, starts), each with its report.

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "footwork/anim/clip.h"
#include "footwork/anim/mirror.h"
#include "footwork/anim/rig_profile.h"
#include "footwork/anim/skeleton.h"
#include "footwork/cook/character_description.h"
#include "footwork/cook/cook_clip.h"
#include "footwork/core/error.h"
#include "footwork/io/cooked_library.h"
#include "footwork/io/scene.h"

namespace footwork::cook {

// Everything the runtime needs for one character, before it is written as a cooked library.
struct CookedCharacter {
  std::string name;
  anim::Skeleton skeleton;
  anim::RigProfile rig_profile;
  std::vector<io::SkinnedMesh> meshes;
  std::vector<anim::Clip> clips;
  // One report per clip, same order.
  std::vector<ClipReport> reports;
};

// Cooks from already-loaded inputs (tests use the procedural humanoid). Errors name the role and
// the clip: unknown source clip names, unbindable rig profiles, clips that cannot be cooked.
Result<CookedCharacter> CookCharacter(const CharacterDescription& description,
                                      const io::Scene& scene, const anim::RigProfile& profile);

// Loads the description's sources (relative to asset_packs) and rig profile (relative to the
// description), then cooks.
Result<CookedCharacter> CookCharacterFromFiles(const CharacterDescription& description,
                                               const std::filesystem::path& asset_packs);

// The cooked character as the library file stores it (reports become CookedClipInfo).
io::CookedLibrary ToCookedLibrary(const CookedCharacter& character);

// Marks the reports of waived clips (CharacterDescription::quality_waivers: clip -> reason). A
// waiver naming no report is an error (a typo would otherwise waive nothing); one for a clip that
// meets every bar gets a note saying it is not needed.
Status ApplyQualityWaivers(const std::map<std::string, std::string>& waivers,
                           std::vector<ClipReport>& reports);

// One line per clip: speed, travel, locked-foot speeds, joint step, loop gap, misses and notes.
std::string FormatReport(const ClipReport& report);

}  // namespace footwork::cook
