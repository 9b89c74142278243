#pragma once
// `footwork cook --character DESCRIPTION.json --out FILE`: cooks a character into a cooked
// library and prints each clip's quality figures. `footwork cook --dump FILE [--json]`: shows a
// cooked library.

#include <CLI/CLI.hpp>

namespace footwork::cli {

// Adds the subcommand to the app; it runs when parsed and sets *exit_code.
void RegisterCookCommand(CLI::App& app, int* exit_code);

}  // namespace footwork::cli
