#pragma once
// `footwork sweep --scenario FILE --span X Y Z --steps N --out DIR [--character FILE]
// [--level FILE]`: plays one scenario from N start positions spread over the span (see
// locomotion::SweepStartPositions) and writes DIR/run_NN/metrics.json for each and DIR/sweep.json
// (per run: start, whether every bar passed, the headline metrics; then the count that passed
// and the worst of each). Exit status 0 whatever the bars say; 1 on bad input.

#include <CLI/CLI.hpp>

namespace footwork::cli {

void RegisterSweepCommand(CLI::App& app, int* exit_code);

}  // namespace footwork::cli
