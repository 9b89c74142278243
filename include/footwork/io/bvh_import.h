#pragma once
// BVH motion-capture import: any channel order, per-joint channel counts, unit scale and up-axis
// conversion to Footwork's frame (Y up, metres, facing +Z). One BVH file gives one clip.

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>

#include "footwork/core/error.h"
#include "footwork/io/scene.h"

namespace footwork::io {

enum class UpAxis { kY, kZ };

struct BvhOptions {
  // Multiplies every offset and translation (0.01 for centimetre files).
  float unit_scale_to_m = 0.01f;
  // The source's up axis; Z-up sources are rotated to Y-up at load.
  UpAxis up_axis = UpAxis::kY;
  // Name of the produced clip (default: the file's stem).
  std::string clip_name;
};

Result<Scene> ImportBvh(const std::filesystem::path& path, const BvhOptions& options = {});
Result<Scene> ImportBvhFromMemory(std::span<const std::uint8_t> bytes, const std::string& name,
                                  const BvhOptions& options = {});

}  // namespace footwork::io
