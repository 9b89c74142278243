#include "render/framebuffer.h"

#include <algorithm>
#include <cstring>
#include <string>

namespace footwork::render {
namespace {

Status CheckComplete(const char* what) {
  const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  if (status != GL_FRAMEBUFFER_COMPLETE) {
    return Error{std::string(what) + " framebuffer incomplete (" + GlErrorName(status) + ")"};
  }
  return Status::Ok();
}

}  // namespace

Framebuffer::~Framebuffer() {
  const GLuint renderbuffers[] = {draw_color_, draw_depth_, resolve_color_};
  glDeleteRenderbuffers(3, renderbuffers);
  glDeleteFramebuffers(1, &draw_fbo_);
  if (resolve_fbo_ != draw_fbo_) {
    glDeleteFramebuffers(1, &resolve_fbo_);
  }
}

Status Framebuffer::Create(int width, int height, int samples) {
  GLint max_samples = 1;
  glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
  GLint max_size = 0;
  glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &max_size);
  if (width <= 0 || height <= 0 || width > max_size || height > max_size) {
    return Error{"framebuffer size " + std::to_string(width) + "x" + std::to_string(height) +
                 " must be within 1.." + std::to_string(max_size)};
  }
  width_ = width;
  height_ = height;
  samples_ = std::clamp(samples, 1, std::max(max_samples, 1));

  glGenFramebuffers(1, &draw_fbo_);
  glBindFramebuffer(GL_FRAMEBUFFER, draw_fbo_);
  glGenRenderbuffers(1, &draw_color_);
  glBindRenderbuffer(GL_RENDERBUFFER, draw_color_);
  glGenRenderbuffers(1, &draw_depth_);
  if (samples_ > 1) {
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples_, GL_RGBA8, width, height);
    glBindRenderbuffer(GL_RENDERBUFFER, draw_depth_);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples_, GL_DEPTH_COMPONENT24, width,
                                     height);
  } else {
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
    glBindRenderbuffer(GL_RENDERBUFFER, draw_depth_);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, width, height);
  }
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, draw_color_);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, draw_depth_);
  if (Status complete = CheckComplete("drawing"); !complete) {
    return complete;
  }
  if (samples_ == 1) {
    resolve_fbo_ = draw_fbo_;
    return Status::Ok();
  }
  glGenFramebuffers(1, &resolve_fbo_);
  glBindFramebuffer(GL_FRAMEBUFFER, resolve_fbo_);
  glGenRenderbuffers(1, &resolve_color_);
  glBindRenderbuffer(GL_RENDERBUFFER, resolve_color_);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, resolve_color_);
  return CheckComplete("resolve");
}

void Framebuffer::BindForDrawing() const {
  glBindFramebuffer(GL_FRAMEBUFFER, draw_fbo_);
  glViewport(0, 0, width_, height_);
}

void Framebuffer::Resolve() const {
  if (resolve_fbo_ == draw_fbo_) {
    return;
  }
  glBindFramebuffer(GL_READ_FRAMEBUFFER, draw_fbo_);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, resolve_fbo_);
  glBlitFramebuffer(0, 0, width_, height_, 0, 0, width_, height_, GL_COLOR_BUFFER_BIT, GL_NEAREST);
}

Image Framebuffer::Read() const {
  Image image{width_, height_, {}};
  const std::size_t row_bytes = static_cast<std::size_t>(width_) * 3;
  std::vector<std::uint8_t> bottom_up(row_bytes * height_);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, resolve_fbo_);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width_, height_, GL_RGB, GL_UNSIGNED_BYTE, bottom_up.data());
  // OpenGL's row 0 is the bottom of the picture; images and PNGs start at the top.
  image.rgb.resize(bottom_up.size());
  for (int row = 0; row < height_; ++row) {
    std::memcpy(&image.rgb[row * row_bytes], &bottom_up[(height_ - 1 - row) * row_bytes],
                row_bytes);
  }
  return image;
}

}  // namespace footwork::render
