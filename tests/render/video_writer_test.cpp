// Video through ffmpeg: an MP4 and a GIF come out non-empty, and bad requests fail with reasons.
#include <filesystem>

#include <gtest/gtest.h>

#include "footwork/render/video_writer.h"
#include "support/test_paths.h"

namespace footwork::render {
namespace {

Image Frame(int width, int height, int shift) {
  Image image{width, height, std::vector<std::uint8_t>(width * height * 3)};
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      std::uint8_t* pixel = &image.rgb[(y * width + x) * 3];
      pixel[0] = static_cast<std::uint8_t>((x + shift) * 4);
      pixel[1] = static_cast<std::uint8_t>(y * 4);
      pixel[2] = 128;
    }
  }
  return image;
}

void EncodeTen(const std::filesystem::path& path) {
  VideoOptions options;
  options.width = 64;
  options.height = 48;
  options.gif_width = 32;
  Result<std::unique_ptr<VideoWriter>> writer = VideoWriter::Open(path, options);
  ASSERT_TRUE(writer.ok()) << writer.error().message;
  for (int i = 0; i < 10; ++i) {
    const Status written = (*writer)->WriteFrame(Frame(64, 48, i));
    ASSERT_TRUE(written.ok()) << written.error().message;
  }
  const Status closed = (*writer)->Close();
  ASSERT_TRUE(closed.ok()) << closed.error().message;
  EXPECT_EQ((*writer)->frames_written(), 10);
  ASSERT_TRUE(std::filesystem::exists(path));
  EXPECT_GT(std::filesystem::file_size(path), 100u);
}

TEST(VideoWriter, FfmpegIsInstalled) {
  Result<std::filesystem::path> ffmpeg = FindFfmpeg();
  EXPECT_TRUE(ffmpeg.ok()) << ffmpeg.error().message;
}

TEST(VideoWriter, EncodesMp4) {
  EncodeTen(footwork::testing::ScratchDir("render_mp4") / "a.mp4");
}

TEST(VideoWriter, EncodesGif) {
  EncodeTen(footwork::testing::ScratchDir("render_gif") / "a.gif");
}

TEST(VideoWriter, TwoWritersAtOnceBothFinish) {
  // Each ffmpeg must see only its own stream; an inherited socket would keep the other's input
  // open and Close would wait forever.
  const std::filesystem::path dir = footwork::testing::ScratchDir("render_two_videos");
  VideoOptions options;
  options.width = 64;
  options.height = 48;
  options.gif_width = 32;
  Result<std::unique_ptr<VideoWriter>> mp4 = VideoWriter::Open(dir / "a.mp4", options);
  Result<std::unique_ptr<VideoWriter>> gif = VideoWriter::Open(dir / "a.gif", options);
  ASSERT_TRUE(mp4.ok() && gif.ok());
  for (int i = 0; i < 5; ++i) {
    ASSERT_TRUE((*mp4)->WriteFrame(Frame(64, 48, i)).ok());
    ASSERT_TRUE((*gif)->WriteFrame(Frame(64, 48, i)).ok());
  }
  const Status mp4_closed = (*mp4)->Close();
  EXPECT_TRUE(mp4_closed.ok()) << mp4_closed.error().message;
  const Status gif_closed = (*gif)->Close();
  EXPECT_TRUE(gif_closed.ok()) << gif_closed.error().message;
}

TEST(VideoWriter, RejectsBadRequests) {
  const std::filesystem::path dir = footwork::testing::ScratchDir("render_video_bad");
  Result<std::unique_ptr<VideoWriter>> avi = VideoWriter::Open(dir / "a.avi");
  ASSERT_FALSE(avi.ok());
  EXPECT_NE(avi.error().message.find(".mp4 or .gif"), std::string::npos);
  VideoOptions odd;
  odd.width = 63;
  EXPECT_FALSE(VideoWriter::Open(dir / "a.mp4", odd).ok());

  VideoOptions options;
  options.width = 64;
  options.height = 48;
  Result<std::unique_ptr<VideoWriter>> writer = VideoWriter::Open(dir / "b.mp4", options);
  ASSERT_TRUE(writer.ok()) << writer.error().message;
  const Status wrong_size = (*writer)->WriteFrame(Frame(32, 32, 0));
  ASSERT_FALSE(wrong_size.ok());
  EXPECT_NE(wrong_size.error().message.find("32x32"), std::string::npos);
}

TEST(VideoWriter, MissingFolderIsNamed) {
  Result<std::unique_ptr<VideoWriter>> writer = VideoWriter::Open("/nonexistent-folder/c.mp4");
  ASSERT_FALSE(writer.ok());
  EXPECT_NE(writer.error().message.find("/nonexistent-folder does not exist"), std::string::npos)
      << writer.error().message;
}

TEST(VideoWriter, FfmpegFailureCarriesItsLog) {
  // A folder named like the output: ffmpeg starts, then cannot open it for writing.
  const std::filesystem::path dir = footwork::testing::ScratchDir("render_video_fail");
  std::filesystem::create_directories(dir / "taken.mp4");
  VideoOptions options;
  options.width = 64;
  options.height = 48;
  Result<std::unique_ptr<VideoWriter>> writer = VideoWriter::Open(dir / "taken.mp4", options);
  ASSERT_TRUE(writer.ok()) << writer.error().message;
  Status status = (*writer)->WriteFrame(Frame(64, 48, 0));
  if (status.ok()) {
    status = (*writer)->Close();
  }
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.error().message.find("ffmpeg"), std::string::npos) << status.error().message;
}

}  // namespace
}  // namespace footwork::render
