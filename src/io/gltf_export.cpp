#include "footwork/io/gltf_export.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <tiny_gltf.h>

namespace footwork::io {
namespace {

// glTF enumerations used here (glTF 2.0 spec, section 5).
constexpr int kFloat = TINYGLTF_COMPONENT_TYPE_FLOAT;
constexpr int kUnsignedShort = TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT;
constexpr int kUnsignedInt = TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT;
constexpr int kArrayBuffer = TINYGLTF_TARGET_ARRAY_BUFFER;
constexpr int kElementArrayBuffer = TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER;
constexpr int kNoTarget = 0;

// Builds the model's single buffer and the views and accessors into it.
class BufferWriter {
 public:
  explicit BufferWriter(tinygltf::Model& model) : model_(model) { model_.buffers.emplace_back(); }

  // Appends raw bytes as a new buffer view; views start on 4-byte boundaries so that every
  // accessor's components are aligned, as the spec requires.
  int AddView(const void* bytes, std::size_t size, int target) {
    std::vector<unsigned char>& data = model_.buffers[0].data;
    data.resize((data.size() + 3) & ~std::size_t{3}, 0);
    tinygltf::BufferView view;
    view.buffer = 0;
    view.byteOffset = data.size();
    view.byteLength = size;
    view.target = target;
    const auto* begin = static_cast<const unsigned char*>(bytes);
    data.insert(data.end(), begin, begin + size);
    model_.bufferViews.push_back(std::move(view));
    return static_cast<int>(model_.bufferViews.size()) - 1;
  }

  // One accessor over a tightly packed array of `count` elements of `type`.
  template <typename Element>
  int AddAccessor(const std::vector<Element>& elements, int component_type, int type, int target,
                  std::vector<double> min_values = {}, std::vector<double> max_values = {}) {
    tinygltf::Accessor accessor;
    accessor.bufferView = AddView(elements.data(), elements.size() * sizeof(Element), target);
    accessor.byteOffset = 0;
    accessor.componentType = component_type;
    accessor.count = elements.size();
    accessor.type = type;
    accessor.minValues = std::move(min_values);
    accessor.maxValues = std::move(max_values);
    model_.accessors.push_back(std::move(accessor));
    return static_cast<int>(model_.accessors.size()) - 1;
  }

  int AddVec3(const std::vector<glm::vec3>& values, int target, bool with_bounds) {
    std::vector<double> lo;
    std::vector<double> hi;
    if (with_bounds && !values.empty()) {
      glm::vec3 min_v = values[0];
      glm::vec3 max_v = values[0];
      for (const glm::vec3& v : values) {
        min_v = glm::min(min_v, v);
        max_v = glm::max(max_v, v);
      }
      lo = {min_v.x, min_v.y, min_v.z};
      hi = {max_v.x, max_v.y, max_v.z};
    }
    return AddAccessor(values, kFloat, TINYGLTF_TYPE_VEC3, target, std::move(lo), std::move(hi));
  }

  // Quaternions in glTF order (x, y, z, w); glm's memory order is not guaranteed to match.
  int AddQuats(const std::vector<glm::quat>& values) {
    std::vector<float> xyzw;
    xyzw.reserve(values.size() * 4);
    for (const glm::quat& q : values) {
      xyzw.insert(xyzw.end(), {q.x, q.y, q.z, q.w});
    }
    tinygltf::Accessor accessor;
    accessor.bufferView = AddView(xyzw.data(), xyzw.size() * sizeof(float), kNoTarget);
    accessor.componentType = kFloat;
    accessor.count = values.size();
    accessor.type = TINYGLTF_TYPE_VEC4;
    model_.accessors.push_back(std::move(accessor));
    return static_cast<int>(model_.accessors.size()) - 1;
  }

  // Keyframe times; channels sampled at the same times share one accessor.
  int AddTimes(const std::vector<float>& times) {
    if (auto it = time_accessors_.find(times); it != time_accessors_.end())
      return it->second;
    const auto [lo, hi] = std::minmax_element(times.begin(), times.end());
    const int index = AddAccessor(times, kFloat, TINYGLTF_TYPE_SCALAR, kNoTarget, {*lo}, {*hi});
    time_accessors_.emplace(times, index);
    return index;
  }

 private:
  tinygltf::Model& model_;
  std::map<std::vector<float>, int> time_accessors_;
};

std::vector<double> ToDoubles(const glm::vec3& v) {
  return {v.x, v.y, v.z};
}

// Model-space rest matrices, found in one pass because parents precede children.
std::vector<glm::mat4> RestModelMatrices(const anim::Skeleton& skeleton) {
  std::vector<glm::mat4> model(skeleton.rest_pose.size());
  for (int j = 0; j < skeleton.num_joints(); ++j) {
    const glm::mat4 local = skeleton.rest_pose[j].ToMatrix();
    const int parent = skeleton.parents[j];
    model[j] = parent == anim::kNoParent ? local : model[parent] * local;
  }
  return model;
}

Status ValidateMesh(const SkinnedMesh& mesh, int num_joints) {
  const std::size_t vertices = mesh.positions.size();
  const std::string where = fmt::format("mesh '{}'", mesh.name);
  if (vertices == 0)
    return Error{where + ": no vertices"};
  if (mesh.normals.size() != vertices && !mesh.normals.empty()) {
    return Error{
        fmt::format("{}: {} normals for {} vertices", where, mesh.normals.size(), vertices)};
  }
  if (mesh.joints.size() != vertices || mesh.weights.size() != vertices) {
    return Error{fmt::format("{}: {} joint sets and {} weight sets for {} vertices", where,
                             mesh.joints.size(), mesh.weights.size(), vertices)};
  }
  if (mesh.indices.size() % 3 != 0) {
    return Error{fmt::format("{}: {} indices is not a whole number of triangles", where,
                             mesh.indices.size())};
  }
  for (std::size_t i = 0; i < mesh.indices.size(); ++i) {
    if (mesh.indices[i] >= vertices) {
      return Error{fmt::format("{}: index {} is {} but there are {} vertices", where, i,
                               mesh.indices[i], vertices)};
    }
  }
  for (std::size_t v = 0; v < vertices; ++v) {
    for (int k = 0; k < 4; ++k) {
      if (mesh.weights[v][k] != 0.0f && mesh.joints[v][k] >= num_joints) {
        return Error{fmt::format("{}: vertex {} is skinned to joint {} of a {}-joint skeleton",
                                 where, v, mesh.joints[v][k], num_joints)};
      }
    }
  }
  if (!mesh.inverse_bind_matrices.empty() &&
      static_cast<int>(mesh.inverse_bind_matrices.size()) != num_joints) {
    return Error{fmt::format("{}: {} inverse bind matrices for a {}-joint skeleton", where,
                             mesh.inverse_bind_matrices.size(), num_joints)};
  }
  return Status::Ok();
}

Status ValidateScene(const Scene& scene) {
  if (Status s = scene.skeleton.Validate(); !s)
    return s;
  if (scene.skeleton.num_joints() == 0)
    return Error{"the skeleton has no joints"};
  for (const anim::Clip& clip : scene.clips) {
    if (Status s = clip.Validate(scene.skeleton.num_joints()); !s)
      return s;
  }
  for (const SkinnedMesh& mesh : scene.meshes) {
    if (Status s = ValidateMesh(mesh, scene.skeleton.num_joints()); !s)
      return s;
  }
  return Status::Ok();
}

void AddSkeletonNodes(const anim::Skeleton& skeleton, tinygltf::Model& model,
                      tinygltf::Scene& gltf_scene) {
  for (int j = 0; j < skeleton.num_joints(); ++j) {
    const Transform& rest = skeleton.rest_pose[j];
    tinygltf::Node node;
    node.name = skeleton.joint_names[j];
    node.translation = ToDoubles(rest.translation);
    node.rotation = {rest.rotation.x, rest.rotation.y, rest.rotation.z, rest.rotation.w};
    if (rest.scale != glm::vec3(1.0f))
      node.scale = ToDoubles(rest.scale);
    model.nodes.push_back(std::move(node));
  }
  // Joint j is node j, so parent indices carry over unchanged.
  for (int j = 0; j < skeleton.num_joints(); ++j) {
    const int parent = skeleton.parents[j];
    if (parent == anim::kNoParent) {
      gltf_scene.nodes.push_back(j);
    } else {
      model.nodes[parent].children.push_back(j);
    }
  }
}

int AddSkin(const std::vector<glm::mat4>& inverse_binds, int num_joints, BufferWriter& buffer,
            tinygltf::Model& model) {
  tinygltf::Skin skin;
  skin.name = "skeleton";
  for (int j = 0; j < num_joints; ++j)
    skin.joints.push_back(j);
  skin.skeleton = 0;
  skin.inverseBindMatrices =
      buffer.AddAccessor(inverse_binds, kFloat, TINYGLTF_TYPE_MAT4, kNoTarget);
  model.skins.push_back(std::move(skin));
  return static_cast<int>(model.skins.size()) - 1;
}

void AddMesh(const SkinnedMesh& mesh, int skin, BufferWriter& buffer, tinygltf::Model& model,
             tinygltf::Scene& gltf_scene) {
  tinygltf::Material material;
  material.name = mesh.name + "_material";
  material.pbrMetallicRoughness.baseColorFactor = {mesh.base_color.r, mesh.base_color.g,
                                                   mesh.base_color.b, 1.0};
  material.pbrMetallicRoughness.metallicFactor = 0.0;
  material.pbrMetallicRoughness.roughnessFactor = 0.8;
  model.materials.push_back(std::move(material));

  tinygltf::Primitive primitive;
  primitive.mode = TINYGLTF_MODE_TRIANGLES;
  primitive.material = static_cast<int>(model.materials.size()) - 1;
  primitive.attributes["POSITION"] = buffer.AddVec3(mesh.positions, kArrayBuffer, true);
  if (!mesh.normals.empty()) {
    primitive.attributes["NORMAL"] = buffer.AddVec3(mesh.normals, kArrayBuffer, false);
  }
  primitive.attributes["JOINTS_0"] =
      buffer.AddAccessor(mesh.joints, kUnsignedShort, TINYGLTF_TYPE_VEC4, kArrayBuffer);
  primitive.attributes["WEIGHTS_0"] =
      buffer.AddAccessor(mesh.weights, kFloat, TINYGLTF_TYPE_VEC4, kArrayBuffer);
  if (!mesh.indices.empty()) {
    // 16-bit indices halve the index data of the small meshes Footwork draws.
    if (mesh.positions.size() <= 0xFFFF) {
      std::vector<std::uint16_t> short_indices(mesh.indices.begin(), mesh.indices.end());
      primitive.indices = buffer.AddAccessor(short_indices, kUnsignedShort, TINYGLTF_TYPE_SCALAR,
                                             kElementArrayBuffer);
    } else {
      primitive.indices =
          buffer.AddAccessor(mesh.indices, kUnsignedInt, TINYGLTF_TYPE_SCALAR, kElementArrayBuffer);
    }
  }

  tinygltf::Mesh gltf_mesh;
  gltf_mesh.name = mesh.name;
  gltf_mesh.primitives.push_back(std::move(primitive));
  model.meshes.push_back(std::move(gltf_mesh));

  // A skinned mesh's node transform is ignored by the spec; it sits at the scene root.
  tinygltf::Node node;
  node.name = mesh.name;
  node.mesh = static_cast<int>(model.meshes.size()) - 1;
  node.skin = skin;
  model.nodes.push_back(std::move(node));
  gltf_scene.nodes.push_back(static_cast<int>(model.nodes.size()) - 1);
}

const char* InterpolationName(anim::Interpolation interpolation) {
  return interpolation == anim::Interpolation::kStep ? "STEP" : "LINEAR";
}

template <typename T>
void AddChannel(const anim::Channel<T>& channel, int node, const char* path, BufferWriter& buffer,
                tinygltf::Animation& animation) {
  if (channel.empty())
    return;
  tinygltf::AnimationSampler sampler;
  sampler.input = buffer.AddTimes(channel.times);
  if constexpr (std::is_same_v<T, glm::quat>) {
    sampler.output = buffer.AddQuats(channel.values);
  } else {
    sampler.output = buffer.AddVec3(channel.values, kNoTarget, false);
  }
  sampler.interpolation = InterpolationName(channel.interpolation);
  animation.samplers.push_back(std::move(sampler));

  tinygltf::AnimationChannel gltf_channel;
  gltf_channel.sampler = static_cast<int>(animation.samplers.size()) - 1;
  gltf_channel.target_node = node;
  gltf_channel.target_path = path;
  animation.channels.push_back(std::move(gltf_channel));
}

void AddAnimation(const anim::Clip& clip, const anim::Skeleton& skeleton, BufferWriter& buffer,
                  tinygltf::Model& model) {
  tinygltf::Animation animation;
  animation.name = clip.name;
  for (int j = 0; j < skeleton.num_joints(); ++j) {
    const anim::JointTrack& track = clip.tracks[j];
    AddChannel(track.translation, j, "translation", buffer, animation);
    AddChannel(track.rotation, j, "rotation", buffer, animation);
    AddChannel(track.scale, j, "scale", buffer, animation);
  }
  if (animation.channels.empty()) {
    // glTF requires at least one channel: hold the root's rest rotation for the whole clip.
    anim::QuatChannel hold;
    hold.times = {0.0f};
    hold.values = {skeleton.rest_pose[0].rotation};
    if (clip.duration_s > 0.0f) {
      hold.times.push_back(clip.duration_s);
      hold.values.push_back(skeleton.rest_pose[0].rotation);
    }
    AddChannel(hold, 0, "rotation", buffer, animation);
  }
  tinygltf::Value::Object extras;
  extras["duration_s"] = tinygltf::Value(static_cast<double>(clip.duration_s));
  extras["looping"] = tinygltf::Value(clip.looping);
  animation.extras = tinygltf::Value(std::move(extras));
  model.animations.push_back(std::move(animation));
}

}  // namespace

Status ExportGltf(const Scene& scene, const std::filesystem::path& path) {
  const std::string file = path.string();
  const std::string extension = path.extension().string();
  const bool binary = extension == ".glb";
  if (!binary && extension != ".gltf") {
    return Error{
        fmt::format("{}: unknown glTF extension '{}' (expected .glb or .gltf)", file, extension)};
  }
  if (Status s = ValidateScene(scene); !s)
    return WithContext(file, s.error());

  tinygltf::Model model;
  model.asset.version = "2.0";
  model.asset.generator = "Footwork";
  tinygltf::Scene gltf_scene;
  gltf_scene.name = scene.source.empty() ? path.stem().string() : scene.source;
  BufferWriter buffer(model);

  const anim::Skeleton& skeleton = scene.skeleton;
  AddSkeletonNodes(skeleton, model, gltf_scene);

  // Meshes with the same inverse bind matrices share a skin; the first skin always exists so
  // that readers find the skeleton even without meshes.
  std::vector<glm::mat4> rest_inverse_binds = RestModelMatrices(skeleton);
  for (glm::mat4& m : rest_inverse_binds)
    m = glm::inverse(m);
  std::vector<std::vector<glm::mat4>> skin_matrices;
  auto skin_for = [&](const std::vector<glm::mat4>& inverse_binds) {
    for (std::size_t s = 0; s < skin_matrices.size(); ++s) {
      if (skin_matrices[s] == inverse_binds)
        return static_cast<int>(s);
    }
    skin_matrices.push_back(inverse_binds);
    return AddSkin(inverse_binds, skeleton.num_joints(), buffer, model);
  };
  skin_for(scene.meshes.empty() || scene.meshes[0].inverse_bind_matrices.empty()
               ? rest_inverse_binds
               : scene.meshes[0].inverse_bind_matrices);
  for (const SkinnedMesh& mesh : scene.meshes) {
    const int skin = skin_for(mesh.inverse_bind_matrices.empty() ? rest_inverse_binds
                                                                 : mesh.inverse_bind_matrices);
    AddMesh(mesh, skin, buffer, model, gltf_scene);
  }

  for (const anim::Clip& clip : scene.clips)
    AddAnimation(clip, skeleton, buffer, model);

  model.scenes.push_back(std::move(gltf_scene));
  model.defaultScene = 0;
  model.buffers[0].data.resize((model.buffers[0].data.size() + 3) & ~std::size_t{3}, 0);

  tinygltf::TinyGLTF writer;
  if (binary) {
    // Writing to our own stream lets us notice a failed write, which tinygltf does not report.
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out)
      return Error{fmt::format("{}: cannot open for writing", file)};
    if (!writer.WriteGltfSceneToStream(&model, out, false, true) || !out.flush()) {
      return Error{fmt::format("{}: writing failed", file)};
    }
    return Status::Ok();
  }
  const std::filesystem::path bin_path = std::filesystem::path(path).replace_extension(".bin");
  model.buffers[0].uri = bin_path.filename().string();
  {
    // tinygltf writes silently into unwritable places; check that the folder takes files.
    std::ofstream probe(path, std::ios::trunc);
    if (!probe)
      return Error{fmt::format("{}: cannot open for writing", file)};
  }
  if (!writer.WriteGltfSceneToFile(&model, file, false, false, true, false)) {
    return Error{fmt::format("{}: writing failed (buffer {})", file, bin_path.string())};
  }
  std::error_code error;
  if (std::filesystem::file_size(bin_path, error) != model.buffers[0].data.size() || error) {
    return Error{fmt::format("{}: buffer {} was not written completely", file, bin_path.string())};
  }
  return Status::Ok();
}

}  // namespace footwork::io
