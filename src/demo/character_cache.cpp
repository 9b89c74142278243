#include "footwork/demo/character_cache.h"

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "footwork/cook/character_description.h"
#include "footwork/cook/cook_character.h"
#include "footwork/cook/cooker_version.h"
#include "footwork/io/asset_paths.h"

namespace footwork::demo {
namespace {

void Append(std::vector<std::uint8_t>& bytes, const std::string& text) {
  bytes.insert(bytes.end(), text.begin(), text.end());
  bytes.push_back(0);
}

Result<std::string> ReadText(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return Error{path.string() + ": cannot read"};
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Size and modification time, so a touched or replaced source counts as changed.
Status AppendFileStat(std::vector<std::uint8_t>& bytes, const std::filesystem::path& path) {
  std::error_code error;
  const auto size = std::filesystem::file_size(path, error);
  if (error)
    return Error{path.string() + ": cannot read: " + error.message()};
  const auto mtime = std::filesystem::last_write_time(path, error);
  if (error)
    return Error{path.string() + ": cannot read: " + error.message()};
  Append(bytes, path.string() + "|" + std::to_string(size) + "|" +
                    std::to_string(mtime.time_since_epoch().count()));
  return {};
}

}  // namespace

Result<std::uint32_t> CharacterInputsFingerprint(const std::filesystem::path& description,
                                                 const std::filesystem::path& asset_packs) {
  auto parsed = cook::LoadCharacterDescription(description);
  if (!parsed)
    return parsed.error();
  std::vector<std::uint8_t> bytes;
  Append(bytes, "fwcl-v" + std::to_string(io::kCookedLibraryVersion));
  auto text = ReadText(description);
  if (!text)
    return text.error();
  Append(bytes, *text);
  const std::filesystem::path rig = description.parent_path() / parsed->rig_profile;
  auto rig_text = ReadText(rig);
  if (!rig_text)
    return rig_text.error();
  Append(bytes, *rig_text);
  for (const std::filesystem::path& source : parsed->sources) {
    if (Status stat = AppendFileStat(bytes, asset_packs / source); !stat)
      return stat.error();
  }
  return io::Fnv1a32(bytes);
}

std::string CacheStamp(std::uint32_t inputs_fingerprint, std::string_view cooker_version) {
  return "inputs " + std::to_string(inputs_fingerprint) + "\ncooker " +
         std::string(cooker_version) + "\n";
}

Result<CachedCharacter> LoadOrCookCharacter(const std::filesystem::path& description,
                                            const std::filesystem::path& cache_dir) {
  CachedCharacter result;
  if (description.extension() == ".fwcl") {
    auto library = io::ReadCookedLibrary(description);
    if (!library)
      return library.error();
    result.library = std::move(*library);
    result.library_path = description;
    return result;
  }
  const auto packs = io::FindAssetPacks();
  if (!packs)
    return Error{"no asset packs found: set FOOTWORK_ASSETS or put them in ../shared/assets"};
  auto fingerprint = CharacterInputsFingerprint(description, *packs);
  if (!fingerprint)
    return fingerprint.error();
  const std::string stamp_text = CacheStamp(*fingerprint, cook::CookerVersion());
  result.library_path = cache_dir / (description.stem().string() + ".fwcl");
  const std::filesystem::path stamp = cache_dir / (description.stem().string() + ".fwcl.stamp");
  if (std::filesystem::exists(result.library_path)) {
    auto stored = ReadText(stamp);
    if (stored && *stored == stamp_text) {
      auto library = io::ReadCookedLibrary(result.library_path);
      if (library) {
        result.library = std::move(*library);
        return result;
      }
      // A corrupt cache is cooked again below.
    }
  }
  auto parsed = cook::LoadCharacterDescription(description);
  if (!parsed)
    return parsed.error();
  auto cooked = cook::CookCharacterFromFiles(*parsed, *packs);
  if (!cooked)
    return cooked.error();
  result.library = cook::ToCookedLibrary(*cooked);
  result.cooked = true;
  std::error_code ignored;
  std::filesystem::create_directories(cache_dir, ignored);
  if (Status written = io::WriteCookedLibrary(result.library, result.library_path); !written)
    return written.error();
  std::ofstream out(stamp, std::ios::binary | std::ios::trunc);
  out << stamp_text;
  if (!out)
    return Error{stamp.string() + ": cannot write"};
  return result;
}

}  // namespace footwork::demo
