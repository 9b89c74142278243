#include "sweep_command.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "footwork/locomotion/scenario.h"
#include "footwork/locomotion/scenario_sweep.h"
#include "footwork/locomotion/simulation_runner.h"
#include "footwork/locomotion/simulation_setup.h"
#include "footwork/sim/metrics.h"
#include "simulation_inputs.h"

namespace footwork::cli {
namespace {

struct SweepOptions {
  std::string scenario;
  std::string character;
  std::string level;
  std::string out;
  std::vector<float> span;
  int steps = 10;
};

// A metric's value for the summary: null when the run did not measure it.
nlohmann::json Value(const std::optional<double>& value) {
  return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

int RunSweep(const SweepOptions& options) {
  auto fail = [](const std::string& message) {
    std::fprintf(stderr, "footwork sweep: %s\n", message.c_str());
    return 1;
  };
  if (options.span.size() != 3)
    return fail("--span takes three numbers (x y z, metres)");
  auto scenario = locomotion::LoadScenario(options.scenario);
  if (!scenario)
    return fail(scenario.error().message);
  auto runs = locomotion::SweepStartPositions(
      *scenario, glm::vec3(options.span[0], options.span[1], options.span[2]), options.steps);
  if (!runs)
    return fail(runs.error().message);
  const std::filesystem::path out = options.out;
  auto inputs = LoadSimulationInputs(options.character, options.level, out);
  if (!inputs)
    return fail(inputs.error().message);
  nlohmann::json summary = {
      {"scenario", options.scenario}, {"span_m", options.span}, {"runs", nlohmann::json::array()}};
  int passed = 0;
  // The worst of each headline metric over the runs.
  double worst_jump = 0.0, worst_float = 0.0, worst_penetration = 0.0, worst_slide = 0.0;
  std::printf("%4s %24s %6s %8s %8s %8s %9s\n", "run", "start (m)", "bars", "jump deg", "float cm",
              "pen cm", "slide cm/s");
  for (std::size_t i = 0; i < runs->size(); ++i) {
    const locomotion::Scenario& run = (*runs)[i];
    // Each run starts over: a fresh world (the level's moving bodies back at their start).
    auto fresh = locomotion::LoadSimulationSetup(inputs->level, inputs->library);
    if (!fresh)
      return fail(fresh.error().message);
    std::vector<sim::LookSample> npc_looks;
    const locomotion::SimulationOptions run_options =
        locomotion::SimulationOptionsFor(*fresh, &npc_looks);
    auto frames = locomotion::RunSimulation(run, fresh->assets, *fresh->mover, run_options);
    if (!frames)
      return fail(fmt::format("run {}: {}", i, frames.error().message));
    auto metrics = sim::ComputeRuntimeMetrics(*frames, fresh->seen_joints);
    if (!metrics)
      return fail(fmt::format("run {}: {}", i, metrics.error().message));
    metrics->npc_look_error_deg = sim::ComputeLookErrorStats(npc_looks);
    const std::filesystem::path run_dir = out / fmt::format("run_{:02}", i);
    std::error_code created;
    std::filesystem::create_directories(run_dir, created);
    if (created)
      return fail(run_dir.string() + ": cannot create directory: " + created.message());
    if (Status written = sim::WriteMetricsJson(run_dir / "metrics.json", *metrics); !written)
      return fail(written.error().message);

    const bool ok = metrics->Passed();
    passed += ok ? 1 : 0;
    const std::optional<double> jump =
        metrics->max_joint_jump ? std::optional(metrics->max_joint_jump->degrees_per_60hz_frame)
                                : std::nullopt;
    const std::optional<double> slide =
        metrics->foot_slide ? std::optional(metrics->foot_slide->mean_cm_s) : std::nullopt;
    worst_jump = std::max(worst_jump, jump.value_or(0.0));
    worst_float = std::max(worst_float, metrics->foot_float_cm.value_or(0.0));
    worst_penetration = std::max(worst_penetration, metrics->foot_penetration_cm.value_or(0.0));
    worst_slide = std::max(worst_slide, slide.value_or(0.0));
    summary["runs"].push_back(
        {{"start_position", {run.start_position.x, run.start_position.y, run.start_position.z}},
         {"passed", ok},
         {"max_joint_jump_deg", Value(jump)},
         {"foot_float_cm", Value(metrics->foot_float_cm)},
         {"foot_penetration_cm", Value(metrics->foot_penetration_cm)},
         {"foot_slide_mean_cm_s", Value(slide)}});
    std::printf("%4zu %7.3f %7.3f %8.3f %6s %8.2f %8.2f %8.2f %9.3f\n", i, run.start_position.x,
                run.start_position.y, run.start_position.z, ok ? "pass" : "FAIL",
                jump.value_or(0.0), metrics->foot_float_cm.value_or(0.0),
                metrics->foot_penetration_cm.value_or(0.0), slide.value_or(0.0));
  }
  summary["passed"] = passed;
  summary["worst"] = {{"max_joint_jump_deg", worst_jump},
                      {"foot_float_cm", worst_float},
                      {"foot_penetration_cm", worst_penetration},
                      {"foot_slide_mean_cm_s", worst_slide}};
  std::ofstream file(out / "sweep.json");
  file << summary.dump(2) << '\n';
  if (!file)
    return fail((out / "sweep.json").string() + ": cannot write");
  std::printf(
      "%d of %zu runs pass every bar; worst: jump %.2f deg, float %.2f cm, penetration "
      "%.2f cm, slide %.3f cm/s\n",
      passed, runs->size(), worst_jump, worst_float, worst_penetration, worst_slide);
  return 0;
}

}  // namespace

void RegisterSweepCommand(CLI::App& app, int* exit_code) {
  auto options = std::make_shared<SweepOptions>();
  CLI::App* command = app.add_subcommand(
      "sweep",
      "Run one scenario from many start positions; write each run's metrics and a summary");
  command->add_option("--scenario", options->scenario, "Scenario (.json)")->required();
  command->add_option("--span", options->span, "Start offset of the last run: x y z (metres)")
      ->required()
      ->expected(3);
  command->add_option("--steps", options->steps,
                      "Runs, from the scenario's start to the span (2-1000)");
  command->add_option("--character", options->character,
                      "Character description (.json) or cooked library (.fwcl)");
  command->add_option("--level", options->level, "Level (.json)");
  command->add_option("--out", options->out, "Output directory")->required();
  command->callback([options, exit_code] { *exit_code = RunSweep(*options); });
}

}  // namespace footwork::cli
