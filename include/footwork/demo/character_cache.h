#pragma once
// A cooked character kept on disk next to the outputs, re-cooked only when its inputs or the
// cooker change. The cache key is a fingerprint of the description, its rig profile and each
// source file's size and modification time (cheap: the sources are large glTF files), plus the
// library format version, plus the cooker's version (cook::CookerVersion(), a hash of the cooker's
// sources made by the build), so editing any input, upgrading the format or changing the cooker's
// code cooks again.

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "footwork/core/error.h"
#include "footwork/io/cooked_library.h"

namespace footwork::demo {

// The fingerprint of a character description's inputs; errors name an unreadable input.
Result<std::uint32_t> CharacterInputsFingerprint(const std::filesystem::path& description,
                                                 const std::filesystem::path& asset_packs);

// The stamp kept next to a cached library: the inputs' fingerprint and the cooker's version it
// was cooked with, one per line ("inputs 123\ncooker 9f86...\n").
std::string CacheStamp(std::uint32_t inputs_fingerprint, std::string_view cooker_version);

struct CachedCharacter {
  io::CookedLibrary library;
  // True when this call cooked (the cache was missing or stale), false when it was read.
  bool cooked = false;
  std::filesystem::path library_path;
};

// Returns the cooked library for `description` (a character .json), reading
// `<cache_dir>/<stem>.fwcl` when its stamp `<stem>.fwcl.stamp` is CacheStamp(the inputs'
// fingerprint, this build's cook::CookerVersion()), else cooking it and writing both. A `.fwcl`
// path is read as is.
Result<CachedCharacter> LoadOrCookCharacter(const std::filesystem::path& description,
                                            const std::filesystem::path& cache_dir);

}  // namespace footwork::demo
