#pragma once
// `footwork simulate --scenario FILE [--character FILE] [--level FILE] [--joints] [--no-ik]
// --out DIR`:
// runs a scripted scenario headless on the locomotion character and writes DIR/trace.jsonl and
// DIR/metrics.json (issue 6's contract). The character description is cooked into a cache next
// to DIR when no cooked library is given.

#include <CLI/CLI.hpp>

namespace footwork::cli {

void RegisterSimulateCommand(CLI::App& app, int* exit_code);

}  // namespace footwork::cli
