#pragma once
// glTF 2.0 import (.gltf + .bin, .glb): the first skin's joints and rest pose, every animation
// (T/R/S channels; LINEAR and STEP kept, CUBICSPLINE resampled to LINEAR), and the skinned meshes.
// Node transforms above the skin's root joint are folded into the root, so the skeleton is in
// glTF's Y-up metres space facing +Z.

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>

#include "footwork/core/error.h"
#include "footwork/io/scene.h"

namespace footwork::io {

// Loads a file; errors name the file and the problem (bad accessor, truncated buffer, NaN key...).
Result<Scene> ImportGltf(const std::filesystem::path& path);

// Loads from memory. `name` is used in messages; a .gltf's external buffers are resolved against
// base_dir (empty: external URIs are an error). Used by the fuzz target.
Result<Scene> ImportGltfFromMemory(std::span<const std::uint8_t> bytes, const std::string& name,
                                   const std::filesystem::path& base_dir = {});

}  // namespace footwork::io
