#include "footwork/render/offscreen_context.h"

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include <cstring>
#include <mutex>
#include <string>

namespace footwork::render {
namespace {

std::string EglErrorName(EGLint code) {
  switch (code) {
    case EGL_SUCCESS:
      return "EGL_SUCCESS";
    case EGL_NOT_INITIALIZED:
      return "EGL_NOT_INITIALIZED";
    case EGL_BAD_ACCESS:
      return "EGL_BAD_ACCESS";
    case EGL_BAD_ALLOC:
      return "EGL_BAD_ALLOC";
    case EGL_BAD_ATTRIBUTE:
      return "EGL_BAD_ATTRIBUTE";
    case EGL_BAD_CONFIG:
      return "EGL_BAD_CONFIG";
    case EGL_BAD_CONTEXT:
      return "EGL_BAD_CONTEXT";
    case EGL_BAD_DISPLAY:
      return "EGL_BAD_DISPLAY";
    case EGL_BAD_MATCH:
      return "EGL_BAD_MATCH";
    case EGL_BAD_PARAMETER:
      return "EGL_BAD_PARAMETER";
    default:
      return "EGL error " + std::to_string(code);
  }
}

bool HasExtension(const char* extensions, const char* name) {
  if (extensions == nullptr) {
    return false;
  }
  const std::size_t length = std::strlen(name);
  for (const char* at = std::strstr(extensions, name); at != nullptr;
       at = std::strstr(at + 1, name)) {
    const bool starts = at == extensions || at[-1] == ' ';
    const bool ends = at[length] == '\0' || at[length] == ' ';
    if (starts && ends) {
      return true;
    }
  }
  return false;
}

// The first device's display, for drivers without the surfaceless platform.
EGLDisplay DeviceDisplay() {
  auto query_devices =
      reinterpret_cast<PFNEGLQUERYDEVICESEXTPROC>(eglGetProcAddress("eglQueryDevicesEXT"));
  auto get_platform_display = reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(
      eglGetProcAddress("eglGetPlatformDisplayEXT"));
  if (query_devices == nullptr || get_platform_display == nullptr) {
    return EGL_NO_DISPLAY;
  }
  EGLDeviceEXT devices[8];
  EGLint count = 0;
  if (!query_devices(8, devices, &count) || count == 0) {
    return EGL_NO_DISPLAY;
  }
  return get_platform_display(EGL_PLATFORM_DEVICE_EXT, devices[0], nullptr);
}

// Initialised once and never terminated: several renderers may live at once, and terminating a
// display shared between them would destroy the others' contexts.
Result<EGLDisplay> SharedDisplay() {
  static std::mutex mutex;
  static EGLDisplay display = EGL_NO_DISPLAY;
  std::lock_guard lock(mutex);
  if (display != EGL_NO_DISPLAY) {
    return display;
  }
  const char* client_extensions = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
  EGLDisplay candidate = EGL_NO_DISPLAY;
  if (HasExtension(client_extensions, "EGL_MESA_platform_surfaceless")) {
    candidate = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA,
                                      reinterpret_cast<void*>(EGL_DEFAULT_DISPLAY), nullptr);
  }
  if (candidate == EGL_NO_DISPLAY && HasExtension(client_extensions, "EGL_EXT_platform_device")) {
    candidate = DeviceDisplay();
  }
  if (candidate == EGL_NO_DISPLAY) {
    return Error{
        "no EGL display (neither the surfaceless nor the device platform is available): install "
        "libegl-mesa0 and libgl1-mesa-dri (scripts/install-deps does)"};
  }
  EGLint major = 0;
  EGLint minor = 0;
  if (!eglInitialize(candidate, &major, &minor)) {
    return Error{"eglInitialize failed (" + EglErrorName(eglGetError()) +
                 "): is Mesa's driver installed (libgl1-mesa-dri)?"};
  }
  display = candidate;
  return display;
}

}  // namespace

Result<std::unique_ptr<OffscreenContext>> OffscreenContext::Create() {
  Result<EGLDisplay> display = SharedDisplay();
  if (!display) {
    return display.error();
  }
  if (!HasExtension(eglQueryString(*display, EGL_EXTENSIONS), "EGL_KHR_surfaceless_context")) {
    return Error{
        "the EGL driver lacks EGL_KHR_surfaceless_context, needed to render without a "
        "window; install Mesa's libegl-mesa0"};
  }
  if (!eglBindAPI(EGL_OPENGL_API)) {
    return Error{"eglBindAPI(EGL_OPENGL_API) failed (" + EglErrorName(eglGetError()) +
                 "): the EGL driver offers no desktop OpenGL"};
  }
  // The surface type defaults to windows, which a surfaceless display has none of; drawing
  // goes to framebuffer objects, so any config (or none, where the driver allows it) will do.
  const EGLint config_attributes[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_SURFACE_TYPE,
                                      EGL_PBUFFER_BIT, EGL_NONE};
  EGLConfig config = nullptr;
  EGLint config_count = 0;
  if (!eglChooseConfig(*display, config_attributes, &config, 1, &config_count) ||
      config_count == 0) {
    if (!HasExtension(eglQueryString(*display, EGL_EXTENSIONS), "EGL_KHR_no_config_context")) {
      return Error{"no EGL config supports desktop OpenGL (" + EglErrorName(eglGetError()) +
                   "); install Mesa's libegl-mesa0 and libgl1-mesa-dri"};
    }
    config = EGL_NO_CONFIG_KHR;
  }
  const EGLint context_attributes[] = {EGL_CONTEXT_MAJOR_VERSION,
                                       3,
                                       EGL_CONTEXT_MINOR_VERSION,
                                       3,
                                       EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                       EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                       EGL_NONE};
  EGLContext context = eglCreateContext(*display, config, EGL_NO_CONTEXT, context_attributes);
  if (context == EGL_NO_CONTEXT) {
    return Error{"could not create an OpenGL 3.3 core context (" + EglErrorName(eglGetError()) +
                 "): the driver may be too old; Mesa's llvmpipe (libgl1-mesa-dri) provides one"};
  }
  std::unique_ptr<OffscreenContext> result(new OffscreenContext(*display, context));
  if (Status current = result->MakeCurrent(); !current) {
    return current.error();
  }
  return result;
}

OffscreenContext::~OffscreenContext() {
  if (eglGetCurrentContext() == context_) {
    eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  }
  eglDestroyContext(display_, context_);
}

Status OffscreenContext::MakeCurrent() const {
  if (eglGetCurrentContext() == context_) {
    return Status::Ok();
  }
  if (!eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, context_)) {
    return Error{"eglMakeCurrent failed (" + EglErrorName(eglGetError()) + ")"};
  }
  return Status::Ok();
}

}  // namespace footwork::render
