#include "footwork/render/image.h"

#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_PNG
#include <stb_image.h>
#include <stb_image_write.h>

#include <cstring>

namespace footwork::render {

Status WritePng(const std::filesystem::path& path, const Image& image) {
  const std::size_t expected = static_cast<std::size_t>(image.width) * image.height * 3;
  if (image.width <= 0 || image.height <= 0 || image.rgb.size() != expected) {
    return Error{path.string() + ": image is " + std::to_string(image.width) + "x" +
                 std::to_string(image.height) + " with " + std::to_string(image.rgb.size()) +
                 " bytes; expected width*height*3 = " + std::to_string(expected)};
  }
  if (!stbi_write_png(path.string().c_str(), image.width, image.height, 3, image.rgb.data(),
                      image.width * 3)) {
    return Error{path.string() +
                 ": could not write PNG (does the folder exist and is it "
                 "writable?)"};
  }
  return Status::Ok();
}

Result<Image> ReadPng(const std::filesystem::path& path) {
  int width = 0;
  int height = 0;
  int channels = 0;
  stbi_uc* pixels = stbi_load(path.string().c_str(), &width, &height, &channels, 3);
  if (pixels == nullptr) {
    return Error{path.string() + ": cannot read PNG (" + stbi_failure_reason() + ")"};
  }
  Image image{width, height, {}};
  image.rgb.resize(static_cast<std::size_t>(width) * height * 3);
  std::memcpy(image.rgb.data(), pixels, image.rgb.size());
  stbi_image_free(pixels);
  return image;
}

}  // namespace footwork::render
