#pragma once
// Strafing starts and stops per cardinal direction, for packs that have only cycles: each
// strafing cycle (<gait>_backward, <gait>_strafe_left, <gait>_strafe_right) gets a start from the
// idle (<cycle>_start) and a stop per foot (<cycle>_stop_l, <cycle>_stop_r), synthesised exactly
// like the gait's forward start and stops (transitions.h) with the gait's transition settings, and
// cooked with the same curves (Distance, MotionSpeed, FootLock, Enable_FootIK) and foot markers.
// The forward direction keeps the gait's own <gait>_start_fwd and <gait>_stop_<l|r>.

#include <string>

#include "footwork/anim/mirror.h"
#include "footwork/cook/character_description.h"
#include "footwork/cook/cook_character.h"
#include "footwork/cook/cook_clip.h"
#include "footwork/core/error.h"

namespace footwork::cook {

// The strafing cycle directions that get their own starts and stops, as clip-name suffixes.
inline constexpr const char* kStrafeTransitionDirections[] = {"backward", "strafe_left",
                                                              "strafe_right"};

// Appends the strafing starts and stops for every transition of `description` whose strafing
// cycles are in `character` (cooked already). A clip whose name is already cooked (an authored
// role) is not derived: authored wins. Errors name the clip.
Status CookStrafeTransitions(const CharacterDescription& description,
                             const anim::RigBinding& binding, const ClipCookSettings& settings,
                             CookedCharacter& character);

}  // namespace footwork::cook
