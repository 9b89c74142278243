#pragma once
// The SDL2 + OpenGL 3.3 + Dear ImGui window of `footwork view` (built when both are installed).

#include "view_command.h"

namespace footwork::cli {

int RunViewer(const ViewOptions& options);

}  // namespace footwork::cli
