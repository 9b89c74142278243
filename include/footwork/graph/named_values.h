#pragma once
// Named per-character values (enums as strings, floats, bools) that chooser tables filter on and
// state-machine conditions read: "gait" = "run", "speed_m_s" = 3.2, "has_input" = true.
// The locomotion layer writes them every frame; setting an existing name reuses its storage, so a
// steady-state frame does not allocate.

#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace footwork::graph {

// The kinds a named value can have; chooser columns and error messages use these names.
enum class ValueKind { kEnum, kFloat, kBool };

std::string_view ToString(ValueKind kind);

// One frame's named values of one character. Lookups are linear: a character has tens of
// values, and a scan over short strings beats hashing at that size.
class NamedValues {
 public:
  void SetEnum(std::string_view name, std::string_view value);
  void SetFloat(std::string_view name, float value);
  void SetBool(std::string_view name, bool value);

  // The value, or nullptr when the name is missing or holds another kind.
  const std::string* FindEnum(std::string_view name) const;
  const float* FindFloat(std::string_view name) const;
  const bool* FindBool(std::string_view name) const;

  // The kind stored under `name`, or nullptr when missing.
  const ValueKind* FindKind(std::string_view name) const;

  // Convenience readers for conditions: `fallback` when missing or of another kind.
  float GetFloat(std::string_view name, float fallback = 0.0f) const;
  bool GetBool(std::string_view name, bool fallback = false) const;
  std::string_view GetEnum(std::string_view name, std::string_view fallback = {}) const;

  std::size_t size() const { return entries_.size(); }
  void Clear() { entries_.clear(); }

 private:
  struct Entry {
    std::string name;
    ValueKind kind = ValueKind::kFloat;
    std::string enum_value;
    float float_value = 0.0f;
    bool bool_value = false;
  };
  Entry& FindOrAdd(std::string_view name, ValueKind kind);
  const Entry* Find(std::string_view name) const;

  std::vector<Entry> entries_;
};

// Chooser tables evaluate against the same named values as the rest of the graph.
using ChooserContext = NamedValues;

}  // namespace footwork::graph
