#pragma once
// Reading whole input files with a size cap, so a wrong path or a huge file fails with a message.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <vector>

#include "footwork/core/error.h"

namespace footwork::io {

// The file's bytes; errors name the path ("walk.bvh: cannot open", "... larger than N bytes").
Result<std::vector<std::uint8_t>> ReadFileBytes(const std::filesystem::path& path,
                                                std::size_t max_bytes);

}  // namespace footwork::io
