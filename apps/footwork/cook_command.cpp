#include "cook_command.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "footwork/anim/curve.h"
#include "footwork/anim/curve_names.h"
#include "footwork/anim/mirror.h"
#include "footwork/anim/root_motion.h"
#include "footwork/cook/character_description.h"
#include "footwork/cook/cook_character.h"
#include "footwork/cook/sample_motion.h"
#include "footwork/cook/standing_feet.h"
#include "footwork/io/asset_paths.h"
#include "footwork/io/cooked_library.h"
#include "footwork/io/cooked_library_dump.h"

namespace footwork::cli {
namespace {

struct CookOptions {
  std::string character;
  std::string out;
  std::string dump;
  bool json = false;
  // With --dump: this clip's FootLock curves and heel and ball sole heights, frame by frame.
  std::string feet;
  // Write the library and exit 0 even when clips miss a quality bar (for exploring a new pack
  // or new bars); by default a miss fails the cook.
  bool allow_quality_misses = false;
};

// Per 60 Hz frame of one clip: each foot's FootLock, its heel and ball sole heights over the
// floor (cm), with the soles measured as the runtime measures them (the idle's first frame), and
// its ankle's ground speed along the clip's root motion (cm/s): a planted foot that slides shows.
Status DumpFeet(const io::CookedLibrary& library, const std::string& clip_name) {
  const auto find = [&](const std::string& name) -> const anim::Clip* {
    for (const anim::Clip& clip : library.clips) {
      if (clip.name == name)
        return &clip;
    }
    return nullptr;
  };
  const anim::Clip* clip = find(clip_name);
  const anim::Clip* idle = find("idle");
  if (clip == nullptr || idle == nullptr)
    return Error{fmt::format("--feet: the library has no clip '{}' (or no idle)", clip_name)};
  Result<anim::RigBinding> binding = anim::Bind(library.rig_profile, library.skeleton);
  if (!binding)
    return binding.error();
  Result<cook::StandingFeet> standing =
      cook::MeasureStandingFeet(library.skeleton, *binding, *idle);
  if (!standing)
    return standing.error();
  constexpr float kRateHz = 60.0f;
  Result<cook::SampledPoses> poses = cook::SamplePoses(library.skeleton, *clip, kRateHz);
  if (!poses)
    return poses.error();
  const Result<std::vector<Transform>> model =
      cook::ModelPoses(library.skeleton, *poses, poses->frames());
  if (!model)
    return model.error();
  const std::size_t joints = static_cast<std::size_t>(poses->joints);
  const std::array<int, 2> feet{binding->Joint("foot_l"), binding->Joint("foot_r")};
  const anim::FloatCurve* lock[2] = {clip->FindCurve(anim::curve_names::kFootLockLeft),
                                     clip->FindCurve(anim::curve_names::kFootLockRight)};
  std::puts(
      "frame  time_s  lock_l heel_l ball_l slide_l  lock_r heel_r ball_r slide_r  (cm over "
      "the floor; slide: the ankle's ground speed along the clip's root motion, cm/s)");
  const auto foot_at = [&](int f, int side) {
    return feet[side] >= 0 ? (*model)[static_cast<std::size_t>(f) * joints +
                                      static_cast<std::size_t>(feet[side])]
                           : Transform::Identity();
  };
  // Where the ankle is on the ground: the clip's root motion so far carries the model pose.
  const auto ground_point = [&](int f, int side) {
    const float t = static_cast<float>(f) / kRateHz;
    const Transform root = clip->root_motion.empty()
                               ? Transform::Identity()
                               : anim::ExtractRootMotion(*clip, 0.0f, t, anim::WrapMode::kClamp);
    glm::vec3 point = root.TransformPoint(foot_at(f, side).translation);
    point.y = 0.0f;
    return point;
  };
  for (int f = 0; f < poses->frames(); ++f) {
    const float t = static_cast<float>(f) / kRateHz;
    std::string line = fmt::format("{:5d} {:7.3f}", f, t);
    for (int side = 0; side < 2; ++side) {
      const Transform foot = foot_at(f, side);
      const float heel = cook::HeelSole((*standing)[side], foot).y;
      const std::optional<glm::vec3> ball = cook::BallSole((*standing)[side], foot);
      const int prev = std::max(f - 1, 0);
      const int next = std::min(f + 1, poses->frames() - 1);
      const float slide = next > prev
                              ? glm::length(ground_point(next, side) - ground_point(prev, side)) *
                                    kRateHz / static_cast<float>(next - prev)
                              : 0.0f;
      line += fmt::format("  {:6.2f} {:6.2f} {:6.2f} {:7.2f}",
                          lock[side] ? anim::EvaluateCurve(*lock[side], t) : 0.0f, 100.0f * heel,
                          ball ? 100.0f * ball->y : 0.0f, 100.0f * slide);
    }
    std::puts(line.c_str());
  }
  return Status::Ok();
}

int RunDump(const CookOptions& options) {
  Result<io::CookedLibrary> library = io::ReadCookedLibrary(options.dump);
  if (!library) {
    std::fprintf(stderr, "footwork cook: %s\n", library.error().message.c_str());
    return 1;
  }
  if (!options.feet.empty()) {
    if (Status dumped = DumpFeet(*library, options.feet); !dumped) {
      std::fprintf(stderr, "footwork cook: %s\n", dumped.error().message.c_str());
      return 1;
    }
    return 0;
  }
  if (options.json) {
    std::puts(io::CookedLibraryToJson(*library).c_str());
    return 0;
  }
  std::printf("%s: character %s, %d joints, %zu clips, %zu meshes\n", options.dump.c_str(),
              library->character.c_str(), library->skeleton.num_joints(), library->clips.size(),
              library->meshes.size());
  for (std::size_t i = 0; i < library->clips.size(); ++i) {
    const anim::Clip& clip = library->clips[i];
    std::printf("  %-22s %6.2f s  %2zu curves  %2zu markers  %s\n", clip.name.c_str(),
                clip.duration_s, clip.curves.size(), clip.markers.size(),
                i < library->clip_info.size() && !library->clip_info[i].quality_miss.empty()
                    ? "quality MISS"
                    : "");
  }
  return 0;
}

int RunCook(const CookOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  Result<cook::CharacterDescription> description =
      cook::LoadCharacterDescription(options.character);
  if (!description) {
    std::fprintf(stderr, "footwork cook: %s\n", description.error().message.c_str());
    return 1;
  }
  const std::optional<std::filesystem::path> packs = io::FindAssetPacks();
  if (!packs) {
    std::fprintf(stderr,
                 "footwork cook: asset packs not found: set FOOTWORK_ASSETS or place them in "
                 "../shared/assets\n");
    return 1;
  }
  Result<cook::CookedCharacter> character = cook::CookCharacterFromFiles(*description, *packs);
  if (!character) {
    std::fprintf(stderr, "footwork cook: %s\n", character.error().message.c_str());
    return 1;
  }
  std::vector<std::string> misses;
  for (const cook::ClipReport& report : character->reports) {
    std::puts(cook::FormatReport(report).c_str());
    if (report.FailsQuality())
      misses.push_back(report.quality_miss);
  }
  // Each miss names the clip, the figure and the bar (CheckQuality).
  for (const std::string& miss : misses)
    std::fprintf(stderr, "footwork cook: quality miss: %s\n", miss.c_str());
  if (!misses.empty() && !options.allow_quality_misses) {
    std::fprintf(stderr,
                 "footwork cook: FAILED: %zu clip(s) of %s miss a quality bar; %s not written "
                 "(--allow-quality-misses writes it anyway)\n",
                 misses.size(), character->name.c_str(), options.out.c_str());
    return 2;
  }
  const io::CookedLibrary library = cook::ToCookedLibrary(*character);
  if (Status written = io::WriteCookedLibrary(library, options.out); !written) {
    std::fprintf(stderr, "footwork cook: %s\n", written.error().message.c_str());
    return 1;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::printf(
      "cooked %zu clips of %s into %s (%ju bytes) in %.2f s; %zu clip(s) miss a quality "
      "bar%s\n",
      library.clips.size(), library.character.c_str(), options.out.c_str(),
      static_cast<std::uintmax_t>(std::filesystem::file_size(options.out)), seconds, misses.size(),
      misses.empty() ? "" : " (allowed by --allow-quality-misses)");
  return 0;
}

}  // namespace

void RegisterCookCommand(CLI::App& app, int* exit_code) {
  auto options = std::make_shared<CookOptions>();
  CLI::App* command = app.add_subcommand(
      "cook", "Cook a character description into a cooked library, or dump a cooked library");
  command->add_option("--character", options->character, "Character description (.json)");
  command->add_option("--out", options->out, "Cooked library to write");
  command->add_option("--dump", options->dump, "Cooked library to show");
  command->add_flag("--json", options->json, "With --dump: print one JSON object");
  command->add_option("--feet", options->feet,
                      "With --dump: print this clip's FootLock, heel and ball sole heights "
                      "(cm over the floor) and ankle slide (cm/s along the root motion) per "
                      "60 Hz frame");
  command->add_flag("--allow-quality-misses", options->allow_quality_misses,
                    "Write the library and exit 0 even when a clip misses a quality bar (by "
                    "default such a cook fails with status 2 and writes nothing)");
  command->callback([options, exit_code] {
    if (!options->dump.empty()) {
      *exit_code = RunDump(*options);
    } else if (!options->character.empty() && !options->out.empty()) {
      *exit_code = RunCook(*options);
    } else {
      std::fputs("footwork cook: give --character FILE --out FILE, or --dump FILE [--json]\n",
                 stderr);
      *exit_code = 1;
    }
  });
}

}  // namespace footwork::cli
