#pragma once
// `footwork inspect FILE [--json]`: summarises a .gltf, .glb or .bvh (joints, clips, meshes).

#include <CLI/CLI.hpp>

namespace footwork::cli {

// Adds the subcommand to the app; it runs when parsed and sets *exit_code.
void RegisterInspectCommand(CLI::App& app, int* exit_code);

}  // namespace footwork::cli
