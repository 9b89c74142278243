#pragma once
#include <CLI/CLI.hpp>

#include <string>

namespace footwork::cli {

struct ViewOptions {
  std::string character;
  std::string level;
  std::string scenario;
  std::string size = "1280x720";
  // > 0: run this many fixed 60 Hz frames, then quit (for screenshots and tests).
  int frames = 0;
  std::string screenshot;
  std::string cache_dir = "out/.footwork-cache";
};

// `footwork view`: the interactive viewer (SDL2, OpenGL 3.3, Dear ImGui), issue 8.
void RegisterViewCommand(CLI::App& app, int* exit_code);

}  // namespace footwork::cli
