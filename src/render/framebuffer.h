#pragma once
// The offscreen render target: colour + depth, optionally multisampled and resolved into a
// single-sampled colour buffer that pixels are read from.

#include "footwork/core/error.h"
#include "footwork/render/image.h"
#include "render/gl.h"

namespace footwork::render {

class Framebuffer {
 public:
  Framebuffer() = default;
  Framebuffer(const Framebuffer&) = delete;
  Framebuffer& operator=(const Framebuffer&) = delete;
  ~Framebuffer();

  // samples: 1 or more (clamped to what the driver supports). Needs a current context.
  Status Create(int width, int height, int samples);
  // Binds the framebuffer that drawing goes to and sets the viewport.
  void BindForDrawing() const;
  // Copies the multisampled buffer into the resolve buffer (no-op when not multisampled).
  void Resolve() const;
  // Reads the resolved colour, flipping rows so that row 0 is the top.
  Image Read() const;

  int width() const { return width_; }
  int height() const { return height_; }

 private:
  int width_ = 0;
  int height_ = 0;
  int samples_ = 1;
  // Drawing target (multisampled when samples_ > 1).
  GLuint draw_fbo_ = 0;
  GLuint draw_color_ = 0;
  GLuint draw_depth_ = 0;
  // Single-sampled target read back; equals the drawing target without multisampling.
  GLuint resolve_fbo_ = 0;
  GLuint resolve_color_ = 0;
};

}  // namespace footwork::render
