// Inline SVG line plots and band charts for report.html. Hand-written so the page needs no
// JavaScript or network: plain <svg> with CSS classes styled by the page.

#include "footwork/sim/svg_plot.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>

namespace footwork::sim {
namespace {

// Plot-area margins (px): room for y tick labels on the left, the title and legend on top, x
// ticks and the axis label below.
constexpr double kLeft = 120.0;
constexpr double kRight = 16.0;
constexpr double kTop = 30.0;
constexpr double kBottom = 38.0;
// Approximate width of one character of the 11 px label font, to decide whether a label fits.
constexpr double kCharWidth = 6.2;

std::string Num(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer), "%.1f", value);
  return buffer;
}

// Maps data coordinates to pixels inside the plot area.
struct Frame {
  double x0, x1, y0, y1;            // data ranges
  double left, top, width, height;  // pixel rectangle

  double X(double x) const { return left + (x - x0) / (x1 - x0) * width; }
  double Y(double y) const { return top + height - (y - y0) / (y1 - y0) * height; }
};

void Range(const std::vector<double>& values, double& lo, double& hi) {
  for (double v : values) {
    if (!std::isfinite(v))
      continue;
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
}

void WidenIfFlat(double& lo, double& hi) {
  if (!std::isfinite(lo) || !std::isfinite(hi)) {
    lo = 0.0;
    hi = 1.0;
  } else if (hi - lo < 1e-9) {
    lo -= 0.5;
    hi += 0.5;
  }
}

std::string Text(double x, double y, const std::string& text, const std::string& css_class,
                 const std::string& anchor = "start") {
  return "<text x=\"" + Num(x) + "\" y=\"" + Num(y) + "\" class=\"" + css_class +
         "\" text-anchor=\"" + anchor + "\">" + EscapeXml(text) + "</text>";
}

std::string Line(double x1, double y1, double x2, double y2, const std::string& css_class) {
  return "<line x1=\"" + Num(x1) + "\" y1=\"" + Num(y1) + "\" x2=\"" + Num(x2) + "\" y2=\"" +
         Num(y2) + "\" class=\"" + css_class + "\"/>";
}

// Path data of one series; non-finite samples start a new sub-path.
std::string PathData(const LineSeries& series, const Frame& frame) {
  std::string d;
  bool pen_down = false;
  const std::size_t count = std::min(series.x.size(), series.y.size());
  for (std::size_t i = 0; i < count; ++i) {
    const double x = series.x[i];
    const double y = std::clamp(series.y[i], frame.y0, frame.y1);
    if (!std::isfinite(x) || !std::isfinite(series.y[i])) {
      pen_down = false;
      continue;
    }
    // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on chained operator+ here.
    if (!pen_down) {
      d.append("M").append(Num(frame.X(x))).append(" ").append(Num(frame.Y(y)));
      pen_down = true;
    } else if (series.step) {
      d.append("H").append(Num(frame.X(x))).append("V").append(Num(frame.Y(y)));
    } else {
      d.append("L").append(Num(frame.X(x))).append(" ").append(Num(frame.Y(y)));
    }
  }
  return d;
}

std::string XAxis(const Frame& frame, const std::string& label, double svg_height) {
  std::string svg;
  for (double tick : NiceTicks(frame.x0, frame.x1, 10)) {
    const double x = frame.X(tick);
    svg += Line(x, frame.top, x, frame.top + frame.height, "grid");
    svg += Text(x, frame.top + frame.height + 14, FormatTick(tick), "tick", "middle");
  }
  svg += Text(frame.left + frame.width / 2, svg_height - 6, label, "axis-label", "middle");
  return svg;
}

}  // namespace

std::vector<double> NiceTicks(double min, double max, int count) {
  std::vector<double> ticks;
  if (!std::isfinite(min) || !std::isfinite(max) || max <= min || count < 1)
    return ticks;
  const double raw_step = (max - min) / count;
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw_step)));
  // The 1-2-5 step nearest the raw step (thresholds between the candidates), so the tick count
  // stays close to `count` instead of always rounding the step up.
  const double normalized = raw_step / magnitude;
  const double factor =
      normalized < 1.5 ? 1.0 : (normalized < 3.0 ? 2.0 : (normalized < 7.0 ? 5.0 : 10.0));
  const double step = factor * magnitude;
  // Ticks as integer multiples of the step (no accumulated rounding); a tiny tolerance keeps a
  // tick that lands on the range's end.
  const double first = std::ceil(min / step - 1e-9);
  const double last = std::floor(max / step + 1e-9);
  for (double i = first; i <= last; i += 1.0) {
    const double tick = i * step;
    ticks.push_back(std::abs(tick) < step * 1e-9 ? 0.0 : tick);
  }
  return ticks;
}

std::string EscapeXml(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string FormatTick(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer), "%.6g", value);
  return buffer;
}

std::string CategoryColor(std::string_view name) {
  // Fixed colours for the locomotion states and gaits, so every report reads the same way.
  static constexpr std::array<std::pair<std::string_view, const char*>, 13> kKnown{
      {{"Idle", "#d9d9d9"},
       {"Start", "#b2df8a"},
       {"Cycle", "#a6cee3"},
       {"GaitTransition", "#cab2d6"},
       {"Stop", "#fb9a99"},
       {"Pivot", "#fdbf6f"},
       {"TurnInPlace", "#ffe680"},
       {"JumpStart", "#8dd3c7"},
       {"FallLoop", "#80b1d3"},
       {"FallLand", "#bebada"},
       {"walk", "#a6cee3"},
       {"run", "#fdbf6f"},
       {"sprint", "#fb9a99"}}};
  for (const auto& [known, color] : kKnown) {
    if (name == known)
      return color;
  }
  // Soft colours that keep dark label text readable.
  static constexpr std::array<const char*, 12> kPalette{"#a6cee3", "#b2df8a", "#fdbf6f", "#cab2d6",
                                                        "#fb9a99", "#ffff99", "#8dd3c7", "#bebada",
                                                        "#80b1d3", "#fccde5", "#d9d9d9", "#ccebc5"};
  // FNV-1a: stable across runs and platforms, unlike std::hash.
  std::uint32_t hash = 2166136261u;
  for (char c : name) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 16777619u;
  }
  return kPalette[hash % kPalette.size()];
}

std::string RenderLinePlot(const LinePlot& plot) {
  double x_lo = std::numeric_limits<double>::infinity();
  double x_hi = -x_lo;
  double y_lo = x_lo;
  double y_hi = -x_lo;
  for (const LineSeries& series : plot.series) {
    Range(series.x, x_lo, x_hi);
    Range(series.y, y_lo, y_hi);
  }
  for (const AxisLabel& category : plot.y_categories) {
    y_lo = std::min(y_lo, category.value);
    y_hi = std::max(y_hi, category.value);
  }
  WidenIfFlat(x_lo, x_hi);
  WidenIfFlat(y_lo, y_hi);
  // A little headroom so lines at the extremes stay visible.
  const double pad = (y_hi - y_lo) * 0.06;
  Frame frame{plot.x_min.value_or(x_lo),
              plot.x_max.value_or(x_hi),
              plot.y_min.value_or(y_lo - pad),
              plot.y_max.value_or(y_hi + pad),
              kLeft,
              kTop,
              plot.width - kLeft - kRight,
              plot.height - kTop - kBottom};
  if (frame.x1 <= frame.x0)
    frame.x1 = frame.x0 + 1.0;
  if (frame.y1 <= frame.y0)
    frame.y1 = frame.y0 + 1.0;

  std::string svg = "<svg class=\"plot\" width=\"" + std::to_string(plot.width) + "\" height=\"" +
                    std::to_string(plot.height) + "\" viewBox=\"0 0 " + std::to_string(plot.width) +
                    " " + std::to_string(plot.height) + "\">";
  svg += Text(kLeft, 18, plot.title, "plot-title");
  svg += "<rect x=\"" + Num(frame.left) + "\" y=\"" + Num(frame.top) + "\" width=\"" +
         Num(frame.width) + "\" height=\"" + Num(frame.height) + "\" class=\"plot-area\"/>";
  svg += XAxis(frame, plot.x_label, plot.height);
  if (plot.y_categories.empty()) {
    for (double tick : NiceTicks(frame.y0, frame.y1, 5)) {
      const double y = frame.Y(tick);
      svg += Line(frame.left, y, frame.left + frame.width, y, tick == 0.0 ? "zero" : "grid");
      svg += Text(frame.left - 6, y + 4, FormatTick(tick), "tick", "end");
    }
  } else {
    for (const AxisLabel& category : plot.y_categories) {
      const double y = frame.Y(category.value);
      svg += Line(frame.left, y, frame.left + frame.width, y, "grid");
      svg += Text(frame.left - 6, y + 4, category.text, "tick", "end");
    }
  }
  // The y label sits rotated left of the tick labels.
  svg += "<text class=\"axis-label\" text-anchor=\"middle\" transform=\"translate(16 " +
         Num(frame.top + frame.height / 2) + ") rotate(-90)\">" + EscapeXml(plot.y_label) +
         "</text>";
  for (const AxisLabel& marker : plot.x_markers) {
    if (marker.value < frame.x0 || marker.value > frame.x1)
      continue;
    const double x = frame.X(marker.value);
    svg += Line(x, frame.top, x, frame.top + frame.height, "marker");
    svg += Text(x + 3, frame.top + 11, marker.text, "marker-label");
  }
  for (const LineSeries& series : plot.series) {
    svg += "<path d=\"" + PathData(series, frame) + "\" fill=\"none\" stroke=\"" +
           EscapeXml(series.color) + "\" stroke-width=\"" + Num(series.stroke_width) + "\"" +
           (series.dashed ? " stroke-dasharray=\"6 4\"" : "") +
           " stroke-linejoin=\"round\"><title>" + EscapeXml(series.label) + "</title></path>";
  }
  // Legend, right-aligned on the title row.
  double legend_x = plot.width - kRight;
  for (auto it = plot.series.rbegin(); it != plot.series.rend(); ++it) {
    const double text_width = static_cast<double>(it->label.size()) * kCharWidth;
    legend_x -= text_width;
    svg += Text(legend_x, 18, it->label, "legend");
    legend_x -= 22;
    svg += "<line x1=\"" + Num(legend_x) + "\" y1=\"14\" x2=\"" + Num(legend_x + 16) +
           "\" y2=\"14\" stroke=\"" + EscapeXml(it->color) + "\" stroke-width=\"3\"" +
           (it->dashed ? " stroke-dasharray=\"4 3\"" : "") + "/>";
    legend_x -= 14;
  }
  svg += "</svg>";
  return svg;
}

std::string RenderBandChart(const BandChart& chart) {
  const double rows_height = static_cast<double>(chart.rows.size()) * chart.row_height;
  const double height = kTop + rows_height + kBottom;
  Frame frame{chart.x_min,
              chart.x_max > chart.x_min ? chart.x_max : chart.x_min + 1.0,
              0.0,
              1.0,
              kLeft,
              kTop,
              chart.width - kLeft - kRight,
              rows_height};
  std::string svg = "<svg class=\"plot\" width=\"" + std::to_string(chart.width) + "\" height=\"" +
                    Num(height) + "\" viewBox=\"0 0 " + std::to_string(chart.width) + " " +
                    Num(height) + "\">";
  svg += Text(kLeft, 18, chart.title, "plot-title");
  svg += "<rect x=\"" + Num(frame.left) + "\" y=\"" + Num(frame.top) + "\" width=\"" +
         Num(frame.width) + "\" height=\"" + Num(frame.height) + "\" class=\"plot-area\"/>";
  svg += XAxis(frame, chart.x_label, height);
  for (std::size_t row = 0; row < chart.rows.size(); ++row) {
    const double y = kTop + static_cast<double>(row) * chart.row_height;
    svg +=
        Text(frame.left - 6, y + chart.row_height / 2.0 + 4, chart.rows[row].label, "tick", "end");
    for (const Band& band : chart.rows[row].bands) {
      const double x0 = frame.X(std::max(band.begin, frame.x0));
      const double x1 = frame.X(std::min(band.end, frame.x1));
      if (x1 <= x0)
        continue;
      svg += "<rect x=\"" + Num(x0) + "\" y=\"" + Num(y + 2) + "\" width=\"" +
             Num(std::max(x1 - x0, 0.8)) + "\" height=\"" + Num(chart.row_height - 4.0) +
             "\" fill=\"" + EscapeXml(band.color) + "\" class=\"band\"><title>" +
             EscapeXml(band.text) + " (" + FormatTick(band.begin) + "-" + FormatTick(band.end) +
             " s)</title></rect>";
      // Labels only where they fit; the tooltip carries the rest.
      if (!band.text.empty() &&
          static_cast<double>(band.text.size()) * kCharWidth + 6.0 <= x1 - x0) {
        svg += Text(x0 + 3, y + chart.row_height / 2.0 + 4, band.text, "band-label");
      }
    }
  }
  svg += "</svg>";
  return svg;
}

}  // namespace footwork::sim
