#pragma once
// An 8-bit RGB image in memory, rows top to bottom, and PNG read/write (stb_image).

#include <cstdint>
#include <filesystem>
#include <vector>

#include "footwork/core/error.h"

namespace footwork::render {

// What the renderer reads back and what PNG and video writers take.
struct Image {
  int width = 0;
  int height = 0;
  // width * height * 3 bytes, row 0 is the top of the picture.
  std::vector<std::uint8_t> rgb;

  const std::uint8_t* Pixel(int x, int y) const { return &rgb[(y * width + x) * 3]; }
};

// Writes a PNG; the error names the path.
Status WritePng(const std::filesystem::path& path, const Image& image);

// Reads a PNG (any channel count, converted to RGB).
Result<Image> ReadPng(const std::filesystem::path& path);

}  // namespace footwork::render
