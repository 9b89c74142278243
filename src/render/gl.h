#pragma once
// The OpenGL 3.3 core entry points, declared by Mesa's headers and exported by libOpenGL (glvnd),
// so no loader library is needed. Include this instead of GL headers directly.

#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>

#include <cstdio>
#include <string>

namespace footwork::render {

// An OpenGL enum as hex ("0x0502"), for error messages.
inline std::string GlErrorName(GLenum code) {
  char text[16];
  std::snprintf(text, sizeof(text), "0x%04X", static_cast<unsigned>(code));
  return text;
}

}  // namespace footwork::render
