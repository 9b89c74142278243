#include "footwork/io/file_bytes.h"

#include <fstream>
#include <system_error>

#include <fmt/format.h>

namespace footwork::io {

Result<std::vector<std::uint8_t>> ReadFileBytes(const std::filesystem::path& path,
                                                std::size_t max_bytes) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) {
    return Error{fmt::format("{}: is a directory, expected a file", path.string())};
  }
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return Error{fmt::format("{}: cannot open file", path.string())};
  in.seekg(0, std::ios::end);
  const std::streamoff size = in.tellg();
  if (size < 0)
    return Error{fmt::format("{}: cannot read file size", path.string())};
  if (static_cast<std::uintmax_t>(size) > max_bytes) {
    return Error{fmt::format("{}: {} bytes is larger than the {} byte limit", path.string(), size,
                             max_bytes)};
  }
  in.seekg(0, std::ios::beg);
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size));
  if (size > 0 && !in.read(reinterpret_cast<char*>(bytes.data()), size)) {
    return Error{fmt::format("{}: read failed", path.string())};
  }
  return bytes;
}

}  // namespace footwork::io
