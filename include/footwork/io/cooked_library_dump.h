#pragma once
// The human-readable view of a cooked library (`footwork cook --dump FILE --json`): per clip its
// duration, curves (name, key count, min/max), markers, root travel and the cooker's quality
// figures, plus the skeleton and mesh counts.

#include <string>

#include "footwork/io/cooked_library.h"

namespace footwork::io {

// One JSON object (pretty-printed): character, joints, rig_profile, meshes, clips.
std::string CookedLibraryToJson(const CookedLibrary& library);

}  // namespace footwork::io
