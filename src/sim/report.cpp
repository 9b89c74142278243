// report.html: assembles the plots (svg_plot.h) and the metric table into one static page.

#include "footwork/sim/report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <limits>
#include <set>

#include "footwork/anim/curve_names.h"
#include "footwork/sim/svg_plot.h"

namespace footwork::sim {
namespace {

namespace names = anim::curve_names;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Line colours (colour-blind friendly, Okabe-Ito).
constexpr const char* kBlue = "#0072b2";
constexpr const char* kOrange = "#e69f00";
constexpr const char* kGreen = "#009e73";
constexpr const char* kRed = "#d55e00";
constexpr const char* kPurple = "#cc79a7";
constexpr const char* kSky = "#56b4e9";
constexpr const char* kGrey = "#666666";
constexpr std::array<const char*, 7> kLineColors{kBlue,   kOrange, kGreen, kRed,
                                                 kPurple, kSky,    kGrey};

constexpr const char* kStyle = R"(
body { font-family: "DejaVu Sans", "Segoe UI", Helvetica, Arial, sans-serif; margin: 0;
       background: #f4f5f7; color: #222; }
main { max-width: 1220px; margin: 0 auto; padding: 20px; }
h1 { font-size: 22px; margin: 0 0 4px 0; }
h2 { font-size: 16px; margin: 0 0 8px 0; }
.subtitle { color: #555; margin: 0 0 12px 0; }
.card { background: #fff; border: 1px solid #dde0e4; border-radius: 6px; padding: 12px 14px;
        margin: 0 0 14px 0; }
.summary span { margin-right: 22px; }
.badge { display: inline-block; padding: 2px 10px; border-radius: 10px; font-weight: bold;
         font-size: 13px; }
.pass { background: #d8f3dc; color: #1b5e20; }
.fail { background: #ffd6d6; color: #a50000; }
.none { background: #eceff1; color: #555; }
table { border-collapse: collapse; width: 100%; font-size: 13px; }
th, td { text-align: left; padding: 5px 8px; border-bottom: 1px solid #e6e8eb; }
th { background: #f0f2f5; }
td.num { font-variant-numeric: tabular-nums; }
svg.plot { display: block; margin: 4px 0 10px 0; }
.plot-title { font-size: 13px; font-weight: bold; fill: #222; }
.plot-area { fill: #fbfbfc; stroke: #c9ced6; }
.grid { stroke: #e3e6ea; stroke-width: 1; }
.zero { stroke: #a9b0ba; stroke-width: 1; }
.tick { font-size: 11px; fill: #555; }
.axis-label { font-size: 11px; fill: #333; }
.legend { font-size: 11px; fill: #333; }
.marker { stroke: #9aa3ad; stroke-width: 1; stroke-dasharray: 3 3; }
.marker-label { font-size: 10px; fill: #6b7480; }
.band { stroke: #ffffff; stroke-width: 0.5; }
.band-label { font-size: 11px; fill: #1e2a36; }
.note { color: #666; font-size: 12px; }
)";

std::string Fixed(double value, int decimals = 2) {
  if (!std::isfinite(value))
    return "-";
  char buffer[48];
  std::snprintf(buffer, sizeof(buffer), "%.*f", decimals, value);
  return buffer;
}

std::vector<double> Times(std::span<const TraceFrame> frames) {
  std::vector<double> times;
  times.reserve(frames.size());
  for (const TraceFrame& frame : frames)
    times.push_back(frame.t);
  return times;
}

std::vector<double> Column(std::span<const TraceFrame> frames,
                           const std::function<double(const TraceFrame&)>& value) {
  std::vector<double> column;
  column.reserve(frames.size());
  for (const TraceFrame& frame : frames)
    column.push_back(value(frame));
  return column;
}

double WrapDeg(double degrees) {
  double d = std::fmod(degrees, 360.0);
  if (d <= -180.0)
    d += 360.0;
  if (d > 180.0)
    d -= 360.0;
  return d;
}

// Removes 360-degree jumps so a turn through 180 draws as one smooth line.
std::vector<double> Unwrap(const std::vector<double>& wrapped, double reference) {
  std::vector<double> out;
  out.reserve(wrapped.size());
  double previous = reference;
  for (double value : wrapped) {
    if (!std::isfinite(value)) {
      out.push_back(kNaN);
      continue;
    }
    previous += WrapDeg(value - previous);
    out.push_back(previous);
  }
  return out;
}

// Consecutive runs of the same label as bands.
BandRow Runs(const std::string& label, std::span<const TraceFrame> frames,
             const std::function<std::string(const TraceFrame&)>& category,
             const std::function<std::string(const std::string&)>& color = CategoryColor) {
  BandRow row{label, {}};
  for (std::size_t k = 0; k < frames.size(); ++k) {
    const std::string value = category(frames[k]);
    const double end = k + 1 < frames.size() ? frames[k + 1].t : frames[k].t;
    if (!row.bands.empty() && row.bands.back().text == value) {
      row.bands.back().end = end;
    } else {
      if (!row.bands.empty())
        row.bands.back().end = frames[k].t;
      row.bands.push_back({frames[k].t, end, value, value.empty() ? "#ffffff" : color(value)});
    }
  }
  std::erase_if(row.bands, [](const Band& band) { return band.text.empty(); });
  return row;
}

std::string DominantClip(const TraceFrame& frame) {
  const ClipSample* best = nullptr;
  for (const ClipSample& clip : frame.clips) {
    if (!best || clip.weight > best->weight)
      best = &clip;
  }
  return best ? best->name : std::string();
}

std::string FlagColor(const std::string& value) {
  return value.empty() ? "#ffffff" : "#4e79a7";
}

std::vector<AxisLabel> EventMarkers(std::span<const TraceFrame> frames) {
  std::vector<AxisLabel> markers;
  for (const TraceFrame& frame : frames) {
    for (const TraceEvent& event : frame.events) {
      switch (event.kind) {
        case TraceEvent::Kind::kStopBegan:
          markers.push_back({frame.t, "stop"});
          break;
        case TraceEvent::Kind::kTurnBegan:
          markers.push_back({frame.t, TurnKindName(event.turn_kind)});
          break;
        case TraceEvent::Kind::kGiveWayBegan:
          markers.push_back({frame.t, "give way"});
          break;
        default:
          break;
      }
    }
  }
  return markers;
}

std::string SpeedPlot(std::span<const TraceFrame> frames, double t0, double t1) {
  LinePlot plot;
  plot.title = "Speed";
  plot.y_label = "m/s";
  plot.x_min = t0;
  plot.x_max = t1;
  plot.y_min = 0.0;
  plot.x_markers = EventMarkers(frames);
  const std::vector<double> times = Times(frames);
  plot.series.push_back({"ground speed", kBlue, times, Column(frames, [](const TraceFrame& f) {
                           return std::hypot(double(f.velocity.x), double(f.velocity.z));
                         })});
  plot.series.push_back({"vertical speed", kGrey, times,
                         Column(frames, [](const TraceFrame& f) { return double(f.velocity.y); }),
                         false, true, 1.2});
  double lo = 0.0;
  for (double v : plot.series[1].y) {
    if (std::isfinite(v))
      lo = std::min(lo, v);
  }
  plot.y_min = lo;
  return RenderLinePlot(plot);
}

std::string YawPlot(std::span<const TraceFrame> frames, double t0, double t1) {
  LinePlot plot;
  plot.title = "Yaw";
  plot.y_label = "degrees (unwrapped)";
  plot.x_min = t0;
  plot.x_max = t1;
  plot.x_markers = EventMarkers(frames);
  const std::vector<double> times = Times(frames);
  const std::vector<double> actor =
      Unwrap(Column(frames, [](const TraceFrame& f) { return double(f.actor_yaw_deg); }), 0.0);
  const double reference = actor.empty() ? 0.0 : actor.front();
  std::vector<double> target(frames.size(), kNaN);
  for (std::size_t k = 0; k < frames.size(); ++k) {
    // On the actor's branch, so target and actor stay comparable after many turns.
    if (frames[k].target_yaw_deg && std::isfinite(actor[k])) {
      target[k] = actor[k] + WrapDeg(*frames[k].target_yaw_deg - actor[k]);
    }
  }
  plot.series.push_back({"actor yaw", kBlue, times, actor});
  plot.series.push_back(
      {"camera yaw", kOrange, times,
       Unwrap(Column(frames, [](const TraceFrame& f) { return double(f.camera_yaw_deg); }),
              reference)});
  plot.series.push_back({"target yaw", kGreen, times, target, false, true, 1.4});
  return RenderLinePlot(plot);
}

std::string TimelineChart(std::span<const TraceFrame> frames, double t0, double t1) {
  BandChart chart;
  chart.title = "State timeline and clips";
  chart.x_min = t0;
  chart.x_max = t1;
  chart.row_height = 26;
  chart.rows.push_back(Runs("state", frames, [](const TraceFrame& f) { return f.state; }));
  chart.rows.push_back(Runs("clip (top weight)", frames, DominantClip));
  chart.rows.push_back(Runs("gait", frames, [](const TraceFrame& f) { return f.gait; }));
  chart.rows.push_back(
      Runs("rotation mode", frames, [](const TraceFrame& f) { return f.rotation_mode; }));
  chart.rows.push_back(
      Runs("movement mode", frames, [](const TraceFrame& f) { return f.movement_mode; }));
  chart.rows.push_back(
      Runs("direction", frames, [](const TraceFrame& f) { return f.cardinal_direction; }));
  return RenderBandChart(chart);
}

std::vector<std::string> SelectedCurves(std::span<const TraceFrame> frames,
                                        const ReportOptions& options) {
  std::set<std::string> present;
  for (const TraceFrame& frame : frames) {
    for (const auto& [name, value] : frame.curves)
      present.insert(name);
  }
  std::vector<std::string> chosen;
  if (!options.curves.empty()) {
    for (const std::string& name : options.curves) {
      if (present.contains(name))
        chosen.push_back(name);
    }
    return chosen;
  }
  for (const char* name : {names::kRotateAlpha, names::kDisableSwitchGroundGait,
                           names::kEnableTurnInPlace, names::kRotationAmount, names::kTurnYawWeight,
                           names::kFootLockLeft, names::kFootLockRight}) {
    if (present.contains(name))
      chosen.push_back(name);
  }
  return chosen;
}

std::vector<double> CurveColumn(std::span<const TraceFrame> frames, const std::string& name) {
  return Column(frames, [&name](const TraceFrame& f) {
    const auto it = f.curves.find(name);
    return it == f.curves.end() ? kNaN : double(it->second);
  });
}

std::string CurvePlots(std::span<const TraceFrame> frames, double t0, double t1,
                       const ReportOptions& options) {
  const std::vector<double> times = Times(frames);
  std::string html;
  LinePlot alphas;
  alphas.title = "Curves";
  alphas.y_label = "value";
  alphas.x_min = t0;
  alphas.x_max = t1;
  std::size_t color = 0;
  for (const std::string& name : SelectedCurves(frames, options)) {
    if (name == names::kDistance || name == names::kMotionSpeed)
      continue;
    alphas.series.push_back(
        {name, kLineColors[color++ % kLineColors.size()], times, CurveColumn(frames, name)});
  }
  if (!alphas.series.empty())
    html += RenderLinePlot(alphas);

  LinePlot distance;
  distance.title = "Distance and MotionSpeed curves";
  distance.y_label = "m, m/s";
  distance.x_min = t0;
  distance.x_max = t1;
  distance.x_markers = EventMarkers(frames);
  for (const char* name : {names::kDistance, names::kMotionSpeed}) {
    std::vector<double> column = CurveColumn(frames, name);
    if (std::any_of(column.begin(), column.end(), [](double v) { return std::isfinite(v); })) {
      distance.series.push_back(
          {name, name == std::string(names::kDistance) ? kRed : kPurple, times, std::move(column)});
    }
  }
  if (!distance.series.empty())
    html += RenderLinePlot(distance);
  return html;
}

std::string FeetPlots(std::span<const TraceFrame> frames, double t0, double t1) {
  const std::vector<double> times = Times(frames);
  LinePlot heights;
  heights.title =
      "Foot heights: lowest sole point above the surface (cm; world height where none is known)";
  heights.y_label = "cm";
  heights.x_min = t0;
  heights.x_max = t1;
  const auto height = [](const FootSample& foot) {
    if (const std::optional<float> clearance = LowestSoleClearanceM(foot))
      return static_cast<double>(*clearance) * 100.0;
    return static_cast<double>(foot.sole_height_m.value_or(foot.position.y)) * 100.0;
  };
  heights.series.push_back({"left foot", kBlue, times, Column(frames, [&](const TraceFrame& f) {
                              return height(f.foot_left);
                            })});
  heights.series.push_back({"right foot", kOrange, times, Column(frames, [&](const TraceFrame& f) {
                              return height(f.foot_right);
                            })});
  heights.series.push_back(
      {"pelvis offset", kGrey, times,
       Column(frames, [](const TraceFrame& f) { return f.pelvis_offset_m * 100.0; }), false, true,
       1.2});
  BandChart flags;
  flags.title = "Foot contact and lock";
  flags.x_min = t0;
  flags.x_max = t1;
  flags.row_height = 20;
  const auto flag = [](bool on, const char* text) {
    return on ? std::string(text) : std::string();
  };
  flags.rows.push_back(Runs(
      "left contact", frames,
      [&](const TraceFrame& f) { return flag(f.foot_left.contact, "contact"); }, FlagColor));
  flags.rows.push_back(Runs(
      "left locked", frames,
      [&](const TraceFrame& f) { return flag(f.foot_left.locked, "locked"); },
      [](const std::string&) { return std::string("#59a14f"); }));
  flags.rows.push_back(Runs(
      "right contact", frames,
      [&](const TraceFrame& f) { return flag(f.foot_right.contact, "contact"); },
      [](const std::string&) { return std::string("#f28e2b"); }));
  flags.rows.push_back(Runs(
      "right locked", frames,
      [&](const TraceFrame& f) { return flag(f.foot_right.locked, "locked"); },
      [](const std::string&) { return std::string("#59a14f"); }));
  // Flag bands are solid colour; their labels would only repeat the row name.
  for (BandRow& row : flags.rows) {
    for (Band& band : row.bands)
      band.text.clear();
  }
  return RenderLinePlot(heights) + RenderBandChart(flags);
}

std::string Badge(const MetricCheck& check) {
  if (!check.value)
    return "<span class=\"badge none\">no data</span>";
  if (!check.bar)
    return "<span class=\"badge none\">info</span>";
  return check.passed() ? "<span class=\"badge pass\">PASS</span>"
                        : "<span class=\"badge fail\">FAIL</span>";
}

std::string MetricTable(const Metrics& metrics) {
  std::string html =
      "<table class=\"metrics\"><tr><th>metric</th><th>value</th><th>bar</th><th>source</th>"
      "<th>result</th></tr>";
  for (const MetricCheck& check : metrics.checks) {
    html += "<tr><td>" + EscapeXml(check.name) + "</td><td class=\"num\">" +
            (check.value ? Fixed(*check.value, check.name == "nan_frames" ? 0 : 2) : "-") +
            "</td><td class=\"num\">" +
            (check.bar ? EscapeXml(check.comparison) + " " +
                             Fixed(*check.bar, check.name == "nan_frames" ? 0 : 2)
                       : "-") +
            "</td><td>" + EscapeXml(check.source) + "</td><td>" + Badge(check) + "</td></tr>";
  }
  html += "</table>";
  return html;
}

std::string SegmentTables(const Metrics& metrics) {
  std::string html;
  if (!metrics.stops.empty()) {
    html +=
        "<h2>Stops</h2><table><tr><th>begin (s)</th><th>end (s)</th><th>error (cm)</th>"
        "<th>note</th></tr>";
    for (const StopResult& stop : metrics.stops) {
      html += "<tr><td class=\"num\">" + Fixed(stop.begin_t) + "</td><td class=\"num\">" +
              Fixed(stop.end_t) + "</td><td class=\"num\">" +
              (stop.error_cm ? Fixed(*stop.error_cm) : "-") + "</td><td>" +
              (stop.interrupted ? "interrupted, not measured" : "") + "</td></tr>";
    }
    html += "</table>";
  }
  if (!metrics.turns.empty()) {
    html +=
        "<h2 style=\"margin-top:12px\">Starts and turns</h2><table><tr><th>kind</th>"
        "<th>begin (s)</th><th>end (s)</th><th>from (deg)</th><th>target (deg)</th>"
        "<th>final (deg)</th><th>yaw error (deg)</th><th>wrong way (deg)</th></tr>";
    for (const TurnResult& turn : metrics.turns) {
      html += std::string("<tr><td>") + TurnKindName(turn.kind) + "</td><td class=\"num\">" +
              Fixed(turn.begin_t) + "</td><td class=\"num\">" + Fixed(turn.end_t) +
              "</td><td class=\"num\">" + Fixed(turn.start_yaw_deg, 1) + "</td><td class=\"num\">" +
              Fixed(turn.target_yaw_deg, 1) + "</td><td class=\"num\">" +
              Fixed(turn.final_yaw_deg, 1) + "</td><td class=\"num\">" +
              (turn.yaw_error_deg ? Fixed(*turn.yaw_error_deg) : "interrupted") +
              "</td><td class=\"num\">" + Fixed(turn.wrong_way_yaw_deg) + "</td></tr>";
    }
    html += "</table>";
  }
  return html;
}

}  // namespace

std::string RenderReportHtml(std::span<const TraceFrame> frames, const Metrics& metrics,
                             const ReportOptions& options) {
  const double t0 = frames.empty() ? 0.0 : frames.front().t;
  const double t1 = frames.empty() ? 1.0 : std::max(frames.back().t, t0 + 1e-3);
  std::string html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">";
  html += "<title>" + EscapeXml(options.title) + "</title><style>" + kStyle + "</style></head>";
  html += "<body><main>";
  html += "<h1>" + EscapeXml(options.title) + "</h1>";
  if (!options.subtitle.empty()) {
    html += "<p class=\"subtitle\">" + EscapeXml(options.subtitle) + "</p>";
  }
  html += "<div class=\"card summary\"><span><b>" + std::to_string(metrics.frames) +
          "</b> frames</span><span><b>" + Fixed(t1 - t0) + "</b> s</span><span><b>" +
          std::to_string(metrics.nan_frames) + "</b> NaN frames</span><span><b>" +
          std::to_string(metrics.stops.size()) + "</b> stops</span><span><b>" +
          std::to_string(metrics.turns.size()) + "</b> starts/turns</span><span>overall " +
          (metrics.Passed() ? "<span class=\"badge pass\">PASS</span>"
                            : "<span class=\"badge fail\">FAIL</span>") +
          "</span></div>";
  html += "<div class=\"card\"><h2>Metrics against the bars</h2>" + MetricTable(metrics) +
          "<p class=\"note\">Bars from issue 6 (locomotion) and issue 7 (feet and look-at). "
          "&quot;no data&quot;: the trace lacks the metric's input; &quot;info&quot;: no bar "
          "is set.</p></div>";
  const std::string segments = SegmentTables(metrics);
  if (!segments.empty())
    html += "<div class=\"card\">" + segments + "</div>";
  if (!frames.empty()) {
    html += "<div class=\"card\">" + SpeedPlot(frames, t0, t1) + YawPlot(frames, t0, t1) + "</div>";
    html += "<div class=\"card\">" + TimelineChart(frames, t0, t1) + "</div>";
    html += "<div class=\"card\">" + CurvePlots(frames, t0, t1, options) + "</div>";
    html += "<div class=\"card\">" + FeetPlots(frames, t0, t1) + "</div>";
  }
  html += "</main></body></html>\n";
  return html;
}

Status WriteReportHtml(const std::filesystem::path& path, std::span<const TraceFrame> frames,
                       const Metrics& metrics, const ReportOptions& options) {
  std::ofstream stream(path, std::ios::binary | std::ios::trunc);
  if (!stream) {
    return Error{path.string() + ": cannot create report.html (does the directory exist?)"};
  }
  stream << RenderReportHtml(frames, metrics, options);
  stream.flush();
  if (!stream)
    return Error{path.string() + ": writing report.html failed (disk full?)"};
  return Status::Ok();
}

}  // namespace footwork::sim
