#pragma once
// `footwork render --model FILE --clip NAME [--frames N|--seconds S] [--fps 30] [--out DIR]
// [--size 1280x720] [--video demo.mp4] [--gif demo.gif] [--yaw DEG]`: plays a clip on the
// character in place, offscreen, and writes PNG frames and optionally a video and a GIF.

#include <CLI/CLI.hpp>

namespace footwork::cli {

// Adds the subcommand to the app; it runs when parsed and sets *exit_code.
void RegisterRenderCommand(CLI::App& app, int* exit_code);

}  // namespace footwork::cli
