// PNG round trip through stb_image and the errors for bad inputs.
#include <gtest/gtest.h>

#include "footwork/render/image.h"
#include "support/test_paths.h"

namespace footwork::render {
namespace {

Image Gradient(int width, int height) {
  Image image{width, height, std::vector<std::uint8_t>(width * height * 3)};
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      std::uint8_t* pixel = &image.rgb[(y * width + x) * 3];
      pixel[0] = static_cast<std::uint8_t>(x * 255 / width);
      pixel[1] = static_cast<std::uint8_t>(y * 255 / height);
      pixel[2] = 77;
    }
  }
  return image;
}

TEST(Png, WritesAReadableFileOfTheRightSize) {
  const std::filesystem::path path = footwork::testing::ScratchDir("render_png") / "frame.png";
  const Image image = Gradient(40, 24);
  const Status written = WritePng(path, image);
  ASSERT_TRUE(written.ok()) << written.error().message;
  Result<Image> read = ReadPng(path);
  ASSERT_TRUE(read.ok()) << read.error().message;
  EXPECT_EQ(read->width, 40);
  EXPECT_EQ(read->height, 24);
  EXPECT_EQ(read->rgb, image.rgb);
  // Row 0 is the top: the first pixel has the smallest green.
  EXPECT_EQ(read->Pixel(0, 0)[1], 0);
}

TEST(Png, ErrorsNameThePath) {
  const Image image = Gradient(4, 4);
  const Status missing_folder = WritePng("/nonexistent-folder/frame.png", image);
  ASSERT_FALSE(missing_folder.ok());
  EXPECT_NE(missing_folder.error().message.find("/nonexistent-folder/frame.png"),
            std::string::npos);
  Image truncated = image;
  truncated.rgb.resize(5);
  EXPECT_FALSE(WritePng(footwork::testing::ScratchDir("render_png_bad") / "x.png", truncated).ok());
  Result<Image> unreadable = ReadPng("/nonexistent-folder/none.png");
  ASSERT_FALSE(unreadable.ok());
  EXPECT_NE(unreadable.error().message.find("none.png"), std::string::npos);
}

}  // namespace
}  // namespace footwork::render
