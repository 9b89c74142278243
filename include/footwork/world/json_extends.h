#pragma once
// Settings files that extend another: {"extends": "default.json", ...} is the named file (a path
// relative to this one) with this file's own fields merged over it (a JSON merge patch, RFC
// 7386), so a character's file states only what differs from the default. Shared by the movement
// and IK settings loaders.

#include <filesystem>
#include <string>

#include "footwork/core/error.h"

namespace footwork::world {

// Files an extends chain may hold, the first file included.
inline constexpr std::size_t kMaxExtendsDepth = 8;

// The document a loader parses, and the file name its errors name.
struct ExtendedJson {
  std::string text;
  std::string source;
};

// Reads `path` and resolves its extends chain. A file without "extends" (or not a JSON object:
// the loader's own parse then names the problem) comes back as it is, named by its file name; a
// merged document is named by the first file's name. A base file that is not a JSON object comes
// back alone, named by its own name, for the same reason. Errors, each naming the first file:
// an extends that is not a non-empty string, a base that cannot be read, a chain that comes back
// to a file already in it or is more than kMaxExtendsDepth files deep.
Result<ExtendedJson> ReadExtendedJson(const std::filesystem::path& path);

}  // namespace footwork::world
