#pragma once
// The cooker's version: a SHA-256 (64 hex digits) of the sources of the code that makes cooked
// libraries (the cook layer and the io, anim and core layers it links), computed by the build
// (cmake/CookerVersion.cmake) whenever one of them changes. A cooked library made by a build with
// another version may differ from what this build would cook, so caches key on it.

#include <string_view>

namespace footwork::cook {

std::string_view CookerVersion();

}  // namespace footwork::cook
