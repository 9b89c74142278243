#include "simulate_command.h"

#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>

#include "footwork/locomotion/scenario.h"
#include "footwork/locomotion/simulation_runner.h"
#include "footwork/locomotion/simulation_setup.h"
#include "footwork/sim/metrics.h"
#include "footwork/sim/trace_io.h"
#include "simulation_inputs.h"

namespace footwork::cli {
namespace {

struct SimulateOptions {
  std::string scenario;
  std::string character;
  std::string level;
  std::string out;
  bool joints = false;
  bool internal = false;
  bool no_ik = false;
};

int RunSimulate(const SimulateOptions& options) {
  auto fail = [](const std::string& message) {
    std::fprintf(stderr, "footwork simulate: %s\n", message.c_str());
    return 1;
  };
  auto scenario = locomotion::LoadScenario(options.scenario);
  if (!scenario)
    return fail(scenario.error().message);
  const std::filesystem::path out = options.out;
  auto inputs = LoadSimulationInputs(options.character, options.level, out);
  if (!inputs)
    return fail(inputs.error().message);
  auto setup = locomotion::LoadSimulationSetup(inputs->level, inputs->library);
  if (!setup)
    return fail(setup.error().message);
  std::vector<sim::LookSample> npc_looks;
  locomotion::SimulationOptions run_options = locomotion::SimulationOptionsFor(*setup, &npc_looks);
  run_options.joints = options.joints;
  if (options.no_ik)
    run_options.ik = false;
  double update_seconds = 0.0;
  run_options.update_seconds = &update_seconds;
  auto frames = locomotion::RunSimulation(*scenario, setup->assets, *setup->mover, run_options);
  if (!frames)
    return fail(frames.error().message);

  std::error_code created;
  std::filesystem::create_directories(out, created);
  if (created)
    return fail(out.string() + ": cannot create directory: " + created.message());
  auto writer = sim::TraceWriter::Open(out / "trace.jsonl", {.include_internal = options.internal});
  if (!writer)
    return fail(writer.error().message);
  for (const sim::TraceFrame& frame : *frames) {
    if (Status written = writer->Write(frame); !written)
      return fail(written.error().message);
  }
  if (Status closed = writer->Close(); !closed)
    return fail(closed.error().message);
  auto metrics = sim::ComputeRuntimeMetrics(*frames, setup->seen_joints);
  if (!metrics)
    return fail(metrics.error().message);
  metrics->npc_look_error_deg = sim::ComputeLookErrorStats(npc_looks);
  if (Status written = sim::WriteMetricsJson(out / "metrics.json", *metrics); !written)
    return fail(written.error().message);
  std::printf("simulated %zu frames of %s into %s: %s\n", frames->size(), options.scenario.c_str(),
              out.string().c_str(), metrics->Passed() ? "all bars pass" : "some bars fail");
  std::printf(
      "  per-character update (movement + locomotion + graph + pose, no IK): %.2f us/frame\n",
      frames->empty() ? 0.0 : 1e6 * update_seconds / static_cast<double>(frames->size()));
  for (const sim::MetricCheck& check : metrics->checks) {
    if (check.value)
      std::printf("  %-22s %10.3f  bar %s %s  %s\n", check.name.c_str(), *check.value,
                  check.comparison.c_str(), check.bar ? std::to_string(*check.bar).c_str() : "-",
                  !check.measured() ? "" : (check.passed() ? "pass" : "FAIL"));
  }
  return 0;
}

}  // namespace

void RegisterSimulateCommand(CLI::App& app, int* exit_code) {
  auto options = std::make_shared<SimulateOptions>();
  CLI::App* command = app.add_subcommand(
      "simulate", "Run a scripted scenario on the locomotion character; write trace and metrics");
  command->add_option("--scenario", options->scenario, "Scenario (.json)")->required();
  command->add_option("--character", options->character,
                      "Character description (.json) or cooked library (.fwcl)");
  command->add_option("--level", options->level, "Level (.json)");
  command->add_option("--out", options->out, "Output directory")->required();
  command->add_flag("--joints", options->joints, "Record model-space joint positions");
  command->add_flag("--internal", options->internal,
                    "Also write the internal fields the metrics use (sole and surface heights)");
  command->add_flag("--no-ik", options->no_ik,
                    "Without the IK stage: the locomotion pose alone, to tell what the animation "
                    "does from what the IK adds");
  command->callback([options, exit_code] { *exit_code = RunSimulate(*options); });
}

}  // namespace footwork::cli
