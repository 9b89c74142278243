#include "footwork/io/bvh_import.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <optional>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <glm/gtc/quaternion.hpp>

#include "footwork/io/file_bytes.h"

namespace footwork::io {
namespace {

constexpr std::size_t kMaxFileBytes = std::size_t{1} << 30;
// Caps that keep absurd headers from hanging or exhausting memory.
constexpr int kMaxJoints = 1024;
constexpr std::size_t kMaxFrames = 1'000'000;
constexpr std::size_t kMaxValues = std::size_t{1} << 27;
constexpr int kMaxChannels = 6;

enum class ChannelKind { kXPosition, kYPosition, kZPosition, kXRotation, kYRotation, kZRotation };

std::optional<ChannelKind> ParseChannel(std::string_view name) {
  static constexpr std::array<std::pair<std::string_view, ChannelKind>, 6> kNames = {{
      {"Xposition", ChannelKind::kXPosition},
      {"Yposition", ChannelKind::kYPosition},
      {"Zposition", ChannelKind::kZPosition},
      {"Xrotation", ChannelKind::kXRotation},
      {"Yrotation", ChannelKind::kYRotation},
      {"Zrotation", ChannelKind::kZRotation},
  }};
  for (const auto& [text, kind] : kNames) {
    if (name.size() == text.size() &&
        std::equal(name.begin(), name.end(), text.begin(), [](char a, char b) {
          return std::tolower(static_cast<unsigned char>(a)) ==
                 std::tolower(static_cast<unsigned char>(b));
        })) {
      return kind;
    }
  }
  return std::nullopt;
}

bool IsPosition(ChannelKind kind) {
  return kind <= ChannelKind::kZPosition;
}

struct BvhJoint {
  std::string name;
  int parent = -1;
  glm::vec3 offset{0.0f};
  std::vector<ChannelKind> channels;
};

// Whitespace-separated tokens with line numbers, for messages.
class Tokenizer {
 public:
  explicit Tokenizer(std::string_view text) : text_(text) {}

  // The next token, or an empty view at the end of the text.
  std::string_view Next() {
    SkipSpace();
    const std::size_t start = pos_;
    while (pos_ < text_.size() && !std::isspace(static_cast<unsigned char>(text_[pos_])))
      ++pos_;
    return text_.substr(start, pos_ - start);
  }

  // The rest of the current line (without its newline), advancing past it.
  std::string_view RestOfLine() {
    const std::size_t start = pos_;
    while (pos_ < text_.size() && text_[pos_] != '\n')
      ++pos_;
    std::string_view line = text_.substr(start, pos_ - start);
    if (pos_ < text_.size()) {
      ++pos_;
      ++line_;
    }
    return line;
  }

  bool AtEnd() const { return pos_ >= text_.size(); }
  int line() const { return line_; }

 private:
  void SkipSpace() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) {
      if (text_[pos_] == '\n')
        ++line_;
      ++pos_;
    }
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  int line_ = 1;
};

std::optional<float> ParseFloat(std::string_view token) {
  float value = 0.0f;
  if (!token.empty() && token.front() == '+')
    token.remove_prefix(1);
  const auto [end, error] = std::from_chars(token.data(), token.data() + token.size(), value);
  if (error != std::errc() || end != token.data() + token.size())
    return std::nullopt;
  return value;
}

std::optional<long long> ParseInt(std::string_view token) {
  long long value = 0;
  const auto [end, error] = std::from_chars(token.data(), token.data() + token.size(), value);
  if (error != std::errc() || end != token.data() + token.size())
    return std::nullopt;
  return value;
}

glm::quat AxisRotation(ChannelKind kind, float degrees) {
  const float radians = glm::radians(degrees);
  const glm::vec3 axis = kind == ChannelKind::kXRotation   ? glm::vec3(1, 0, 0)
                         : kind == ChannelKind::kYRotation ? glm::vec3(0, 1, 0)
                                                           : glm::vec3(0, 0, 1);
  return glm::angleAxis(radians, axis);
}

class BvhParser {
 public:
  explicit BvhParser(std::string_view text) : tokens_(text) {}

  Result<Scene> Parse(const BvhOptions& options) {
    if (Status s = ParseHierarchy(); !s)
      return s.error();
    if (Status s = ParseMotion(); !s)
      return s.error();
    return BuildScene(options);
  }

 private:
  Error At(int line, const std::string& message) const {
    return Error{fmt::format("line {}: {}", line, message)};
  }

  Result<float> ExpectFloat(std::string_view what) {
    const std::string_view token = tokens_.Next();
    if (token.empty())
      return At(tokens_.line(), fmt::format("file ends before {}", what));
    const std::optional<float> value = ParseFloat(token);
    if (!value) {
      return At(tokens_.line(), fmt::format("expected a number for {}, got '{}'", what, token));
    }
    if (!std::isfinite(*value))
      return At(tokens_.line(), fmt::format("{} is not finite", what));
    return *value;
  }

  Result<glm::vec3> ExpectOffset() {
    glm::vec3 offset(0.0f);
    for (int axis = 0; axis < 3; ++axis) {
      Result<float> value = ExpectFloat("OFFSET");
      if (!value)
        return value.error();
      offset[axis] = *value;
    }
    return offset;
  }

  Status Expect(std::string_view keyword) {
    const std::string_view token = tokens_.Next();
    if (token != keyword) {
      return At(tokens_.line(), fmt::format("expected '{}', got '{}'", keyword,
                                            token.empty() ? "end of file" : token));
    }
    return Status::Ok();
  }

  Status ParseHierarchy() {
    if (tokens_.Next() != "HIERARCHY")
      return At(tokens_.line(), "missing HIERARCHY section");
    // Joints whose block is open, innermost last; -2 marks an End Site block.
    std::vector<int> open;
    for (;;) {
      const std::string_view token = tokens_.Next();
      const int line = tokens_.line();
      if (token.empty())
        return At(line, "file ends inside HIERARCHY (missing MOTION section)");
      if (token == "MOTION") {
        if (!open.empty())
          return At(line, "MOTION inside an unclosed joint block");
        if (joints_.empty())
          return At(line, "HIERARCHY has no ROOT");
        return Status::Ok();
      }
      if (token == "ROOT" || token == "JOINT") {
        if ((token == "ROOT") != open.empty()) {
          return At(line,
                    token == "ROOT" ? "ROOT inside another joint" : "JOINT outside a ROOT block");
        }
        if (!open.empty() && open.back() == -2)
          return At(line, "JOINT inside an End Site");
        if (static_cast<int>(joints_.size()) >= kMaxJoints) {
          return At(line, fmt::format("more than {} joints", kMaxJoints));
        }
        BvhJoint joint;
        joint.name = std::string(tokens_.Next());
        if (joint.name.empty() || joint.name == "{")
          return At(line, "joint without a name");
        joint.parent = open.empty() ? -1 : open.back();
        if (Status s = Expect("{"); !s)
          return s;
        open.push_back(static_cast<int>(joints_.size()));
        joints_.push_back(std::move(joint));
      } else if (token == "End") {
        if (open.empty() || open.back() == -2)
          return At(line, "End Site outside a joint");
        if (Status s = Expect("Site"); !s)
          return s;
        if (Status s = Expect("{"); !s)
          return s;
        open.push_back(-2);
      } else if (token == "OFFSET") {
        if (open.empty())
          return At(line, "OFFSET outside a joint");
        Result<glm::vec3> offset = ExpectOffset();
        if (!offset)
          return offset.error();
        if (open.back() >= 0)
          joints_[open.back()].offset = *offset;
      } else if (token == "CHANNELS") {
        if (open.empty() || open.back() < 0)
          return At(line, "CHANNELS outside a joint");
        BvhJoint& joint = joints_[open.back()];
        const std::optional<long long> count = ParseInt(tokens_.Next());
        if (!count || *count < 0 || *count > kMaxChannels) {
          return At(line, fmt::format("joint '{}': bad channel count (expected 0 to {})",
                                      joint.name, kMaxChannels));
        }
        joint.channels.clear();
        for (long long c = 0; c < *count; ++c) {
          const std::string_view name = tokens_.Next();
          const std::optional<ChannelKind> kind = ParseChannel(name);
          if (!kind) {
            return At(tokens_.line(),
                      fmt::format("joint '{}': bad channel count or unknown channel '{}' "
                                  "(CHANNELS {} expects {} channel names)",
                                  joint.name, name, *count, *count));
          }
          if (std::find(joint.channels.begin(), joint.channels.end(), *kind) !=
              joint.channels.end()) {
            return At(tokens_.line(),
                      fmt::format("joint '{}': channel '{}' listed twice", joint.name, name));
          }
          joint.channels.push_back(*kind);
        }
        num_values_ += joint.channels.size();
      } else if (token == "}") {
        if (open.empty())
          return At(line, "unmatched '}'");
        open.pop_back();
      } else {
        return At(line, fmt::format("unexpected '{}' in HIERARCHY", token));
      }
    }
  }

  Status ParseMotion() {
    std::string_view token = tokens_.Next();
    std::string_view frames_text;
    if (token == "Frames:") {
      frames_text = tokens_.Next();
    } else if (token.substr(0, 7) == "Frames:") {
      frames_text = token.substr(7);
    } else {
      return At(tokens_.line(), "missing 'Frames:' after MOTION");
    }
    const std::optional<long long> frames = ParseInt(frames_text);
    if (!frames || *frames < 1) {
      return At(tokens_.line(), fmt::format("bad frame count '{}'", frames_text));
    }
    if (static_cast<std::size_t>(*frames) > kMaxFrames ||
        static_cast<std::size_t>(*frames) * std::max<std::size_t>(num_values_, 1) > kMaxValues) {
      return At(tokens_.line(),
                fmt::format("{} frames is more than this importer accepts", *frames));
    }
    num_frames_ = static_cast<std::size_t>(*frames);
    if (Status s = Expect("Frame"); !s)
      return s;
    if (Status s = Expect("Time:"); !s)
      return s;
    Result<float> frame_time = ExpectFloat("Frame Time");
    if (!frame_time)
      return frame_time.error();
    if (!(*frame_time > 0.0f)) {
      return At(tokens_.line(), fmt::format("Frame Time {} must be positive", *frame_time));
    }
    frame_time_s_ = *frame_time;
    tokens_.RestOfLine();

    values_.reserve(std::min(num_frames_ * num_values_, std::size_t{1} << 20));
    std::size_t frame = 0;
    while (!tokens_.AtEnd()) {
      const int line = tokens_.line();
      const std::string_view text = tokens_.RestOfLine();
      Tokenizer row(text);
      std::size_t count = 0;
      for (std::string_view value = row.Next(); !value.empty(); value = row.Next()) {
        if (frame >= num_frames_) {
          return At(line, fmt::format("more frames than the {} the header declares", num_frames_));
        }
        const std::optional<float> number = ParseFloat(value);
        if (!number)
          return At(line, fmt::format("expected a number, got '{}'", value));
        if (!std::isfinite(*number))
          return At(line, fmt::format("frame {} has a NaN or infinite value", frame));
        if (++count > num_values_)
          break;
        values_.push_back(*number);
      }
      if (count == 0)
        continue;  // blank line
      if (count != num_values_) {
        return At(line, fmt::format("frame {} has {} values, expected {} (one per channel)", frame,
                                    count, num_values_));
      }
      ++frame;
    }
    if (frame != num_frames_) {
      return Error{
          fmt::format("truncated: {} of the {} declared frames present", frame, num_frames_)};
    }
    return Status::Ok();
  }

  Result<Scene> BuildScene(const BvhOptions& options) {
    const float scale = options.unit_scale_to_m;
    if (!std::isfinite(scale) || !(scale > 0.0f)) {
      return Error{fmt::format("unit_scale_to_m {} must be positive", scale)};
    }
    // Z-up sources turn -90 degrees about X: (x, y, z) -> (x, z, -y). Folded into the roots.
    const glm::quat up_fix = options.up_axis == UpAxis::kZ
                                 ? glm::angleAxis(glm::radians(-90.0f), glm::vec3(1, 0, 0))
                                 : glm::quat(1, 0, 0, 0);
    Scene scene;
    anim::Skeleton& skeleton = scene.skeleton;
    for (const BvhJoint& joint : joints_) {
      std::string name = joint.name;
      if (skeleton.FindJoint(name) >= 0) {
        name = fmt::format("{}_{}", name, skeleton.num_joints());
      }
      skeleton.joint_names.push_back(std::move(name));
      skeleton.parents.push_back(joint.parent);
      Transform rest;
      rest.translation = joint.offset * scale;
      if (joint.parent == -1) {
        rest.translation = up_fix * rest.translation;
        rest.rotation = up_fix;
      }
      skeleton.rest_pose.push_back(rest);
    }
    if (Status s = skeleton.Validate(); !s)
      return s.error();

    anim::Clip clip;
    clip.name = options.clip_name;
    clip.duration_s = static_cast<float>(num_frames_ - 1) * frame_time_s_;
    if (!std::isfinite(clip.duration_s)) {
      return Error{
          fmt::format("{} frames of {} s overflow the clip duration", num_frames_, frame_time_s_)};
    }
    clip.tracks.resize(joints_.size());
    std::vector<float> times(num_frames_);
    for (std::size_t f = 0; f < num_frames_; ++f)
      times[f] = static_cast<float>(f) * frame_time_s_;
    for (std::size_t f = 1; f < num_frames_; ++f) {
      if (!(times[f] > times[f - 1]))
        return Error{"Frame Time too small for the frame count"};
    }
    std::size_t first_value = 0;
    for (std::size_t j = 0; j < joints_.size(); ++j) {
      const BvhJoint& joint = joints_[j];
      anim::JointTrack& track = clip.tracks[j];
      const bool has_position =
          std::any_of(joint.channels.begin(), joint.channels.end(), IsPosition);
      const bool has_rotation = std::any_of(joint.channels.begin(), joint.channels.end(),
                                            [](ChannelKind k) { return !IsPosition(k); });
      const bool is_root = joint.parent == -1;
      if (has_position) {
        track.translation.times = times;
        track.translation.values.resize(num_frames_);
      }
      if (has_rotation) {
        track.rotation.times = times;
        track.rotation.values.resize(num_frames_);
      }
      for (std::size_t f = 0; f < num_frames_; ++f) {
        const float* values = &values_[f * num_values_ + first_value];
        // Position channels replace the offset on their axis; rotations compose in listed order.
        glm::vec3 translation = joint.offset;
        glm::quat rotation(1, 0, 0, 0);
        for (std::size_t c = 0; c < joint.channels.size(); ++c) {
          const ChannelKind kind = joint.channels[c];
          if (IsPosition(kind)) {
            translation[static_cast<int>(kind)] = values[c];
          } else {
            rotation = rotation * AxisRotation(kind, values[c]);
          }
        }
        if (has_position) {
          translation *= scale;
          track.translation.values[f] = is_root ? up_fix * translation : translation;
        }
        if (has_rotation) {
          rotation = glm::normalize(is_root ? up_fix * rotation : rotation);
          if (f > 0 && glm::dot(rotation, track.rotation.values[f - 1]) < 0.0f)
            rotation = -rotation;
          track.rotation.values[f] = rotation;
        }
      }
      first_value += joint.channels.size();
    }
    // Extreme (but finite) values can overflow once scaled; never hand out a broken clip.
    if (Status s = scene.clips.emplace_back(std::move(clip)).Validate(skeleton.num_joints()); !s) {
      return s.error();
    }
    return scene;
  }

  Tokenizer tokens_;
  std::vector<BvhJoint> joints_;
  // Values a frame (sum of every joint's channel count).
  std::size_t num_values_ = 0;
  std::size_t num_frames_ = 0;
  float frame_time_s_ = 0.0f;
  std::vector<float> values_;
};

}  // namespace

Result<Scene> ImportBvhFromMemory(std::span<const std::uint8_t> bytes, const std::string& name,
                                  const BvhOptions& options) {
  if (bytes.empty())
    return Error{name + ": empty file"};
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  BvhOptions resolved = options;
  if (resolved.clip_name.empty()) {
    resolved.clip_name = std::filesystem::path(name).stem().string();
    if (resolved.clip_name.empty())
      resolved.clip_name = "bvh";
  }
  try {
    Result<Scene> scene = BvhParser(text).Parse(resolved);
    if (!scene)
      return WithContext(name, scene.error());
    scene->source = name;
    return scene;
  } catch (const std::bad_alloc&) {
    return Error{name + ": out of memory"};
  }
}

Result<Scene> ImportBvh(const std::filesystem::path& path, const BvhOptions& options) {
  Result<std::vector<std::uint8_t>> bytes = ReadFileBytes(path, kMaxFileBytes);
  if (!bytes)
    return bytes.error();
  return ImportBvhFromMemory(*bytes, path.string(), options);
}

}  // namespace footwork::io
