#pragma once
// Paths tests need: a scratch folder for generated fixtures, and the asset packs when present.

#include <filesystem>
#include <string>

namespace footwork::testing {

// A fresh, empty folder for this test's outputs under the system temp dir.
std::filesystem::path ScratchDir(const std::string& name);

}  // namespace footwork::testing
