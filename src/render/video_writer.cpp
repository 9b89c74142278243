#include "footwork/render/video_writer.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

extern char** environ;

namespace footwork::render {
namespace {

// The ffmpeg arguments after the executable: raw RGB frames on stdin, the file by extension.
std::vector<std::string> FfmpegArguments(const std::filesystem::path& path,
                                         const VideoOptions& options, bool gif) {
  std::vector<std::string> args = {
      "-hide_banner", "-loglevel",
      "error",        "-y",
      "-f",           "rawvideo",
      "-pix_fmt",     "rgb24",
      "-s",           std::to_string(options.width) + "x" + std::to_string(options.height),
      "-r",           std::to_string(options.fps),
      "-i",           "-"};
  if (gif) {
    // One pass: a palette made from all frames, then dithered onto it.
    const int fps = std::min(options.fps, options.gif_fps);
    args.insert(args.end(),
                {"-vf",
                 "fps=" + std::to_string(fps) + ",scale=" + std::to_string(options.gif_width) +
                     ":-1:flags=lanczos,split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]"
                     "paletteuse=dither=bayer:bayer_scale=4",
                 "-loop", "0"});
  } else {
    // superfast: about two thirds of veryfast's encode time for a slightly larger file; the demo
    // renders and encodes on the same (software-rendering) cores.
    args.insert(args.end(),
                {"-c:v", "libx264", "-preset", "superfast", "-crf", std::to_string(options.crf),
                 "-pix_fmt", "yuv420p", "-movflags", "+faststart"});
  }
  args.push_back(path.string());
  return args;
}

std::string LogTail(const std::filesystem::path& log_path) {
  std::ifstream file(log_path);
  std::stringstream text;
  text << file.rdbuf();
  std::string log = text.str();
  constexpr std::size_t kTail = 600;
  if (log.size() > kTail) {
    log = "..." + log.substr(log.size() - kTail);
  }
  while (!log.empty() && (log.back() == '\n' || log.back() == ' ')) {
    log.pop_back();
  }
  return log.empty() ? "(ffmpeg printed nothing)" : log;
}

}  // namespace

Result<std::filesystem::path> FindFfmpeg() {
  const char* path_variable = std::getenv("PATH");
  std::stringstream folders(path_variable != nullptr ? path_variable : "/usr/bin:/bin");
  std::string folder;
  while (std::getline(folders, folder, ':')) {
    const std::filesystem::path candidate = std::filesystem::path(folder) / "ffmpeg";
    if (!folder.empty() && access(candidate.c_str(), X_OK) == 0) {
      return candidate;
    }
  }
  return Error{
      "ffmpeg not found on PATH, needed for video: install it with "
      "`apt-get install ffmpeg` (scripts/install-deps does)"};
}

Result<std::unique_ptr<VideoWriter>> VideoWriter::Open(const std::filesystem::path& path,
                                                       const VideoOptions& options) {
  const std::string extension = path.extension().string();
  if (extension != ".mp4" && extension != ".gif") {
    return Error{path.string() + ": unknown video type '" + extension + "'; use .mp4 or .gif"};
  }
  if (options.width <= 0 || options.height <= 0 || options.width % 2 != 0 ||
      options.height % 2 != 0 || options.fps <= 0) {
    return Error{path.string() + ": video size " + std::to_string(options.width) + "x" +
                 std::to_string(options.height) + " at " + std::to_string(options.fps) +
                 " fps: sizes must be even (H.264 4:2:0) and fps positive"};
  }
  const std::filesystem::path folder =
      path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
  if (!std::filesystem::is_directory(folder)) {
    return Error{path.string() + ": folder " + folder.string() + " does not exist"};
  }
  Result<std::filesystem::path> ffmpeg = FindFfmpeg();
  if (!ffmpeg) {
    return ffmpeg.error();
  }
  std::unique_ptr<VideoWriter> writer(new VideoWriter());
  writer->path_ = path;
  writer->options_ = options;
  writer->log_path_ = path;
  writer->log_path_ += ".ffmpeg.log";

  // A socket rather than a pipe: send() with MSG_NOSIGNAL reports a dead ffmpeg as an error
  // instead of killing the process with SIGPIPE. Close-on-exec keeps other ffmpeg children from
  // inheriting this end, which would hold the stream open and hang Close.
  int sockets[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sockets) != 0) {
    return Error{path.string() + ": socketpair failed: " + std::strerror(errno)};
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, sockets[1], STDIN_FILENO);
  posix_spawn_file_actions_addclose(&actions, sockets[0]);
  posix_spawn_file_actions_addclose(&actions, sockets[1]);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, writer->log_path_.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);

  std::vector<std::string> args = FfmpegArguments(path, options, extension == ".gif");
  args.insert(args.begin(), ffmpeg->string());
  std::vector<char*> argv;
  for (std::string& arg : args) {
    argv.push_back(arg.data());
  }
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(sockets[1]);
  if (spawned != 0) {
    close(sockets[0]);
    return Error{path.string() + ": could not start " + ffmpeg->string() + ": " +
                 std::strerror(spawned)};
  }
  writer->socket_ = sockets[0];
  writer->child_pid_ = pid;
  return writer;
}

VideoWriter::~VideoWriter() {
  if (child_pid_ > 0) {
    (void)Close();
  }
}

Status VideoWriter::WriteFrame(const Image& frame) {
  if (socket_ < 0) {
    return Error{path_.string() + ": video already closed"};
  }
  if (frame.width != options_.width || frame.height != options_.height ||
      frame.rgb.size() != static_cast<std::size_t>(frame.width) * frame.height * 3) {
    return Error{path_.string() + ": frame is " + std::to_string(frame.width) + "x" +
                 std::to_string(frame.height) + ", the video is " + std::to_string(options_.width) +
                 "x" + std::to_string(options_.height)};
  }
  std::size_t sent = 0;
  while (sent < frame.rgb.size()) {
    const ssize_t count =
        send(socket_, frame.rgb.data() + sent, frame.rgb.size() - sent, MSG_NOSIGNAL);
    if (count < 0 && errno == EINTR) {
      continue;
    }
    if (count <= 0) {
      const std::string reason = std::strerror(errno);
      Status closed = Close();
      return Error{path_.string() + ": ffmpeg stopped reading frames (" + reason +
                   "): " + (closed ? std::string("no log") : closed.error().message)};
    }
    sent += static_cast<std::size_t>(count);
  }
  ++frames_written_;
  return Status::Ok();
}

Status VideoWriter::Close() {
  if (child_pid_ <= 0) {
    return Status::Ok();
  }
  if (socket_ >= 0) {
    close(socket_);
    socket_ = -1;
  }
  int wait_status = 0;
  while (waitpid(child_pid_, &wait_status, 0) < 0 && errno == EINTR) {
  }
  child_pid_ = -1;
  if (!WIFEXITED(wait_status) || WEXITSTATUS(wait_status) != 0) {
    return Error{path_.string() + ": ffmpeg failed (log " + log_path_.string() +
                 "): " + LogTail(log_path_)};
  }
  std::error_code ignored;
  std::filesystem::remove(log_path_, ignored);
  return Status::Ok();
}

}  // namespace footwork::render
