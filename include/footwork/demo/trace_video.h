#pragma once
// Renders a simulated trace offscreen: a third-person camera following the character, the shaded
// skinned character, the level, and optional debug draw (capsule, root and foot traces, foot
// locks). Frames go to PNG files and/or MP4/GIF through ffmpeg.

#include <filesystem>
#include <functional>
#include <span>
#include <string>

#include "footwork/core/error.h"
#include "footwork/demo/trace_pose.h"
#include "footwork/io/cooked_library.h"
#include "footwork/sim/trace_frame.h"
#include "footwork/world/level.h"

namespace footwork::demo {

struct TraceVideoOptions {
  int width = 1280;
  int height = 720;
  int fps = 30;
  int msaa = 4;
  // The GIF is scaled to this width and frame rate (it is for a quick look; the MP4 is the video).
  int gif_width = 480;
  int gif_fps = 15;
  // Output files; empty: not written. PNG frames go to png_dir/frame_NNNN.png.
  std::filesystem::path png_dir;
  std::filesystem::path mp4;
  std::filesystem::path gif;
  // Debug draw: capsule outline, root and foot traces, foot-lock markers.
  bool debug_draw = false;
  // Camera: orbit offset from the player's camera yaw (0: straight behind), pitch, distance.
  float camera_yaw_offset_deg = 25.0f;
  float camera_pitch_deg = 14.0f;
  float camera_distance_m = 4.2f;
  // Render only every frame in [first_s, last_s] (last_s <= 0: to the end).
  double first_s = 0.0;
  double last_s = 0.0;
  // Capsule geometry (movement settings) for placing the model and the debug capsule.
  float capsule_bottom_offset_m = 0.9f;
  float capsule_radius_m = 0.3f;
  float capsule_half_height_m = 0.9f;
  // The level's NPC, one pose per trace frame (ScenarioRun::npc_poses); empty: not drawn.
  std::span<const FramePose> npc_poses;
};

struct TraceVideoStats {
  int frames = 0;
  double render_ms_per_frame = 0.0;
  // Seconds spent waiting for ffmpeg to finish the files after the last frame.
  double close_s = 0.0;
};

// `progress(done, total)` is called after each frame (may be empty).
Result<TraceVideoStats> RenderTraceVideo(std::span<const sim::TraceFrame> frames,
                                         const io::CookedLibrary& character,
                                         const world::Level& level,
                                         const TraceVideoOptions& options,
                                         const std::function<void(int, int)>& progress = {});

}  // namespace footwork::demo
