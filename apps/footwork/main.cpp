// The footwork command line. Subcommands register themselves in their own files.
#include <CLI/CLI.hpp>

#include "cook_command.h"
#include "demo_command.h"
#include "inspect_command.h"
#include "render_command.h"
#include "simulate_command.h"
#include "sweep_command.h"
#include "view_command.h"

int main(int argc, char** argv) {
  CLI::App app{"footwork: third-person character locomotion tools"};
  app.require_subcommand(1);
  int exit_code = 0;
  footwork::cli::RegisterInspectCommand(app, &exit_code);
  footwork::cli::RegisterCookCommand(app, &exit_code);
  footwork::cli::RegisterRenderCommand(app, &exit_code);
  footwork::cli::RegisterSimulateCommand(app, &exit_code);
  footwork::cli::RegisterSweepCommand(app, &exit_code);
  footwork::cli::RegisterDemoCommand(app, &exit_code);
  footwork::cli::RegisterViewCommand(app, &exit_code);
  CLI11_PARSE(app, argc, argv);
  return exit_code;
}
