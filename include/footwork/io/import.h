#pragma once
// One entry point for every supported source format, chosen by file extension.

#include <filesystem>

#include "footwork/core/error.h"
#include "footwork/io/scene.h"

namespace footwork::io {

// Imports .gltf, .glb (glTF 2.0) or .bvh (with default BvhOptions). Other extensions are an error.
Result<Scene> ImportScene(const std::filesystem::path& path);

}  // namespace footwork::io
