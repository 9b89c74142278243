#pragma once
// "--size WIDTHxHEIGHT" for the commands that render.
#include <cstdio>
#include <string>
#include <utility>

#include "footwork/core/error.h"

namespace footwork::cli {

inline Result<std::pair<int, int>> ParseVideoSize(const std::string& text) {
  int width = 0;
  int height = 0;
  char separator = 0;
  if (std::sscanf(text.c_str(), "%d%c%d", &width, &separator, &height) != 3 || separator != 'x' ||
      width < 16 || height < 16 || width > 8192 || height > 8192 || width % 2 || height % 2) {
    return Error{"--size '" + text + "': expected even WIDTHxHEIGHT, e.g. 1280x720 (16..8192)"};
  }
  return std::pair{width, height};
}

}  // namespace footwork::cli
