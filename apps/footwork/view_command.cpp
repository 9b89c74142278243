// footwork view: a window with the character in the level, an orbit camera, live controls and
// debug panels. The scene is drawn by the offscreen renderer (its own EGL context) and shown as
// a texture under Dear ImGui in SDL's OpenGL 3.3 window, so the viewer and `footwork render`
// draw the same picture.
#include "view_command.h"

#include <cstdio>
#include <memory>
#include <string>

#ifdef FOOTWORK_HAVE_VIEWER
#include "viewer_app.h"
#endif

namespace footwork::cli {
namespace {

int RunView(const ViewOptions& options) {
#ifdef FOOTWORK_HAVE_VIEWER
  return RunViewer(options);
#else
  (void)options;
  std::fprintf(stderr,
               "footwork view: built without SDL2 and Dear ImGui; run scripts/install-deps "
               "(libsdl2-dev libimgui-dev) and rebuild\n");
  return 1;
#endif
}

}  // namespace

void RegisterViewCommand(CLI::App& app, int* exit_code) {
  auto options = std::make_shared<ViewOptions>();
  CLI::App* command = app.add_subcommand(
      "view",
      "Interactive viewer: drive the character with WASD+mouse or a gamepad, with debug "
      "panels");
  command->add_option("--character", options->character,
                      "Character description (.json) or cooked library (.fwcl)");
  command->add_option("--level", options->level, "Level (.json)");
  command->add_option("--scenario", options->scenario, "Play a scenario instead of live input");
  command->add_option("--size", options->size, "Window WIDTHxHEIGHT")->capture_default_str();
  command->add_option("--frames", options->frames,
                      "Quit after this many frames (each a fixed 1/60 s step)");
  command->add_option("--screenshot", options->screenshot,
                      "Save the last frame's window as PNG (with --frames)");
  command->add_option("--cache", options->cache_dir, "Cooked-character cache folder")
      ->capture_default_str();
  command->callback([options, exit_code] { *exit_code = RunView(*options); });
}

}  // namespace footwork::cli
