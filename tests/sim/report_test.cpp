// report.html: structure checks, and a real render in headless Chromium (scripts/install-deps
// installs it; a missing browser fails the test so a missing install step shows).

#include "footwork/sim/report.h"

#include <unistd.h>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>

#include <gtest/gtest.h>

#include "footwork/sim/synthetic_trace.h"

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wshadow"
#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_PNG
#include <stb/stb_image.h>
#pragma GCC diagnostic pop

namespace footwork::sim {
namespace {

std::vector<TraceFrame> Showcase() {
  SyntheticTraceBuilder builder;
  builder.Idle(0.6)
      .Start(150.0f, 1.7f, 0.7)
      .Cycle(1.2, 1.7f)
      .GaitTransition(3.9f, 0.5, "run")
      .Cycle(1.2, 3.9f, "run")
      .Stop(0.8, 0.02f)
      .Idle(0.3)
      .Camera(45.0f)
      .TurnInPlace(-90.0f, 1.1, 0.8f)
      .Jump(0.45f, 0.7)
      .Idle(0.5);
  return builder.frames();
}

std::string ShowcaseHtml() {
  const std::vector<TraceFrame> frames = Showcase();
  Result<Metrics> metrics = ComputeMetrics(frames);
  EXPECT_TRUE(metrics.ok());
  ReportOptions options;
  options.subtitle = "synthetic showcase trace (sim layer test) <no character yet>";
  return RenderReportHtml(frames, *metrics, options);
}

std::size_t Count(const std::string& text, const std::string& needle) {
  std::size_t count = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos;
       at = text.find(needle, at + needle.size())) {
    ++count;
  }
  return count;
}

TEST(ReportTest, HasEveryPlotTheMetricTableAndNoExternalReferences) {
  const std::string html = ShowcaseHtml();
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(html.find("</html>"), std::string::npos);
  // Speed, yaw, timeline, curves, distance, foot heights, foot flags.
  EXPECT_EQ(Count(html, "<svg "), 7u);
  EXPECT_EQ(Count(html, "<svg "), Count(html, "</svg>"));
  for (const char* text :
       {"Speed", "Yaw", "State timeline", "Curves", "Foot heights", "Foot contact and lock",
        "Metrics against the bars", "foot_slide_cm_s.mean", "stop_error_cm.max",
        "wrong_way_yaw_deg", "Walk_Start_L180", "TurnInPlace_R90", "GaitTransition", "PASS"}) {
    EXPECT_NE(html.find(text), std::string::npos) << text;
  }
  // Self-contained: no scripts, links, imports or URLs of any scheme.
  for (const char* banned : {"<script", "<link", "@import", "http:", "https:", "src=", "url("}) {
    EXPECT_EQ(html.find(banned), std::string::npos) << banned;
  }
  // User text is escaped.
  EXPECT_NE(html.find("&lt;no character yet&gt;"), std::string::npos);
}

TEST(ReportTest, FailingMetricIsMarkedFail) {
  std::vector<TraceFrame> frames = Showcase();
  frames[10].position.x = std::nanf("");
  const Result<Metrics> metrics = ComputeMetrics(frames);
  ASSERT_TRUE(metrics.ok());
  const std::string html = RenderReportHtml(frames, *metrics);
  EXPECT_NE(html.find("badge fail"), std::string::npos);
}

TEST(ReportTest, EmptyTraceStillRenders) {
  const Result<Metrics> metrics = ComputeMetrics({});
  ASSERT_TRUE(metrics.ok());
  const std::string html = RenderReportHtml({}, *metrics);
  EXPECT_NE(html.find("Metrics against the bars"), std::string::npos);
}

// Issue 8: the report opens in headless Chromium and the screenshot is not blank.
TEST(ReportTest, RendersInHeadlessChromium) {
  ASSERT_EQ(std::system("command -v chromium >/dev/null 2>&1"), 0)
      << "chromium not installed: run scripts/install-deps";
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("footwork_report_test_" + std::to_string(getpid()));
  std::filesystem::create_directories(dir / "profile");
  const Result<Metrics> metrics = ComputeMetrics(Showcase());
  ASSERT_TRUE(metrics.ok());
  ASSERT_TRUE(WriteReportHtml(dir / "report.html", Showcase(), *metrics).ok());
  const std::string command =
      "chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run "
      "--disable-background-networking --disable-component-update --disable-sync "
      "--user-data-dir=" +
      (dir / "profile").string() + " --screenshot=" + (dir / "report.png").string() +
      " --window-size=1280,1600 file://" + (dir / "report.html").string() + " >/dev/null 2>&1";
  ASSERT_EQ(std::system(command.c_str()), 0) << command;

  int width = 0, height = 0, channels = 0;
  unsigned char* pixels =
      stbi_load((dir / "report.png").string().c_str(), &width, &height, &channels, 3);
  ASSERT_NE(pixels, nullptr) << "no screenshot at " << (dir / "report.png");
  // Not blank: many distinct colours (plots, badges, bands), not one background colour.
  std::size_t non_background = 0;
  std::set<int> colours;
  for (int i = 0; i < width * height; ++i) {
    const unsigned char* p = pixels + 3 * i;
    colours.insert((p[0] << 16) | (p[1] << 8) | p[2]);
    if (std::abs(p[0] - p[1]) > 30 || std::abs(p[1] - p[2]) > 30)
      ++non_background;
  }
  stbi_image_free(pixels);
  EXPECT_EQ(width, 1280);
  EXPECT_GT(colours.size(), 50u);
  EXPECT_GT(non_background, 2000u);  // coloured lines and bands
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace footwork::sim
