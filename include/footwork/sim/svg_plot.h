#pragma once
// Small inline-SVG plots for the HTML report: line plots with axes, ticks and a legend, and band
// charts (rows of coloured time intervals with labels, e.g. the state timeline). Output is a
// self-contained <svg> element: no scripts, no external references.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace footwork::sim {

// One line of a line plot. Non-finite y values break the line.
struct LineSeries {
  std::string label;
  // Any SVG colour ("#1f77b4").
  std::string color = "#1f77b4";
  std::vector<double> x;
  std::vector<double> y;
  // Draw as a staircase (values that hold until the next sample, like flags).
  bool step = false;
  bool dashed = false;
  double stroke_width = 1.6;
};

// A labelled horizontal tick on the y axis, replacing numeric ticks (for categories).
struct AxisLabel {
  double value = 0.0;
  std::string text;
};

struct LinePlot {
  std::string title;
  std::string x_label = "time (s)";
  std::string y_label;
  int width = 1180;
  int height = 220;
  // Axis ranges; unset means fit to the data (y with a little padding).
  std::optional<double> x_min, x_max, y_min, y_max;
  std::vector<AxisLabel> y_categories;
  std::vector<LineSeries> series;
  // Vertical marker lines (events) with short labels.
  std::vector<AxisLabel> x_markers;
};

// One interval of a band row.
struct Band {
  double begin = 0.0;
  double end = 0.0;
  std::string text;
  std::string color = "#cccccc";
};

struct BandRow {
  std::string label;
  std::vector<Band> bands;
};

struct BandChart {
  std::string title;
  std::string x_label = "time (s)";
  int width = 1180;
  int row_height = 24;
  double x_min = 0.0;
  double x_max = 1.0;
  std::vector<BandRow> rows;
};

// Round tick positions ("nice" steps of 1, 2 or 5 x 10^n) covering [min, max], about `count`.
std::vector<double> NiceTicks(double min, double max, int count);
// Escapes &, <, >, " and ' for text and attribute values.
std::string EscapeXml(std::string_view text);
// A short number for tick labels ("0.5", "120", "-2").
std::string FormatTick(double value);
// A stable, readable colour for a category name (same name, same colour in every chart).
std::string CategoryColor(std::string_view name);

std::string RenderLinePlot(const LinePlot& plot);
std::string RenderBandChart(const BandChart& chart);

}  // namespace footwork::sim
