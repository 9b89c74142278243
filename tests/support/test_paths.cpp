#include "support/test_paths.h"

#include <unistd.h>

namespace footwork::testing {

std::filesystem::path ScratchDir(const std::string& name) {
  // The pid keeps parallel ctest processes apart.
  const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                    ("footwork-test-" + std::to_string(::getpid())) / name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

}  // namespace footwork::testing
