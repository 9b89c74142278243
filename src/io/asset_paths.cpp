#include "footwork/io/asset_paths.h"

#include <cstdlib>

namespace footwork::io {
namespace {

std::filesystem::path ProjectRoot() {
  if (const char* from_env = std::getenv("FOOTWORK_SOURCE_DIR"); from_env && *from_env) {
    return from_env;
  }
  return FOOTWORK_SOURCE_DIR;
}

}  // namespace

std::optional<std::filesystem::path> FindAssetPacks() {
  if (const char* from_env = std::getenv("FOOTWORK_ASSETS"); from_env && *from_env) {
    if (std::filesystem::is_directory(from_env))
      return std::filesystem::path(from_env);
  }
  const std::filesystem::path shared = ProjectRoot() / ".." / "shared" / "assets";
  if (std::filesystem::is_directory(shared))
    return shared.lexically_normal();
  return std::nullopt;
}

std::filesystem::path ProjectAssets() {
  return ProjectRoot() / "assets";
}

}  // namespace footwork::io
