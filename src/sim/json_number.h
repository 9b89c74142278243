#pragma once
// Floats for JSON output: the shortest decimal that reads back to the same float, as a double,
// so nlohmann prints "0.1" rather than the float's binary expansion 0.10000000149011612.
// Internal to the sim layer (trace.jsonl and metrics.json).

#include <charconv>
#include <cmath>
#include <cstdlib>

namespace footwork::sim::detail {

inline double ShortestFloat(float value) {
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof(buffer) - 1, value);
  *result.ptr = '\0';
  return std::strtod(buffer, nullptr);
}

}  // namespace footwork::sim::detail
