#include "footwork/io/cooked_library.h"

#include <cmath>
#include <cstring>
#include <fstream>
#include <type_traits>

#include <fmt/format.h>

#include "footwork/io/file_bytes.h"

namespace footwork::io {
namespace {

constexpr std::size_t kHeaderBytes = 4 + 4 + 8 + 4;
// Cooked libraries hold a character's clips and meshes: a few tens of MB at most.
constexpr std::size_t kMaxLibraryBytes = std::size_t{1} << 30;

// Appends plain values; the format is little-endian, as is every platform Footwork targets.
class Writer {
 public:
  template <typename T>
  void Put(const T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    Append(&value, sizeof(T));
  }
  void PutString(const std::string& text) {
    Put(static_cast<std::uint32_t>(text.size()));
    Append(text.data(), text.size());
  }
  template <typename T>
  void PutArray(const std::vector<T>& values) {
    static_assert(std::is_trivially_copyable_v<T>);
    Put(static_cast<std::uint32_t>(values.size()));
    Append(values.data(), values.size() * sizeof(T));
  }
  std::vector<std::uint8_t>& bytes() { return bytes_; }

 private:
  // resize + memcpy rather than insert: GCC 12 misreports small inserts as overflows.
  void Append(const void* data, std::size_t size) {
    if (size == 0)
      return;
    const std::size_t offset = bytes_.size();
    bytes_.resize(offset + size);
    std::memcpy(bytes_.data() + offset, data, size);
  }

  std::vector<std::uint8_t> bytes_;
};

// Reads plain values with bounds checks; the first failure is kept and later reads do nothing.
class Reader {
 public:
  Reader(std::span<const std::uint8_t> bytes, std::string source)
      : bytes_(bytes), source_(std::move(source)) {}

  template <typename T>
  void Get(T& value, const char* what) {
    static_assert(std::is_trivially_copyable_v<T>);
    if (!Need(sizeof(T), what))
      return;
    std::memcpy(&value, bytes_.data() + offset_, sizeof(T));
    offset_ += sizeof(T);
  }
  void GetString(std::string& text, const char* what) {
    std::uint32_t size = 0;
    Get(size, what);
    if (!Need(size, what))
      return;
    text.assign(reinterpret_cast<const char*>(bytes_.data() + offset_), size);
    offset_ += size;
  }
  template <typename T>
  void GetArray(std::vector<T>& values, const char* what) {
    std::uint32_t count = 0;
    Get(count, what);
    if (!Need(static_cast<std::size_t>(count) * sizeof(T), what))
      return;
    values.resize(count);
    std::memcpy(values.data(), bytes_.data() + offset_, count * sizeof(T));
    offset_ += count * sizeof(T);
  }
  // A count of items that each take at least min_item_bytes, so a corrupt count cannot make the
  // reader allocate more than the file could hold.
  std::uint32_t GetCount(const char* what, std::size_t min_item_bytes) {
    std::uint32_t count = 0;
    Get(count, what);
    if (failed_)
      return 0;
    if (static_cast<std::size_t>(count) * min_item_bytes > bytes_.size() - offset_) {
      Fail(fmt::format("{}: count {} exceeds the remaining payload", what, count));
      return 0;
    }
    return count;
  }
  void Fail(const std::string& what) {
    if (!failed_)
      error_ = fmt::format("{}: malformed cooked library at payload byte {}: {}", source_, offset_,
                           what);
    failed_ = true;
  }
  bool failed() const { return failed_; }
  bool at_end() const { return offset_ == bytes_.size(); }
  const std::string& error() const { return error_; }

 private:
  bool Need(std::size_t size, const char* what) {
    if (failed_)
      return false;
    if (size > bytes_.size() - offset_) {
      Fail(fmt::format("{} runs past the end of the payload", what));
      return false;
    }
    return true;
  }

  std::span<const std::uint8_t> bytes_;
  std::size_t offset_ = 0;
  std::string source_;
  bool failed_ = false;
  std::string error_;
};

template <typename T>
void PutChannel(Writer& w, const anim::Channel<T>& channel) {
  w.Put(static_cast<std::uint8_t>(channel.interpolation == anim::Interpolation::kStep ? 1 : 0));
  w.PutArray(channel.times);
  w.PutArray(channel.values);
}

template <typename T>
void GetChannel(Reader& r, anim::Channel<T>& channel) {
  std::uint8_t step = 0;
  r.Get(step, "channel interpolation");
  channel.interpolation = step ? anim::Interpolation::kStep : anim::Interpolation::kLinear;
  r.GetArray(channel.times, "channel times");
  r.GetArray(channel.values, "channel values");
  if (channel.times.size() != channel.values.size())
    r.Fail("channel has different numbers of times and values");
}

void PutClip(Writer& w, const anim::Clip& clip) {
  w.PutString(clip.name);
  w.Put(clip.duration_s);
  w.Put(static_cast<std::uint8_t>(clip.looping));
  w.Put(static_cast<std::uint32_t>(clip.tracks.size()));
  for (const anim::JointTrack& track : clip.tracks) {
    PutChannel(w, track.translation);
    PutChannel(w, track.rotation);
    PutChannel(w, track.scale);
  }
  PutChannel(w, clip.root_motion.translation);
  PutChannel(w, clip.root_motion.rotation);
  w.Put(static_cast<std::uint32_t>(clip.curves.size()));
  for (const anim::FloatCurve& curve : clip.curves) {
    w.PutString(curve.name);
    w.PutArray(curve.times);
    w.PutArray(curve.values);
  }
  w.Put(static_cast<std::uint32_t>(clip.markers.size()));
  for (const anim::SyncMarker& marker : clip.markers) {
    w.PutString(marker.name);
    w.Put(marker.time_s);
  }
  w.Put(static_cast<std::uint32_t>(clip.notifies.size()));
  for (const anim::Notify& notify : clip.notifies) {
    w.PutString(notify.name);
    w.Put(notify.time_s);
    w.Put(notify.duration_s);
  }
}

void GetClip(Reader& r, anim::Clip& clip) {
  r.GetString(clip.name, "clip name");
  r.Get(clip.duration_s, "clip duration");
  std::uint8_t looping = 0;
  r.Get(looping, "clip looping flag");
  clip.looping = looping != 0;
  clip.tracks.resize(r.GetCount("clip tracks", 3 * 9));
  for (anim::JointTrack& track : clip.tracks) {
    GetChannel(r, track.translation);
    GetChannel(r, track.rotation);
    GetChannel(r, track.scale);
  }
  GetChannel(r, clip.root_motion.translation);
  GetChannel(r, clip.root_motion.rotation);
  clip.curves.resize(r.GetCount("clip curves", 12));
  for (anim::FloatCurve& curve : clip.curves) {
    r.GetString(curve.name, "curve name");
    r.GetArray(curve.times, "curve times");
    r.GetArray(curve.values, "curve values");
    if (curve.times.size() != curve.values.size())
      r.Fail("curve " + curve.name + " has different numbers of times and values");
  }
  clip.markers.resize(r.GetCount("clip markers", 8));
  for (anim::SyncMarker& marker : clip.markers) {
    r.GetString(marker.name, "marker name");
    r.Get(marker.time_s, "marker time");
  }
  clip.notifies.resize(r.GetCount("clip notifies", 12));
  for (anim::Notify& notify : clip.notifies) {
    r.GetString(notify.name, "notify name");
    r.Get(notify.time_s, "notify time");
    r.Get(notify.duration_s, "notify duration");
  }
}

void PutStrings(Writer& w, const std::vector<std::string>& strings) {
  w.Put(static_cast<std::uint32_t>(strings.size()));
  for (const std::string& s : strings)
    w.PutString(s);
}

void GetStrings(Reader& r, std::vector<std::string>& strings, const char* what) {
  strings.resize(r.GetCount(what, 4));
  for (std::string& s : strings)
    r.GetString(s, what);
}

void PutPayload(Writer& w, const CookedLibrary& library) {
  w.PutString(library.character);
  PutStrings(w, library.skeleton.joint_names);
  w.PutArray(library.skeleton.parents);
  w.PutArray(library.skeleton.rest_pose);

  const anim::RigProfile& profile = library.rig_profile;
  w.PutString(profile.name);
  w.Put(static_cast<std::uint32_t>(profile.roles.size()));
  for (const auto& [role, joint] : profile.roles) {
    w.PutString(role);
    w.PutString(joint);
  }
  PutStrings(w, profile.spine_chain);
  w.Put(static_cast<std::uint32_t>(profile.mirror_name_pairs.size()));
  for (const auto& [left, right] : profile.mirror_name_pairs) {
    w.PutString(left);
    w.PutString(right);
  }

  w.Put(static_cast<std::uint32_t>(library.clips.size()));
  for (const anim::Clip& clip : library.clips)
    PutClip(w, clip);

  w.Put(static_cast<std::uint32_t>(library.clip_info.size()));
  for (const CookedClipInfo& info : library.clip_info) {
    w.PutString(info.clip);
    w.PutString(info.source);
    for (float value : {info.ground_speed_m_s, info.root_distance_m, info.root_yaw_deg,
                        info.locked_foot_speed_cm_s_left, info.locked_foot_speed_cm_s_right,
                        info.max_joint_step_deg, info.loop_gap_deg}) {
      w.Put(value);
    }
    w.PutString(info.quality_miss);
    PutStrings(w, info.notes);
  }

  w.Put(static_cast<std::uint32_t>(library.meshes.size()));
  for (const SkinnedMesh& mesh : library.meshes) {
    w.PutString(mesh.name);
    w.PutArray(mesh.positions);
    w.PutArray(mesh.normals);
    w.PutArray(mesh.joints);
    w.PutArray(mesh.weights);
    w.PutArray(mesh.indices);
    w.PutArray(mesh.inverse_bind_matrices);
    w.Put(mesh.base_color);
  }
}

void GetPayload(Reader& r, CookedLibrary& library) {
  r.GetString(library.character, "character name");
  GetStrings(r, library.skeleton.joint_names, "joint names");
  r.GetArray(library.skeleton.parents, "joint parents");
  r.GetArray(library.skeleton.rest_pose, "rest pose");

  anim::RigProfile& profile = library.rig_profile;
  r.GetString(profile.name, "rig profile name");
  const std::uint32_t roles = r.GetCount("rig roles", 8);
  for (std::uint32_t i = 0; i < roles && !r.failed(); ++i) {
    std::string role;
    std::string joint;
    r.GetString(role, "rig role");
    r.GetString(joint, "rig role joint");
    profile.roles[role] = joint;
  }
  GetStrings(r, profile.spine_chain, "spine chain");
  profile.mirror_name_pairs.resize(r.GetCount("mirror name pairs", 8));
  for (auto& [left, right] : profile.mirror_name_pairs) {
    r.GetString(left, "mirror name");
    r.GetString(right, "mirror name");
  }

  library.clips.resize(r.GetCount("clips", 16));
  for (anim::Clip& clip : library.clips) {
    if (r.failed())
      break;
    GetClip(r, clip);
  }

  library.clip_info.resize(r.GetCount("clip info", 40));
  for (CookedClipInfo& info : library.clip_info) {
    r.GetString(info.clip, "clip info name");
    r.GetString(info.source, "clip info source");
    for (float* value : {&info.ground_speed_m_s, &info.root_distance_m, &info.root_yaw_deg,
                         &info.locked_foot_speed_cm_s_left, &info.locked_foot_speed_cm_s_right,
                         &info.max_joint_step_deg, &info.loop_gap_deg}) {
      r.Get(*value, "clip info figure");
    }
    r.GetString(info.quality_miss, "clip info quality");
    GetStrings(r, info.notes, "clip info notes");
  }

  library.meshes.resize(r.GetCount("meshes", 28));
  for (SkinnedMesh& mesh : library.meshes) {
    r.GetString(mesh.name, "mesh name");
    r.GetArray(mesh.positions, "mesh positions");
    r.GetArray(mesh.normals, "mesh normals");
    r.GetArray(mesh.joints, "mesh joints");
    r.GetArray(mesh.weights, "mesh weights");
    r.GetArray(mesh.indices, "mesh indices");
    r.GetArray(mesh.inverse_bind_matrices, "mesh inverse bind matrices");
    r.Get(mesh.base_color, "mesh colour");
  }
}

template <typename T>
T Load(std::span<const std::uint8_t> bytes, std::size_t offset) {
  T value;
  std::memcpy(&value, bytes.data() + offset, sizeof(T));
  return value;
}

}  // namespace

std::uint32_t Fnv1a32(std::span<const std::uint8_t> bytes) {
  std::uint32_t hash = 2166136261u;
  for (std::uint8_t byte : bytes) {
    hash ^= byte;
    hash *= 16777619u;
  }
  return hash;
}

std::vector<std::uint8_t> SerializeCookedLibrary(const CookedLibrary& library) {
  Writer payload;
  PutPayload(payload, library);
  Writer file;
  for (char c : kCookedLibraryMagic)
    file.Put(c);
  file.Put(kCookedLibraryVersion);
  file.Put(static_cast<std::uint64_t>(payload.bytes().size()));
  file.Put(Fnv1a32(payload.bytes()));
  std::vector<std::uint8_t> bytes = std::move(file.bytes());
  bytes.insert(bytes.end(), payload.bytes().begin(), payload.bytes().end());
  return bytes;
}

Result<CookedLibrary> DeserializeCookedLibrary(std::span<const std::uint8_t> bytes,
                                               const std::string& source) {
  if (bytes.size() < kHeaderBytes) {
    return Error{fmt::format("{}: truncated cooked library: {} bytes, the header alone is {}",
                             source, bytes.size(), kHeaderBytes)};
  }
  if (std::memcmp(bytes.data(), kCookedLibraryMagic, 4) != 0)
    return Error{source + ": not a cooked library (magic is not FWCL)"};
  const auto version = Load<std::uint32_t>(bytes, 4);
  if (version != kCookedLibraryVersion) {
    return Error{
        fmt::format("{}: cooked library version {} is not supported (expected {}); "
                    "cook the character again",
                    source, version, kCookedLibraryVersion)};
  }
  const auto payload_size = Load<std::uint64_t>(bytes, 8);
  const auto checksum = Load<std::uint32_t>(bytes, 16);
  const std::size_t available = bytes.size() - kHeaderBytes;
  if (payload_size != available) {
    return Error{fmt::format("{}: {} cooked library: header says {} payload bytes, file has {}",
                             source, payload_size > available ? "truncated" : "oversized",
                             payload_size, available)};
  }
  const std::span<const std::uint8_t> payload = bytes.subspan(kHeaderBytes);
  const std::uint32_t actual = Fnv1a32(payload);
  if (actual != checksum) {
    return Error{
        fmt::format("{}: cooked library checksum mismatch (stored {:08x}, computed "
                    "{:08x}): the file is corrupt; cook it again",
                    source, checksum, actual)};
  }
  CookedLibrary library;
  Reader reader(payload, source);
  GetPayload(reader, library);
  if (!reader.failed() && !reader.at_end())
    reader.Fail("unexpected bytes after the last mesh");
  if (reader.failed())
    return Error{reader.error()};
  if (Status valid = library.skeleton.Validate(); !valid)
    return WithContext(source, valid.error());
  for (const anim::Clip& clip : library.clips) {
    if (Status valid = clip.Validate(library.skeleton.num_joints()); !valid)
      return WithContext(source, valid.error());
  }
  return library;
}

Status WriteCookedLibrary(const CookedLibrary& library, const std::filesystem::path& path) {
  const std::vector<std::uint8_t> bytes = SerializeCookedLibrary(library);
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  if (!file)
    return Error{path.string() + ": cannot open for writing"};
  file.write(reinterpret_cast<const char*>(bytes.data()),
             static_cast<std::streamsize>(bytes.size()));
  if (!file)
    return Error{path.string() + ": write failed"};
  return Status::Ok();
}

Result<CookedLibrary> ReadCookedLibrary(const std::filesystem::path& path) {
  Result<std::vector<std::uint8_t>> bytes = ReadFileBytes(path, kMaxLibraryBytes);
  if (!bytes)
    return bytes.error();
  return DeserializeCookedLibrary(*bytes, path.string());
}

}  // namespace footwork::io
