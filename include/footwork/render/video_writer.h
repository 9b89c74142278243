#pragma once
// Encodes frames into an MP4 (H.264, yuv420p) or an animated GIF by piping raw RGB to Debian's
// ffmpeg, run as a child process (no shell).

#include <filesystem>
#include <memory>

#include "footwork/core/error.h"
#include "footwork/render/image.h"

namespace footwork::render {

// Encoder settings. The container follows the output's extension: .mp4 or .gif.
struct VideoOptions {
  int width = 1280;
  int height = 720;
  int fps = 30;
  // H.264 quality (lower is better, 18..28 sensible).
  int crf = 20;
  // GIFs are scaled down to this width (keeping aspect) and played at up to gif_fps.
  int gif_width = 480;
  int gif_fps = 15;
};

// One output file being encoded. Frames must all have the options' size.
class VideoWriter {
 public:
  // Starts ffmpeg. Errors: ffmpeg not on PATH (with the apt-get line), unknown extension, odd size.
  static Result<std::unique_ptr<VideoWriter>> Open(const std::filesystem::path& path,
                                                   const VideoOptions& options = {});

  VideoWriter(const VideoWriter&) = delete;
  VideoWriter& operator=(const VideoWriter&) = delete;
  // Finishes the file if Close was not called (errors are then lost).
  ~VideoWriter();

  Status WriteFrame(const Image& frame);
  // Ends the stream and waits for ffmpeg; the error carries the end of ffmpeg's log.
  Status Close();

  int frames_written() const { return frames_written_; }

 private:
  VideoWriter() = default;

  std::filesystem::path path_;
  std::filesystem::path log_path_;
  VideoOptions options_;
  int socket_ = -1;
  int child_pid_ = -1;
  int frames_written_ = 0;
};

// The ffmpeg executable on PATH, or an error telling how to install it.
Result<std::filesystem::path> FindFfmpeg();

}  // namespace footwork::render
