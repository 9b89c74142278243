#pragma once
// Lookups the cook steps share over the clips they have made so far.

#include <string>
#include <vector>

#include "footwork/anim/clip.h"

namespace footwork::cook {

// The clip named `name`, or null.
inline const anim::Clip* FindClip(const std::vector<anim::Clip>& clips, const std::string& name) {
  for (const anim::Clip& clip : clips) {
    if (clip.name == name)
      return &clip;
  }
  return nullptr;
}

// Time of the first marker named `marker`, or 0 (where a start or stop begins when it has none).
inline float FirstMarker(const anim::Clip& clip, const char* marker) {
  for (const anim::SyncMarker& m : clip.markers) {
    if (m.name == marker)
      return m.time_s;
  }
  return 0.0f;
}

}  // namespace footwork::cook
