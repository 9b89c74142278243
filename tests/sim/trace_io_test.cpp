// trace.jsonl: round trips, byte-identical output, and errors that name the line and field.

#include "footwork/sim/trace_io.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "footwork/sim/metrics.h"
#include "footwork/sim/synthetic_trace.h"

namespace footwork::sim {
namespace {

std::vector<TraceFrame> Sample() {
  SyntheticTraceBuilder builder(1.0 / 60.0, 5);
  builder.Idle(0.2)
      .Start(-120.0f, 1.5f, 0.5)
      .Cycle(0.5, 1.5f)
      .Stop(0.5, 0.04f)
      .TurnInPlace(90.0f, 0.5);
  std::vector<TraceFrame> frames = builder.frames();
  frames[3].joints_model = std::vector<glm::vec3>{{0, 1, 0}, {0.1f, 1.5f, 0.02f}};
  frames[4].look = LookSample{{0, 1.6f, 0}, {0, 0, 1}, {1, 1.6f, 3}, true};
  frames[5].foot_left.sole_height_m = 0.01f;
  frames[6].foot_right.surface_velocity_m_s = glm::vec3(1.0f, 0.0f, -0.5f);
  frames[7].foot_left.toe_height_m = 0.02f;
  frames[7].foot_left.toe_surface_height_m = 0.15f;
  frames[8].events.push_back(TraceEvent::GiveWayBegan());
  frames[9].events.push_back(TraceEvent::GiveWayEnded());
  return frames;
}

std::string Write(const std::vector<TraceFrame>& frames, const TraceWriteOptions& options) {
  std::string text;
  for (const TraceFrame& frame : frames)
    text += FormatTraceLine(frame, options) + "\n";
  return text;
}

TEST(TraceIoTest, LineHasTheContractFieldsInOrder) {
  const std::string line = FormatTraceLine(Sample()[40]);
  const auto json = nlohmann::ordered_json::parse(line);
  std::vector<std::string> keys;
  for (const auto& [key, value] : json.items())
    keys.push_back(key);
  const std::vector<std::string> expected{
      "t",     "position",      "velocity",      "actor_yaw_deg",  "camera_yaw_deg",
      "gait",  "rotation_mode", "movement_mode", "state",          "cardinal_direction",
      "clips", "curves",        "feet",          "pelvis_offset_m"};
  EXPECT_EQ(keys, expected);
  EXPECT_TRUE(json["feet"]["l"].contains("locked"));
  EXPECT_TRUE(json["clips"][0].contains("time_s"));
  EXPECT_EQ(line.find('\n'), std::string::npos);
  EXPECT_EQ(line.find("internal"), std::string::npos);  // kept out unless asked
}

// A number too large for a double is an error naming the line, not an escaping exception
// (found by fuzz/config_fuzz: nlohmann's out_of_range 406, which the reader did not catch).
TEST(TraceIoTest, NumberTooLargeForADoubleIsAnError) {
  const Result<std::vector<TraceFrame>> frames =
      TraceReader::Parse("{\"t\": 1e999}\n", "overflow.jsonl");
  ASSERT_FALSE(frames.ok());
  EXPECT_NE(frames.error().message.find("overflow.jsonl"), std::string::npos);
  EXPECT_NE(frames.error().message.find("not valid JSON"), std::string::npos);
}

TEST(TraceIoTest, FloatsUseTheShortestRoundTripDecimal) {
  TraceFrame frame;
  frame.t = 0.1;
  frame.position = {0.1f, 1.0f / 3.0f, -2.5f};
  const std::string line = FormatTraceLine(frame);
  EXPECT_NE(line.find("\"position\":[0.1,0.33333334,-2.5]"), std::string::npos) << line;
  EXPECT_NE(line.find("\"t\":0.1"), std::string::npos) << line;
}

TEST(TraceIoTest, RoundTripsEveryFieldIncludingInternal) {
  const std::vector<TraceFrame> frames = Sample();
  Result<std::vector<TraceFrame>> read =
      TraceReader::Parse(Write(frames, {.include_internal = true}), "mem.jsonl");
  ASSERT_TRUE(read.ok()) << read.error().message;
  ASSERT_EQ(read->size(), frames.size());
  for (std::size_t k = 0; k < frames.size(); ++k) {
    EXPECT_EQ((*read)[k], frames[k]) << "frame " << k;
  }
}

TEST(TraceIoTest, MetricsFromTheFileEqualMetricsFromMemory) {
  const std::vector<TraceFrame> frames = Sample();
  Result<std::vector<TraceFrame>> read =
      TraceReader::Parse(Write(frames, {.include_internal = true}), "mem.jsonl");
  ASSERT_TRUE(read.ok());
  EXPECT_EQ(FormatMetricsJson(*ComputeMetrics(*read)), FormatMetricsJson(*ComputeMetrics(frames)));
}

TEST(TraceIoTest, PublicTraceReadsBackWithoutInternalFields) {
  Result<std::vector<TraceFrame>> read = TraceReader::Parse(Write(Sample(), {}), "mem.jsonl");
  ASSERT_TRUE(read.ok()) << read.error().message;
  EXPECT_TRUE((*read)[10].local_rotations.empty());
  EXPECT_TRUE((*read)[10].events.empty());
  EXPECT_EQ((*read)[10].position, Sample()[10].position);
}

TEST(TraceIoTest, SurfaceVelocityIsInternalAndOptional) {
  const std::vector<TraceFrame> frames = Sample();
  const std::string line = FormatTraceLine(frames[6], {.include_internal = true});
  EXPECT_NE(line.find("\"surface_velocity_m_s\":[1.0,0.0,-0.5]"), std::string::npos) << line;
  EXPECT_EQ(FormatTraceLine(frames[6]).find("surface_velocity"), std::string::npos);
  // A trace written before the field existed (static ground only) reads back without it.
  auto json = nlohmann::ordered_json::parse(line);
  json["internal"]["feet"]["r"].erase("surface_velocity_m_s");
  Result<TraceFrame> old = ParseTraceLine(json.dump(), "old.jsonl", 1);
  ASSERT_TRUE(old.ok()) << old.error().message;
  EXPECT_FALSE(old->foot_right.surface_velocity_m_s.has_value());
  json["internal"]["feet"]["r"]["surface_velocity_m_s"] = "fast";
  Result<TraceFrame> bad = ParseTraceLine(json.dump(), "bad.jsonl", 3);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("bad.jsonl:3: internal.feet.r.surface_velocity_m_s"),
            std::string::npos)
      << bad.error().message;
}

TEST(TraceIoTest, ToeHeightsAreInternalAndOptional) {
  const std::vector<TraceFrame> frames = Sample();
  const std::string line = FormatTraceLine(frames[7], {.include_internal = true});
  EXPECT_NE(line.find("\"toe_height_m\":0.02"), std::string::npos) << line;
  EXPECT_NE(line.find("\"toe_surface_height_m\":0.15"), std::string::npos) << line;
  EXPECT_EQ(FormatTraceLine(frames[7]).find("toe_"), std::string::npos);
  Result<TraceFrame> back = ParseTraceLine(line, "toe.jsonl", 1);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back->foot_left.toe_height_m, 0.02f);
  EXPECT_EQ(back->foot_left.toe_surface_height_m, 0.15f);
  // A trace written before the fields existed reads back without them.
  auto json = nlohmann::ordered_json::parse(line);
  json["internal"]["feet"]["l"].erase("toe_height_m");
  json["internal"]["feet"]["l"].erase("toe_surface_height_m");
  Result<TraceFrame> old = ParseTraceLine(json.dump(), "old.jsonl", 1);
  ASSERT_TRUE(old.ok()) << old.error().message;
  EXPECT_FALSE(old->foot_left.toe_height_m.has_value());
  EXPECT_FALSE(old->foot_left.toe_surface_height_m.has_value());
  json["internal"]["feet"]["l"]["toe_height_m"] = "low";
  Result<TraceFrame> bad = ParseTraceLine(json.dump(), "bad.jsonl", 2);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("bad.jsonl:2: internal.feet.l.toe_height_m"),
            std::string::npos)
      << bad.error().message;
}

TEST(TraceIoTest, IdenticalRunsAreByteIdenticalFiles) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path();
  std::string contents[2];
  for (int run = 0; run < 2; ++run) {
    const std::filesystem::path path = dir / ("footwork_trace_" + std::to_string(run) + ".jsonl");
    Result<TraceWriter> writer = TraceWriter::Open(path, {.include_internal = true});
    ASSERT_TRUE(writer.ok()) << writer.error().message;
    for (const TraceFrame& frame : Sample())
      ASSERT_TRUE(writer->Write(frame).ok());
    ASSERT_TRUE(writer->Close().ok());
    std::ifstream stream(path, std::ios::binary);
    std::ostringstream text;
    text << stream.rdbuf();
    contents[run] = text.str();
    Result<std::vector<TraceFrame>> read = TraceReader::ReadFile(path);
    ASSERT_TRUE(read.ok()) << read.error().message;
    EXPECT_EQ(read->size(), Sample().size());
    std::filesystem::remove(path);
  }
  EXPECT_FALSE(contents[0].empty());
  EXPECT_EQ(contents[0], contents[1]);
}

TEST(TraceIoTest, NonFiniteNumbersBecomeNullAndReadBackAsNan) {
  TraceFrame frame;
  frame.velocity.y = std::nanf("");
  frame.curves["Distance"] = INFINITY;
  const std::string line = FormatTraceLine(frame);
  EXPECT_NE(line.find("\"velocity\":[0.0,null,0.0]"), std::string::npos) << line;
  Result<TraceFrame> read = ParseTraceLine(line, "x.jsonl", 1);
  ASSERT_TRUE(read.ok()) << read.error().message;
  EXPECT_TRUE(std::isnan(read->velocity.y));
  EXPECT_TRUE(std::isnan(read->curves["Distance"]));
  EXPECT_EQ(ComputeMetrics(std::vector<TraceFrame>{*read})->nan_frames, 1u);
}

Error ParseError(const std::string& text) {
  Result<std::vector<TraceFrame>> read = TraceReader::Parse(text, "run/trace.jsonl");
  EXPECT_FALSE(read.ok());
  return read.ok() ? Error{} : read.error();
}

TEST(TraceIoTest, MalformedLinesNameFileLineAndField) {
  const std::string good = FormatTraceLine(TraceFrame{});
  // Line 3 (after a blank line) is not JSON.
  EXPECT_EQ(
      ParseError(good + "\n\n{\"t\": 1,\n").message.rfind("run/trace.jsonl:3: not valid JSON", 0),
      0u);

  std::string bad_position = good;
  bad_position.replace(bad_position.find("\"position\":[0.0,0.0,0.0]"), 24,
                       "\"position\":[0.0,\"up\"]");
  const Error position = ParseError(good + "\n" + bad_position + "\n");
  EXPECT_EQ(
      position.message.rfind("run/trace.jsonl:2: position: expected an array of 3 numbers", 0), 0u)
      << position.message;

  std::string no_feet = good;
  nlohmann::ordered_json json = nlohmann::ordered_json::parse(no_feet);
  json["feet"].erase("r");
  const Error feet = ParseError(json.dump());
  EXPECT_EQ(feet.message,
            "run/trace.jsonl:1: feet.r: missing (required by the trace format, issue 6)");

  json = nlohmann::ordered_json::parse(good);
  json["feet"]["l"]["contact"] = "yes";
  EXPECT_NE(ParseError(json.dump()).message.find("feet.l.contact: expected true or false"),
            std::string::npos);

  json = nlohmann::ordered_json::parse(good);
  json["internal"] = {{"events", {{{"kind", "stop_start"}}}}};
  EXPECT_NE(ParseError(json.dump()).message.find("internal.events[0].kind: unknown event"),
            std::string::npos);

  json = nlohmann::ordered_json::parse(good);
  json["internal"] = {
      {"events", {{{"kind", "turn_began"}, {"turn_kind", "start"}, {"turn_direction", 2}}}}};
  EXPECT_NE(ParseError(json.dump()).message.find("internal.events[0].turn_direction: expected -1"),
            std::string::npos);

  EXPECT_NE(ParseError("[1, 2]").message.find(":1: expected one JSON object per line"),
            std::string::npos);
}

TEST(TraceIoTest, MissingFileAndUnwritableDirectoryAreNamed) {
  Result<std::vector<TraceFrame>> read = TraceReader::ReadFile("/nonexistent/trace.jsonl");
  ASSERT_FALSE(read.ok());
  EXPECT_NE(read.error().message.find("/nonexistent/trace.jsonl"), std::string::npos);
  Result<TraceWriter> writer = TraceWriter::Open("/nonexistent/dir/trace.jsonl");
  ASSERT_FALSE(writer.ok());
  EXPECT_NE(writer.error().message.find("cannot create"), std::string::npos);
}

}  // namespace
}  // namespace footwork::sim
