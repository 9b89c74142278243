#pragma once
#include <CLI/CLI.hpp>

namespace footwork::cli {

// `footwork demo [--out DIR]`: the main job (issue 8).
void RegisterDemoCommand(CLI::App& app, int* exit_code);

}  // namespace footwork::cli
