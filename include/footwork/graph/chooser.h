#pragma once
// Chooser tables: data-driven asset selection, as Unreal's Chooser plugin does for ALS/Lyra.
// A table has filter columns (enum equals / one-of, float range, bool) read from NamedValues, and
// rows whose output says which clip to play, from when, how fast, plus any named float. The
// first row whose filters all pass wins; a fallback row answers when none does. A row's output
// can be another table (nested choosers). A debug trace records, for each row, which column
// passed or failed and why (the seed's "chooser debug").
//
// JSON (units in key names, see assets/graph/example_choosers.json):
//   { "tables": [ {
//       "name": "CT_Stop",
//       "columns": [ {"name": "gait",  "kind": "enum",        "input": "gait"},
//                    {"name": "speed", "kind": "float_range", "input": "speed_m_s"},
//                    {"name": "left_foot_up", "kind": "bool", "input": "is_left_foot_up"} ],
//       "rows": [ {"name": "walk_left",
//                  "filters": {"gait": "walk",                 // equals
//                              "speed": {"min": 0, "max": 2, "max_inclusive": false},
//                              "left_foot_up": true},
//                  "output": {"clip": "Stop_Walk_L", "start_time_s": 0.1, "play_rate": 1.0,
//                             "floats": {"blend_s": 0.2}}},
//                 {"name": "run", "filters": {"gait": ["run", "sprint"]},   // one-of
//                  "output": {"chooser": "CT_StopRun"}} ],               // nested, by name
//       "fallback": {"clip": "Stop_Idle"} } ] }
// A file may also hold a single table object. A row without a cell for a column passes it. A
// nested chooser is a table name from the same file or an inline table object. Float-range
// bounds are inclusive unless "min_inclusive"/"max_inclusive" say false; a missing bound is open.

#include <array>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "footwork/core/error.h"
#include "footwork/graph/named_values.h"

namespace footwork::graph {

class ChooserTable;

// What a chosen row says to play. Unset fields keep their defaults.
struct ChooserOutput {
  std::string clip;
  float start_time_s = 0.0f;
  float play_rate = 1.0f;
  // Any further named floats ("blend_s", "stop_distance_m", ...), in file order.
  std::vector<std::pair<std::string, float>> floats;
  // When set, the row defers to this table (nested chooser) instead of the fields above.
  std::shared_ptr<const ChooserTable> nested;

  // The named float, or `fallback` when the row does not set it.
  float GetFloat(std::string_view name, float fallback = 0.0f) const;
};

// A filter column: which named value it reads and how cells compare against it.
struct ChooserColumn {
  std::string name;
  ValueKind kind = ValueKind::kEnum;
  // The NamedValues entry the column reads.
  std::string input;
};

// One cell of a row under a filter column. `present == false` means "any value passes".
struct ChooserCell {
  bool present = false;
  // kEnum: the value passes when it equals one of these (one entry = "equals").
  std::vector<std::string> one_of;
  // kFloat range; an open side is +-infinity.
  float min = 0.0f;
  float max = 0.0f;
  bool min_inclusive = true;
  bool max_inclusive = true;
  // kBool.
  bool expected = false;
};

struct ChooserRow {
  std::string name;
  // One cell per column, in column order.
  std::vector<ChooserCell> cells;
  ChooserOutput output;
};

// Why one column passed or failed for one row, e.g. "speed_m_s = 2 not in [0, 2)".
struct ChooserCellTrace {
  std::string column;
  bool passed = false;
  std::string reason;
};

struct ChooserRowTrace {
  int row = -1;
  std::string row_name;
  bool passed = false;
  std::vector<ChooserCellTrace> cells;
  // Set when the row passed its filters but its nested chooser chose nothing.
  std::string note;
};

// The record of one table's evaluation; nested tables append their own entries after it.
struct ChooserTableTrace {
  std::string table;
  std::vector<ChooserRowTrace> rows;
  // Index of the chosen row, -1 when the fallback (or nothing) answered.
  int chosen_row = -1;
  bool used_fallback = false;
};

// The full debug trace of one evaluation, outermost table first.
struct ChooserTrace {
  std::vector<ChooserTableTrace> tables;
  // A readable multi-line rendering for logs and the viewer.
  std::string ToString() const;
};

// The evaluation's answer. `output` points into the (shared, read-only) table and stays valid
// as long as the table does. `output == nullptr` means no row passed and there is no fallback.
struct ChooserSelection {
  const ChooserOutput* output = nullptr;
  // The table that produced the output (the innermost one for nested choosers).
  const ChooserTable* table = nullptr;
  // Row index in that table, -1 for its fallback.
  int row = -1;

  bool found() const { return output != nullptr; }
};

// A chooser table: read-only after loading, shared by every character.
class ChooserTable {
 public:
  // At most this many filter columns, so that evaluation resolves inputs on the stack.
  static constexpr std::size_t kMaxColumns = 32;

  const std::string& name() const { return name_; }
  const std::vector<ChooserColumn>& columns() const { return columns_; }
  const std::vector<ChooserRow>& rows() const { return rows_; }
  const ChooserOutput* fallback() const { return has_fallback_ ? &fallback_ : nullptr; }

  // Picks the first row whose filters all pass (recursing into nested tables), else the
  // fallback. Errors name the table and the column whose input is missing from `context` or has
  // another kind. With `trace`, every row and column is recorded (and evaluation does not stop
  // early); without it nothing allocates.
  Result<ChooserSelection> Evaluate(const ChooserContext& context,
                                    ChooserTrace* trace = nullptr) const;

 private:
  // Gives the builder and the JSON loader write access before the table is shared.
  friend struct ChooserTableAccess;
  std::string name_;
  std::vector<ChooserColumn> columns_;
  std::vector<ChooserRow> rows_;
  ChooserOutput fallback_;
  bool has_fallback_ = false;
};

// Builds tables in code (tests, tools); the JSON loader uses it too. Check() validates.
class ChooserTableBuilder {
 public:
  explicit ChooserTableBuilder(std::string name);
  ChooserTableBuilder& Column(std::string name, ValueKind kind, std::string input);
  // A row; `cells` in column order (use ChooserCell{} for "any").
  ChooserTableBuilder& Row(std::string name, std::vector<ChooserCell> cells, ChooserOutput output);
  ChooserTableBuilder& Fallback(ChooserOutput output);
  // Validates (column count, cell counts, range bounds) and returns the shared table.
  Result<std::shared_ptr<const ChooserTable>> Build();

 private:
  std::shared_ptr<ChooserTable> table_;
};

// Cell helpers for building tables in code.
ChooserCell EnumEquals(std::string value);
ChooserCell EnumOneOf(std::vector<std::string> values);
ChooserCell FloatRange(float min, float max, bool min_inclusive = true, bool max_inclusive = true);
ChooserCell FloatAtLeast(float min, bool inclusive = true);
ChooserCell FloatBelow(float max, bool inclusive = false);
ChooserCell BoolIs(bool expected);

// Every table of one chooser file, by name.
class ChooserLibrary {
 public:
  // The table with this name, or nullptr.
  std::shared_ptr<const ChooserTable> Find(std::string_view name) const;
  const std::vector<std::shared_ptr<const ChooserTable>>& tables() const { return tables_; }

 private:
  friend Result<ChooserLibrary> ParseChooserLibrary(std::string_view, std::string_view);
  std::vector<std::shared_ptr<const ChooserTable>> tables_;
};

// Parses a chooser file's text. `source_name` (usually the file name) prefixes every error,
// followed by table, row and column: "stop.json: table 'CT_Stop': row 2 'run': column 'speed':
// 'min' must be a number".
Result<ChooserLibrary> ParseChooserLibrary(std::string_view json_text,
                                           std::string_view source_name);
// Reads and parses a chooser file.
Result<ChooserLibrary> LoadChooserLibrary(const std::filesystem::path& path);

}  // namespace footwork::graph
