#include "demo_command.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>

#include "footwork/demo/motion_bake.h"
#include "footwork/demo/progress_bar.h"
#include "footwork/demo/scenario_run.h"
#include "footwork/demo/trace_video.h"
#include "footwork/io/asset_paths.h"
#include "footwork/io/gltf_export.h"
#include "footwork/sim/report.h"
#include "footwork/sim/trace_io.h"
#include "video_size.h"

namespace footwork::cli {
namespace {

struct DemoOptions {
  std::string out = "out/demo";
  std::string scenario;
  std::string size = "960x540";
  int fps = 30;
  // Multisampling costs about twice the render time on a 2-core software renderer; the default
  // keeps scripts/demo within its time budget.
  int msaa = 1;
  bool debug_draw = false;
  bool no_video = false;
};

int Fail(const std::string& message) {
  std::fprintf(stderr, "footwork demo: %s\n", message.c_str());
  return 1;
}

double SecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

int RunDemo(const DemoOptions& options) {
  const auto began = std::chrono::steady_clock::now();
  auto size = ParseVideoSize(options.size);
  if (!size)
    return Fail(size.error().message);
  const std::filesystem::path out = options.out;
  std::error_code made;
  std::filesystem::create_directories(out, made);
  if (made)
    return Fail(out.string() + ": cannot create folder: " + made.message());

  demo::ScenarioRunInputs inputs;
  inputs.scenario = options.scenario.empty() ? io::ProjectAssets() / "scenarios" / "showcase.json"
                                             : std::filesystem::path(options.scenario);
  inputs.cache_dir = out / ".footwork-cache";
  std::fprintf(stderr, "footwork demo: cooking the character if needed, simulating %s\n",
               inputs.scenario.string().c_str());
  auto run = demo::RunScenario(inputs);
  if (!run)
    return Fail(run.error().message);
  std::fprintf(stderr, "  character: %s (%.1f s)\n",
               run->cooked ? "cooked (cache missing or stale)" : "cached library up to date",
               run->cook_seconds);
  std::fprintf(stderr, "  simulated %zu frames in %.1f s (%.1f us a character update)\n",
               run->frames.size(), run->simulate_seconds, run->update_us_per_frame);

  // The public trace plus the internal fields, so metrics can be recomputed from the file.
  auto writer = sim::TraceWriter::Open(out / "trace.jsonl", {.include_internal = true});
  if (!writer)
    return Fail(writer.error().message);
  for (const sim::TraceFrame& frame : run->frames) {
    if (Status written = writer->Write(frame); !written)
      return Fail(written.error().message);
  }
  if (Status closed = writer->Close(); !closed)
    return Fail(closed.error().message);
  if (Status written = sim::WriteMetricsJson(out / "metrics.json", run->metrics); !written)
    return Fail(written.error().message);

  sim::ReportOptions report;
  report.title = "Footwork demo: showcase scenario";
  report.subtitle = inputs.scenario.filename().string() + " on " + run->library.character +
                    " in level '" + run->level.name + "', " + std::to_string(run->frames.size()) +
                    " frames";
  if (Status written = sim::WriteReportHtml(out / "report.html", run->frames, run->metrics, report);
      !written)
    return Fail(written.error().message);

  demo::MotionBakeOptions bake;
  bake.duration_s = run->scenario.duration_s;
  bake.capsule_bottom_offset_m = run->capsule_bottom_offset_m;
  auto motion = demo::BakeMotion(run->frames, run->library, bake);
  if (!motion)
    return Fail(motion.error().message);
  if (Status exported = io::ExportGltf(*motion, out / "motion.glb"); !exported)
    return Fail(exported.error().message);

  if (!options.no_video) {
    demo::TraceVideoOptions video;
    video.width = size->first;
    video.height = size->second;
    video.fps = options.fps;
    video.msaa = options.msaa;
    video.gif_width = 400;
    video.gif_fps = 10;
    video.mp4 = out / "demo.mp4";
    video.gif = out / "demo.gif";
    video.debug_draw = options.debug_draw;
    video.capsule_bottom_offset_m = run->capsule_bottom_offset_m;
    video.capsule_radius_m = run->capsule_radius_m;
    video.capsule_half_height_m = run->capsule_half_height_m;
    video.npc_poses = run->npc_poses;
    demo::ProgressBar bar("  rendering demo.mp4 + demo.gif");
    auto stats = demo::RenderTraceVideo(run->frames, run->library, run->level, video,
                                        [&bar](int done, int total) { bar.Update(done, total); });
    bar.Finish();
    if (!stats)
      return Fail(stats.error().message);
    std::fprintf(stderr,
                 "  rendered %d frames at %dx%d, %.1f ms a frame; ffmpeg finished %.1f s after "
                 "the last frame\n",
                 stats->frames, size->first, size->second, stats->render_ms_per_frame,
                 stats->close_s);
  }

  std::printf(
      "footwork demo: wrote %s/{report.html, demo.mp4, demo.gif, motion.glb, "
      "metrics.json, trace.jsonl} in %.1f s; metrics: %s\n",
      out.string().c_str(), SecondsSince(began),
      run->metrics.Passed() ? "all bars pass" : "some bars fail (see report.html)");
  std::printf("open %s/report.html in a browser, play %s/demo.mp4\n", out.string().c_str(),
              out.string().c_str());
  return 0;
}

}  // namespace

void RegisterDemoCommand(CLI::App& app, int* exit_code) {
  auto options = std::make_shared<DemoOptions>();
  CLI::App* command = app.add_subcommand(
      "demo",
      "Cook the default character, run the showcase scenario and write report, video, "
      "glTF motion, metrics and trace");
  command->add_option("--out", options->out, "Output folder")->capture_default_str();
  command->add_option("--scenario", options->scenario,
                      "Scenario (.json); default: assets/scenarios/showcase.json");
  command->add_option("--size", options->size, "Video WIDTHxHEIGHT")->capture_default_str();
  command->add_option("--fps", options->fps, "Video frames per second")->capture_default_str();
  command->add_option("--msaa", options->msaa, "Video antialiasing samples: 1 (off) or 4")
      ->capture_default_str();
  command->add_flag("--debug-draw", options->debug_draw,
                    "Draw the capsule, root and foot traces and foot locks in the video");
  command->add_flag("--no-video", options->no_video, "Skip demo.mp4 and demo.gif");
  command->callback([options, exit_code] { *exit_code = RunDemo(*options); });
}

}  // namespace footwork::cli
