#pragma once
// The derived clips a pack lacks, cooked after its roles, mirrors, stops and starts: turn in
// place, strafing cycles (backward, left, right), 180 pivots, gait transitions, the fall loop
// and landings. Each family lives in its own file; this one picks the sources, names the clips
// and runs each through CookClip so they carry the same curves, markers and quality figures.

#include "footwork/anim/mirror.h"
#include "footwork/cook/character_description.h"
#include "footwork/cook/cook_character.h"
#include "footwork/cook/cook_clip.h"
#include "footwork/core/error.h"

namespace footwork::cook {

// Appends the derived clips to `character` (which already holds the cooked roles). A clip whose
// name is already a role (an authored clip) is not derived: authored wins.
Status CookDerivedClips(const CharacterDescription& description, const anim::RigBinding& binding,
                        const ClipCookSettings& settings, CookedCharacter& character);

}  // namespace footwork::cook
