#pragma once
// trace.jsonl: one JSON object per frame, one frame per line (issue 6's contract). Numbers are
// written as the shortest decimal that reads back to the same float, keys in a fixed order, so
// identical runs give byte-identical files. Non-finite numbers are written as null and read back
// as NaN, so nan_frames survives a round trip.

#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "footwork/core/error.h"
#include "footwork/sim/trace_frame.h"

namespace footwork::sim {

struct TraceWriteOptions {
  // Also write the internal fields (local rotations, turn targets, events, surface heights,
  // look-at) under an "internal" key, so metrics can be recomputed from the file alone.
  bool include_internal = false;
};

// One frame as one line of JSON, without the newline.
std::string FormatTraceLine(const TraceFrame& frame, const TraceWriteOptions& options = {});

// Parses one line. `source` and `line_number` only name the place in error messages
// ("trace.jsonl:12: feet.l.position: expected an array of 3 numbers, got string \"x\"").
Result<TraceFrame> ParseTraceLine(std::string_view line, const std::string& source,
                                  std::size_t line_number);

// Appends frames to a trace.jsonl file as the simulation runs.
class TraceWriter {
 public:
  // Creates (truncates) the file; the error names the path.
  static Result<TraceWriter> Open(const std::filesystem::path& path,
                                  const TraceWriteOptions& options = {});

  Status Write(const TraceFrame& frame);
  // Flushes and closes; reports a failed write (disk full) that Write could not see.
  Status Close();

 private:
  TraceWriter(std::filesystem::path path, std::ofstream stream, const TraceWriteOptions& options)
      : path_(std::move(path)), stream_(std::move(stream)), options_(options) {}

  std::filesystem::path path_;
  std::ofstream stream_;
  TraceWriteOptions options_;
};

// Reads trace.jsonl. Blank lines are skipped; the first malformed line stops reading with an
// error naming the file, the line number and the field.
class TraceReader {
 public:
  static Result<std::vector<TraceFrame>> ReadFile(const std::filesystem::path& path);
  static Result<std::vector<TraceFrame>> Parse(std::string_view text, const std::string& source);
};

}  // namespace footwork::sim
