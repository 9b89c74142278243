#pragma once
// The cooked library: one binary file holding everything the runtime needs for a character
// (skeleton, rig profile, cooked clips with root motion, curves, markers and notifies, the skinned
// meshes, and the cooker's per-clip figures). Loaded with one read, verified by a checksum.
//
// Layout (little-endian): magic "FWCL", u32 format version, u64 payload size, u32 FNV-1a 32-bit
// hash of the payload, then the payload (length-prefixed strings and arrays).

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "footwork/anim/clip.h"
#include "footwork/anim/rig_profile.h"
#include "footwork/anim/skeleton.h"
#include "footwork/core/error.h"
#include "footwork/io/scene.h"

namespace footwork::io {

inline constexpr char kCookedLibraryMagic[4] = {'F', 'W', 'C', 'L'};
inline constexpr std::uint32_t kCookedLibraryVersion = 1;

// What the cooker measured for one clip, kept for the dump and for tools.
struct CookedClipInfo {
  std::string clip;
  // The source clip name, or what the clip was derived from ("stop from walk").
  std::string source;
  float ground_speed_m_s = 0.0f;
  float root_distance_m = 0.0f;
  float root_yaw_deg = 0.0f;
  float locked_foot_speed_cm_s_left = 0.0f;
  float locked_foot_speed_cm_s_right = 0.0f;
  float max_joint_step_deg = 0.0f;
  float loop_gap_deg = 0.0f;
  // Empty when the clip meets every quality bar.
  std::string quality_miss;
  std::vector<std::string> notes;
};

struct CookedLibrary {
  std::string character;
  anim::Skeleton skeleton;
  anim::RigProfile rig_profile;
  std::vector<anim::Clip> clips;
  // One per clip, same order.
  std::vector<CookedClipInfo> clip_info;
  std::vector<SkinnedMesh> meshes;
};

// FNV-1a, 32 bits.
std::uint32_t Fnv1a32(std::span<const std::uint8_t> bytes);

std::vector<std::uint8_t> SerializeCookedLibrary(const CookedLibrary& library);
// Errors name `source` and the problem: wrong magic, unsupported version, truncated file,
// checksum mismatch, malformed payload.
Result<CookedLibrary> DeserializeCookedLibrary(std::span<const std::uint8_t> bytes,
                                               const std::string& source);

Status WriteCookedLibrary(const CookedLibrary& library, const std::filesystem::path& path);
Result<CookedLibrary> ReadCookedLibrary(const std::filesystem::path& path);

}  // namespace footwork::io
