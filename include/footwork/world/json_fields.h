#pragma once
// Reading JSON configuration fields with errors that name the file and the field path, shared by
// the level and movement-settings loaders. Header-only; used inside .cpp files.

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <glm/glm.hpp>
#include <nlohmann/json.hpp>

#include "footwork/core/error.h"

namespace footwork::world::json_fields {

// A position in a document for error messages: "level.json: ramps[2].slope_deg".
struct FieldPath {
  std::string source;
  std::string path;

  FieldPath Child(const std::string& key) const {
    return {source, path.empty() ? key : path + "." + key};
  }
  FieldPath Index(std::size_t i) const { return {source, path + "[" + std::to_string(i) + "]"}; }
  Error Fail(const std::string& what) const {
    return Error{source + ": " + (path.empty() ? std::string("(root)") : path) + ": " + what};
  }
};

inline std::string Describe(const nlohmann::json& value) {
  std::string text = value.dump();
  if (text.size() > 40)
    text = text.substr(0, 37) + "...";
  return std::string(value.type_name()) + " " + text;
}

// Reads a whole text file; the error names the path.
inline Result<std::string> ReadTextFile(const std::filesystem::path& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file)
    return Error{path.string() + ": cannot open file"};
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

inline Result<nlohmann::json> ParseDocument(std::string_view text, const std::string& source) {
  nlohmann::json document = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (document.is_discarded())
    return Error{source + ": not valid JSON"};
  if (!document.is_object())
    return Error{source + ": expected a JSON object at the top level"};
  return document;
}

// The member `key` of object `parent`, or an error naming it as missing.
inline Result<const nlohmann::json*> Member(const nlohmann::json& parent, const FieldPath& at,
                                            const std::string& key) {
  auto it = parent.find(key);
  if (it == parent.end())
    return at.Child(key).Fail("missing required field");
  return &*it;
}

// A finite number within [min, max] (inclusive).
inline Result<float> NumberIn(const nlohmann::json& value, const FieldPath& at, float min,
                              float max) {
  if (!value.is_number())
    return at.Fail("expected a number, got " + Describe(value));
  const double number = value.get<double>();
  if (!std::isfinite(number))
    return at.Fail("expected a finite number");
  if (number < min || number > max) {
    return at.Fail("expected a number in [" + std::to_string(min) + ", " + std::to_string(max) +
                   "], got " + std::to_string(number));
  }
  return static_cast<float>(number);
}

// Required number field within [min, max].
inline Result<float> ReadNumber(const nlohmann::json& parent, const FieldPath& at,
                                const std::string& key, float min, float max) {
  auto member = Member(parent, at, key);
  if (!member)
    return member.error();
  return NumberIn(**member, at.Child(key), min, max);
}

// Optional number field: `fallback` when absent.
inline Result<float> ReadNumberOr(const nlohmann::json& parent, const FieldPath& at,
                                  const std::string& key, float min, float max, float fallback) {
  if (!parent.contains(key))
    return fallback;
  return NumberIn(parent.at(key), at.Child(key), min, max);
}

inline Result<int> ReadInt(const nlohmann::json& parent, const FieldPath& at,
                           const std::string& key, int min, int max) {
  auto member = Member(parent, at, key);
  if (!member)
    return member.error();
  const nlohmann::json& value = **member;
  if (!value.is_number_integer()) {
    return at.Child(key).Fail("expected an integer, got " + Describe(value));
  }
  const auto number = value.get<long long>();
  if (number < min || number > max) {
    return at.Child(key).Fail("expected an integer in [" + std::to_string(min) + ", " +
                              std::to_string(max) + "], got " + std::to_string(number));
  }
  return static_cast<int>(number);
}

inline Result<bool> ReadBoolOr(const nlohmann::json& parent, const FieldPath& at,
                               const std::string& key, bool fallback) {
  if (!parent.contains(key))
    return fallback;
  const nlohmann::json& value = parent.at(key);
  if (!value.is_boolean())
    return at.Child(key).Fail("expected true or false, got " + Describe(value));
  return value.get<bool>();
}

inline Result<std::string> ReadStringOr(const nlohmann::json& parent, const FieldPath& at,
                                        const std::string& key, const std::string& fallback) {
  if (!parent.contains(key))
    return fallback;
  const nlohmann::json& value = parent.at(key);
  if (!value.is_string())
    return at.Child(key).Fail("expected a string, got " + Describe(value));
  return value.get<std::string>();
}

// A 3-number array; each component within [min, max].
inline Result<glm::vec3> Vec3In(const nlohmann::json& value, const FieldPath& at, float min,
                                float max) {
  if (!value.is_array() || value.size() != 3) {
    return at.Fail("expected an array of 3 numbers [x, y, z], got " + Describe(value));
  }
  glm::vec3 result{0.0f};
  for (std::size_t i = 0; i < 3; ++i) {
    auto component = NumberIn(value[i], at.Index(i), min, max);
    if (!component)
      return component.error();
    result[static_cast<int>(i)] = *component;
  }
  return result;
}

inline Result<glm::vec3> ReadVec3(const nlohmann::json& parent, const FieldPath& at,
                                  const std::string& key, float min, float max) {
  auto member = Member(parent, at, key);
  if (!member)
    return member.error();
  return Vec3In(**member, at.Child(key), min, max);
}

// An optional array member; a null pointer when absent.
inline Result<const nlohmann::json*> ArrayOrNull(const nlohmann::json& parent, const FieldPath& at,
                                                 const std::string& key) {
  if (!parent.contains(key))
    return static_cast<const nlohmann::json*>(nullptr);
  const nlohmann::json& value = parent.at(key);
  if (!value.is_array())
    return at.Child(key).Fail("expected an array, got " + Describe(value));
  return &value;
}

inline Status ExpectObject(const nlohmann::json& value, const FieldPath& at) {
  if (!value.is_object())
    return at.Fail("expected an object, got " + Describe(value));
  return Status::Ok();
}

}  // namespace footwork::world::json_fields
