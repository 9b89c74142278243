// trace.jsonl writing and reading. Keys are written in a fixed order (ordered_json) and floats as
// their shortest round-trip decimal, which is what makes identical runs byte-identical.

#include "footwork/sim/trace_io.h"

#include <cmath>
#include <sstream>
#include <system_error>

#include <nlohmann/json.hpp>

#include "sim/json_number.h"

namespace footwork::sim {
namespace {

using Json = nlohmann::ordered_json;

Json Number(float value) {
  if (!std::isfinite(value))
    return nullptr;
  return detail::ShortestFloat(value);
}

Json Number(double value) {
  if (!std::isfinite(value))
    return nullptr;
  return value;
}

Json Vec3(const glm::vec3& v) {
  return Json::array({Number(v.x), Number(v.y), Number(v.z)});
}

Json Quat(const glm::quat& q) {
  return Json::array({Number(q.x), Number(q.y), Number(q.z), Number(q.w)});
}

Json FootJson(const FootSample& foot) {
  return Json{
      {"position", Vec3(foot.position)}, {"locked", foot.locked}, {"contact", foot.contact}};
}

Json FootInternalJson(const FootSample& foot) {
  Json json = Json::object();
  if (foot.sole_height_m)
    json["sole_height_m"] = Number(*foot.sole_height_m);
  if (foot.surface_height_m)
    json["surface_height_m"] = Number(*foot.surface_height_m);
  if (foot.surface_velocity_m_s)
    json["surface_velocity_m_s"] = Vec3(*foot.surface_velocity_m_s);
  if (foot.toe_height_m)
    json["toe_height_m"] = Number(*foot.toe_height_m);
  if (foot.toe_surface_height_m)
    json["toe_surface_height_m"] = Number(*foot.toe_surface_height_m);
  return json;
}

Json EventJson(const TraceEvent& event) {
  Json json{{"kind", TraceEventKindName(event.kind)}};
  switch (event.kind) {
    case TraceEvent::Kind::kStopBegan:
      json["stop_point"] = Vec3(event.stop_point);
      break;
    case TraceEvent::Kind::kTurnBegan:
      json["turn_kind"] = TurnKindName(event.turn_kind);
      json["turn_direction"] = event.turn_direction;
      break;
    case TraceEvent::Kind::kStopEnded:
      json["interrupted"] = event.interrupted;
      if (event.end_stop_point)
        json["end_stop_point"] = Vec3(*event.end_stop_point);
      break;
    case TraceEvent::Kind::kTurnEnded:
      json["interrupted"] = event.interrupted;
      break;
    case TraceEvent::Kind::kGiveWayBegan:
    case TraceEvent::Kind::kGiveWayEnded:
      break;
  }
  return json;
}

Json InternalJson(const TraceFrame& frame) {
  Json json = Json::object();
  Json rotations = Json::array();
  for (const glm::quat& q : frame.local_rotations)
    rotations.push_back(Quat(q));
  json["local_rotations"] = std::move(rotations);
  if (frame.target_yaw_deg)
    json["target_yaw_deg"] = Number(*frame.target_yaw_deg);
  Json events = Json::array();
  for (const TraceEvent& event : frame.events)
    events.push_back(EventJson(event));
  json["events"] = std::move(events);
  json["feet"] =
      Json{{"l", FootInternalJson(frame.foot_left)}, {"r", FootInternalJson(frame.foot_right)}};
  if (frame.look) {
    json["look"] = Json{{"head_position", Vec3(frame.look->head_position)},
                        {"head_forward", Vec3(frame.look->head_forward)},
                        {"target", Vec3(frame.look->target)},
                        {"reachable", frame.look->reachable}};
  }
  return json;
}

// Reads fields of one line; the first failure is kept and later reads return defaults, so the
// parsing code reads top to bottom without a check after every field.
class LineReader {
 public:
  LineReader(const std::string& source, std::size_t line_number)
      : prefix_(source + ":" + std::to_string(line_number) + ": ") {}

  bool failed() const { return error_.has_value(); }
  Error error() const { return *error_; }

  void Fail(const std::string& path, const std::string& what) {
    if (!error_)
      error_ = Error{prefix_ + path + ": " + what};
  }
  void FailLine(const std::string& what) {
    if (!error_)
      error_ = Error{prefix_ + what};
  }

  const Json* Find(const Json& object, const std::string& key, const std::string& path,
                   bool required) {
    const auto it = object.find(key);
    if (it == object.end()) {
      if (required)
        Fail(path, "missing (required by the trace format, issue 6)");
      return nullptr;
    }
    return &*it;
  }

  // A number, or null for a non-finite value written by the writer.
  double Real(const Json& value, const std::string& path) {
    if (value.is_null())
      return std::nan("");
    if (!value.is_number()) {
      Fail(path, "expected a number, got " + Describe(value));
      return 0.0;
    }
    return value.get<double>();
  }
  float Float(const Json& value, const std::string& path) {
    return static_cast<float>(Real(value, path));
  }
  float FloatField(const Json& object, const std::string& key, const std::string& path) {
    const Json* value = Find(object, key, Join(path, key), true);
    return value ? Float(*value, Join(path, key)) : 0.0f;
  }
  std::optional<float> OptionalFloat(const Json& object, const std::string& key,
                                     const std::string& path) {
    const Json* value = Find(object, key, Join(path, key), false);
    if (!value)
      return std::nullopt;
    return Float(*value, Join(path, key));
  }

  std::string String(const Json& object, const std::string& key, const std::string& path) {
    const Json* value = Find(object, key, Join(path, key), true);
    if (!value)
      return {};
    if (!value->is_string()) {
      Fail(Join(path, key), "expected a string, got " + Describe(*value));
      return {};
    }
    return value->get<std::string>();
  }

  bool Bool(const Json& object, const std::string& key, const std::string& path) {
    const Json* value = Find(object, key, Join(path, key), true);
    if (!value)
      return false;
    if (!value->is_boolean()) {
      Fail(Join(path, key), "expected true or false, got " + Describe(*value));
      return false;
    }
    return value->get<bool>();
  }

  glm::vec3 Vec3(const Json& value, const std::string& path) {
    if (!value.is_array() || value.size() != 3) {
      Fail(path, "expected an array of 3 numbers [x, y, z], got " + Describe(value));
      return glm::vec3(0.0f);
    }
    return {Float(value[0], path + "[0]"), Float(value[1], path + "[1]"),
            Float(value[2], path + "[2]")};
  }
  glm::vec3 Vec3Field(const Json& object, const std::string& key, const std::string& path) {
    const Json* value = Find(object, key, Join(path, key), true);
    return value ? Vec3(*value, Join(path, key)) : glm::vec3(0.0f);
  }
  std::optional<glm::vec3> OptionalVec3(const Json& object, const std::string& key,
                                        const std::string& path) {
    const Json* value = Find(object, key, Join(path, key), false);
    if (!value)
      return std::nullopt;
    return Vec3(*value, Join(path, key));
  }

  glm::quat Quat(const Json& value, const std::string& path) {
    if (!value.is_array() || value.size() != 4) {
      Fail(path, "expected an array of 4 numbers [x, y, z, w], got " + Describe(value));
      return glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
    }
    return glm::quat(Float(value[3], path + "[3]"), Float(value[0], path + "[0]"),
                     Float(value[1], path + "[1]"), Float(value[2], path + "[2]"));
  }

  const Json* Array(const Json& object, const std::string& key, const std::string& path,
                    bool required) {
    const Json* value = Find(object, key, Join(path, key), required);
    if (value && !value->is_array()) {
      Fail(Join(path, key), "expected an array, got " + Describe(*value));
      return nullptr;
    }
    return value;
  }
  const Json* Object(const Json& object, const std::string& key, const std::string& path,
                     bool required) {
    const Json* value = Find(object, key, Join(path, key), required);
    if (value && !value->is_object()) {
      Fail(Join(path, key), "expected an object, got " + Describe(*value));
      return nullptr;
    }
    return value;
  }

  static std::string Join(const std::string& path, const std::string& key) {
    return path.empty() ? key : path + "." + key;
  }
  static std::string Index(const std::string& path, std::size_t i) {
    return path + "[" + std::to_string(i) + "]";
  }

 private:
  static std::string Describe(const Json& value) {
    std::string text = value.dump();
    if (text.size() > 40)
      text = text.substr(0, 37) + "...";
    return std::string(value.type_name()) + " " + text;
  }

  std::string prefix_;
  std::optional<Error> error_;
};

FootSample ReadFoot(LineReader& reader, const Json& feet, const std::string& side) {
  FootSample foot;
  const Json* json = reader.Object(feet, side, "feet", true);
  if (!json)
    return foot;
  const std::string path = "feet." + side;
  foot.position = reader.Vec3Field(*json, "position", path);
  foot.locked = reader.Bool(*json, "locked", path);
  foot.contact = reader.Bool(*json, "contact", path);
  return foot;
}

TraceEvent ReadEvent(LineReader& reader, const Json& json, const std::string& path) {
  TraceEvent event;
  if (!json.is_object()) {
    reader.Fail(path, "expected an object {\"kind\": ...}");
    return event;
  }
  const std::string kind = reader.String(json, "kind", path);
  if (reader.failed())
    return event;
  const auto parsed = TraceEventKindFromName(kind);
  if (!parsed) {
    reader.Fail(path + ".kind",
                "unknown event \"" + kind +
                    "\" (stop_began, stop_ended, turn_began, turn_ended, give_way_began, "
                    "give_way_ended)");
    return event;
  }
  event.kind = *parsed;
  switch (event.kind) {
    case TraceEvent::Kind::kStopBegan:
      event.stop_point = reader.Vec3Field(json, "stop_point", path);
      break;
    case TraceEvent::Kind::kTurnBegan: {
      const std::string turn_kind = reader.String(json, "turn_kind", path);
      const auto parsed_turn = TurnKindFromName(turn_kind);
      if (!reader.failed() && !parsed_turn) {
        reader.Fail(path + ".turn_kind",
                    "unknown turn kind \"" + turn_kind + "\" (start, turn, pivot, turn_in_place)");
      }
      event.turn_kind = parsed_turn.value_or(TurnKind::kTurn);
      const float direction = reader.FloatField(json, "turn_direction", path);
      if (direction != -1.0f && direction != 0.0f && direction != 1.0f) {
        reader.Fail(path + ".turn_direction", "expected -1 (right), 0 (the short way) or 1 (left)");
      } else {
        event.turn_direction = static_cast<int>(direction);
      }
      break;
    }
    case TraceEvent::Kind::kStopEnded:
      event.interrupted = reader.Bool(json, "interrupted", path);
      event.end_stop_point = reader.OptionalVec3(json, "end_stop_point", path);
      break;
    case TraceEvent::Kind::kTurnEnded:
      event.interrupted = reader.Bool(json, "interrupted", path);
      break;
    case TraceEvent::Kind::kGiveWayBegan:
    case TraceEvent::Kind::kGiveWayEnded:
      break;
  }
  return event;
}

void ReadInternal(LineReader& reader, const Json& json, TraceFrame& frame) {
  const std::string path = "internal";
  if (const Json* rotations = reader.Array(json, "local_rotations", path, false)) {
    for (std::size_t i = 0; i < rotations->size(); ++i) {
      frame.local_rotations.push_back(
          reader.Quat((*rotations)[i], LineReader::Index(path + ".local_rotations", i)));
    }
  }
  frame.target_yaw_deg = reader.OptionalFloat(json, "target_yaw_deg", path);
  if (const Json* events = reader.Array(json, "events", path, false)) {
    for (std::size_t i = 0; i < events->size(); ++i) {
      frame.events.push_back(
          ReadEvent(reader, (*events)[i], LineReader::Index(path + ".events", i)));
    }
  }
  if (const Json* feet = reader.Object(json, "feet", path, false)) {
    for (const auto& [side, foot] : {std::pair{"l", &frame.foot_left}, {"r", &frame.foot_right}}) {
      if (const Json* extra = reader.Object(*feet, side, path + ".feet", false)) {
        const std::string foot_path = path + ".feet." + side;
        foot->sole_height_m = reader.OptionalFloat(*extra, "sole_height_m", foot_path);
        foot->surface_height_m = reader.OptionalFloat(*extra, "surface_height_m", foot_path);
        foot->surface_velocity_m_s = reader.OptionalVec3(*extra, "surface_velocity_m_s", foot_path);
        foot->toe_height_m = reader.OptionalFloat(*extra, "toe_height_m", foot_path);
        foot->toe_surface_height_m =
            reader.OptionalFloat(*extra, "toe_surface_height_m", foot_path);
      }
    }
  }
  if (const Json* look = reader.Object(json, "look", path, false)) {
    LookSample sample;
    sample.head_position = reader.Vec3Field(*look, "head_position", path + ".look");
    sample.head_forward = reader.Vec3Field(*look, "head_forward", path + ".look");
    sample.target = reader.Vec3Field(*look, "target", path + ".look");
    sample.reachable = reader.Bool(*look, "reachable", path + ".look");
    frame.look = sample;
  }
}

}  // namespace

std::string FormatTraceLine(const TraceFrame& frame, const TraceWriteOptions& options) {
  Json json;
  json["t"] = Number(frame.t);
  json["position"] = Vec3(frame.position);
  json["velocity"] = Vec3(frame.velocity);
  json["actor_yaw_deg"] = Number(frame.actor_yaw_deg);
  json["camera_yaw_deg"] = Number(frame.camera_yaw_deg);
  json["gait"] = frame.gait;
  json["rotation_mode"] = frame.rotation_mode;
  json["movement_mode"] = frame.movement_mode;
  json["state"] = frame.state;
  json["cardinal_direction"] = frame.cardinal_direction;
  Json clips = Json::array();
  for (const ClipSample& clip : frame.clips) {
    clips.push_back(Json{
        {"name", clip.name}, {"time_s", Number(clip.time_s)}, {"weight", Number(clip.weight)}});
  }
  json["clips"] = std::move(clips);
  Json curves = Json::object();
  for (const auto& [name, value] : frame.curves)
    curves[name] = Number(value);
  json["curves"] = std::move(curves);
  json["feet"] = Json{{"l", FootJson(frame.foot_left)}, {"r", FootJson(frame.foot_right)}};
  json["pelvis_offset_m"] = Number(frame.pelvis_offset_m);
  if (frame.joints_model) {
    Json joints = Json::array();
    for (const glm::vec3& joint : *frame.joints_model)
      joints.push_back(Vec3(joint));
    json["joints_model"] = std::move(joints);
  }
  if (options.include_internal)
    json["internal"] = InternalJson(frame);
  return json.dump();
}

Result<TraceFrame> ParseTraceLine(std::string_view line, const std::string& source,
                                  std::size_t line_number) {
  LineReader reader(source, line_number);
  Json json;
  try {
    json = Json::parse(line);
  } catch (const Json::exception& error) {
    // parse_error, and out_of_range for a number too large for a double (1e999).
    reader.FailLine(std::string("not valid JSON (each line must be one frame object): ") +
                    error.what());
    return reader.error();
  }
  if (!json.is_object()) {
    reader.FailLine("expected one JSON object per line, got " + std::string(json.type_name()));
    return reader.error();
  }

  TraceFrame frame;
  if (const Json* t = reader.Find(json, "t", "t", true))
    frame.t = reader.Real(*t, "t");
  frame.position = reader.Vec3Field(json, "position", "");
  frame.velocity = reader.Vec3Field(json, "velocity", "");
  frame.actor_yaw_deg = reader.FloatField(json, "actor_yaw_deg", "");
  frame.camera_yaw_deg = reader.FloatField(json, "camera_yaw_deg", "");
  frame.gait = reader.String(json, "gait", "");
  frame.rotation_mode = reader.String(json, "rotation_mode", "");
  frame.movement_mode = reader.String(json, "movement_mode", "");
  frame.state = reader.String(json, "state", "");
  frame.cardinal_direction = reader.String(json, "cardinal_direction", "");
  if (const Json* clips = reader.Array(json, "clips", "", true)) {
    for (std::size_t i = 0; i < clips->size(); ++i) {
      const std::string path = LineReader::Index("clips", i);
      const Json& clip = (*clips)[i];
      if (!clip.is_object()) {
        reader.Fail(path, "expected an object {\"name\", \"time_s\", \"weight\"}");
        break;
      }
      frame.clips.push_back({reader.String(clip, "name", path),
                             reader.FloatField(clip, "time_s", path),
                             reader.FloatField(clip, "weight", path)});
    }
  }
  if (const Json* curves = reader.Object(json, "curves", "", true)) {
    for (const auto& [name, value] : curves->items()) {
      frame.curves[name] = reader.Float(value, "curves." + name);
    }
  }
  if (const Json* feet = reader.Object(json, "feet", "", true)) {
    frame.foot_left = ReadFoot(reader, *feet, "l");
    frame.foot_right = ReadFoot(reader, *feet, "r");
  }
  frame.pelvis_offset_m = reader.FloatField(json, "pelvis_offset_m", "");
  if (const Json* joints = reader.Array(json, "joints_model", "", false)) {
    std::vector<glm::vec3> positions;
    for (std::size_t i = 0; i < joints->size(); ++i) {
      positions.push_back(reader.Vec3((*joints)[i], LineReader::Index("joints_model", i)));
    }
    frame.joints_model = std::move(positions);
  }
  if (const Json* internal = reader.Object(json, "internal", "", false)) {
    ReadInternal(reader, *internal, frame);
  }
  if (reader.failed())
    return reader.error();
  return frame;
}

Result<TraceWriter> TraceWriter::Open(const std::filesystem::path& path,
                                      const TraceWriteOptions& options) {
  std::ofstream stream(path, std::ios::binary | std::ios::trunc);
  if (!stream) {
    return Error{path.string() +
                 ": cannot create the trace file (does the output directory exist and is it "
                 "writable?)"};
  }
  return TraceWriter(path, std::move(stream), options);
}

Status TraceWriter::Write(const TraceFrame& frame) {
  stream_ << FormatTraceLine(frame, options_) << '\n';
  if (!stream_)
    return Error{path_.string() + ": writing a trace line failed (disk full?)"};
  return Status::Ok();
}

Status TraceWriter::Close() {
  stream_.flush();
  const bool ok = static_cast<bool>(stream_);
  stream_.close();
  if (!ok || stream_.fail()) {
    return Error{path_.string() + ": flushing the trace failed (disk full?)"};
  }
  return Status::Ok();
}

Result<std::vector<TraceFrame>> TraceReader::ReadFile(const std::filesystem::path& path) {
  std::ifstream stream(path, std::ios::binary);
  if (!stream) {
    return Error{path.string() + ": cannot open the trace (run `footwork simulate` first?)"};
  }
  std::ostringstream text;
  text << stream.rdbuf();
  return Parse(text.str(), path.string());
}

Result<std::vector<TraceFrame>> TraceReader::Parse(std::string_view text,
                                                   const std::string& source) {
  std::vector<TraceFrame> frames;
  std::size_t line_number = 0;
  std::size_t begin = 0;
  while (begin < text.size()) {
    std::size_t end = text.find('\n', begin);
    if (end == std::string_view::npos)
      end = text.size();
    std::string_view line = text.substr(begin, end - begin);
    if (!line.empty() && line.back() == '\r')
      line.remove_suffix(1);
    ++line_number;
    begin = end + 1;
    if (line.find_first_not_of(" \t") == std::string_view::npos)
      continue;
    Result<TraceFrame> frame = ParseTraceLine(line, source, line_number);
    if (!frame)
      return frame.error();
    frames.push_back(std::move(frame).value());
  }
  return frames;
}

}  // namespace footwork::sim
