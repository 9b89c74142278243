#pragma once
// Footwork's logger: a named spdlog logger writing to stderr, so stdout stays for results.

#include <memory>

#include <spdlog/spdlog.h>

namespace footwork {

// The shared "footwork" logger (created on first use).
spdlog::logger& Log();

}  // namespace footwork
