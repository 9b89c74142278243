#pragma once
// report.html: one self-contained page (inline CSS and SVG, no scripts, no network) that shows a
// simulated trace and its metrics: speed and gait, actor/camera/target yaw, the state timeline
// with clip names, selected curves, foot heights with contact and lock flags, and the metric
// table with pass/fail against the bars (issue 8).

#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "footwork/core/error.h"
#include "footwork/sim/metrics.h"
#include "footwork/sim/trace_frame.h"

namespace footwork::sim {

struct ReportOptions {
  std::string title = "Footwork simulation report";
  // Shown under the title (scenario file, character, level).
  std::string subtitle;
  // Curves to plot (0..1 style curves together, Distance on its own plot). Empty: the locomotion
  // curves that the trace contains (RotateAlpha, FootLock_L/R, DisableSwitchGroundGait, ...).
  std::vector<std::string> curves;
};

std::string RenderReportHtml(std::span<const TraceFrame> frames, const Metrics& metrics,
                             const ReportOptions& options = {});
Status WriteReportHtml(const std::filesystem::path& path, std::span<const TraceFrame> frames,
                       const Metrics& metrics, const ReportOptions& options = {});

}  // namespace footwork::sim
