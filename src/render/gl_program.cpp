#include "render/gl_program.h"

#include <vector>

namespace footwork::render {
namespace {

Result<GLuint> CompileShader(GLenum kind, std::string_view source, const std::string& context) {
  const GLuint shader = glCreateShader(kind);
  const char* text = source.data();
  const auto length = static_cast<GLint>(source.size());
  glShaderSource(shader, 1, &text, &length);
  glCompileShader(shader);
  GLint compiled = GL_FALSE;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &compiled);
  if (compiled == GL_TRUE) {
    return shader;
  }
  GLint log_length = 0;
  glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &log_length);
  std::vector<char> log(static_cast<std::size_t>(std::max(log_length, 1)));
  glGetShaderInfoLog(shader, log_length, nullptr, log.data());
  glDeleteShader(shader);
  return Error{context + ": " + std::string(log.data())};
}

}  // namespace

GlProgram& GlProgram::operator=(GlProgram&& other) noexcept {
  if (this != &other) {
    if (id_ != 0) {
      glDeleteProgram(id_);
    }
    id_ = other.id_;
    other.id_ = 0;
  }
  return *this;
}

GlProgram::~GlProgram() {
  if (id_ != 0) {
    glDeleteProgram(id_);
  }
}

Result<GlProgram> GlProgram::Build(std::string_view name, std::string_view vertex_source,
                                   std::string_view fragment_source) {
  const std::string prefix = std::string(name) + " program";
  Result<GLuint> vertex =
      CompileShader(GL_VERTEX_SHADER, vertex_source, prefix + ": vertex shader");
  if (!vertex) {
    return vertex.error();
  }
  Result<GLuint> fragment =
      CompileShader(GL_FRAGMENT_SHADER, fragment_source, prefix + ": fragment shader");
  if (!fragment) {
    glDeleteShader(*vertex);
    return fragment.error();
  }
  const GLuint program = glCreateProgram();
  glAttachShader(program, *vertex);
  glAttachShader(program, *fragment);
  glLinkProgram(program);
  glDeleteShader(*vertex);
  glDeleteShader(*fragment);
  GLint linked = GL_FALSE;
  glGetProgramiv(program, GL_LINK_STATUS, &linked);
  if (linked != GL_TRUE) {
    GLint log_length = 0;
    glGetProgramiv(program, GL_INFO_LOG_LENGTH, &log_length);
    std::vector<char> log(static_cast<std::size_t>(std::max(log_length, 1)));
    glGetProgramInfoLog(program, log_length, nullptr, log.data());
    glDeleteProgram(program);
    return Error{prefix + ": link: " + std::string(log.data())};
  }
  return GlProgram(program);
}

}  // namespace footwork::render
