#pragma once
// Compiling and linking GLSL programs, with the driver's log in the error.

#include <string>
#include <string_view>

#include "footwork/core/error.h"
#include "render/gl.h"

namespace footwork::render {

// An OpenGL program object; deletes it when destroyed.
class GlProgram {
 public:
  GlProgram() = default;
  GlProgram(GlProgram&& other) noexcept : id_(other.id_) { other.id_ = 0; }
  GlProgram& operator=(GlProgram&& other) noexcept;
  GlProgram(const GlProgram&) = delete;
  GlProgram& operator=(const GlProgram&) = delete;
  ~GlProgram();

  // `name` appears in errors ("skinned program: vertex shader: 0:12(3): error ...").
  static Result<GlProgram> Build(std::string_view name, std::string_view vertex_source,
                                 std::string_view fragment_source);

  GLuint id() const { return id_; }
  // Location of a uniform, -1 if the compiler removed it (setting -1 is a no-op in GL).
  GLint Uniform(const char* uniform_name) const { return glGetUniformLocation(id_, uniform_name); }

 private:
  explicit GlProgram(GLuint id) : id_(id) {}
  GLuint id_ = 0;
};

}  // namespace footwork::render
