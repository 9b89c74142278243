#include "footwork/core/log.h"

#include <spdlog/sinks/stdout_color_sinks.h>

namespace footwork {

spdlog::logger& Log() {
  static std::shared_ptr<spdlog::logger> logger = [] {
    auto created = spdlog::stderr_color_mt("footwork");
    created->set_pattern("[%l] %v");
    return created;
  }();
  return *logger;
}

}  // namespace footwork
