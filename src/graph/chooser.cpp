#include "footwork/graph/chooser.h"

#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "graph/chooser_access.h"

namespace footwork::graph {
namespace {

constexpr float kInfinity = std::numeric_limits<float>::infinity();

// A column's input, looked up once per evaluation rather than once per row.
struct ResolvedInput {
  const std::string* enum_value = nullptr;
  float float_value = 0.0f;
  bool bool_value = false;
};

bool CellPasses(const ChooserColumn& column, const ChooserCell& cell, const ResolvedInput& input) {
  if (!cell.present)
    return true;
  switch (column.kind) {
    case ValueKind::kEnum:
      for (const std::string& candidate : cell.one_of) {
        if (candidate == *input.enum_value)
          return true;
      }
      return false;
    case ValueKind::kFloat: {
      const float v = input.float_value;
      // NaN fails every comparison below, so a NaN input passes no bounded range.
      const bool above_min = cell.min_inclusive ? v >= cell.min : v > cell.min;
      const bool below_max = cell.max_inclusive ? v <= cell.max : v < cell.max;
      return above_min && below_max;
    }
    case ValueKind::kBool:
      return input.bool_value == cell.expected;
  }
  return false;
}

std::string DescribeCell(const ChooserColumn& column, const ChooserCell& cell,
                         const ResolvedInput& input, bool passed) {
  if (!cell.present)
    return "any value passes";
  switch (column.kind) {
    case ValueKind::kEnum:
      return fmt::format("{} = '{}' {} [{}]", column.input, *input.enum_value,
                         passed ? "is one of" : "is not one of", fmt::join(cell.one_of, ", "));
    case ValueKind::kFloat:
      return fmt::format("{} = {} {} {}{}, {}{}", column.input, input.float_value,
                         passed ? "in" : "not in", cell.min_inclusive ? '[' : '(', cell.min,
                         cell.max, cell.max_inclusive ? ']' : ')');
    case ValueKind::kBool:
      return fmt::format("{} = {}, expected {}", column.input, input.bool_value, cell.expected);
  }
  return {};
}

Status ResolveInputs(const ChooserTable& table, const ChooserContext& context,
                     std::array<ResolvedInput, ChooserTable::kMaxColumns>& inputs) {
  const auto& columns = table.columns();
  for (std::size_t c = 0; c < columns.size(); ++c) {
    const ChooserColumn& column = columns[c];
    const ValueKind* kind = context.FindKind(column.input);
    if (kind == nullptr) {
      return Error{
          fmt::format("chooser '{}': column '{}': the context has no value '{}' (set it "
                      "as {} before evaluating)",
                      table.name(), column.name, column.input, ToString(column.kind))};
    }
    if (*kind != column.kind) {
      return Error{fmt::format(
          "chooser '{}': column '{}': context value '{}' is {} but the "
          "column expects {}",
          table.name(), column.name, column.input, ToString(*kind), ToString(column.kind))};
    }
    switch (column.kind) {
      case ValueKind::kEnum:
        inputs[c].enum_value = context.FindEnum(column.input);
        break;
      case ValueKind::kFloat:
        inputs[c].float_value = *context.FindFloat(column.input);
        break;
      case ValueKind::kBool:
        inputs[c].bool_value = *context.FindBool(column.input);
        break;
    }
  }
  return Status::Ok();
}

}  // namespace

float ChooserOutput::GetFloat(std::string_view name, float fallback) const {
  for (const auto& [key, value] : floats) {
    if (key == name)
      return value;
  }
  return fallback;
}

Result<ChooserSelection> ChooserTable::Evaluate(const ChooserContext& context,
                                                ChooserTrace* trace) const {
  std::array<ResolvedInput, kMaxColumns> inputs{};
  if (Status status = ResolveInputs(*this, context, inputs); !status)
    return status.error();

  std::size_t trace_index = 0;
  if (trace != nullptr) {
    trace_index = trace->tables.size();
    trace->tables.push_back(ChooserTableTrace{name_, {}, -1, false});
  }

  // Resolves an output (recursing into a nested table); "not found" lets the caller move on.
  auto resolve = [&](const ChooserOutput& output, int row) -> Result<ChooserSelection> {
    if (output.nested == nullptr)
      return ChooserSelection{&output, this, row};
    return output.nested->Evaluate(context, trace);
  };

  for (std::size_t r = 0; r < rows_.size(); ++r) {
    const ChooserRow& row = rows_[r];
    bool passed = true;
    ChooserRowTrace* row_trace = nullptr;
    if (trace != nullptr) {
      row_trace = &trace->tables[trace_index].rows.emplace_back();
      row_trace->row = static_cast<int>(r);
      row_trace->row_name = row.name;
    }
    for (std::size_t c = 0; c < columns_.size(); ++c) {
      const bool cell_passed = CellPasses(columns_[c], row.cells[c], inputs[c]);
      passed = passed && cell_passed;
      if (row_trace != nullptr) {
        row_trace->cells.push_back(
            {columns_[c].name, cell_passed,
             DescribeCell(columns_[c], row.cells[c], inputs[c], cell_passed)});
      } else if (!passed) {
        break;  // Without a trace, the first failing column settles the row.
      }
    }
    if (!passed)
      continue;
    Result<ChooserSelection> selection = resolve(row.output, static_cast<int>(r));
    if (!selection)
      return selection;
    // Index again: nested evaluation may have grown trace->tables and moved our entry.
    if (selection->found()) {
      if (trace != nullptr) {
        trace->tables[trace_index].rows.back().passed = true;
        trace->tables[trace_index].chosen_row = static_cast<int>(r);
      }
      return selection;
    }
    if (trace != nullptr) {
      trace->tables[trace_index].rows.back().note = fmt::format(
          "filters passed but nested chooser '{}' chose nothing", row.output.nested->name());
    }
  }
  if (has_fallback_) {
    if (trace != nullptr)
      trace->tables[trace_index].used_fallback = true;
    return resolve(fallback_, -1);
  }
  return ChooserSelection{};
}

std::string ChooserTrace::ToString() const {
  std::string text;
  for (const ChooserTableTrace& table : tables) {
    text += fmt::format("chooser '{}': ", table.table);
    if (table.chosen_row >= 0) {
      text += fmt::format("row {} chosen\n", table.chosen_row);
    } else if (table.used_fallback) {
      text += "fallback chosen\n";
    } else {
      text += "nothing chosen\n";
    }
    for (const ChooserRowTrace& row : table.rows) {
      text +=
          fmt::format("  row {} '{}': {}\n", row.row, row.row_name, row.passed ? "PASS" : "fail");
      for (const ChooserCellTrace& cell : row.cells) {
        text += fmt::format("    {} {}: {}\n", cell.passed ? "+" : "-", cell.column, cell.reason);
      }
      if (!row.note.empty())
        text += fmt::format("    note: {}\n", row.note);
    }
  }
  return text;
}

// ---- Building ---------------------------------------------------------------------------------

ChooserCell EnumEquals(std::string value) {
  ChooserCell cell;
  cell.present = true;
  cell.one_of.push_back(std::move(value));
  return cell;
}
ChooserCell EnumOneOf(std::vector<std::string> values) {
  ChooserCell cell;
  cell.present = true;
  cell.one_of = std::move(values);
  return cell;
}
ChooserCell FloatRange(float min, float max, bool min_inclusive, bool max_inclusive) {
  ChooserCell cell;
  cell.present = true;
  cell.min = min;
  cell.max = max;
  cell.min_inclusive = min_inclusive;
  cell.max_inclusive = max_inclusive;
  return cell;
}
ChooserCell FloatAtLeast(float min, bool inclusive) {
  return FloatRange(min, kInfinity, inclusive, true);
}
ChooserCell FloatBelow(float max, bool inclusive) {
  return FloatRange(-kInfinity, max, true, inclusive);
}
ChooserCell BoolIs(bool expected) {
  ChooserCell cell;
  cell.present = true;
  cell.expected = expected;
  return cell;
}

ChooserTableBuilder::ChooserTableBuilder(std::string name)
    : table_(std::make_shared<ChooserTable>()) {
  ChooserTableAccess::Name(*table_) = std::move(name);
}
ChooserTableBuilder& ChooserTableBuilder::Column(std::string name, ValueKind kind,
                                                 std::string input) {
  ChooserTableAccess::Columns(*table_).push_back({std::move(name), kind, std::move(input)});
  return *this;
}
ChooserTableBuilder& ChooserTableBuilder::Row(std::string name, std::vector<ChooserCell> cells,
                                              ChooserOutput output) {
  ChooserTableAccess::Rows(*table_).push_back(
      {std::move(name), std::move(cells), std::move(output)});
  return *this;
}
ChooserTableBuilder& ChooserTableBuilder::Fallback(ChooserOutput output) {
  ChooserTableAccess::Fallback(*table_) = std::move(output);
  ChooserTableAccess::HasFallback(*table_) = true;
  return *this;
}

namespace {

Status ValidateOutput(const ChooserOutput& output, const std::string& where) {
  if (!std::isfinite(output.start_time_s) || output.start_time_s < 0.0f) {
    return Error{fmt::format("{}: start_time_s must be a finite number >= 0, got {}", where,
                             output.start_time_s)};
  }
  if (!std::isfinite(output.play_rate)) {
    return Error{fmt::format("{}: play_rate must be finite, got {}", where, output.play_rate)};
  }
  return Status::Ok();
}

Status ValidateTable(const ChooserTable& table) {
  const std::string where = fmt::format("chooser '{}'", table.name());
  if (table.name().empty())
    return Error{"chooser: a table has no name"};
  const auto& columns = table.columns();
  if (columns.size() > ChooserTable::kMaxColumns) {
    return Error{fmt::format("{}: {} columns, at most {} are supported", where, columns.size(),
                             ChooserTable::kMaxColumns)};
  }
  for (std::size_t c = 0; c < columns.size(); ++c) {
    if (columns[c].name.empty() || columns[c].input.empty()) {
      return Error{fmt::format("{}: column {} needs a name and an input", where, c)};
    }
    for (std::size_t d = 0; d < c; ++d) {
      if (columns[d].name == columns[c].name) {
        return Error{fmt::format("{}: column name '{}' is used twice", where, columns[c].name)};
      }
    }
  }
  for (std::size_t r = 0; r < table.rows().size(); ++r) {
    const ChooserRow& row = table.rows()[r];
    const std::string row_where = fmt::format("{}: row {} '{}'", where, r, row.name);
    if (row.cells.size() != columns.size()) {
      return Error{
          fmt::format("{}: {} cells for {} columns", row_where, row.cells.size(), columns.size())};
    }
    for (std::size_t c = 0; c < columns.size(); ++c) {
      const ChooserCell& cell = row.cells[c];
      if (!cell.present)
        continue;
      const std::string cell_where = fmt::format("{}: column '{}'", row_where, columns[c].name);
      if (columns[c].kind == ValueKind::kEnum && cell.one_of.empty()) {
        return Error{fmt::format("{}: an enum cell needs at least one value", cell_where)};
      }
      if (columns[c].kind == ValueKind::kFloat &&
          (std::isnan(cell.min) || std::isnan(cell.max) || cell.min > cell.max)) {
        return Error{
            fmt::format("{}: range min {} must be <= max {}", cell_where, cell.min, cell.max)};
      }
    }
    if (Status status = ValidateOutput(row.output, row_where); !status)
      return status;
  }
  if (table.fallback() != nullptr) {
    if (Status status = ValidateOutput(*table.fallback(), where + ": fallback"); !status) {
      return status;
    }
  }
  return Status::Ok();
}

}  // namespace

Result<std::shared_ptr<const ChooserTable>> ChooserTableBuilder::Build() {
  if (Status status = ValidateTable(*table_); !status)
    return status.error();
  return std::shared_ptr<const ChooserTable>(table_);
}

std::shared_ptr<const ChooserTable> ChooserLibrary::Find(std::string_view name) const {
  for (const auto& table : tables_) {
    if (table->name() == name)
      return table;
  }
  return nullptr;
}

}  // namespace footwork::graph
