#include "footwork/world/json_extends.h"

#include <algorithm>
#include <vector>

#include <nlohmann/json.hpp>

#include "footwork/world/json_fields.h"

namespace footwork::world {

Result<ExtendedJson> ReadExtendedJson(const std::filesystem::path& path) {
  auto text = json_fields::ReadTextFile(path);
  if (!text)
    return text.error();
  const std::string name = path.filename().string();
  nlohmann::json document = nlohmann::json::parse(*text, nullptr, false);
  if (document.is_discarded() || !document.is_object() || !document.contains("extends"))
    return ExtendedJson{std::move(*text), name};
  std::vector<std::filesystem::path> chain{path};
  while (document.contains("extends")) {
    const nlohmann::json& base_name = document["extends"];
    if (!base_name.is_string() || base_name.get<std::string>().empty())
      return Error{name + ": extends: expected the name of a settings file"};
    const std::filesystem::path base_path =
        chain.back().parent_path() / base_name.get<std::string>();
    if (std::find(chain.begin(), chain.end(), base_path) != chain.end() ||
        chain.size() >= kMaxExtendsDepth) {
      return Error{name + ": extends: " + base_path.filename().string() +
                   " extends back into the chain (or more than " +
                   std::to_string(kMaxExtendsDepth) + " files deep)"};
    }
    auto base_text = json_fields::ReadTextFile(base_path);
    if (!base_text)
      return Error{name + ": extends: " + base_text.error().message};
    nlohmann::json base = nlohmann::json::parse(*base_text, nullptr, false);
    if (base.is_discarded() || !base.is_object())
      return ExtendedJson{std::move(*base_text), base_path.filename().string()};
    document.erase("extends");
    base.merge_patch(document);
    document = std::move(base);
    chain.push_back(base_path);
  }
  return ExtendedJson{document.dump(), name};
}

}  // namespace footwork::world
