#include "footwork/io/gltf_import.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <exception>
#include <fstream>
#include <limits>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <tiny_gltf.h>

#include "footwork/io/file_bytes.h"

namespace footwork::io {
namespace {

// tinygltf takes an unsigned int length; real character files are far smaller.
constexpr std::size_t kMaxFileBytes = std::size_t{1} << 30;
// tinygltf's JSON parser recurses once per nesting level: deep input would overflow the stack.
constexpr int kMaxJsonDepth = 64;
// SkinnedMesh stores joint indices as uint16.
constexpr std::size_t kMaxJoints = 65535;
// Caps what a tiny malicious accessor can make us allocate.
constexpr std::size_t kMaxAccessorComponents = std::size_t{1} << 27;
// CUBICSPLINE tracks are resampled to LINEAR at this rate (finer than any source key rate here).
constexpr double kCubicResampleHz = 60.0;
constexpr std::size_t kMaxResampledKeys = 1'000'000;

constexpr std::uint32_t kGlbMagic = 0x46546C67;      // "glTF"
constexpr std::uint32_t kGlbJsonChunk = 0x4E4F534A;  // "JSON"

std::uint32_t ReadU32(const std::uint8_t* bytes) {
  std::uint32_t value;
  std::memcpy(&value, bytes, sizeof value);
  return value;
}

// Rejects JSON nested deeper than kMaxJsonDepth before tinygltf parses it.
Status CheckJsonDepth(const char* text, std::size_t size) {
  int depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < size; ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '{' || c == '[') {
      if (++depth > kMaxJsonDepth) {
        return Error{fmt::format("JSON nested deeper than {} levels", kMaxJsonDepth)};
      }
    } else if (c == '}' || c == ']') {
      --depth;
    }
  }
  return Status::Ok();
}

// Checks the GLB container (header and chunk lengths) so tinygltf never reads past the input.
Status CheckGlb(std::span<const std::uint8_t> bytes) {
  if (bytes.size() < 12) {
    return Error{fmt::format("truncated: {} bytes, a GLB header needs 12", bytes.size())};
  }
  if (ReadU32(bytes.data()) != kGlbMagic)
    return Error{"wrong magic (not a GLB file)"};
  if (const std::uint32_t version = ReadU32(bytes.data() + 4); version != 2) {
    return Error{fmt::format("GLB version {}, expected 2", version)};
  }
  const std::uint64_t length = ReadU32(bytes.data() + 8);
  if (length > bytes.size()) {
    return Error{
        fmt::format("truncated: header says {} bytes but the file has {}", length, bytes.size())};
  }
  if (length < 20)
    return Error{"truncated: no JSON chunk"};
  const std::uint64_t json_length = ReadU32(bytes.data() + 12);
  if (ReadU32(bytes.data() + 16) != kGlbJsonChunk)
    return Error{"first GLB chunk is not JSON"};
  if (20 + json_length > length) {
    return Error{fmt::format("truncated: JSON chunk of {} bytes runs past the end ({} bytes)",
                             json_length, length)};
  }
  const std::uint64_t bin_header = 20 + json_length;
  if (bin_header + 8 <= length) {
    const std::uint64_t bin_length = ReadU32(bytes.data() + bin_header);
    if (bin_header + 8 + bin_length > length) {
      return Error{fmt::format("truncated: BIN chunk of {} bytes runs past the end ({} bytes)",
                               bin_length, length)};
    }
  }
  return CheckJsonDepth(reinterpret_cast<const char*>(bytes.data() + 20), json_length);
}

// File access for tinygltf: external URIs resolve only when the caller gave a base directory.
struct FileAccess {
  bool allowed = false;
};

bool FileExists(const std::string& path, void* user) {
  return static_cast<FileAccess*>(user)->allowed && std::filesystem::is_regular_file(path);
}

std::string ExpandFilePath(const std::string& path, void*) {
  return path;
}

bool ReadWholeFile(std::vector<unsigned char>* out, std::string* err, const std::string& path,
                   void* user) {
  if (!static_cast<FileAccess*>(user)->allowed) {
    *err = fmt::format("external file '{}' not allowed when loading from memory", path);
    return false;
  }
  Result<std::vector<std::uint8_t>> bytes = ReadFileBytes(path, kMaxFileBytes);
  if (!bytes) {
    *err = bytes.error().message;
    return false;
  }
  *out = std::move(bytes).value();
  return true;
}

bool WriteWholeFile(std::string* err, const std::string&, const std::vector<unsigned char>&,
                    void*) {
  *err = "writing is not supported";
  return false;
}

// Images are only needed by renderers that texture; skip decoding them.
bool SkipImage(tinygltf::Image*, const int, std::string*, std::string*, int, int,
               const unsigned char*, int, void*) {
  return true;
}

Result<tinygltf::Model> ParseModel(std::span<const std::uint8_t> bytes,
                                   const std::filesystem::path& base_dir) {
  if (bytes.empty())
    return Error{"empty file"};
  if (bytes.size() > kMaxFileBytes) {
    return Error{
        fmt::format("{} bytes is larger than the {} byte limit", bytes.size(), kMaxFileBytes)};
  }
  const bool binary = bytes.size() >= 4 && ReadU32(bytes.data()) == kGlbMagic;
  if (binary) {
    if (Status s = CheckGlb(bytes); !s)
      return s.error();
  } else {
    std::size_t first = 0;
    if (bytes.size() >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF)
      first = 3;
    while (first < bytes.size() && std::isspace(bytes[first]))
      ++first;
    if (first == bytes.size() || bytes[first] != '{') {
      return Error{"wrong magic: neither GLB ('glTF' header) nor glTF JSON ('{')"};
    }
    if (Status s = CheckJsonDepth(reinterpret_cast<const char*>(bytes.data()), bytes.size()); !s) {
      return s.error();
    }
  }

  FileAccess access{!base_dir.empty()};
  tinygltf::TinyGLTF loader;
  loader.SetImageLoader(&SkipImage, nullptr);
  loader.SetFsCallbacks({&FileExists, &ExpandFilePath, &ReadWholeFile, &WriteWholeFile, &access});
  tinygltf::Model model;
  std::string err;
  std::string warn;
  bool loaded = false;
  try {
    const auto length = static_cast<unsigned int>(bytes.size());
    const std::string base = base_dir.string();
    loaded = binary ? loader.LoadBinaryFromMemory(&model, &err, &warn, bytes.data(), length, base)
                    : loader.LoadASCIIFromString(&model, &err, &warn,
                                                 reinterpret_cast<const char*>(bytes.data()),
                                                 length, base);
  } catch (const std::exception& e) {
    return Error{fmt::format("invalid glTF: {}", e.what())};
  }
  if (!loaded) {
    while (!err.empty() && (err.back() == '\n' || err.back() == ' '))
      err.pop_back();
    return Error{fmt::format("invalid glTF: {}", err.empty() ? "unknown parse error" : err)};
  }
  return model;
}

// ---------------------------------------------------------------------------------------------
// Accessors

enum class ComponentKind {
  kFloat,              // FLOAT only
  kFloatOrNormalized,  // FLOAT, or normalized (U)BYTE/(U)SHORT mapped to [-1, 1] / [0, 1]
  kUnsignedInteger,    // UNSIGNED_BYTE/SHORT/INT, read as integers
};

int ComponentCount(int type) {
  switch (type) {
    case TINYGLTF_TYPE_SCALAR:
      return 1;
    case TINYGLTF_TYPE_VEC2:
      return 2;
    case TINYGLTF_TYPE_VEC3:
      return 3;
    case TINYGLTF_TYPE_VEC4:
      return 4;
    case TINYGLTF_TYPE_MAT2:
      return 4;
    case TINYGLTF_TYPE_MAT3:
      return 9;
    case TINYGLTF_TYPE_MAT4:
      return 16;
    default:
      return 0;
  }
}

const char* TypeName(int type) {
  switch (type) {
    case TINYGLTF_TYPE_SCALAR:
      return "SCALAR";
    case TINYGLTF_TYPE_VEC2:
      return "VEC2";
    case TINYGLTF_TYPE_VEC3:
      return "VEC3";
    case TINYGLTF_TYPE_VEC4:
      return "VEC4";
    case TINYGLTF_TYPE_MAT2:
      return "MAT2";
    case TINYGLTF_TYPE_MAT3:
      return "MAT3";
    case TINYGLTF_TYPE_MAT4:
      return "MAT4";
    default:
      return "unknown";
  }
}

int ComponentBytes(int component_type) {
  switch (component_type) {
    case TINYGLTF_COMPONENT_TYPE_BYTE:
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE:
      return 1;
    case TINYGLTF_COMPONENT_TYPE_SHORT:
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT:
      return 2;
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT:
    case TINYGLTF_COMPONENT_TYPE_FLOAT:
      return 4;
    default:
      return 0;
  }
}

bool KindAllows(ComponentKind kind, int component_type, bool normalized) {
  switch (kind) {
    case ComponentKind::kFloat:
      return component_type == TINYGLTF_COMPONENT_TYPE_FLOAT;
    case ComponentKind::kFloatOrNormalized:
      return component_type == TINYGLTF_COMPONENT_TYPE_FLOAT ||
             (normalized && component_type != TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT);
    case ComponentKind::kUnsignedInteger:
      return component_type == TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE ||
             component_type == TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT ||
             component_type == TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT;
  }
  return false;
}

double ReadComponent(const std::uint8_t* at, int component_type, bool normalize) {
  switch (component_type) {
    case TINYGLTF_COMPONENT_TYPE_BYTE: {
      std::int8_t v;
      std::memcpy(&v, at, 1);
      return normalize ? std::max(v / 127.0, -1.0) : v;
    }
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE:
      return normalize ? at[0] / 255.0 : at[0];
    case TINYGLTF_COMPONENT_TYPE_SHORT: {
      std::int16_t v;
      std::memcpy(&v, at, 2);
      return normalize ? std::max(v / 32767.0, -1.0) : v;
    }
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: {
      std::uint16_t v;
      std::memcpy(&v, at, 2);
      return normalize ? v / 65535.0 : v;
    }
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT: {
      std::uint32_t v;
      std::memcpy(&v, at, 4);
      return v;
    }
    default: {
      float v;
      std::memcpy(&v, at, 4);
      return v;
    }
  }
}

// Reads an accessor's components (count * components, flat) after checking its type and that
// every byte it covers lies inside its buffer view and buffer.
Result<std::vector<double>> ReadAccessor(const tinygltf::Model& model, int index, int expected_type,
                                         ComponentKind kind) {
  const int num_accessors = static_cast<int>(model.accessors.size());
  if (index < 0 || index >= num_accessors) {
    return Error{fmt::format("accessor {} out of range (file has {})", index, num_accessors)};
  }
  const tinygltf::Accessor& accessor = model.accessors[index];
  const std::string where = fmt::format("accessor {}", index);
  if (accessor.sparse.isSparse)
    return Error{where + ": sparse accessors are not supported"};
  if (accessor.type != expected_type) {
    return Error{fmt::format("{}: type {}, expected {}", where, TypeName(accessor.type),
                             TypeName(expected_type))};
  }
  const int components = ComponentCount(accessor.type);
  const int component_bytes = ComponentBytes(accessor.componentType);
  if (component_bytes == 0 || !KindAllows(kind, accessor.componentType, accessor.normalized)) {
    return Error{fmt::format("{}: component type {}{} not allowed here", where,
                             accessor.componentType, accessor.normalized ? " (normalized)" : "")};
  }
  if (accessor.count > kMaxAccessorComponents / static_cast<std::size_t>(components)) {
    return Error{fmt::format("{}: count {} is absurdly large", where, accessor.count)};
  }
  if (accessor.count == 0)
    return std::vector<double>{};
  const int num_views = static_cast<int>(model.bufferViews.size());
  if (accessor.bufferView < 0 || accessor.bufferView >= num_views) {
    return Error{fmt::format("{}: buffer view {} out of range (file has {})", where,
                             accessor.bufferView, num_views)};
  }
  const tinygltf::BufferView& view = model.bufferViews[accessor.bufferView];
  const int num_buffers = static_cast<int>(model.buffers.size());
  if (view.buffer < 0 || view.buffer >= num_buffers) {
    return Error{fmt::format("{}: buffer view {}: buffer {} out of range (file has {})", where,
                             accessor.bufferView, view.buffer, num_buffers)};
  }
  const std::vector<unsigned char>& buffer = model.buffers[view.buffer].data;
  if (view.byteOffset > buffer.size() || view.byteLength > buffer.size() - view.byteOffset) {
    return Error{fmt::format(
        "{}: buffer view {} (offset {}, length {}) out of range of buffer {} "
        "({} bytes)",
        where, accessor.bufferView, view.byteOffset, view.byteLength, view.buffer, buffer.size())};
  }
  const std::size_t element_bytes = static_cast<std::size_t>(components) * component_bytes;
  const std::size_t stride = view.byteStride != 0 ? view.byteStride : element_bytes;
  if (stride < element_bytes) {
    return Error{fmt::format("{}: byte stride {} smaller than an element ({} bytes)", where, stride,
                             element_bytes)};
  }
  // Last byte read: byteOffset + stride * (count - 1) + element_bytes <= view.byteLength.
  const bool fits =
      accessor.byteOffset <= view.byteLength &&
      element_bytes <= view.byteLength - accessor.byteOffset &&
      accessor.count - 1 <= (view.byteLength - accessor.byteOffset - element_bytes) / stride;
  if (!fits) {
    return Error{
        fmt::format("{}: {} elements of {} bytes (offset {}, stride {}) out of range of "
                    "buffer view {} ({} bytes)",
                    where, accessor.count, element_bytes, accessor.byteOffset, stride,
                    accessor.bufferView, view.byteLength)};
  }
  const std::uint8_t* base = buffer.data() + view.byteOffset + accessor.byteOffset;
  const bool normalize = accessor.normalized && kind != ComponentKind::kUnsignedInteger;
  std::vector<double> values(accessor.count * components);
  for (std::size_t i = 0; i < accessor.count; ++i) {
    const std::uint8_t* element = base + i * stride;
    for (int c = 0; c < components; ++c) {
      values[i * components + c] =
          ReadComponent(element + c * component_bytes, accessor.componentType, normalize);
    }
  }
  return values;
}

bool AllFinite(const std::vector<double>& values) {
  return std::all_of(values.begin(), values.end(), [](double v) {
    return std::isfinite(v) && std::fabs(v) <= std::numeric_limits<float>::max();
  });
}

// ---------------------------------------------------------------------------------------------
// Scene reading

bool FiniteTransform(const Transform& t) {
  return IsFinite(t);
}

Result<Transform> NodeLocalTransform(const tinygltf::Node& node, int index) {
  const std::string where = fmt::format("node {} '{}'", index, node.name);
  Transform local;
  if (!node.matrix.empty()) {
    if (node.matrix.size() != 16) {
      return Error{fmt::format("{}: matrix has {} values, expected 16", where, node.matrix.size())};
    }
    glm::mat4 matrix(1.0f);
    for (int i = 0; i < 16; ++i)
      matrix[i / 4][i % 4] = static_cast<float>(node.matrix[i]);
    local = Transform::FromMatrix(matrix);
  } else {
    if (!node.translation.empty()) {
      if (node.translation.size() != 3) {
        return Error{fmt::format("{}: translation has {} values, expected 3", where,
                                 node.translation.size())};
      }
      local.translation = {node.translation[0], node.translation[1], node.translation[2]};
    }
    if (!node.rotation.empty()) {
      if (node.rotation.size() != 4) {
        return Error{
            fmt::format("{}: rotation has {} values, expected 4", where, node.rotation.size())};
      }
      // glTF stores (x, y, z, w); glm's constructor takes (w, x, y, z).
      local.rotation =
          glm::quat(static_cast<float>(node.rotation[3]), static_cast<float>(node.rotation[0]),
                    static_cast<float>(node.rotation[1]), static_cast<float>(node.rotation[2]));
    }
    if (!node.scale.empty()) {
      if (node.scale.size() != 3) {
        return Error{fmt::format("{}: scale has {} values, expected 3", where, node.scale.size())};
      }
      local.scale = {node.scale[0], node.scale[1], node.scale[2]};
    }
  }
  if (!FiniteTransform(local))
    return Error{where + ": transform is not finite"};
  const float length = glm::length(local.rotation);
  if (!(length > 1e-6f))
    return Error{where + ": rotation is a zero quaternion"};
  local.rotation /= length;
  return local;
}

// Converts a glTF interpolation name.
enum class SourceInterpolation { kLinear, kStep, kCubic };

// Builds the Scene from a parsed model; every error message is relative to the file.
class SceneReader {
 public:
  explicit SceneReader(const tinygltf::Model& model) : model_(model) {}

  Result<Scene> Read() {
    if (Status s = ReadHierarchy(); !s)
      return s.error();
    if (Status s = ReadSkeleton(); !s)
      return s.error();
    for (int a = 0; a < static_cast<int>(model_.animations.size()); ++a) {
      if (Status s = ReadAnimation(a); !s)
        return s.error();
    }
    if (Status s = ReadMeshes(); !s)
      return s.error();
    return std::move(scene_);
  }

 private:
  int num_nodes() const { return static_cast<int>(model_.nodes.size()); }

  // Parent of every node; rejects bad child indices, nodes with two parents and cycles.
  Status ReadHierarchy() {
    node_parent_.assign(num_nodes(), -1);
    for (int n = 0; n < num_nodes(); ++n) {
      for (int child : model_.nodes[n].children) {
        if (child < 0 || child >= num_nodes()) {
          return Error{fmt::format("node {}: child {} out of range (file has {} nodes)", n, child,
                                   num_nodes())};
        }
        if (child == n)
          return Error{fmt::format("node {} is its own child (cyclic hierarchy)", n)};
        if (node_parent_[child] != -1) {
          return Error{fmt::format("node {} has two parents (nodes {} and {})", child,
                                   node_parent_[child], n)};
        }
        node_parent_[child] = n;
      }
    }
    // With one parent a node, a walk longer than the node count means a loop.
    for (int n = 0; n < num_nodes(); ++n) {
      int steps = 0;
      for (int p = node_parent_[n]; p != -1; p = node_parent_[p]) {
        if (++steps > num_nodes()) {
          return Error{fmt::format("cyclic node hierarchy through node {}", n)};
        }
      }
    }
    node_local_.resize(num_nodes());
    for (int n = 0; n < num_nodes(); ++n) {
      Result<Transform> local = NodeLocalTransform(model_.nodes[n], n);
      if (!local)
        return local.error();
      node_local_[n] = *local;
    }
    return Status::Ok();
  }

  Status ReadSkeleton() {
    if (model_.skins.empty())
      return Error{"no skin (a skinned character is required)"};
    const tinygltf::Skin& skin = model_.skins[0];
    const std::vector<int>& joints = skin.joints;
    if (joints.empty())
      return Error{"skin 0 has no joints"};
    if (joints.size() > kMaxJoints) {
      return Error{fmt::format("skin 0 has {} joints (limit {})", joints.size(), kMaxJoints)};
    }
    std::vector<int> node_skin_joint(num_nodes(), -1);
    for (int j = 0; j < static_cast<int>(joints.size()); ++j) {
      const int node = joints[j];
      if (node < 0 || node >= num_nodes()) {
        return Error{fmt::format("skin 0: joint {} is node {}, out of range (file has {} nodes)", j,
                                 node, num_nodes())};
      }
      if (node_skin_joint[node] != -1) {
        return Error{fmt::format("skin 0: node {} is listed twice as a joint", node)};
      }
      node_skin_joint[node] = j;
    }

    // Nearest joint ancestor of each joint, and the product of the non-joint nodes in between
    // (for the skin's roots: every node up to the scene root), which is folded into the joint.
    const int count = static_cast<int>(joints.size());
    std::vector<int> skin_parent(count, -1);
    std::vector<Transform> skin_prefix(count);
    for (int j = 0; j < count; ++j) {
      Transform prefix;
      int p = node_parent_[joints[j]];
      while (p != -1 && node_skin_joint[p] == -1) {
        prefix = node_local_[p] * prefix;
        p = node_parent_[p];
      }
      skin_parent[j] = p == -1 ? -1 : node_skin_joint[p];
      skin_prefix[j] = prefix;
    }

    // Parents before children, keeping the file's order where it already is topological.
    skin_to_joint_.assign(count, -1);
    std::vector<int> order;
    order.reserve(count);
    std::vector<int> chain;
    for (int j = 0; j < count; ++j) {
      chain.clear();
      for (int k = j; k != -1 && skin_to_joint_[k] == -1; k = skin_parent[k])
        chain.push_back(k);
      for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
        skin_to_joint_[*it] = static_cast<int>(order.size());
        order.push_back(*it);
      }
    }

    anim::Skeleton& skeleton = scene_.skeleton;
    node_to_joint_.assign(num_nodes(), -1);
    joint_prefix_.resize(count);
    std::unordered_map<std::string, int> name_uses;
    for (int i = 0; i < count; ++i) {
      const int s = order[i];
      const int node = joints[s];
      node_to_joint_[node] = i;
      std::string name = model_.nodes[node].name;
      // Skeleton names must be unique and non-empty; glTF names need not be.
      if (name.empty())
        name = fmt::format("joint_{}", i);
      if (name_uses[name]++ > 0)
        name = fmt::format("{}_{}", name, i);
      skeleton.joint_names.push_back(name);
      skeleton.parents.push_back(skin_parent[s] == -1 ? anim::kNoParent
                                                      : skin_to_joint_[skin_parent[s]]);
      joint_prefix_[i] = skin_prefix[s];
      skeleton.rest_pose.push_back(skin_prefix[s] * node_local_[node]);
      skeleton.rest_pose.back().rotation = glm::normalize(skeleton.rest_pose.back().rotation);
    }
    if (Status s = skeleton.Validate(); !s)
      return s;

    inverse_bind_.assign(count, glm::mat4(1.0f));
    if (skin.inverseBindMatrices >= 0) {
      Result<std::vector<double>> matrices =
          ReadAccessor(model_, skin.inverseBindMatrices, TINYGLTF_TYPE_MAT4, ComponentKind::kFloat);
      if (!matrices)
        return WithContext("skin 0 inverse bind matrices", matrices.error());
      if (matrices->size() != joints.size() * 16) {
        return Error{fmt::format("skin 0: {} inverse bind matrices for {} joints",
                                 matrices->size() / 16, joints.size())};
      }
      if (!AllFinite(*matrices))
        return Error{"skin 0: inverse bind matrices are not finite"};
      for (int s = 0; s < count; ++s) {
        glm::mat4& matrix = inverse_bind_[skin_to_joint_[s]];
        for (int e = 0; e < 16; ++e)
          matrix[e / 4][e % 4] = static_cast<float>((*matrices)[s * 16 + e]);
      }
    }
    return Status::Ok();
  }

  Status ReadAnimation(int index) {
    const tinygltf::Animation& animation = model_.animations[index];
    anim::Clip clip;
    clip.name = animation.name.empty() ? fmt::format("animation_{}", index) : animation.name;
    // Naming convention of both packs (and common elsewhere); the cooker may override.
    clip.looping = clip.name.find("Loop") != std::string::npos;
    clip.tracks.resize(scene_.skeleton.num_joints());
    const std::string where = fmt::format("animation {} '{}'", index, clip.name);
    std::vector<std::array<bool, 3>> seen(clip.tracks.size(), {false, false, false});
    for (int c = 0; c < static_cast<int>(animation.channels.size()); ++c) {
      const tinygltf::AnimationChannel& channel = animation.channels[c];
      const std::string channel_where = fmt::format("{} channel {}", where, c);
      if (channel.target_node < 0)
        continue;  // e.g. extension-targeted channels
      if (channel.target_node >= num_nodes()) {
        return Error{fmt::format("{}: target node {} out of range (file has {} nodes)",
                                 channel_where, channel.target_node, num_nodes())};
      }
      int path = -1;
      if (channel.target_path == "translation")
        path = 0;
      if (channel.target_path == "rotation")
        path = 1;
      if (channel.target_path == "scale")
        path = 2;
      if (path < 0)
        continue;  // morph weights are not skeletal
      const int joint = node_to_joint_[channel.target_node];
      // Animated nodes outside the skeleton (including above its root) are not skeletal motion.
      if (joint < 0)
        continue;
      if (seen[joint][path]) {
        return Error{fmt::format("{}: second {} channel for joint '{}'", channel_where,
                                 channel.target_path, scene_.skeleton.joint_names[joint])};
      }
      seen[joint][path] = true;
      if (channel.sampler < 0 || channel.sampler >= static_cast<int>(animation.samplers.size())) {
        return Error{fmt::format("{}: sampler {} out of range ({} samplers)", channel_where,
                                 channel.sampler, animation.samplers.size())};
      }
      Status s = ReadChannel(animation.samplers[channel.sampler], path, joint, clip);
      if (!s)
        return WithContext(channel_where, s.error());
    }
    // Folding transforms can overflow extreme (but finite) keys; never hand out a broken clip.
    if (Status s = clip.Validate(scene_.skeleton.num_joints()); !s)
      return s;
    scene_.clips.push_back(std::move(clip));
    return Status::Ok();
  }

  Status ReadChannel(const tinygltf::AnimationSampler& sampler, int path, int joint,
                     anim::Clip& clip) {
    SourceInterpolation interpolation;
    if (sampler.interpolation == "LINEAR" || sampler.interpolation.empty()) {
      interpolation = SourceInterpolation::kLinear;
    } else if (sampler.interpolation == "STEP") {
      interpolation = SourceInterpolation::kStep;
    } else if (sampler.interpolation == "CUBICSPLINE") {
      interpolation = SourceInterpolation::kCubic;
    } else {
      return Error{fmt::format("unknown interpolation '{}'", sampler.interpolation)};
    }
    Result<std::vector<double>> times =
        ReadAccessor(model_, sampler.input, TINYGLTF_TYPE_SCALAR, ComponentKind::kFloat);
    if (!times)
      return WithContext("input", times.error());
    if (times->empty())
      return Error{"sampler has no keys"};
    for (std::size_t k = 0; k < times->size(); ++k) {
      const double t = (*times)[k];
      if (!std::isfinite(t))
        return Error{fmt::format("key {} time is not finite", k)};
      if (t < 0.0)
        return Error{fmt::format("key {} time {} is negative", k, t)};
      if (k > 0 && !(t > (*times)[k - 1])) {
        return Error{
            fmt::format("key times not increasing at key {} ({} after {})", k, t, (*times)[k - 1])};
      }
    }
    const int components = path == 1 ? 4 : 3;
    Result<std::vector<double>> values =
        ReadAccessor(model_, sampler.output, path == 1 ? TINYGLTF_TYPE_VEC4 : TINYGLTF_TYPE_VEC3,
                     path == 1 ? ComponentKind::kFloatOrNormalized : ComponentKind::kFloat);
    if (!values)
      return WithContext("output", values.error());
    const std::size_t per_key = interpolation == SourceInterpolation::kCubic ? 3 : 1;
    if (values->size() != times->size() * per_key * components) {
      return Error{fmt::format("{} output values for {} keys (expected {})",
                               values->size() / components, times->size(),
                               times->size() * per_key)};
    }
    if (!AllFinite(*values))
      return Error{"output has a NaN or infinite value"};

    std::vector<double> key_times = std::move(times).value();
    std::vector<double> key_values = std::move(values).value();
    if (interpolation == SourceInterpolation::kCubic) {
      if (Status s = ResampleCubic(components, key_times, key_values); !s)
        return s;
    }
    const anim::Interpolation target = interpolation == SourceInterpolation::kStep
                                           ? anim::Interpolation::kStep
                                           : anim::Interpolation::kLinear;
    const Transform& prefix = joint_prefix_[joint];
    anim::JointTrack& track = clip.tracks[joint];
    const std::size_t n = key_times.size();
    std::vector<float> float_times(n);
    for (std::size_t k = 0; k < n; ++k)
      float_times[k] = static_cast<float>(key_times[k]);
    // Float rounding can merge keys that were distinct in double precision.
    for (std::size_t k = 1; k < n; ++k) {
      if (!(float_times[k] > float_times[k - 1])) {
        return Error{fmt::format("key times {} and {} are not distinct in single precision",
                                 key_times[k - 1], key_times[k])};
      }
    }
    clip.duration_s = std::max(clip.duration_s, float_times.back());
    auto vec3_at = [&](std::size_t k) {
      return glm::vec3(key_values[k * 3], key_values[k * 3 + 1], key_values[k * 3 + 2]);
    };
    if (path == 1) {
      track.rotation.times = std::move(float_times);
      track.rotation.interpolation = target;
      track.rotation.values.resize(n);
      for (std::size_t k = 0; k < n; ++k) {
        const double* q = &key_values[k * 4];
        glm::quat rotation(static_cast<float>(q[3]), static_cast<float>(q[0]),
                           static_cast<float>(q[1]), static_cast<float>(q[2]));
        const float length = glm::length(rotation);
        if (!(length > 1e-6f))
          return Error{fmt::format("key {} is a zero quaternion", k)};
        rotation = prefix.rotation * (rotation / length);
        rotation = glm::normalize(rotation);
        // Neighbouring keys on the same hemisphere, so interpolation takes the short way.
        if (k > 0 && glm::dot(rotation, track.rotation.values[k - 1]) < 0.0f)
          rotation = -rotation;
        track.rotation.values[k] = rotation;
      }
    } else if (path == 0) {
      track.translation.times = std::move(float_times);
      track.translation.interpolation = target;
      track.translation.values.resize(n);
      for (std::size_t k = 0; k < n; ++k) {
        track.translation.values[k] = prefix.TransformPoint(vec3_at(k));
      }
    } else {
      track.scale.times = std::move(float_times);
      track.scale.interpolation = target;
      track.scale.values.resize(n);
      for (std::size_t k = 0; k < n; ++k)
        track.scale.values[k] = prefix.scale * vec3_at(k);
    }
    return Status::Ok();
  }

  // Replaces CUBICSPLINE keys (in-tangent, value, out-tangent per key) with LINEAR keys sampled
  // from the Hermite curve at kCubicResampleHz, keeping the original key times.
  static Status ResampleCubic(int components, std::vector<double>& times,
                              std::vector<double>& values) {
    const std::size_t n = times.size();
    auto value = [&](std::size_t k, int part, int c) {
      return values[(k * 3 + part) * components + c];
    };
    std::vector<double> out_times;
    std::vector<double> out_values;
    for (std::size_t k = 0; k + 1 < n; ++k) {
      const double t0 = times[k];
      const double dt = times[k + 1] - t0;
      const double steps = std::max(1.0, std::ceil(dt * kCubicResampleHz));
      if (out_times.size() + steps > kMaxResampledKeys) {
        return Error{fmt::format("CUBICSPLINE track spans {} s; resampling would exceed {} keys",
                                 times.back() - times.front(), kMaxResampledKeys)};
      }
      for (int step = 0; step < static_cast<int>(steps); ++step) {
        const double s = step / steps;
        const double s2 = s * s;
        const double s3 = s2 * s;
        const double h00 = 2 * s3 - 3 * s2 + 1;
        const double h10 = s3 - 2 * s2 + s;
        const double h01 = -2 * s3 + 3 * s2;
        const double h11 = s3 - s2;
        out_times.push_back(t0 + dt * s);
        for (int c = 0; c < components; ++c) {
          out_values.push_back(h00 * value(k, 1, c) + h10 * dt * value(k, 2, c) +
                               h01 * value(k + 1, 1, c) + h11 * dt * value(k + 1, 0, c));
        }
      }
    }
    out_times.push_back(times[n - 1]);
    for (int c = 0; c < components; ++c)
      out_values.push_back(value(n - 1, 1, c));
    times = std::move(out_times);
    values = std::move(out_values);
    return Status::Ok();
  }

  Status ReadMeshes() {
    for (int n = 0; n < num_nodes(); ++n) {
      const tinygltf::Node& node = model_.nodes[n];
      if (node.skin != 0 || node.mesh < 0)
        continue;
      if (node.mesh >= static_cast<int>(model_.meshes.size())) {
        return Error{fmt::format("node {}: mesh {} out of range (file has {})", n, node.mesh,
                                 model_.meshes.size())};
      }
      const tinygltf::Mesh& mesh = model_.meshes[node.mesh];
      for (int p = 0; p < static_cast<int>(mesh.primitives.size()); ++p) {
        const std::string where = fmt::format("mesh {} '{}' primitive {}", node.mesh, mesh.name, p);
        std::string name = mesh.name.empty() ? fmt::format("mesh_{}", node.mesh) : mesh.name;
        if (mesh.primitives.size() > 1)
          name += fmt::format("_{}", p);
        Status s = ReadPrimitive(mesh.primitives[p], name);
        if (!s)
          return WithContext(where, s.error());
      }
    }
    return Status::Ok();
  }

  Result<std::vector<double>> ReadAttribute(const tinygltf::Primitive& primitive,
                                            const std::string& attribute, int type,
                                            ComponentKind kind) {
    const auto found = primitive.attributes.find(attribute);
    if (found == primitive.attributes.end())
      return Error{"no " + attribute + " attribute"};
    Result<std::vector<double>> values = ReadAccessor(model_, found->second, type, kind);
    if (!values)
      return WithContext(attribute, values.error());
    if (!AllFinite(*values))
      return Error{attribute + " has a NaN or infinite value"};
    return values;
  }

  Status ReadPrimitive(const tinygltf::Primitive& primitive, const std::string& name) {
    // tinygltf reports a missing mode as -1; the glTF default is TRIANGLES.
    if (primitive.mode != -1 && primitive.mode != TINYGLTF_MODE_TRIANGLES)
      return Status::Ok();
    SkinnedMesh mesh;
    mesh.name = name;
    Result<std::vector<double>> positions =
        ReadAttribute(primitive, "POSITION", TINYGLTF_TYPE_VEC3, ComponentKind::kFloat);
    if (!positions)
      return positions.error();
    const std::size_t vertices = positions->size() / 3;
    mesh.positions.resize(vertices);
    for (std::size_t v = 0; v < vertices; ++v) {
      mesh.positions[v] = {(*positions)[v * 3], (*positions)[v * 3 + 1], (*positions)[v * 3 + 2]};
    }
    mesh.normals.assign(vertices, glm::vec3(0.0f, 1.0f, 0.0f));
    if (primitive.attributes.count("NORMAL")) {
      Result<std::vector<double>> normals =
          ReadAttribute(primitive, "NORMAL", TINYGLTF_TYPE_VEC3, ComponentKind::kFloat);
      if (!normals)
        return normals.error();
      if (normals->size() != positions->size()) {
        return Error{fmt::format("{} normals for {} positions", normals->size() / 3, vertices)};
      }
      for (std::size_t v = 0; v < vertices; ++v) {
        mesh.normals[v] = {(*normals)[v * 3], (*normals)[v * 3 + 1], (*normals)[v * 3 + 2]};
      }
    }
    Result<std::vector<double>> joints =
        ReadAttribute(primitive, "JOINTS_0", TINYGLTF_TYPE_VEC4, ComponentKind::kUnsignedInteger);
    if (!joints)
      return joints.error();
    Result<std::vector<double>> weights = ReadAttribute(primitive, "WEIGHTS_0", TINYGLTF_TYPE_VEC4,
                                                        ComponentKind::kFloatOrNormalized);
    if (!weights)
      return weights.error();
    if (joints->size() != vertices * 4 || weights->size() != vertices * 4) {
      return Error{fmt::format("{} JOINTS_0 and {} WEIGHTS_0 for {} vertices", joints->size() / 4,
                               weights->size() / 4, vertices)};
    }
    mesh.joints.resize(vertices);
    mesh.weights.resize(vertices);
    const double num_skin_joints = static_cast<double>(skin_to_joint_.size());
    for (std::size_t v = 0; v < vertices; ++v) {
      double sum = 0.0;
      for (int i = 0; i < 4; ++i) {
        const double joint = (*joints)[v * 4 + i];
        const double weight = (*weights)[v * 4 + i];
        if (weight < 0.0)
          return Error{fmt::format("vertex {} has a negative weight", v)};
        if (joint >= num_skin_joints) {
          if (weight == 0.0) {
            mesh.joints[v][i] = 0;  // unused slot; some exporters leave junk here
            continue;
          }
          return Error{
              fmt::format("vertex {} uses joint {}, skin has {}", v, joint, skin_to_joint_.size())};
        }
        mesh.joints[v][i] = static_cast<std::uint16_t>(skin_to_joint_[static_cast<int>(joint)]);
        mesh.weights[v][i] = static_cast<float>(weight);
        sum += weight;
      }
      if (sum > 0.0) {
        mesh.weights[v] /= static_cast<float>(sum);
      } else {
        // An unweighted vertex follows the skeleton's root rather than collapsing to the origin.
        mesh.joints[v] = {0, 0, 0, 0};
        mesh.weights[v] = {1.0f, 0.0f, 0.0f, 0.0f};
      }
    }
    if (primitive.indices >= 0) {
      Result<std::vector<double>> indices = ReadAccessor(
          model_, primitive.indices, TINYGLTF_TYPE_SCALAR, ComponentKind::kUnsignedInteger);
      if (!indices)
        return WithContext("indices", indices.error());
      mesh.indices.reserve(indices->size());
      for (double index : *indices) {
        if (index >= static_cast<double>(vertices)) {
          return Error{fmt::format("index {} out of range ({} vertices)", index, vertices)};
        }
        mesh.indices.push_back(static_cast<std::uint32_t>(index));
      }
    } else {
      mesh.indices.resize(vertices);
      for (std::size_t v = 0; v < vertices; ++v)
        mesh.indices[v] = static_cast<std::uint32_t>(v);
    }
    if (mesh.indices.size() % 3 != 0) {
      return Error{
          fmt::format("{} indices is not a whole number of triangles", mesh.indices.size())};
    }
    if (primitive.material >= static_cast<int>(model_.materials.size())) {
      return Error{fmt::format("material {} out of range (file has {})", primitive.material,
                               model_.materials.size())};
    }
    if (primitive.material >= 0) {
      const std::vector<double>& factor =
          model_.materials[primitive.material].pbrMetallicRoughness.baseColorFactor;
      if (factor.size() >= 3 && std::isfinite(factor[0]) && std::isfinite(factor[1]) &&
          std::isfinite(factor[2])) {
        mesh.base_color = {factor[0], factor[1], factor[2]};
      }
    }
    mesh.inverse_bind_matrices = inverse_bind_;
    scene_.meshes.push_back(std::move(mesh));
    return Status::Ok();
  }

  const tinygltf::Model& model_;
  std::vector<int> node_parent_;
  std::vector<Transform> node_local_;
  // Skeleton index of each node, -1 for nodes that are not joints.
  std::vector<int> node_to_joint_;
  // Skeleton index of each skin joint (the file's joint order).
  std::vector<int> skin_to_joint_;
  // Per skeleton joint: the non-joint ancestors folded into its rest pose and keys.
  std::vector<Transform> joint_prefix_;
  std::vector<glm::mat4> inverse_bind_;
  Scene scene_;
};

}  // namespace

Result<Scene> ImportGltfFromMemory(std::span<const std::uint8_t> bytes, const std::string& name,
                                   const std::filesystem::path& base_dir) {
  try {
    Result<tinygltf::Model> model = ParseModel(bytes, base_dir);
    if (!model)
      return WithContext(name, model.error());
    Result<Scene> scene = SceneReader(*model).Read();
    if (!scene)
      return WithContext(name, scene.error());
    scene->source = name;
    return scene;
  } catch (const std::bad_alloc&) {
    return Error{name + ": out of memory"};
  } catch (const std::exception& e) {
    return Error{fmt::format("{}: {}", name, e.what())};
  }
}

Result<Scene> ImportGltf(const std::filesystem::path& path) {
  Result<std::vector<std::uint8_t>> bytes = ReadFileBytes(path, kMaxFileBytes);
  if (!bytes)
    return bytes.error();
  std::filesystem::path base_dir = path.parent_path();
  if (base_dir.empty())
    base_dir = ".";
  return ImportGltfFromMemory(*bytes, path.string(), base_dir);
}

}  // namespace footwork::io
