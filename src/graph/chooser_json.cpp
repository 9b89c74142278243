// Loads chooser tables from JSON. nlohmann's exceptions stay inside this file: every failure
// becomes an Error naming the file, table, row and column.

#include <fstream>
#include <limits>
#include <map>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "footwork/graph/chooser.h"
#include "graph/chooser_access.h"

namespace footwork::graph {

namespace {

using Json = nlohmann::json;
constexpr float kInfinity = std::numeric_limits<float>::infinity();

// A nested chooser named by a row; resolved after every table of the file is parsed.
struct PendingReference {
  ChooserOutput* output = nullptr;
  std::string table_name;
  std::string where;
};

struct ParsedTable {
  std::shared_ptr<ChooserTable> table;
  bool top_level = false;
  // 0 = not resolved, 1 = resolving (a second visit means a cycle), 2 = done.
  int visit = 0;
};

class Parser {
 public:
  explicit Parser(std::string source) : source_(std::move(source)) {}

  // Every top-level table, nested references resolved.
  Result<std::vector<std::shared_ptr<const ChooserTable>>> ParseRoot(const Json& root);

 private:
  Error Fail(const std::string& where, const std::string& what) const {
    return Error{fmt::format("{}: {}{}", source_, where.empty() ? "" : where + ": ", what)};
  }
  Result<std::size_t> ParseTable(const Json& json, const std::string& where, bool top_level);
  Status ParseColumns(const Json& json, ChooserTable& table, const std::string& where);
  Result<ChooserCell> ParseCell(const Json& json, const ChooserColumn& column,
                                const std::string& where);
  Status ParseOutput(const Json& json, ChooserOutput& output, const std::string& where);
  Status Resolve(std::size_t index);

  std::string source_;
  // Tables keep their address (unique ownership via shared_ptr), so pending output pointers
  // stay valid while this vector grows.
  std::vector<ParsedTable> tables_;
  std::vector<PendingReference> pending_;
};

Status Parser::ParseColumns(const Json& json, ChooserTable& table, const std::string& where) {
  if (!json.is_array())
    return Fail(where, "'columns' must be an array of column objects");
  auto& columns = ChooserTableAccess::Columns(table);
  for (std::size_t c = 0; c < json.size(); ++c) {
    const Json& column_json = json[c];
    const std::string column_where = fmt::format("{}: columns[{}]", where, c);
    if (!column_json.is_object())
      return Fail(column_where, "must be an object");
    ChooserColumn column;
    if (!column_json.contains("name") || !column_json["name"].is_string()) {
      return Fail(column_where, "needs a string 'name'");
    }
    column.name = column_json["name"].get<std::string>();
    const std::string named_where = fmt::format("{}: column '{}'", where, column.name);
    if (!column_json.contains("kind") || !column_json["kind"].is_string()) {
      return Fail(named_where, "needs a string 'kind' (enum, float_range or bool)");
    }
    const std::string kind = column_json["kind"].get<std::string>();
    if (kind == "enum") {
      column.kind = ValueKind::kEnum;
    } else if (kind == "float_range") {
      column.kind = ValueKind::kFloat;
    } else if (kind == "bool") {
      column.kind = ValueKind::kBool;
    } else {
      return Fail(
          named_where,
          fmt::format("unknown column kind '{}' (expected enum, float_range or bool)", kind));
    }
    // The input defaults to the column's name, the common case.
    column.input = column.name;
    if (column_json.contains("input")) {
      if (!column_json["input"].is_string())
        return Fail(named_where, "'input' must be a string");
      column.input = column_json["input"].get<std::string>();
    }
    for (const ChooserColumn& existing : columns) {
      if (existing.name == column.name)
        return Fail(named_where, "column name used twice");
    }
    columns.push_back(std::move(column));
  }
  if (columns.size() > ChooserTable::kMaxColumns) {
    return Fail(where, fmt::format("{} columns, at most {} are supported", columns.size(),
                                   ChooserTable::kMaxColumns));
  }
  return Status::Ok();
}

Result<ChooserCell> Parser::ParseCell(const Json& json, const ChooserColumn& column,
                                      const std::string& where) {
  ChooserCell cell;
  cell.present = true;
  switch (column.kind) {
    case ValueKind::kEnum:
      if (json.is_string()) {
        cell.one_of.push_back(json.get<std::string>());
      } else if (json.is_array() && !json.empty()) {
        for (const Json& value : json) {
          if (!value.is_string())
            return Fail(where, "one-of values must be strings");
          cell.one_of.push_back(value.get<std::string>());
        }
      } else {
        return Fail(where,
                    "an enum cell is a string (equals) or a non-empty array of strings "
                    "(one of)");
      }
      return cell;
    case ValueKind::kFloat: {
      if (!json.is_object()) {
        return Fail(where,
                    "a float_range cell is an object with 'min' and/or 'max' (and "
                    "optional 'min_inclusive', 'max_inclusive')");
      }
      cell.min = -kInfinity;
      cell.max = kInfinity;
      for (const auto& [key, value] : json.items()) {
        if (key == "min" || key == "max") {
          if (!value.is_number())
            return Fail(where, fmt::format("'{}' must be a number", key));
          (key == "min" ? cell.min : cell.max) = value.get<float>();
        } else if (key == "min_inclusive" || key == "max_inclusive") {
          if (!value.is_boolean())
            return Fail(where, fmt::format("'{}' must be true or false", key));
          (key == "min_inclusive" ? cell.min_inclusive : cell.max_inclusive) = value.get<bool>();
        } else {
          return Fail(where, fmt::format("unknown range key '{}' (expected min, max, "
                                         "min_inclusive, max_inclusive)",
                                         key));
        }
      }
      if (!(cell.min <= cell.max)) {
        return Fail(where, fmt::format("range min {} must be <= max {}", cell.min, cell.max));
      }
      return cell;
    }
    case ValueKind::kBool:
      if (!json.is_boolean())
        return Fail(where, "a bool cell is true or false");
      cell.expected = json.get<bool>();
      return cell;
  }
  return Fail(where, "unsupported column kind");
}

Status Parser::ParseOutput(const Json& json, ChooserOutput& output, const std::string& where) {
  if (!json.is_object())
    return Fail(where, "an output is an object (clip, start_time_s, ...)");
  for (const auto& [key, value] : json.items()) {
    if (key == "clip") {
      if (!value.is_string())
        return Fail(where, "'clip' must be a string");
      output.clip = value.get<std::string>();
    } else if (key == "start_time_s" || key == "play_rate") {
      if (!value.is_number())
        return Fail(where, fmt::format("'{}' must be a number", key));
      (key == "start_time_s" ? output.start_time_s : output.play_rate) = value.get<float>();
    } else if (key == "floats") {
      if (!value.is_object())
        return Fail(where, "'floats' must be an object of name: number");
      for (const auto& [name, number] : value.items()) {
        if (!number.is_number()) {
          return Fail(where, fmt::format("floats '{}' must be a number", name));
        }
        output.floats.emplace_back(name, number.get<float>());
      }
    } else if (key == "chooser") {
      if (value.is_string()) {
        pending_.push_back({&output, value.get<std::string>(), where});
      } else if (value.is_object()) {
        Result<std::size_t> nested = ParseTable(value, where + ": nested chooser", false);
        if (!nested)
          return nested.error();
        output.nested = tables_[*nested].table;
      } else {
        return Fail(where, "'chooser' must be a table name or an inline table object");
      }
    } else {
      return Fail(where, fmt::format("unknown output key '{}' (expected clip, start_time_s, "
                                     "play_rate, floats or chooser)",
                                     key));
    }
  }
  if (output.start_time_s < 0.0f) {
    return Fail(where, fmt::format("start_time_s must be >= 0, got {}", output.start_time_s));
  }
  return Status::Ok();
}

Result<std::size_t> Parser::ParseTable(const Json& json, const std::string& where, bool top_level) {
  if (!json.is_object())
    return Fail(where, "a table must be an object");
  auto table = std::make_shared<ChooserTable>();
  const std::size_t index = tables_.size();
  tables_.push_back({table, top_level, 0});

  if (!json.contains("name") || !json["name"].is_string()) {
    if (top_level)
      return Fail(where, "a table needs a string 'name'");
    ChooserTableAccess::Name(*table) = where;
  } else {
    ChooserTableAccess::Name(*table) = json["name"].get<std::string>();
  }
  const std::string table_where = fmt::format("table '{}'", table->name());

  if (json.contains("columns")) {
    if (Status status = ParseColumns(json["columns"], *table, table_where); !status)
      return status.error();
  }
  const auto& columns = table->columns();
  if (!json.contains("rows") || !json["rows"].is_array()) {
    return Fail(table_where, "needs a 'rows' array");
  }
  const Json& rows = json["rows"];
  auto& parsed_rows = ChooserTableAccess::Rows(*table);
  // Reserve so that pending references into row outputs stay valid.
  parsed_rows.reserve(rows.size());
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const Json& row_json = rows[r];
    std::string row_name = fmt::format("{}", r);
    if (row_json.is_object() && row_json.contains("name") && row_json["name"].is_string()) {
      row_name = row_json["name"].get<std::string>();
    }
    const std::string row_where = fmt::format("{}: row {} '{}'", table_where, r, row_name);
    if (!row_json.is_object())
      return Fail(row_where, "a row must be an object");
    ChooserRow& row = parsed_rows.emplace_back();
    row.name = row_name;
    row.cells.resize(columns.size());
    if (row_json.contains("filters")) {
      const Json& filters = row_json["filters"];
      if (!filters.is_object())
        return Fail(row_where, "'filters' must be an object");
      for (const auto& [column_name, cell_json] : filters.items()) {
        std::size_t c = 0;
        while (c < columns.size() && columns[c].name != column_name)
          ++c;
        if (c == columns.size()) {
          std::vector<std::string> names;
          for (const ChooserColumn& column : columns)
            names.push_back(column.name);
          return Fail(row_where, fmt::format("filter '{}' is not a declared column (declared: "
                                             "{})",
                                             column_name, fmt::join(names, ", ")));
        }
        Result<ChooserCell> cell = ParseCell(
            cell_json, columns[c], fmt::format("{}: column '{}'", row_where, column_name));
        if (!cell)
          return cell.error();
        row.cells[c] = std::move(*cell);
      }
    }
    if (!row_json.contains("output"))
      return Fail(row_where, "needs an 'output'");
    if (Status status = ParseOutput(row_json["output"], row.output, row_where); !status) {
      return status.error();
    }
  }
  if (json.contains("fallback")) {
    ChooserTableAccess::HasFallback(*table) = true;
    if (Status status = ParseOutput(json["fallback"], ChooserTableAccess::Fallback(*table),
                                    table_where + ": fallback");
        !status) {
      return status.error();
    }
  }
  for (const auto& [key, value] : json.items()) {
    if (key != "name" && key != "columns" && key != "rows" && key != "fallback") {
      return Fail(table_where, fmt::format("unknown key '{}' (expected name, columns, rows, "
                                           "fallback)",
                                           key));
    }
  }
  return index;
}

Status Parser::Resolve(std::size_t index) {
  ParsedTable& parsed = tables_[index];
  if (parsed.visit == 2)
    return Status::Ok();
  if (parsed.visit == 1) {
    return Fail("", fmt::format("table '{}' nests itself (a cycle of nested choosers)",
                                parsed.table->name()));
  }
  parsed.visit = 1;
  for (const PendingReference& reference : pending_) {
    // Only references that live inside this table's rows or fallback.
    const ChooserTable& table = *tables_[index].table;
    bool inside = reference.output == table.fallback();
    for (const ChooserRow& row : table.rows())
      inside = inside || reference.output == &row.output;
    if (!inside)
      continue;
    std::size_t target = tables_.size();
    for (std::size_t t = 0; t < tables_.size(); ++t) {
      if (tables_[t].top_level && tables_[t].table->name() == reference.table_name)
        target = t;
    }
    if (target == tables_.size()) {
      return Fail(reference.where, fmt::format("nested chooser '{}' is not a table of this file",
                                               reference.table_name));
    }
    if (Status status = Resolve(target); !status)
      return status;
    reference.output->nested = tables_[target].table;
  }
  // Inline nested tables are resolved through their parents' pointers too.
  for (const ChooserRow& row : tables_[index].table->rows()) {
    if (row.output.nested == nullptr)
      continue;
    for (std::size_t t = 0; t < tables_.size(); ++t) {
      if (tables_[t].table == row.output.nested) {
        if (Status status = Resolve(t); !status)
          return status;
      }
    }
  }
  tables_[index].visit = 2;
  return Status::Ok();
}

Result<std::vector<std::shared_ptr<const ChooserTable>>> Parser::ParseRoot(const Json& root) {
  if (!root.is_object())
    return Fail("", "the file must hold a JSON object");
  if (root.contains("tables")) {
    const Json& tables = root["tables"];
    if (!tables.is_array())
      return Fail("", "'tables' must be an array of tables");
    for (std::size_t t = 0; t < tables.size(); ++t) {
      Result<std::size_t> parsed = ParseTable(tables[t], fmt::format("tables[{}]", t), true);
      if (!parsed)
        return parsed.error();
    }
  } else {
    Result<std::size_t> parsed = ParseTable(root, "", true);
    if (!parsed)
      return parsed.error();
  }
  std::vector<std::shared_ptr<const ChooserTable>> top_level;
  for (std::size_t t = 0; t < tables_.size(); ++t) {
    for (std::size_t u = 0; u < t; ++u) {
      if (tables_[t].top_level && tables_[u].top_level &&
          tables_[t].table->name() == tables_[u].table->name()) {
        return Fail("", fmt::format("table name '{}' is used twice", tables_[t].table->name()));
      }
    }
  }
  for (std::size_t t = 0; t < tables_.size(); ++t) {
    if (Status status = Resolve(t); !status)
      return status.error();
    if (tables_[t].top_level)
      top_level.push_back(tables_[t].table);
  }
  return top_level;
}

}  // namespace

Result<ChooserLibrary> ParseChooserLibrary(std::string_view json_text,
                                           std::string_view source_name) {
  const std::string source(source_name.empty() ? "<chooser json>" : source_name);
  Json root;
  try {
    root = Json::parse(json_text);
  } catch (const Json::exception& error) {
    return Error{fmt::format("{}: not valid JSON: {}", source, error.what())};
  }
  try {
    Parser parser(source);
    auto tables = parser.ParseRoot(root);
    if (!tables)
      return tables.error();
    ChooserLibrary library;
    library.tables_ = std::move(*tables);
    return library;
  } catch (const Json::exception& error) {
    // The parser checks types before reading, so this is a bug guard, not a normal path.
    return Error{fmt::format("{}: unexpected JSON structure: {}", source, error.what())};
  }
}

Result<ChooserLibrary> LoadChooserLibrary(const std::filesystem::path& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    return Error{fmt::format("{}: cannot open chooser file (does it exist and is it readable?)",
                             path.string())};
  }
  std::stringstream text;
  text << file.rdbuf();
  return ParseChooserLibrary(text.str(), path.filename().string());
}

}  // namespace footwork::graph
