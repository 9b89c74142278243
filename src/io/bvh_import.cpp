#include "footwork/io/bvh_import.h"

namespace footwork::io {
Result<Scene> ImportBvh(const std::filesystem::path& path, const BvhOptions&) {
  return Error{path.string() + ": BVH not yet"};
}
Result<Scene> ImportBvhFromMemory(std::span<const std::uint8_t>, const std::string& name,
                                  const BvhOptions&) {
  return Error{name + ": BVH not yet"};
}
}  // namespace footwork::io
