#include "footwork/graph/named_values.h"

namespace footwork::graph {

std::string_view ToString(ValueKind kind) {
  switch (kind) {
    case ValueKind::kEnum:
      return "enum";
    case ValueKind::kFloat:
      return "float";
    case ValueKind::kBool:
      return "bool";
  }
  return "unknown";
}

NamedValues::Entry& NamedValues::FindOrAdd(std::string_view name, ValueKind kind) {
  for (Entry& entry : entries_) {
    if (entry.name == name) {
      entry.kind = kind;
      return entry;
    }
  }
  Entry& entry = entries_.emplace_back();
  entry.name = std::string(name);
  entry.kind = kind;
  return entry;
}

const NamedValues::Entry* NamedValues::Find(std::string_view name) const {
  for (const Entry& entry : entries_) {
    if (entry.name == name)
      return &entry;
  }
  return nullptr;
}

void NamedValues::SetEnum(std::string_view name, std::string_view value) {
  // assign() reuses the string's capacity, so re-setting the same name does not allocate.
  FindOrAdd(name, ValueKind::kEnum).enum_value.assign(value);
}
void NamedValues::SetFloat(std::string_view name, float value) {
  FindOrAdd(name, ValueKind::kFloat).float_value = value;
}
void NamedValues::SetBool(std::string_view name, bool value) {
  FindOrAdd(name, ValueKind::kBool).bool_value = value;
}

const std::string* NamedValues::FindEnum(std::string_view name) const {
  const Entry* entry = Find(name);
  return entry != nullptr && entry->kind == ValueKind::kEnum ? &entry->enum_value : nullptr;
}
const float* NamedValues::FindFloat(std::string_view name) const {
  const Entry* entry = Find(name);
  return entry != nullptr && entry->kind == ValueKind::kFloat ? &entry->float_value : nullptr;
}
const bool* NamedValues::FindBool(std::string_view name) const {
  const Entry* entry = Find(name);
  return entry != nullptr && entry->kind == ValueKind::kBool ? &entry->bool_value : nullptr;
}
const ValueKind* NamedValues::FindKind(std::string_view name) const {
  const Entry* entry = Find(name);
  return entry != nullptr ? &entry->kind : nullptr;
}

float NamedValues::GetFloat(std::string_view name, float fallback) const {
  const float* value = FindFloat(name);
  return value != nullptr ? *value : fallback;
}
bool NamedValues::GetBool(std::string_view name, bool fallback) const {
  const bool* value = FindBool(name);
  return value != nullptr ? *value : fallback;
}
std::string_view NamedValues::GetEnum(std::string_view name, std::string_view fallback) const {
  const std::string* value = FindEnum(name);
  return value != nullptr ? std::string_view(*value) : fallback;
}

}  // namespace footwork::graph
