#include "inspect_command.h"

#include <cstdio>
#include <memory>
#include <string>

#include "footwork/io/import.h"
#include "footwork/io/scene_summary.h"

namespace footwork::cli {
namespace {

struct InspectOptions {
  std::string file;
  bool json = false;
};

int RunInspect(const InspectOptions& options) {
  Result<io::Scene> scene = io::ImportScene(options.file);
  if (!scene) {
    std::fprintf(stderr, "footwork inspect: %s\n", scene.error().message.c_str());
    return 1;
  }
  const io::SceneSummary summary = io::Summarize(*scene);
  const std::string text =
      options.json ? io::SummaryToJson(summary) + "\n" : io::SummaryToText(summary);
  std::fputs(text.c_str(), stdout);
  return 0;
}

}  // namespace

void RegisterInspectCommand(CLI::App& app, int* exit_code) {
  auto options = std::make_shared<InspectOptions>();
  CLI::App* command =
      app.add_subcommand("inspect", "Summarise a character file (.gltf, .glb, .bvh)");
  command->add_option("file", options->file, "File to inspect")->required();
  command->add_flag("--json", options->json, "Print one JSON object instead of text");
  command->callback([options, exit_code] { *exit_code = RunInspect(*options); });
}

}  // namespace footwork::cli
