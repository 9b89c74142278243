#include "render_command.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>

#include "footwork/anim/local_to_model.h"
#include "footwork/anim/pose.h"
#include "footwork/anim/sampling.h"
#include "footwork/demo/scenario_run.h"
#include "footwork/demo/trace_video.h"
#include "footwork/io/asset_paths.h"
#include "footwork/io/import.h"
#include "footwork/render/camera.h"
#include "footwork/render/debug_shapes.h"
#include "footwork/render/renderer.h"
#include "footwork/render/video_writer.h"

namespace footwork::cli {
namespace {

constexpr float kDegToRad = 0.017453292f;
constexpr const char* kDefaultModel = "quaternius-ual1/AnimationLibrary_Godot_Standard.gltf";

struct RenderOptions {
  std::string model;
  std::string clip = "Idle_Loop";
  int frames = 0;
  float seconds = 0.0f;
  int fps = 30;
  std::string out = "out/render";
  std::string size = "1280x720";
  std::string video;
  std::string gif;
  float yaw_deg = 150.0f;
  float pitch_deg = 10.0f;
  float distance_m = 0.0f;
  bool skeleton = false;
  bool capsule = false;
  bool no_png = false;
  int msaa = 4;
  // A scenario to simulate or a trace to play instead of a single clip.
  std::string scenario;
  std::string trace;
  std::string character;
  std::string level;
  float from_s = 0.0f;
  float to_s = 0.0f;
  bool debug_draw = false;
};

Result<std::pair<int, int>> ParseSize(const std::string& text) {
  int width = 0;
  int height = 0;
  char separator = 0;
  if (std::sscanf(text.c_str(), "%d%c%d", &width, &separator, &height) != 3 || separator != 'x' ||
      width < 16 || height < 16 || width > 8192 || height > 8192) {
    return Error{"--size '" + text + "': expected WIDTHxHEIGHT, e.g. 1280x720 (16..8192)"};
  }
  return std::pair{width, height};
}

Result<std::filesystem::path> ResolveModel(const std::string& model) {
  if (!model.empty()) {
    return std::filesystem::path(model);
  }
  std::optional<std::filesystem::path> packs = io::FindAssetPacks();
  if (!packs) {
    return Error{
        "no --model given and no asset packs found: set $FOOTWORK_ASSETS or put the "
        "packs in ../shared/assets"};
  }
  return *packs / kDefaultModel;
}

// Model-space height of the bind-pose meshes, to frame the camera.
float CharacterHeight(const io::Scene& scene) {
  float min_y = std::numeric_limits<float>::max();
  float max_y = std::numeric_limits<float>::lowest();
  for (const io::SkinnedMesh& mesh : scene.meshes) {
    for (const glm::vec3& position : mesh.positions) {
      min_y = std::min(min_y, position.y);
      max_y = std::max(max_y, position.y);
    }
  }
  return max_y > min_y ? max_y - min_y : 1.8f;
}

// Mean horizontal joint position: where the body is, for the blob shadow and the in-place fix.
glm::vec3 BodyCenter(std::span<const Transform> model_pose) {
  glm::vec3 sum(0.0f);
  for (const Transform& joint : model_pose) {
    sum += joint.translation;
  }
  sum /= static_cast<float>(std::max<std::size_t>(model_pose.size(), 1));
  return {sum.x, 0.0f, sum.z};
}

struct ClipPlayer {
  const io::Scene* scene;
  const anim::Clip* clip;
  anim::Pose local;
  anim::Pose model;
  anim::SamplingCache cache;

  Status Evaluate(float time_s) {
    anim::SamplingJob sampling{&scene->skeleton,      clip,   time_s,
                               anim::WrapMode::kLoop, &cache, local};
    if (Status sampled = sampling.Run(); !sampled) {
      return sampled;
    }
    anim::LocalToModelJob to_model{&scene->skeleton, local, Transform::Identity(), model};
    return to_model.Run();
  }
};

int Fail(const std::string& message) {
  std::fprintf(stderr, "footwork render: %s\n", message.c_str());
  return 1;
}

// A scenario (simulated here) or a recorded trace, followed by a third-person camera.
int RunRenderMotion(const RenderOptions& options, std::pair<int, int> size) {
  demo::ScenarioRunInputs inputs;
  inputs.scenario = options.trace.empty() ? options.scenario : options.trace;
  inputs.character = options.character;
  inputs.level = options.level;
  inputs.cache_dir = std::filesystem::path(options.out) / ".footwork-cache";
  auto run = options.trace.empty() ? demo::RunScenario(inputs) : demo::LoadTrace(inputs);
  if (!run) {
    return Fail(run.error().message);
  }
  demo::TraceVideoOptions video;
  video.width = size.first;
  video.height = size.second;
  video.fps = options.fps;
  video.msaa = options.msaa;
  const std::filesystem::path out_dir = options.out;
  if (!options.no_png) {
    video.png_dir = out_dir;
  }
  if (!options.video.empty()) {
    video.mp4 = out_dir / options.video;
  }
  if (!options.gif.empty()) {
    video.gif = out_dir / options.gif;
  }
  std::error_code made;
  std::filesystem::create_directories(out_dir, made);
  video.debug_draw = options.debug_draw || options.capsule;
  video.first_s = options.from_s;
  video.last_s = options.to_s;
  if (options.frames > 0) {
    video.last_s = options.from_s + (options.frames - 1) / static_cast<double>(options.fps);
  } else if (options.seconds > 0.0f) {
    video.last_s = options.from_s + options.seconds;
  }
  video.capsule_bottom_offset_m = run->capsule_bottom_offset_m;
  video.capsule_radius_m = run->capsule_radius_m;
  video.capsule_half_height_m = run->capsule_half_height_m;
  video.npc_poses = run->npc_poses;
  auto stats = demo::RenderTraceVideo(run->frames, run->library, run->level, video);
  if (!stats) {
    return Fail(stats.error().message);
  }
  std::printf("rendered %d frames of %s (%dx%d) to %s, %.1f ms a frame (render + read back)\n",
              stats->frames, inputs.scenario.c_str(), size.first, size.second, out_dir.c_str(),
              stats->render_ms_per_frame);
  return 0;
}

int RunRender(const RenderOptions& options) {
  Result<std::pair<int, int>> size = ParseSize(options.size);
  if (!size) {
    return Fail(size.error().message);
  }
  if (!options.scenario.empty() || !options.trace.empty()) {
    if (options.fps <= 0 || options.fps > 240) {
      return Fail("--fps " + std::to_string(options.fps) + ": expected 1..240");
    }
    return RunRenderMotion(options, *size);
  }
  if (options.fps <= 0 || options.fps > 240) {
    return Fail("--fps " + std::to_string(options.fps) + ": expected 1..240");
  }
  Result<std::filesystem::path> model_path = ResolveModel(options.model);
  if (!model_path) {
    return Fail(model_path.error().message);
  }
  Result<io::Scene> scene = io::ImportScene(*model_path);
  if (!scene) {
    return Fail(scene.error().message);
  }
  const auto clip = std::find_if(scene->clips.begin(), scene->clips.end(),
                                 [&](const anim::Clip& c) { return c.name == options.clip; });
  if (clip == scene->clips.end()) {
    std::string names;
    for (std::size_t i = 0; i < scene->clips.size() && i < 12; ++i) {
      names += (i ? ", " : "") + scene->clips[i].name;
    }
    return Fail(model_path->string() + ": no clip named '" + options.clip + "' (has " +
                std::to_string(scene->clips.size()) + ": " + names +
                (scene->clips.size() > 12 ? ", ..." : "") + ")");
  }
  int frame_count = options.frames;
  if (frame_count <= 0) {
    const float seconds = options.seconds > 0.0f ? options.seconds : clip->duration_s;
    frame_count = std::max(1, static_cast<int>(std::lround(seconds * options.fps)));
  }

  const std::filesystem::path out_dir = options.out;
  std::error_code made;
  std::filesystem::create_directories(out_dir, made);
  if (made) {
    return Fail(out_dir.string() + ": cannot create folder: " + made.message());
  }
  Result<std::unique_ptr<render::Renderer>> renderer =
      render::Renderer::Create({size->first, size->second, options.msaa});
  if (!renderer) {
    return Fail(renderer.error().message);
  }
  Result<render::CharacterId> character = (*renderer)->UploadCharacter(scene->meshes);
  if (!character) {
    return Fail(model_path->string() + ": " + character.error().message);
  }

  std::vector<std::unique_ptr<render::VideoWriter>> videos;
  const render::VideoOptions video_options{size->first, size->second, options.fps};
  for (const std::string& video_path : {options.video, options.gif}) {
    if (video_path.empty()) {
      continue;
    }
    Result<std::unique_ptr<render::VideoWriter>> video =
        render::VideoWriter::Open(out_dir / video_path, video_options);
    if (!video) {
      return Fail(video.error().message);
    }
    videos.push_back(std::move(*video));
  }

  ClipPlayer player{&*scene, &*clip, anim::MakeRestPose(scene->skeleton),
                    anim::MakeRestPose(scene->skeleton),
                    anim::SamplingCache(scene->skeleton.num_joints())};
  // "In place": remove the clip's steady horizontal travel, keeping its sway.
  glm::vec3 drift(0.0f);
  if (clip->duration_s > 0.0f) {
    if (Status start = player.Evaluate(0.0f); !start) {
      return Fail(start.error().message);
    }
    const glm::vec3 start_center = BodyCenter(player.model);
    if (Status end = player.Evaluate(clip->duration_s - 1e-4f); !end) {
      return Fail(end.error().message);
    }
    drift = BodyCenter(player.model) - start_center;
  }

  const float height = CharacterHeight(*scene);
  render::FollowRig rig;
  rig.yaw_rad = options.yaw_deg * kDegToRad;
  rig.pitch_rad = options.pitch_deg * kDegToRad;
  rig.target_height_m = height * 0.5f;
  // Fit about 1.4 character heights into the vertical field of view.
  rig.distance_m = options.distance_m > 0.0f ? options.distance_m
                                             : height * 0.7f / std::tan(rig.fov_y_rad * 0.5f);
  const render::Camera camera = render::FollowCamera(glm::vec3(0.0f), 0.0f, rig);

  render::DrawList debug;
  double render_ms = 0.0;
  for (int frame = 0; frame < frame_count; ++frame) {
    const float time_s = static_cast<float>(frame) / static_cast<float>(options.fps);
    if (Status evaluated = player.Evaluate(time_s); !evaluated) {
      return Fail(evaluated.error().message);
    }
    const float phase =
        clip->duration_s > 0.0f
            ? anim::WrapTime(time_s, clip->duration_s, anim::WrapMode::kLoop) / clip->duration_s
            : 0.0f;
    const glm::mat4 world = glm::translate(glm::mat4(1.0f), -drift * phase);
    const glm::vec3 body = glm::vec3(world * glm::vec4(BodyCenter(player.model), 1.0f));
    const render::BlobShadow shadow{body, height * 0.22f, 0.55f};

    const auto start = std::chrono::steady_clock::now();
    render::Renderer& r = **renderer;
    if (Status begun = r.BeginFrame(camera, {}, {&shadow, 1}); !begun) {
      return Fail(begun.error().message);
    }
    r.DrawGround();
    if (Status drawn = r.DrawCharacter(*character, player.model, world); !drawn) {
      return Fail(drawn.error().message);
    }
    debug.Clear();
    if (options.skeleton) {
      render::AddSkeleton(debug, scene->skeleton, player.model, world, {1.0f, 0.8f, 0.1f});
    }
    if (options.capsule) {
      // A capsule like the movement layer's, standing on the ground under the body.
      const float radius = height * 0.17f;
      render::AddCapsule(debug, body + glm::vec3(0.0f, height * 0.5f, 0.0f), radius, height * 0.5f,
                         {0.2f, 0.9f, 1.0f});
      render::AddFootMarker(debug, body, radius * 1.2f, {1.0f, 0.3f, 0.2f});
    }
    if (Status drawn = r.Draw(debug); !drawn) {
      return Fail(drawn.error().message);
    }
    if (Status ended = r.EndFrame(); !ended) {
      return Fail(ended.error().message);
    }
    const render::Image image = r.ReadPixels();
    render_ms +=
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();

    if (!options.no_png) {
      char name[32];
      std::snprintf(name, sizeof(name), "frame_%04d.png", frame);
      if (Status written = render::WritePng(out_dir / name, image); !written) {
        return Fail(written.error().message);
      }
    }
    for (auto& video : videos) {
      if (Status written = video->WriteFrame(image); !written) {
        return Fail(written.error().message);
      }
    }
  }
  for (auto& video : videos) {
    if (Status closed = video->Close(); !closed) {
      return Fail(closed.error().message);
    }
  }
  std::printf("rendered %d frames of '%s' (%dx%d) to %s, %.1f ms a frame (render + read back)\n",
              frame_count, clip->name.c_str(), size->first, size->second, out_dir.c_str(),
              render_ms / frame_count);
  return 0;
}

}  // namespace

void RegisterRenderCommand(CLI::App& app, int* exit_code) {
  auto options = std::make_shared<RenderOptions>();
  CLI::App* command = app.add_subcommand(
      "render",
      "Render a clip, a scenario or a trace offscreen; write PNG frames and optionally video");
  auto* scenario = command->add_option("--scenario", options->scenario,
                                       "Scenario (.json) to simulate and render");
  command
      ->add_option("--trace", options->trace,
                   "trace.jsonl to render (needs joints and internal fields, as footwork demo "
                   "writes)")
      ->excludes(scenario);
  command->add_option("--character", options->character,
                      "With --scenario/--trace: character description (.json) or .fwcl");
  command->add_option("--level", options->level, "With --scenario/--trace: level (.json)");
  command->add_option("--from", options->from_s, "With --scenario/--trace: first second");
  command->add_option("--to", options->to_s, "With --scenario/--trace: last second");
  command->add_flag("--debug-draw", options->debug_draw,
                    "With --scenario/--trace: capsule, root and foot traces, foot locks");
  command->add_option("--model", options->model,
                      "Character file (.gltf, .glb); default: the Quaternius UAL character");
  command->add_option("--clip", options->clip, "Clip to play")->capture_default_str();
  auto* frames = command->add_option("--frames", options->frames, "Number of frames");
  command->add_option("--seconds", options->seconds, "Seconds to render (default: one loop)")
      ->excludes(frames);
  command->add_option("--fps", options->fps, "Frames per second")->capture_default_str();
  command->add_option("--out", options->out, "Output folder")->capture_default_str();
  command->add_option("--size", options->size, "WIDTHxHEIGHT")->capture_default_str();
  command->add_option("--video", options->video, "MP4 file to write in the output folder");
  command->add_option("--gif", options->gif, "GIF file to write in the output folder");
  command
      ->add_option("--yaw", options->yaw_deg,
                   "Camera yaw around the character, degrees (0: behind, 180: in front)")
      ->capture_default_str();
  command->add_option("--pitch", options->pitch_deg, "Camera pitch, degrees (down is positive)")
      ->capture_default_str();
  command->add_option("--distance", options->distance_m,
                      "Camera distance in metres (default: fit)");
  command->add_option("--msaa", options->msaa, "Samples a pixel: 1 (off) or 4")
      ->capture_default_str();
  command->add_flag("--skeleton", options->skeleton, "Draw the joints on top");
  command->add_flag("--capsule", options->capsule, "Draw a capsule outline and a ground marker");
  command->add_flag("--no-png", options->no_png, "Write only the video files");
  command->callback([options, exit_code] { *exit_code = RunRender(*options); });
}

}  // namespace footwork::cli
