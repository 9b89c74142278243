// The footwork command line. Subcommands register themselves in their own files.
#include <CLI/CLI.hpp>

int main(int argc, char** argv) {
  CLI::App app{"footwork: third-person character locomotion tools"};
  app.require_subcommand(1);
  CLI11_PARSE(app, argc, argv);
  return 0;
}
