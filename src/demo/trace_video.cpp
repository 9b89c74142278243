#include "footwork/demo/trace_video.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <vector>

#include "footwork/core/angles.h"
#include "footwork/demo/level_geometry.h"
#include "footwork/demo/trace_pose.h"
#include "footwork/render/camera.h"
#include "footwork/render/debug_shapes.h"
#include "footwork/render/renderer.h"
#include "footwork/render/video_writer.h"

namespace footwork::demo {
namespace {

// How fast the camera catches up with the player's camera yaw and the character (1/s): slow
// enough that a 90-degree camera change or a landing does not jerk the picture.
constexpr float kYawFollowRate = 2.5f;
constexpr float kPositionFollowRate = 6.0f;
constexpr float kHeightFollowRate = 3.0f;
// Seconds of history drawn as the root and foot traces.
constexpr double kTraceHistoryS = 3.0;

const glm::vec3 kCapsuleColor{0.2f, 0.9f, 1.0f};
const glm::vec3 kRootTraceColor{1.0f, 0.85f, 0.1f};
const glm::vec3 kLeftFootColor{0.3f, 0.6f, 1.0f};
const glm::vec3 kRightFootColor{1.0f, 0.35f, 0.3f};

float Approach(float rate, float dt) {
  return 1.0f - std::exp(-rate * dt);
}

std::size_t FrameAt(std::span<const sim::TraceFrame> frames, double t) {
  auto after = std::upper_bound(frames.begin(), frames.end(), t + 1e-9,
                                [](double time, const sim::TraceFrame& f) { return time < f.t; });
  return after == frames.begin() ? 0 : static_cast<std::size_t>(after - frames.begin()) - 1;
}

// A smoothed third-person camera: follows the player's camera yaw and the character's feet.
class FollowState {
 public:
  FollowState(const sim::TraceFrame& first, float bottom_offset)
      : yaw_(Radians(first.camera_yaw_deg)),
        feet_(first.position - glm::vec3(0.0f, bottom_offset, 0.0f)) {}

  void Update(const sim::TraceFrame& frame, float bottom_offset, float dt) {
    const float target_yaw = Radians(frame.camera_yaw_deg);
    yaw_ += NormalizedDeltaAngle(target_yaw, yaw_) * Approach(kYawFollowRate, dt);
    const glm::vec3 feet = frame.position - glm::vec3(0.0f, bottom_offset, 0.0f);
    const float horizontal = Approach(kPositionFollowRate, dt);
    feet_.x += (feet.x - feet_.x) * horizontal;
    feet_.z += (feet.z - feet_.z) * horizontal;
    feet_.y += (feet.y - feet_.y) * Approach(kHeightFollowRate, dt);
  }

  render::Camera Camera(const TraceVideoOptions& options) const {
    render::FollowRig rig;
    rig.yaw_rad = Radians(options.camera_yaw_offset_deg);
    rig.pitch_rad = Radians(options.camera_pitch_deg);
    rig.distance_m = options.camera_distance_m;
    rig.target_height_m = 1.0f;
    rig.fov_y_rad = Radians(50.0f);
    return render::FollowCamera(feet_, yaw_, rig);
  }

 private:
  float yaw_;
  glm::vec3 feet_;
};

void AddDebugDraw(render::DrawList& list, std::span<const sim::TraceFrame> frames,
                  std::size_t current, const TraceVideoOptions& options) {
  const sim::TraceFrame& frame = frames[current];
  render::AddCapsule(list, frame.position, options.capsule_radius_m, options.capsule_half_height_m,
                     kCapsuleColor);
  std::vector<glm::vec3> root;
  std::vector<glm::vec3> left;
  std::vector<glm::vec3> right;
  for (std::size_t i = current + 1; i-- > 0;) {
    if (frames[i].t < frame.t - kTraceHistoryS)
      break;
    root.push_back(frames[i].position -
                   glm::vec3(0.0f, options.capsule_bottom_offset_m - 0.02f, 0.0f));
    left.push_back(frames[i].foot_left.position);
    right.push_back(frames[i].foot_right.position);
  }
  render::AddPolyline(list, root, kRootTraceColor, true);
  render::AddPolyline(list, left, kLeftFootColor, true);
  render::AddPolyline(list, right, kRightFootColor, true);
  // Locked feet get a marker on the ground: blue left, red right.
  if (frame.foot_left.locked)
    render::AddFootMarker(list, frame.foot_left.position, 0.12f, kLeftFootColor);
  if (frame.foot_right.locked)
    render::AddFootMarker(list, frame.foot_right.position, 0.12f, kRightFootColor);
}

}  // namespace

Result<TraceVideoStats> RenderTraceVideo(std::span<const sim::TraceFrame> frames,
                                         const io::CookedLibrary& character,
                                         const world::Level& level,
                                         const TraceVideoOptions& options,
                                         const std::function<void(int, int)>& progress) {
  if (frames.empty())
    return Error{"render: the trace has no frames"};
  if (options.fps <= 0)
    return Error{"render: fps must be > 0"};
  const double first_s = std::max(options.first_s, frames.front().t);
  const double last_s =
      options.last_s > 0.0 ? std::min(options.last_s, frames.back().t) : frames.back().t;
  if (last_s < first_s)
    return Error{"render: the time range is empty"};
  const int count = static_cast<int>(std::floor((last_s - first_s) * options.fps + 1e-6)) + 1;

  auto renderer = render::Renderer::Create({options.width, options.height, options.msaa});
  if (!renderer)
    return renderer.error();
  render::Renderer& r = **renderer;
  auto body = r.UploadCharacter(character.meshes);
  if (!body)
    return Error{character.character + ": " + body.error().message};
  auto level_drawing = LevelDrawing::Upload(level, r);
  if (!level_drawing)
    return level_drawing.error();

  if (!options.png_dir.empty()) {
    std::error_code made;
    std::filesystem::create_directories(options.png_dir, made);
    if (made)
      return Error{options.png_dir.string() + ": cannot create folder: " + made.message()};
  }
  // Each writer with the stride of frames it takes: the GIF, at a lower rate that divides the
  // video's, gets only its own frames (ffmpeg would drop the others after reading them).
  std::vector<std::pair<std::unique_ptr<render::VideoWriter>, int>> videos;
  for (const std::filesystem::path& path : {options.mp4, options.gif}) {
    if (path.empty())
      continue;
    render::VideoOptions video_options{options.width, options.height, options.fps};
    video_options.gif_width = options.gif_width;
    video_options.gif_fps = options.gif_fps;
    int stride = 1;
    if (path == options.gif && options.gif_fps > 0 && options.gif_fps < options.fps &&
        options.fps % options.gif_fps == 0) {
      stride = options.fps / options.gif_fps;
      video_options.fps = options.gif_fps;
    }
    auto video = render::VideoWriter::Open(path, video_options);
    if (!video)
      return video.error();
    videos.emplace_back(std::move(*video), stride);
  }

  const std::size_t first_index = FrameAt(frames, first_s);
  FollowState follow(frames[first_index], options.capsule_bottom_offset_m);
  render::DrawList list;
  TraceVideoStats stats;
  double render_ms = 0.0;
  const float dt = 1.0f / static_cast<float>(options.fps);
  for (int k = 0; k < count; ++k) {
    const double t = first_s + k / static_cast<double>(options.fps);
    const std::size_t index = FrameAt(frames, t);
    const sim::TraceFrame& frame = frames[index];
    auto pose = PoseOfFrame(frame, character.skeleton, options.capsule_bottom_offset_m);
    if (!pose)
      return pose.error();
    if (k > 0)
      follow.Update(frame, options.capsule_bottom_offset_m, dt);

    const auto began = std::chrono::steady_clock::now();
    const glm::vec3 feet = pose->world.translation;
    const FramePose* npc = index < options.npc_poses.size() ? &options.npc_poses[index] : nullptr;
    const render::BlobShadow shadows[] = {
        {feet + glm::vec3(0.0f, 0.01f, 0.0f), 0.45f, 0.6f},
        {(npc ? npc->world.translation : feet) + glm::vec3(0.0f, 0.01f, 0.0f), 0.45f, 0.6f}};
    if (Status begun = r.BeginFrame(follow.Camera(options), {}, std::span(shadows, npc ? 2 : 1));
        !begun)
      return begun.error();
    r.DrawGround();
    if (Status drawn = r.DrawCharacter(*body, pose->model, pose->world.ToMatrix()); !drawn)
      return drawn.error();
    if (npc) {
      if (Status drawn = r.DrawCharacter(*body, npc->model, npc->world.ToMatrix()); !drawn)
        return drawn.error();
    }
    list.Clear();
    level_drawing->AddTo(list, frame.t);
    if (options.debug_draw)
      AddDebugDraw(list, frames, index, options);
    if (Status drawn = r.Draw(list); !drawn)
      return drawn.error();
    if (Status ended = r.EndFrame(); !ended)
      return ended.error();
    const render::Image image = r.ReadPixels();
    render_ms +=
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began).count();

    if (!options.png_dir.empty()) {
      char name[32];
      std::snprintf(name, sizeof(name), "frame_%04d.png", k);
      if (Status written = render::WritePng(options.png_dir / name, image); !written)
        return written.error();
    }
    for (auto& [video, stride] : videos) {
      if (k % stride != 0)
        continue;
      if (Status written = video->WriteFrame(image); !written)
        return written.error();
    }
    if (progress)
      progress(k + 1, count);
  }
  // Closing waits for ffmpeg to encode what is queued and, for the GIF, to build its palette.
  const auto closing = std::chrono::steady_clock::now();
  for (auto& [video, stride] : videos) {
    if (Status closed = video->Close(); !closed)
      return closed.error();
  }
  stats.close_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - closing).count();
  stats.frames = count;
  stats.render_ms_per_frame = render_ms / count;
  return stats;
}

}  // namespace footwork::demo
