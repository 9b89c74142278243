#pragma once
// Builds small glTF files in code (JSON with an embedded base64 buffer, or GLB), so importer
// tests know every value analytically and can break any part of the file on purpose.

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace footwork::testing {

inline std::string Base64(const std::vector<std::uint8_t>& bytes) {
  static constexpr char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::uint32_t chunk = (bytes[i] << 16) | (i + 1 < bytes.size() ? bytes[i + 1] << 8 : 0) |
                                (i + 2 < bytes.size() ? bytes[i + 2] : 0);
    out += kAlphabet[(chunk >> 18) & 63];
    out += kAlphabet[(chunk >> 12) & 63];
    out += i + 1 < bytes.size() ? kAlphabet[(chunk >> 6) & 63] : '=';
    out += i + 2 < bytes.size() ? kAlphabet[chunk & 63] : '=';
  }
  return out;
}

// A glTF document under construction: `json` is the document (edit it freely), accessors append
// their data to one buffer.
class TinyGltfBuilder {
 public:
  static constexpr int kFloat = 5126;
  static constexpr int kUnsignedShort = 5123;

  TinyGltfBuilder() {
    json = {{"asset", {{"version", "2.0"}}},
            {"scenes", {{{"nodes", nlohmann::json::array()}}}},
            {"scene", 0},
            {"nodes", nlohmann::json::array()},
            {"accessors", nlohmann::json::array()},
            {"bufferViews", nlohmann::json::array()}};
  }

  // Adds a float accessor (type "SCALAR", "VEC3", ...) with its own buffer view.
  int AddFloats(const std::vector<float>& values, const std::string& type) {
    std::vector<std::uint8_t> bytes(values.size() * 4);
    std::memcpy(bytes.data(), values.data(), bytes.size());
    return AddAccessor(bytes, type, kFloat, values.size() / Components(type));
  }

  int AddUShorts(const std::vector<std::uint16_t>& values, const std::string& type) {
    std::vector<std::uint8_t> bytes(values.size() * 2);
    std::memcpy(bytes.data(), values.data(), bytes.size());
    return AddAccessor(bytes, type, kUnsignedShort, values.size() / Components(type));
  }

  int AddNode(const nlohmann::json& node) {
    json["nodes"].push_back(node);
    return static_cast<int>(json["nodes"].size()) - 1;
  }

  // The document with the buffer embedded as a data URI.
  std::string Text() const {
    nlohmann::json doc = json;
    doc["buffers"] = {{{"byteLength", data.size()},
                       {"uri", "data:application/octet-stream;base64," + Base64(data)}}};
    return doc.dump();
  }

  // The document as a GLB (JSON chunk + BIN chunk).
  std::vector<std::uint8_t> Glb() const {
    nlohmann::json doc = json;
    doc["buffers"] = {{{"byteLength", data.size()}}};
    std::string text = doc.dump();
    while (text.size() % 4 != 0)
      text += ' ';
    std::vector<std::uint8_t> bin = data;
    while (bin.size() % 4 != 0)
      bin.push_back(0);
    std::vector<std::uint8_t> out;
    auto put32 = [&](std::uint32_t v) {
      for (int i = 0; i < 4; ++i)
        out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
    };
    put32(0x46546C67);
    put32(2);
    put32(static_cast<std::uint32_t>(12 + 8 + text.size() + 8 + bin.size()));
    put32(static_cast<std::uint32_t>(text.size()));
    put32(0x4E4F534A);
    out.insert(out.end(), text.begin(), text.end());
    put32(static_cast<std::uint32_t>(bin.size()));
    put32(0x004E4942);
    out.insert(out.end(), bin.begin(), bin.end());
    return out;
  }

  nlohmann::json json;
  std::vector<std::uint8_t> data;

 private:
  static std::size_t Components(const std::string& type) {
    if (type == "SCALAR")
      return 1;
    if (type == "VEC2")
      return 2;
    if (type == "VEC3")
      return 3;
    if (type == "VEC4")
      return 4;
    return 16;
  }

  int AddAccessor(const std::vector<std::uint8_t>& bytes, const std::string& type,
                  int component_type, std::size_t count) {
    while (data.size() % 4 != 0)
      data.push_back(0);
    const std::size_t offset = data.size();
    data.insert(data.end(), bytes.begin(), bytes.end());
    json["bufferViews"].push_back(
        {{"buffer", 0}, {"byteOffset", offset}, {"byteLength", bytes.size()}});
    json["accessors"].push_back({{"bufferView", json["bufferViews"].size() - 1},
                                 {"componentType", component_type},
                                 {"count", count},
                                 {"type", type}});
    return static_cast<int>(json["accessors"].size()) - 1;
  }
};

}  // namespace footwork::testing
