#pragma once
// Write access to a ChooserTable while it is being built (builder, JSON loader), before it is
// shared read-only.

#include "footwork/graph/chooser.h"

namespace footwork::graph {

struct ChooserTableAccess {
  static std::string& Name(ChooserTable& table) { return table.name_; }
  static std::vector<ChooserColumn>& Columns(ChooserTable& table) { return table.columns_; }
  static std::vector<ChooserRow>& Rows(ChooserTable& table) { return table.rows_; }
  static ChooserOutput& Fallback(ChooserTable& table) { return table.fallback_; }
  static bool& HasFallback(ChooserTable& table) { return table.has_fallback_; }
};

}  // namespace footwork::graph
