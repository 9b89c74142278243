#pragma once
// Where the CC0 asset packs live: $FOOTWORK_ASSETS, then ../shared/assets beside the project.
// The packs are never committed; Footwork's own data is under assets/ in the project.

#include <filesystem>
#include <optional>

namespace footwork::io {

// The asset-pack folder: $FOOTWORK_ASSETS if set, else `<project>/../shared/assets`, where the
// project root is $FOOTWORK_SOURCE_DIR or the compiled-in source directory. Empty if neither
// exists.
std::optional<std::filesystem::path> FindAssetPacks();

// Footwork's own data folder (`<project>/assets`).
std::filesystem::path ProjectAssets();

}  // namespace footwork::io
