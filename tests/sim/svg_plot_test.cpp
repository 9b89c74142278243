// The SVG plot helper: tick choice, escaping, and the elements a plot is made of.

#include "footwork/sim/svg_plot.h"

#include <cmath>

#include <gtest/gtest.h>

#include "footwork/sim/synthetic_trace.h"

namespace footwork::sim {
namespace {

void ExpectTicks(const std::vector<double>& actual, const std::vector<double>& expected) {
  ASSERT_EQ(actual.size(), expected.size());
  for (std::size_t i = 0; i < actual.size(); ++i)
    EXPECT_NEAR(actual[i], expected[i], 1e-12);
}

TEST(NiceTicksTest, RoundStepsCoveringTheRange) {
  ExpectTicks(NiceTicks(0.0, 10.0, 5), {0, 2, 4, 6, 8, 10});
  ExpectTicks(NiceTicks(-0.3, 0.95, 5), {-0.2, 0, 0.2, 0.4, 0.6, 0.8});
  ExpectTicks(NiceTicks(0.0, 7.88, 10), {0, 1, 2, 3, 4, 5, 6, 7});
  EXPECT_TRUE(NiceTicks(1.0, 1.0, 5).empty());
  EXPECT_TRUE(NiceTicks(0.0, NAN, 5).empty());
}

TEST(EscapeXmlTest, EscapesMarkupCharacters) {
  EXPECT_EQ(EscapeXml("a<b & \"c\" 'd'>"), "a&lt;b &amp; &quot;c&quot; &#39;d&#39;&gt;");
}

TEST(CategoryColorTest, StableAndFixedForStates) {
  EXPECT_EQ(CategoryColor("Stop"), "#fb9a99");
  EXPECT_EQ(CategoryColor("Walk_Start_L90"), CategoryColor("Walk_Start_L90"));
}

TEST(LinePlotTest, DrawsAPathPerSeriesBrokenAtNan) {
  LinePlot plot;
  plot.title = "Speed";
  plot.series.push_back({"a", "#123456", {0, 1, 2, 3}, {0, 1, NAN, 2}});
  plot.series.push_back({"b <i>", "#654321", {0, 3}, {1, 1}, true, true});
  plot.x_markers.push_back({1.5, "stop"});
  const std::string svg = RenderLinePlot(plot);
  EXPECT_EQ(svg.rfind("<svg ", 0), 0u);
  EXPECT_EQ(svg.substr(svg.size() - 6), "</svg>");
  EXPECT_EQ(std::count(svg.begin(), svg.end(), 'M'), 3);  // a: two pieces, b: one
  EXPECT_NE(svg.find("stroke=\"#123456\""), std::string::npos);
  EXPECT_NE(svg.find("stroke-dasharray"), std::string::npos);
  EXPECT_NE(svg.find("b &lt;i&gt;"), std::string::npos);  // legend escaped
  EXPECT_NE(svg.find(">stop<"), std::string::npos);
  EXPECT_NE(svg.find(">time (s)<"), std::string::npos);
}

TEST(BandChartTest, LabelsOnlyBandsWideEnough) {
  BandChart chart;
  chart.x_min = 0;
  chart.x_max = 10;
  chart.rows.push_back(
      {"state", {{0, 5, "Cycle", "#abcdef"}, {5, 5.01, "TooNarrowLabel", "#fff"}}});
  const std::string svg = RenderBandChart(chart);
  EXPECT_NE(svg.find(">Cycle</text>"), std::string::npos);
  EXPECT_EQ(svg.find(">TooNarrowLabel</text>"), std::string::npos);
  EXPECT_NE(svg.find("<title>TooNarrowLabel"), std::string::npos);  // still in the tooltip
}

TEST(StateSequenceTest, CollapsesRepeats) {
  SyntheticTraceBuilder builder;
  builder.Idle(0.2).Start(0.0f, 1.5f, 0.3).Cycle(0.5, 1.5f).Stop(0.4).Idle(0.2);
  EXPECT_EQ(StateSequence(builder.frames()),
            (std::vector<std::string>{"Idle", "Start", "Cycle", "Stop", "Idle"}));
}

}  // namespace
}  // namespace footwork::sim
