#include "footwork/graph/chooser.h"

#include <cstdlib>
#include <fstream>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "footwork/io/asset_paths.h"
#include "support/test_paths.h"

namespace footwork::graph {
namespace {

ChooserOutput Clip(std::string name) {
  ChooserOutput output;
  output.clip = std::move(name);
  return output;
}

// Speed bands whose edges exercise every bound kind.
std::shared_ptr<const ChooserTable> SpeedTable() {
  auto table = ChooserTableBuilder("CT_Speed")
                   .Column("speed", ValueKind::kFloat, "speed_m_s")
                   .Row("slow", {FloatRange(0.0f, 1.0f, true, false)}, Clip("slow"))     // [0, 1)
                   .Row("medium", {FloatRange(1.0f, 2.0f, true, true)}, Clip("medium"))  // [1, 2]
                   .Row("fast", {FloatRange(2.0f, 3.0f, false, false)}, Clip("fast"))    // (2, 3)
                   .Row("sprint", {FloatAtLeast(3.0f)}, Clip("sprint"))                  // [3, inf)
                   .Fallback(Clip("fallback"))
                   .Build();
  EXPECT_TRUE(table.ok()) << (table.ok() ? "" : table.error().message);
  return *table;
}

std::string ChooseSpeed(const ChooserTable& table, float speed) {
  NamedValues values;
  values.SetFloat("speed_m_s", speed);
  auto selection = table.Evaluate(values);
  EXPECT_TRUE(selection.ok());
  return selection->found() ? selection->output->clip : "<none>";
}

TEST(ChooserTest, RangeEdgesPickTheExpectedRow) {
  const auto table = SpeedTable();
  EXPECT_EQ(ChooseSpeed(*table, 0.0f), "slow");  // inclusive min
  EXPECT_EQ(ChooseSpeed(*table, 0.999f), "slow");
  EXPECT_EQ(ChooseSpeed(*table, 1.0f), "medium");  // exclusive max of slow, inclusive min
  EXPECT_EQ(ChooseSpeed(*table, 2.0f), "medium");  // inclusive max
  EXPECT_EQ(ChooseSpeed(*table, 2.0001f), "fast");
  EXPECT_EQ(ChooseSpeed(*table, 2.9999f), "fast");
  EXPECT_EQ(ChooseSpeed(*table, 3.0f), "sprint");  // exclusive max of fast, inclusive min
  EXPECT_EQ(ChooseSpeed(*table, 1e9f), "sprint");
  EXPECT_EQ(ChooseSpeed(*table, -0.001f), "fallback");
  EXPECT_EQ(ChooseSpeed(*table, std::nanf("")), "fallback");  // NaN passes no range
}

TEST(ChooserTest, ExclusiveMinRejectsItsEdge) {
  auto table = ChooserTableBuilder("CT")
                   .Column("speed", ValueKind::kFloat, "speed_m_s")
                   .Row("above", {FloatRange(2.0f, 3.0f, false, true)}, Clip("above"))
                   .Build();
  ASSERT_TRUE(table.ok());
  EXPECT_EQ(ChooseSpeed(**table, 2.0f), "<none>");  // no fallback: nothing found, no error
  EXPECT_EQ(ChooseSpeed(**table, 3.0f), "above");
}

RC_GTEST_PROP(ChooserProperty, FirstPassingRowWins, (float speed)) {
  static const auto table = SpeedTable();
  std::string expected = "fallback";
  if (speed >= 0.0f && speed < 1.0f) {
    expected = "slow";
  } else if (speed >= 1.0f && speed <= 2.0f) {
    expected = "medium";
  } else if (speed > 2.0f && speed < 3.0f) {
    expected = "fast";
  } else if (speed >= 3.0f) {
    expected = "sprint";
  }
  RC_ASSERT(ChooseSpeed(*table, speed) == expected);
}

TEST(ChooserTest, EnumEqualsOneOfAndBool) {
  auto table = ChooserTableBuilder("CT_Gait")
                   .Column("gait", ValueKind::kEnum, "gait")
                   .Column("left", ValueKind::kBool, "is_left_foot_up")
                   .Row("walk_left", {EnumEquals("walk"), BoolIs(true)}, Clip("walk_l"))
                   .Row("walk_any", {EnumEquals("walk"), ChooserCell{}}, Clip("walk"))
                   .Row("fast", {EnumOneOf({"run", "sprint"}), ChooserCell{}}, Clip("fast"))
                   .Build();
  ASSERT_TRUE(table.ok());
  NamedValues values;
  auto choose = [&](std::string_view gait, bool left) {
    values.SetEnum("gait", gait);
    values.SetBool("is_left_foot_up", left);
    auto selection = (*table)->Evaluate(values);
    EXPECT_TRUE(selection.ok());
    return selection->found() ? selection->output->clip : std::string("<none>");
  };
  EXPECT_EQ(choose("walk", true), "walk_l");
  EXPECT_EQ(choose("walk", false), "walk");
  EXPECT_EQ(choose("run", false), "fast");
  EXPECT_EQ(choose("sprint", true), "fast");
  EXPECT_EQ(choose("crouch", true), "<none>");
}

TEST(ChooserTest, MissingOrMistypedContextValueIsAnError) {
  const auto table = SpeedTable();
  NamedValues values;
  auto missing = table->Evaluate(values);
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().message.find("CT_Speed"), std::string::npos);
  EXPECT_NE(missing.error().message.find("'speed'"), std::string::npos);
  EXPECT_NE(missing.error().message.find("'speed_m_s'"), std::string::npos);

  values.SetBool("speed_m_s", true);
  auto mistyped = table->Evaluate(values);
  ASSERT_FALSE(mistyped.ok());
  EXPECT_NE(mistyped.error().message.find("is bool but the column expects float"),
            std::string::npos);
}

TEST(ChooserTest, BuilderRejectsInvalidTables) {
  auto wrong_cells = ChooserTableBuilder("CT")
                         .Column("speed", ValueKind::kFloat, "speed_m_s")
                         .Row("r", {}, Clip("x"))
                         .Build();
  ASSERT_FALSE(wrong_cells.ok());
  EXPECT_NE(wrong_cells.error().message.find("0 cells for 1 columns"), std::string::npos);
  auto inverted = ChooserTableBuilder("CT")
                      .Column("speed", ValueKind::kFloat, "speed_m_s")
                      .Row("r", {FloatRange(2.0f, 1.0f)}, Clip("x"))
                      .Build();
  ASSERT_FALSE(inverted.ok());
  EXPECT_NE(inverted.error().message.find("min 2 must be <= max 1"), std::string::npos);
}

constexpr const char* kStopJson = R"({
  "tables": [
    {"name": "CT_Stop",
     "columns": [{"name": "gait", "kind": "enum"},
                 {"name": "speed", "kind": "float_range", "input": "speed_m_s"},
                 {"name": "left", "kind": "bool", "input": "is_left_foot_up"}],
     "rows": [
       {"name": "walk", "filters": {"gait": "walk", "speed": {"max": 2, "max_inclusive": false}},
        "output": {"clip": "Walk_Stop", "start_time_s": 0.25, "play_rate": 1.5,
                   "floats": {"blend_s": 0.2, "stop_distance_m": 0.8}}},
       {"name": "run", "filters": {"gait": ["run", "sprint"]},
        "output": {"chooser": "CT_StopRun"}},
       {"name": "crouch", "filters": {"gait": "crouch"},
        "output": {"chooser": {"name": "CT_Crouch", "columns": [],
                               "rows": [{"output": {"clip": "Crouch_Stop"}}]}}}
     ],
     "fallback": {"clip": "Idle"}},
    {"name": "CT_StopRun",
     "columns": [{"name": "left", "kind": "bool", "input": "is_left_foot_up"}],
     "rows": [{"name": "left", "filters": {"left": true}, "output": {"clip": "Run_Stop_L"}}]}
  ]})";

TEST(ChooserTest, ParsesOutputsAndNestedChoosers) {
  auto library = ParseChooserLibrary(kStopJson, "stop.json");
  ASSERT_TRUE(library.ok()) << library.error().message;
  auto stop = library->Find("CT_Stop");
  ASSERT_NE(stop, nullptr);
  ASSERT_NE(library->Find("CT_StopRun"), nullptr);
  EXPECT_EQ(library->Find("CT_Crouch"), nullptr);  // inline tables are not library entries

  NamedValues values;
  values.SetEnum("gait", "walk");
  values.SetFloat("speed_m_s", 1.0f);
  values.SetBool("is_left_foot_up", true);
  auto walk = stop->Evaluate(values);
  ASSERT_TRUE(walk.ok() && walk->found());
  EXPECT_EQ(walk->output->clip, "Walk_Stop");
  EXPECT_FLOAT_EQ(walk->output->start_time_s, 0.25f);
  EXPECT_FLOAT_EQ(walk->output->play_rate, 1.5f);
  EXPECT_FLOAT_EQ(walk->output->GetFloat("stop_distance_m"), 0.8f);
  EXPECT_FLOAT_EQ(walk->output->GetFloat("missing", -1.0f), -1.0f);
  EXPECT_EQ(walk->row, 0);

  values.SetEnum("gait", "run");
  auto run = stop->Evaluate(values);
  ASSERT_TRUE(run.ok() && run->found());
  EXPECT_EQ(run->output->clip, "Run_Stop_L");
  EXPECT_EQ(run->table->name(), "CT_StopRun");

  // The nested table chooses nothing: the row fails and the fallback answers.
  values.SetBool("is_left_foot_up", false);
  auto run_right = stop->Evaluate(values);
  ASSERT_TRUE(run_right.ok() && run_right->found());
  EXPECT_EQ(run_right->output->clip, "Idle");
  EXPECT_EQ(run_right->row, -1);

  values.SetEnum("gait", "crouch");
  auto crouch = stop->Evaluate(values);
  ASSERT_TRUE(crouch.ok() && crouch->found());
  EXPECT_EQ(crouch->output->clip, "Crouch_Stop");

  values.SetEnum("gait", "walk");
  values.SetFloat("speed_m_s", 2.0f);  // exclusive max: walk row fails
  auto fallback = stop->Evaluate(values);
  ASSERT_TRUE(fallback.ok() && fallback->found());
  EXPECT_EQ(fallback->output->clip, "Idle");
}

TEST(ChooserTest, NestedTableErrorsReachTheCaller) {
  auto library = ParseChooserLibrary(kStopJson, "stop.json");
  ASSERT_TRUE(library.ok());
  NamedValues values;  // no is_left_foot_up: only the outer columns are set
  values.SetEnum("gait", "run");
  values.SetFloat("speed_m_s", 4.0f);
  values.SetBool("unused", true);
  auto outer = library->Find("CT_Stop")->Evaluate(values);
  ASSERT_FALSE(outer.ok());  // the outer table's "left" column needs it too
  EXPECT_NE(outer.error().message.find("'is_left_foot_up'"), std::string::npos);
}

TEST(ChooserTest, ResettingNamedValuesReusesEntries) {
  NamedValues values;
  values.SetEnum("gait", "walk");
  values.SetFloat("speed_m_s", 1.0f);
  for (int i = 0; i < 10; ++i) {
    values.SetEnum("gait", i % 2 == 0 ? "run" : "walk");
    values.SetFloat("speed_m_s", static_cast<float>(i));
  }
  EXPECT_EQ(values.size(), 2u);
  EXPECT_EQ(values.GetEnum("gait"), "walk");
  EXPECT_EQ(values.FindFloat("gait"), nullptr);  // wrong kind reads as missing
  EXPECT_FLOAT_EQ(values.GetFloat("missing", 7.0f), 7.0f);
}

TEST(ChooserTest, TraceSaysWhichColumnPassedOrFailedAndWhy) {
  auto library = ParseChooserLibrary(kStopJson, "stop.json");
  ASSERT_TRUE(library.ok());
  NamedValues values;
  values.SetEnum("gait", "run");
  values.SetFloat("speed_m_s", 4.0f);
  values.SetBool("is_left_foot_up", false);
  ChooserTrace trace;
  auto selection = library->Find("CT_Stop")->Evaluate(values, &trace);
  ASSERT_TRUE(selection.ok());
  EXPECT_EQ(selection->output->clip, "Idle");

  ASSERT_EQ(trace.tables.size(), 2u);  // CT_Stop, then the nested CT_StopRun
  const ChooserTableTrace& stop = trace.tables[0];
  EXPECT_EQ(stop.table, "CT_Stop");
  EXPECT_TRUE(stop.used_fallback);
  EXPECT_EQ(stop.chosen_row, -1);
  ASSERT_EQ(stop.rows.size(), 3u);
  // Row "walk": gait fails, speed fails (4 not in (-inf, 2)), left passes (no cell).
  ASSERT_EQ(stop.rows[0].cells.size(), 3u);
  EXPECT_FALSE(stop.rows[0].cells[0].passed);
  EXPECT_EQ(stop.rows[0].cells[0].reason, "gait = 'run' is not one of [walk]");
  EXPECT_FALSE(stop.rows[0].cells[1].passed);
  EXPECT_EQ(stop.rows[0].cells[1].reason, "speed_m_s = 4 not in [-inf, 2)");
  EXPECT_TRUE(stop.rows[0].cells[2].passed);
  EXPECT_EQ(stop.rows[0].cells[2].reason, "any value passes");
  // Row "run": its filters pass but its nested chooser finds nothing.
  EXPECT_TRUE(stop.rows[1].cells[0].passed);
  EXPECT_FALSE(stop.rows[1].passed);
  EXPECT_NE(stop.rows[1].note.find("CT_StopRun"), std::string::npos);
  const ChooserTableTrace& nested = trace.tables[1];
  EXPECT_EQ(nested.table, "CT_StopRun");
  ASSERT_EQ(nested.rows.size(), 1u);
  EXPECT_EQ(nested.rows[0].cells[0].reason, "is_left_foot_up = false, expected true");

  const std::string text = trace.ToString();
  EXPECT_NE(text.find("chooser 'CT_Stop': fallback chosen"), std::string::npos);
  EXPECT_NE(text.find("- gait: gait = 'run' is not one of [walk]"), std::string::npos);
}

std::string ParseError(const std::string& json) {
  auto library = ParseChooserLibrary(json, "bad.json");
  return library.ok() ? std::string("<parsed>") : library.error().message;
}

TEST(ChooserTest, MalformedJsonNamesFileTableRowAndColumn) {
  EXPECT_NE(ParseError("{ not json").find("bad.json: not valid JSON"), std::string::npos);
  EXPECT_NE(ParseError(R"({"name": "T", "columns": [{"name": "g", "kind": "enumm"}], "rows": []})")
                .find("bad.json: table 'T': column 'g': unknown column kind 'enumm' (expected "
                      "enum, float_range or bool)"),
            std::string::npos);
  EXPECT_NE(ParseError(R"({"name": "T", "columns": [{"name": "s", "kind": "float_range"}],
                           "rows": [{"name": "r", "filters": {"s": {"min": "zero"}},
                                     "output": {}}]})")
                .find("bad.json: table 'T': row 0 'r': column 's': 'min' must be a number"),
            std::string::npos);
  EXPECT_NE(ParseError(R"({"name": "T", "columns": [{"name": "s", "kind": "bool"}],
                           "rows": [{"name": "r", "filters": {"speed": true}, "output": {}}]})")
                .find("row 0 'r': filter 'speed' is not a declared column (declared: s)"),
            std::string::npos);
  EXPECT_NE(ParseError(R"({"name": "T", "rows": [{"output": {"chooser": "Nope"}}]})")
                .find("nested chooser 'Nope' is not a table of this file"),
            std::string::npos);
  EXPECT_NE(ParseError(R"({"tables": [{"name": "A", "rows": [{"output": {"chooser": "B"}}]},
                                      {"name": "B", "rows": [{"output": {"chooser": "A"}}]}]})")
                .find("a cycle of nested choosers"),
            std::string::npos);
  EXPECT_NE(ParseError(R"({"name": "T", "rows": [{"output": {"clip": 3}}]})")
                .find("row 0 '0': 'clip' must be a string"),
            std::string::npos);
  EXPECT_NE(ParseError(R"({"name": "T", "rows": [{"output": {"play_rat": 1}}]})")
                .find("unknown output key 'play_rat'"),
            std::string::npos);
  EXPECT_NE(ParseError(R"({"name": "T"})").find("table 'T': needs a 'rows' array"),
            std::string::npos);
}

TEST(ChooserTest, LoadsFilesAndReportsMissingOnes) {
  const auto dir = testing::ScratchDir("chooser_load");
  const auto path = dir / "stop.json";
  std::ofstream(path) << kStopJson;
  auto library = LoadChooserLibrary(path);
  ASSERT_TRUE(library.ok()) << library.error().message;
  EXPECT_EQ(library->tables().size(), 2u);

  auto missing = LoadChooserLibrary(dir / "missing.json");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().message.find("missing.json: cannot open"), std::string::npos);
}

TEST(ChooserTest, ExampleAssetLoads) {
  // The project's own assets ($FOOTWORK_SOURCE_DIR or the compiled-in source folder).
  auto library = LoadChooserLibrary(io::ProjectAssets() / "graph/example_choosers.json");
  ASSERT_TRUE(library.ok()) << library.error().message;
  NamedValues values;
  values.SetEnum("gait", "sprint");
  values.SetFloat("speed_m_s", 6.0f);
  values.SetBool("is_left_foot_up", false);
  auto selection = library->Find("CT_Stop")->Evaluate(values);
  ASSERT_TRUE(selection.ok() && selection->found());
  EXPECT_EQ(selection->output->clip, "Run_Stop_R");
}

}  // namespace
}  // namespace footwork::graph
