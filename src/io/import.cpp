#include "footwork/io/import.h"

#include <algorithm>
#include <cctype>
#include <string>

#include <fmt/format.h>

#include "footwork/io/bvh_import.h"
#include "footwork/io/gltf_import.h"

namespace footwork::io {

Result<Scene> ImportScene(const std::filesystem::path& path) {
  std::string extension = path.extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (extension == ".gltf" || extension == ".glb")
    return ImportGltf(path);
  if (extension == ".bvh")
    return ImportBvh(path);
  return Error{fmt::format("{}: unknown file type '{}' (expected .gltf, .glb or .bvh)",
                           path.string(), extension)};
}

}  // namespace footwork::io
