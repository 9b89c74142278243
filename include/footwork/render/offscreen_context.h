#pragma once
// An OpenGL 3.3 core context with no window and no display server, made through EGL (Mesa's
// surfaceless platform, or the device platform as a fallback). It works under plain ssh.

#include <memory>

#include "footwork/core/error.h"

namespace footwork::render {

// Owns one EGL context; rendering goes to framebuffer objects, never to a window surface.
// The EGL display is initialised once per process and shared by every context.
class OffscreenContext {
 public:
  // Creates a context and makes it current on the calling thread. Errors say what to install
  // ("no EGL display: install libegl-mesa0") or which EGL call failed.
  static Result<std::unique_ptr<OffscreenContext>> Create();

  OffscreenContext(const OffscreenContext&) = delete;
  OffscreenContext& operator=(const OffscreenContext&) = delete;
  ~OffscreenContext();

  // Makes this context current on the calling thread (needed after another context was used).
  Status MakeCurrent() const;

 private:
  OffscreenContext(void* display, void* context) : display_(display), context_(context) {}

  // EGLDisplay and EGLContext, kept opaque so that users do not include EGL headers.
  void* display_ = nullptr;
  void* context_ = nullptr;
};

}  // namespace footwork::render
