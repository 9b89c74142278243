#pragma once
// Reading JSON configuration fields with errors that name the file and the field path, shared by
// the level and movement-settings loaders. Header-only; used inside .cpp files.

#include <charconv>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <glm/glm.hpp>
#include <nlohmann/json.hpp>

#include "footwork/core/angles.h"
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

// The shortest decimal that reads back as `number` ("0.001", not "0.001000"), for messages.
// Overloaded so a float bound prints as the float it is (0.1f as "0.1", not "0.10000000149").
template <typename Number>
std::string ShortNumber(Number number) {
  char text[32];
  const auto result = std::to_chars(text, text + sizeof(text), number);
  return std::string(text, result.ptr);
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
    return at.Fail("expected a number in [" + ShortNumber(min) + ", " + ShortNumber(max) +
                   "], got " + ShortNumber(number));
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

// A whole number within [min, max]; 2.0 is rejected (a count written as a float is a typo).
inline Result<int> IntIn(const nlohmann::json& value, const FieldPath& at, int min, int max) {
  const auto out_of_range = [&](const std::string& got) {
    return at.Fail("expected an integer in [" + std::to_string(min) + ", " + std::to_string(max) +
                   "], got " + got);
  };
  if (!value.is_number_integer())
    return at.Fail("expected an integer, got " + Describe(value));
  // JSON integers above LLONG_MAX arrive unsigned; they are out of any int range.
  if (value.is_number_unsigned() &&
      value.get<std::uint64_t>() > std::uint64_t(std::numeric_limits<long long>::max())) {
    return out_of_range(std::to_string(value.get<std::uint64_t>()));
  }
  const auto number = value.get<long long>();
  if (number < min || number > max)
    return out_of_range(std::to_string(number));
  return static_cast<int>(number);
}

inline Result<int> ReadInt(const nlohmann::json& parent, const FieldPath& at,
                           const std::string& key, int min, int max) {
  auto member = Member(parent, at, key);
  if (!member)
    return member.error();
  return IntIn(**member, at.Child(key), min, max);
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

// Whether an absent field is an error or keeps the value already in the output.
enum class Need : std::uint8_t { kRequired, kOptional };
inline constexpr Need kRequired = Need::kRequired;
inline constexpr Need kOptional = Need::kOptional;

// How many elements an array field must have. `meaning` names where the count comes from, so
// the message says "rows*cols = 4 numbers" rather than a bare "4 numbers".
struct Count {
  std::size_t min = 0;
  std::size_t max = std::numeric_limits<std::size_t>::max();
  std::string meaning;

  static Count Exactly(std::size_t n, std::string meaning = {}) {
    return {n, n, std::move(meaning)};
  }
  static Count AtLeast(std::size_t n) { return {n, std::numeric_limits<std::size_t>::max(), {}}; }

  bool Allows(std::size_t n) const { return n >= min && n <= max; }
  // "4 numbers", "rows*cols = 4 numbers", "at least 2 points", "1 to 3 numbers".
  std::string Describe(const std::string& noun) const {
    const std::string prefix = meaning.empty() ? std::string() : meaning + " = ";
    if (min == max)
      return prefix + std::to_string(min) + " " + noun;
    if (max == std::numeric_limits<std::size_t>::max())
      return "at least " + prefix + std::to_string(min) + " " + noun;
    return prefix + std::to_string(min) + " to " + std::to_string(max) + " " + noun;
  }
};

// Reads the fields of one JSON object straight into the caller's variables and remembers only
// the first error (with its full path), so a parser states every field once and checks once:
//
//   FieldReader read(node, at);
//   read.Vec3("position_m", box.position_m, -1e5f, 1e5f)
//       .Number("yaw_deg", box.yaw_deg, -360.0f, 360.0f, kOptional);
//   if (!read.ok()) return read.error();
//
// After an error every later read does nothing and leaves its output untouched. Readers made
// with Object() share the error of the reader they came from, so checking the top-level reader
// covers a whole document.
class FieldReader {
 public:
  // Reads the members of `object`; anything but a JSON object is recorded as the error.
  FieldReader(const nlohmann::json& object, FieldPath at)
      : FieldReader(std::move(at), std::make_shared<std::optional<Error>>()) {
    Attach(object);
  }

  bool ok() const { return !first_error_->has_value(); }
  const Error& error() const { return **first_error_; }
  Status status() const { return ok() ? Status::Ok() : Status(error()); }
  const FieldPath& path() const { return at_; }
  FieldPath Path(const std::string& key) const { return at_.Child(key); }
  bool Has(const std::string& key) const { return object_ != nullptr && object_->contains(key); }

  // Records `what` at `at` unless an earlier error is already recorded; for checks the typed
  // reads cannot express (a value that must differ from its neighbour, an order between fields).
  void Fail(const FieldPath& at, const std::string& what) {
    if (ok())
      *first_error_ = at.Fail(what);
  }
  void Fail(const std::string& key, const std::string& what) { Fail(Path(key), what); }

  // The object member `key` (or, when optional and absent, a reader of nothing whose reads
  // all do nothing). Shares this reader's error.
  FieldReader Object(const std::string& key, Need need = kRequired) {
    FieldReader child(Path(key), first_error_);
    if (const nlohmann::json* value = Find(key, need))
      child.Attach(*value);
    else
      child.absent_ = true;
    return child;
  }

  FieldReader& Number(const std::string& key, float& out, float min, float max,
                      Need need = kRequired) {
    return Read(key, need, out, [&](const nlohmann::json& v, const FieldPath& at) {
      return NumberIn(v, at, min, max);
    });
  }
  // A field written in degrees and stored in radians (DESIGN.md: radians in code).
  FieldReader& Angle(const std::string& key, float& radians, float min_deg, float max_deg,
                     Need need = kRequired) {
    return Read(key, need, radians, [&](const nlohmann::json& v, const FieldPath& at) {
      auto degrees = NumberIn(v, at, min_deg, max_deg);
      return degrees ? Result<float>(Radians(*degrees)) : Result<float>(degrees.error());
    });
  }
  FieldReader& Int(const std::string& key, int& out, int min, int max, Need need = kRequired) {
    return Read(key, need, out, [&](const nlohmann::json& v, const FieldPath& at) {
      return IntIn(v, at, min, max);
    });
  }
  FieldReader& Bool(const std::string& key, bool& out, Need need = kRequired) {
    return Read(key, need, out, [](const nlohmann::json& v, const FieldPath& at) -> Result<bool> {
      if (!v.is_boolean())
        return at.Fail("expected true or false, got " + Describe(v));
      return v.get<bool>();
    });
  }
  FieldReader& String(const std::string& key, std::string& out, Need need = kRequired) {
    return Read(key, need, out,
                [](const nlohmann::json& v, const FieldPath& at) -> Result<std::string> {
                  if (!v.is_string())
                    return at.Fail("expected a string, got " + Describe(v));
                  return v.get<std::string>();
                });
  }
  FieldReader& Vec3(const std::string& key, glm::vec3& out, float min, float max,
                    Need need = kRequired) {
    return Read(key, need, out, [&](const nlohmann::json& v, const FieldPath& at) {
      return Vec3In(v, at, min, max);
    });
  }
  // An array of numbers, each within [min, max].
  FieldReader& Numbers(const std::string& key, std::vector<float>& out, float min, float max,
                       const Count& count, Need need = kRequired) {
    return ReadArray(
        key, need, out, count, "numbers",
        [&](const nlohmann::json& v, const FieldPath& at) { return NumberIn(v, at, min, max); });
  }
  // An array of [x, y, z] points, each component within [min, max].
  FieldReader& Vec3s(const std::string& key, std::vector<glm::vec3>& out, float min, float max,
                     const Count& count, Need need = kRequired) {
    return ReadArray(
        key, need, out, count, "[x, y, z] points",
        [&](const nlohmann::json& v, const FieldPath& at) { return Vec3In(v, at, min, max); });
  }
  // A string naming one of `choices`: Choice("path_mode", mode, {{"loop", kLoop}, ...}).
  template <typename T>
  FieldReader& Choice(const std::string& key, T& out,
                      std::initializer_list<std::pair<std::string_view, T>> choices,
                      Need need = kRequired) {
    return Read(key, need, out, [&](const nlohmann::json& v, const FieldPath& at) -> Result<T> {
      std::string names;
      for (const auto& [name, value] : choices) {
        if (v.is_string() && v.get_ref<const std::string&>() == name)
          return value;
        names += (names.empty() ? "\"" : ", \"") + std::string(name) + "\"";
      }
      return at.Fail("expected one of " + names + ", got " + Describe(v));
    });
  }

 private:
  FieldReader(FieldPath at, std::shared_ptr<std::optional<Error>> first_error)
      : at_(std::move(at)), first_error_(std::move(first_error)) {}

  void Attach(const nlohmann::json& object) {
    if (!object.is_object()) {
      Fail(at_, "expected an object, got " + Describe(object));
      return;
    }
    object_ = &object;
  }

  // The member `key`, or null: absent optional, absent required (error recorded), or an
  // earlier error (nothing more is read).
  const nlohmann::json* Find(const std::string& key, Need need) {
    if (!ok() || object_ == nullptr)
      return nullptr;
    auto it = object_->find(key);
    if (it != object_->end())
      return &*it;
    if (need == kRequired && !absent_)
      Fail(key, "missing required field");
    return nullptr;
  }

  template <typename T, typename Parse>
  FieldReader& Read(const std::string& key, Need need, T& out, Parse parse) {
    const nlohmann::json* value = Find(key, need);
    if (value == nullptr)
      return *this;
    auto parsed = parse(*value, Path(key));
    if (parsed)
      out = std::move(*parsed);
    else
      *first_error_ = parsed.error();  // the first: Find() reads nothing after an error
    return *this;
  }

  template <typename T, typename Parse>
  FieldReader& ReadArray(const std::string& key, Need need, std::vector<T>& out, const Count& count,
                         const std::string& noun, Parse parse) {
    const nlohmann::json* value = Find(key, need);
    if (value == nullptr)
      return *this;
    const FieldPath at = Path(key);
    if (!value->is_array() || !count.Allows(value->size())) {
      Fail(at, "expected an array of " + count.Describe(noun) + ", got " + Describe(*value));
      return *this;
    }
    std::vector<T> items;
    items.reserve(value->size());
    for (std::size_t i = 0; i < value->size(); ++i) {
      auto item = parse((*value)[i], at.Index(i));
      if (!item) {
        *first_error_ = item.error();
        return *this;
      }
      items.push_back(std::move(*item));
    }
    out = std::move(items);
    return *this;
  }

  FieldPath at_;
  std::shared_ptr<std::optional<Error>> first_error_;
  const nlohmann::json* object_ = nullptr;
  // An optional Object() that was absent: its reads do nothing rather than report missing.
  bool absent_ = false;
};

}  // namespace footwork::world::json_fields
