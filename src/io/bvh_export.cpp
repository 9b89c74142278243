#include "footwork/io/bvh_export.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "footwork/anim/sampling.h"
#include "footwork/core/angles.h"

namespace footwork::io {
namespace {

// A joint whose animated translation strays further than this (metres) from its rest offset
// gets position channels.
constexpr float kTranslationTolerance_m = 1e-6f;

// Euler angles (radians) with rotation = Rz(z) * Rx(x) * Ry(y), BVH's "Zrotation Xrotation
// Yrotation" order.
glm::vec3 EulerZxy(const glm::quat& rotation) {
  const glm::quat q = glm::normalize(rotation);
  const glm::mat3 m = glm::mat3_cast(q);
  // glm is column-major: m[column][row]. Row 2 of Rz * Rx * Ry is (-cos x sin y, sin x,
  // cos x cos y): x and y are its spherical angles. cos x comes from a hypot, which stays
  // accurate near the poles where asin(sin x) would not.
  const float cos_x = std::hypot(m[0][2], m[2][2]);
  const float x = std::atan2(m[1][2], cos_x);
  // At the poles (gimbal lock) y is arbitrary; z below absorbs it.
  const float y = cos_x > 1e-6f ? std::atan2(-m[0][2], m[2][2]) : 0.0f;
  // z from what remains, Rz = R * Ry^-1 * Rx^-1, so that the three angles rebuild R exactly
  // even where y is poorly conditioned.
  const glm::quat rest = q * glm::inverse(glm::angleAxis(y, glm::vec3(0.0f, 1.0f, 0.0f))) *
                         glm::inverse(glm::angleAxis(x, glm::vec3(1.0f, 0.0f, 0.0f)));
  const float z = NormalizeAngle(2.0f * std::atan2(rest.z, rest.w));
  return {x, y, z};
}

// Moves each angle by whole turns to be closest to the previous frame's, so that readers that
// interpolate frames do not spin the long way round.
glm::vec3 Unwrap(glm::vec3 angles, const glm::vec3& previous) {
  constexpr float kTurn = 2.0f * kPi;
  for (int axis = 0; axis < 3; ++axis) {
    angles[axis] += kTurn * std::round((previous[axis] - angles[axis]) / kTurn);
  }
  return angles;
}

bool HasMovingTranslation(const anim::JointTrack& track, const Transform& rest) {
  return std::any_of(track.translation.values.begin(), track.translation.values.end(),
                     [&](const glm::vec3& t) {
                       return glm::length(t - rest.translation) > kTranslationTolerance_m;
                     });
}

std::string Vec3Text(const glm::vec3& v) {
  return fmt::format("{:.6f} {:.6f} {:.6f}", v.x, v.y, v.z);
}

struct Hierarchy {
  const anim::Skeleton& skeleton;
  std::vector<std::vector<int>> children;
  std::vector<bool> has_position;
  float unit_scale;

  void Write(int joint, int depth, std::string& out) const {
    const std::string indent(static_cast<std::size_t>(depth) * 2, ' ');
    const bool is_root = skeleton.parents[joint] == anim::kNoParent;
    out += fmt::format("{}{} {}\n{}{{\n", indent, is_root ? "ROOT" : "JOINT",
                       skeleton.joint_names[joint], indent);
    out += fmt::format("{}  OFFSET {}\n", indent,
                       Vec3Text(skeleton.rest_pose[joint].translation * unit_scale));
    if (has_position[joint]) {
      out += fmt::format(
          "{}  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n", indent);
    } else {
      out += fmt::format("{}  CHANNELS 3 Zrotation Xrotation Yrotation\n", indent);
    }
    for (int child : children[joint])
      Write(child, depth + 1, out);
    if (children[joint].empty()) {
      // BVH readers expect a leaf to end somewhere: half the leaf's own offset, continued in the
      // same direction, stands in for the bone's unknown length.
      const Transform& rest = skeleton.rest_pose[joint];
      const glm::vec3 end = glm::inverse(rest.rotation) * rest.translation * 0.5f * unit_scale;
      out += fmt::format("{}  End Site\n{}  {{\n{}    OFFSET {}\n{}  }}\n", indent, indent, indent,
                         Vec3Text(end), indent);
    }
    out += fmt::format("{}}}\n", indent);
  }
};

}  // namespace

Status ExportBvh(const anim::Skeleton& skeleton, const anim::Clip& clip,
                 const std::filesystem::path& path, float frame_rate_hz, float unit_scale) {
  const std::string file = path.string();
  if (Status s = skeleton.Validate(); !s)
    return WithContext(file, s.error());
  if (skeleton.num_joints() == 0)
    return Error{file + ": the skeleton has no joints"};
  if (Status s = clip.Validate(skeleton.num_joints()); !s)
    return WithContext(file, s.error());
  if (!(frame_rate_hz > 0.0f) || !std::isfinite(frame_rate_hz)) {
    return Error{fmt::format("{}: frame rate {} Hz is not a positive number", file, frame_rate_hz)};
  }
  if (!(unit_scale > 0.0f) || !std::isfinite(unit_scale)) {
    return Error{fmt::format("{}: unit scale {} is not a positive number", file, unit_scale)};
  }
  const int num_joints = skeleton.num_joints();
  const int roots = static_cast<int>(
      std::count(skeleton.parents.begin(), skeleton.parents.end(), anim::kNoParent));
  if (roots != 1) {
    return Error{
        fmt::format("{}: BVH needs exactly one root joint, the skeleton has {}", file, roots)};
  }

  Hierarchy hierarchy{skeleton, std::vector<std::vector<int>>(num_joints),
                      std::vector<bool>(num_joints, false), unit_scale};
  for (int j = 0; j < num_joints; ++j) {
    const int parent = skeleton.parents[j];
    if (parent == anim::kNoParent) {
      hierarchy.has_position[j] = true;
    } else {
      hierarchy.children[parent].push_back(j);
      hierarchy.has_position[j] = HasMovingTranslation(clip.tracks[j], skeleton.rest_pose[j]);
    }
  }

  std::string out = "HIERARCHY\n";
  hierarchy.Write(0, 0, out);

  // Frames in the order the hierarchy lists joints (depth first), which is not always index order.
  std::vector<int> order;
  std::vector<int> stack = {0};
  while (!stack.empty()) {
    const int joint = stack.back();
    stack.pop_back();
    order.push_back(joint);
    const std::vector<int>& kids = hierarchy.children[joint];
    for (auto it = kids.rbegin(); it != kids.rend(); ++it)
      stack.push_back(*it);
  }

  const float frame_time_s = 1.0f / frame_rate_hz;
  const int frames = static_cast<int>(std::lround(clip.duration_s * frame_rate_hz)) + 1;
  out += fmt::format("MOTION\nFrames: {}\nFrame Time: {:.8f}\n", frames, frame_time_s);
  std::vector<glm::vec3> previous(num_joints, glm::vec3(0.0f));
  // Frames are the runtime's own samples (clamped, not looped: the last frame is the clip's end
  // pose), so a BVH shows exactly what the game plays.
  std::vector<Transform> pose(static_cast<std::size_t>(num_joints));
  anim::SamplingCache cache(num_joints);
  anim::SamplingJob sample;
  sample.skeleton = &skeleton;
  sample.clip = &clip;
  sample.wrap = anim::WrapMode::kClamp;
  sample.cache = &cache;
  sample.output = pose;
  for (int frame = 0; frame < frames; ++frame) {
    sample.time_s = std::min(static_cast<float>(frame) * frame_time_s, clip.duration_s);
    if (Status s = sample.Run(); !s)
      return WithContext(file, s.error());
    std::string line;
    for (int joint : order) {
      if (hierarchy.has_position[joint]) {
        line += Vec3Text(pose[joint].translation * unit_scale);
        line += ' ';
      }
      glm::vec3 euler = EulerZxy(pose[joint].rotation);
      if (frame > 0)
        euler = Unwrap(euler, previous[joint]);
      previous[joint] = euler;
      line += fmt::format("{:.6f} {:.6f} {:.6f} ", Degrees(euler.z), Degrees(euler.x),
                          Degrees(euler.y));
    }
    line.back() = '\n';
    out += line;
  }

  std::ofstream stream(path, std::ios::binary | std::ios::trunc);
  if (!stream)
    return Error{fmt::format("{}: cannot open for writing", file)};
  stream.write(out.data(), static_cast<std::streamsize>(out.size()));
  if (!stream.flush())
    return Error{fmt::format("{}: writing failed", file)};
  return Status::Ok();
}

}  // namespace footwork::io
