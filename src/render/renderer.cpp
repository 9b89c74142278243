#include "footwork/render/renderer.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/type_ptr.hpp>

#include "footwork/render/debug_shapes.h"
#include "footwork/render/offscreen_context.h"
#include "footwork/render/skinning.h"
#include "render/framebuffer.h"
#include "render/gl.h"
#include "render/gl_program.h"
#include "render/mesh_normals.h"
#include "render/shaders.h"

namespace footwork::render {
namespace {

// Interleaved vertex of a skinned mesh, matching the skinned vertex shader's attributes.
struct SkinnedVertex {
  glm::vec3 position;
  glm::vec3 normal;
  std::uint16_t joints[4];
  glm::vec4 weights;
};

struct StaticVertex {
  glm::vec3 position;
  glm::vec3 normal;
};

// Debug vertex: position, colour, point size.
struct LineVertex {
  glm::vec3 position;
  glm::vec3 color;
  float size;
};

// A vertex array with its buffers on the GPU.
struct GpuMesh {
  GLuint vao = 0;
  GLuint vertex_buffer = 0;
  GLuint index_buffer = 0;
  GLsizei index_count = 0;
};

struct GpuSkinnedMesh {
  GpuMesh mesh;
  glm::vec3 base_color{0.8f};
  std::vector<glm::mat4> inverse_bind;
  std::string name;
};

void DeleteMesh(const GpuMesh& mesh) {
  glDeleteVertexArrays(1, &mesh.vao);
  glDeleteBuffers(1, &mesh.vertex_buffer);
  glDeleteBuffers(1, &mesh.index_buffer);
}

template <typename Vertex>
GpuMesh UploadTriangles(const std::vector<Vertex>& vertices,
                        const std::vector<std::uint32_t>& indices) {
  GpuMesh mesh;
  glGenVertexArrays(1, &mesh.vao);
  glBindVertexArray(mesh.vao);
  glGenBuffers(1, &mesh.vertex_buffer);
  glBindBuffer(GL_ARRAY_BUFFER, mesh.vertex_buffer);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(vertices.size() * sizeof(Vertex)),
               vertices.data(), GL_STATIC_DRAW);
  glGenBuffers(1, &mesh.index_buffer);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, mesh.index_buffer);
  glBufferData(GL_ELEMENT_ARRAY_BUFFER,
               static_cast<GLsizeiptr>(indices.size() * sizeof(std::uint32_t)), indices.data(),
               GL_STATIC_DRAW);
  mesh.index_count = static_cast<GLsizei>(indices.size());
  const auto stride = static_cast<GLsizei>(sizeof(Vertex));
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride,
                        reinterpret_cast<void*>(offsetof(Vertex, position)));
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, stride,
                        reinterpret_cast<void*>(offsetof(Vertex, normal)));
  if constexpr (std::is_same_v<Vertex, SkinnedVertex>) {
    glEnableVertexAttribArray(2);
    glVertexAttribIPointer(2, 4, GL_UNSIGNED_SHORT, stride,
                           reinterpret_cast<void*>(offsetof(SkinnedVertex, joints)));
    glEnableVertexAttribArray(3);
    glVertexAttribPointer(3, 4, GL_FLOAT, GL_FALSE, stride,
                          reinterpret_cast<void*>(offsetof(SkinnedVertex, weights)));
  }
  glBindVertexArray(0);
  return mesh;
}

// Checks the parts of a skinned mesh the GPU would otherwise read out of bounds.
Status ValidateSkinnedMesh(const io::SkinnedMesh& mesh) {
  const std::string name = "mesh '" + mesh.name + "'";
  const std::size_t count = mesh.positions.size();
  if (count == 0 || mesh.indices.empty() || mesh.indices.size() % 3 != 0) {
    return Error{name + ": needs vertices and a triangle list (" + std::to_string(count) +
                 " vertices, " + std::to_string(mesh.indices.size()) + " indices)"};
  }
  if (!mesh.normals.empty() && mesh.normals.size() != count) {
    return Error{name + ": " + std::to_string(mesh.normals.size()) + " normals for " +
                 std::to_string(count) + " vertices"};
  }
  if (mesh.joints.size() != mesh.weights.size() ||
      (!mesh.joints.empty() && mesh.joints.size() != count)) {
    return Error{name + ": joints (" + std::to_string(mesh.joints.size()) + ") and weights (" +
                 std::to_string(mesh.weights.size()) + ") must both have one entry a vertex"};
  }
  if (mesh.inverse_bind_matrices.size() > static_cast<std::size_t>(shaders::kMaxJoints)) {
    return Error{name + ": " + std::to_string(mesh.inverse_bind_matrices.size()) +
                 " joints, the renderer skins at most " + std::to_string(shaders::kMaxJoints)};
  }
  for (std::uint32_t index : mesh.indices) {
    if (index >= count) {
      return Error{name + ": index " + std::to_string(index) + " out of range (" +
                   std::to_string(count) + " vertices)"};
    }
  }
  for (const auto& joints : mesh.joints) {
    for (std::uint16_t joint : joints) {
      if (joint >= mesh.inverse_bind_matrices.size()) {
        return Error{name + ": vertex joint " + std::to_string(joint) +
                     " has no inverse bind "
                     "matrix (" +
                     std::to_string(mesh.inverse_bind_matrices.size()) + ")"};
      }
    }
  }
  return Status::Ok();
}

}  // namespace

struct Renderer::State {
  ~State() {
    if (!context || !context->MakeCurrent()) {
      return;
    }
    for (const auto& character : characters) {
      for (const GpuSkinnedMesh& mesh : character) {
        DeleteMesh(mesh.mesh);
      }
    }
    for (const GpuMesh& mesh : meshes) {
      DeleteMesh(mesh);
    }
    glDeleteBuffers(1, &joint_buffer);
    glDeleteBuffers(1, &line_buffer);
    glDeleteVertexArrays(1, &line_vao);
    glDeleteVertexArrays(1, &empty_vao);
  }

  // Declared first so that it is destroyed last, after every GL object below.
  std::unique_ptr<OffscreenContext> context;
  Framebuffer framebuffer;
  GlProgram skinned;
  GlProgram lit;
  GlProgram ground;
  GlProgram lines;
  GlProgram sky;
  GLuint empty_vao = 0;
  GLuint joint_buffer = 0;
  GLuint line_vao = 0;
  GLuint line_buffer = 0;
  float max_line_width = 1.0f;

  std::vector<std::vector<GpuSkinnedMesh>> characters;
  std::vector<GpuMesh> meshes;
  MeshId unit_box = -1;
  MeshId ground_quad = -1;

  // The frame being drawn.
  Camera camera;
  FrameStyle style;
  glm::mat4 view_projection{1.0f};
  bool in_frame = false;
  std::vector<glm::mat4> skin_scratch;
  std::vector<LineVertex> line_scratch;

  void SetFrameUniforms(const GlProgram& program, bool receive_blobs,
                        std::span<const BlobShadow> shadows) const {
    glUseProgram(program.id());
    glUniformMatrix4fv(program.Uniform("u_view_projection"), 1, GL_FALSE,
                       glm::value_ptr(view_projection));
    glUniform3fv(program.Uniform("u_to_light"), 1,
                 glm::value_ptr(-glm::normalize(style.light_direction)));
    glUniform3fv(program.Uniform("u_camera"), 1, glm::value_ptr(camera.position_m));
    glUniform3fv(program.Uniform("u_sky"), 1, glm::value_ptr(style.sky_color));
    glUniform3fv(program.Uniform("u_horizon"), 1, glm::value_ptr(style.horizon_color));
    glUniform1f(program.Uniform("u_fog_density"), style.fog_density_per_m);
    glUniform1i(program.Uniform("u_receive_blobs"), receive_blobs ? 1 : 0);
    const int count = std::min(static_cast<int>(shadows.size()), shaders::kMaxBlobs);
    glUniform1i(program.Uniform("u_blob_count"), count);
    // Uniform arrays are set from their first element's location in one call.
    glm::vec4 blobs[shaders::kMaxBlobs];
    float strengths[shaders::kMaxBlobs];
    for (int i = 0; i < count; ++i) {
      blobs[i] = glm::vec4(shadows[i].center_m, shadows[i].radius_m);
      strengths[i] = shadows[i].strength;
    }
    if (count > 0) {
      glUniform4fv(program.Uniform("u_blobs"), count, glm::value_ptr(blobs[0]));
      glUniform1fv(program.Uniform("u_blob_strength"), count, strengths);
    }
  }

  void DrawStaticMesh(const GlProgram& program, MeshId id, const glm::mat4& model,
                      const glm::vec3& color) const {
    const glm::mat3 normal_matrix = glm::transpose(glm::inverse(glm::mat3(model)));
    glUniformMatrix4fv(program.Uniform("u_model"), 1, GL_FALSE, glm::value_ptr(model));
    glUniformMatrix3fv(program.Uniform("u_normal_matrix"), 1, GL_FALSE,
                       glm::value_ptr(normal_matrix));
    glUniform3fv(program.Uniform("u_color"), 1, glm::value_ptr(color));
    const GpuMesh& mesh = meshes[static_cast<std::size_t>(id)];
    glBindVertexArray(mesh.vao);
    glDrawElements(GL_TRIANGLES, mesh.index_count, GL_UNSIGNED_INT, nullptr);
  }

  // Draws line_scratch as `mode` (GL_LINES or GL_POINTS).
  void DrawDebugVertices(GLenum mode) {
    if (line_scratch.empty()) {
      return;
    }
    glBindVertexArray(line_vao);
    glBindBuffer(GL_ARRAY_BUFFER, line_buffer);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(line_scratch.size() * sizeof(LineVertex)),
                 line_scratch.data(), GL_STREAM_DRAW);
    glUniform1i(lines.Uniform("u_round_points"), mode == GL_POINTS ? 1 : 0);
    glDrawArrays(mode, 0, static_cast<GLsizei>(line_scratch.size()));
  }
};

Renderer::Renderer(std::unique_ptr<State> state) : state_(std::move(state)) {}
Renderer::~Renderer() = default;

int Renderer::width() const {
  return state_->framebuffer.width();
}
int Renderer::height() const {
  return state_->framebuffer.height();
}

Result<std::unique_ptr<Renderer>> Renderer::Create(const RendererOptions& options) {
  auto state = std::make_unique<State>();
  Result<std::unique_ptr<OffscreenContext>> context = OffscreenContext::Create();
  if (!context) {
    return context.error();
  }
  state->context = std::move(*context);
  if (Status created =
          state->framebuffer.Create(options.width, options.height, options.msaa_samples);
      !created) {
    return created.error();
  }
  struct ProgramSource {
    GlProgram* program;
    const char* name;
    std::string vertex;
    std::string fragment;
  };
  ProgramSource programs[] = {
      {&state->skinned, "skinned", shaders::SkinnedVertex(), shaders::LitFragment(false)},
      {&state->lit, "lit", shaders::StaticVertex(), shaders::LitFragment(false)},
      {&state->ground, "ground", shaders::StaticVertex(), shaders::LitFragment(true)},
      {&state->lines, "debug lines", shaders::LineVertex(), shaders::LineFragment()},
      {&state->sky, "sky", shaders::SkyVertex(), shaders::SkyFragment()},
  };
  for (ProgramSource& source : programs) {
    Result<GlProgram> built = GlProgram::Build(source.name, source.vertex, source.fragment);
    if (!built) {
      return built.error();
    }
    *source.program = std::move(*built);
  }
  const GLuint block = glGetUniformBlockIndex(state->skinned.id(), "Joints");
  glUniformBlockBinding(state->skinned.id(), block, shaders::kJointBlockBinding);
  glGenBuffers(1, &state->joint_buffer);
  glBindBuffer(GL_UNIFORM_BUFFER, state->joint_buffer);
  glBufferData(GL_UNIFORM_BUFFER, sizeof(glm::mat4) * shaders::kMaxJoints, nullptr,
               GL_DYNAMIC_DRAW);

  glGenVertexArrays(1, &state->empty_vao);
  glGenVertexArrays(1, &state->line_vao);
  glBindVertexArray(state->line_vao);
  glGenBuffers(1, &state->line_buffer);
  glBindBuffer(GL_ARRAY_BUFFER, state->line_buffer);
  const auto stride = static_cast<GLsizei>(sizeof(LineVertex));
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride,
                        reinterpret_cast<void*>(offsetof(LineVertex, position)));
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, stride,
                        reinterpret_cast<void*>(offsetof(LineVertex, color)));
  glEnableVertexAttribArray(2);
  glVertexAttribPointer(2, 1, GL_FLOAT, GL_FALSE, stride,
                        reinterpret_cast<void*>(offsetof(LineVertex, size)));
  glBindVertexArray(0);
  GLfloat line_range[2] = {1.0f, 1.0f};
  glGetFloatv(GL_ALIASED_LINE_WIDTH_RANGE, line_range);
  state->max_line_width = line_range[1];

  auto renderer = std::unique_ptr<Renderer>(new Renderer(std::move(state)));
  Result<MeshId> box = renderer->UploadMesh(MakeUnitBoxMesh());
  LevelMesh quad;
  quad.positions = {{-1, 0, -1}, {1, 0, -1}, {1, 0, 1}, {-1, 0, 1}};
  quad.normals.assign(4, {0, 1, 0});
  quad.indices = {0, 2, 1, 0, 3, 2};
  Result<MeshId> ground = renderer->UploadMesh(quad);
  if (!box || !ground) {
    return Error{"could not upload the renderer's built-in meshes"};
  }
  renderer->state_->unit_box = *box;
  renderer->state_->ground_quad = *ground;
  if (const GLenum error = glGetError(); error != GL_NO_ERROR) {
    return Error{"OpenGL error " + GlErrorName(error) + " while setting up the renderer"};
  }
  return renderer;
}

Result<CharacterId> Renderer::UploadCharacter(std::span<const io::SkinnedMesh> meshes) {
  if (meshes.empty()) {
    return Error{"character has no skinned meshes to draw"};
  }
  if (Status current = state_->context->MakeCurrent(); !current) {
    return current.error();
  }
  for (const io::SkinnedMesh& mesh : meshes) {
    if (Status valid = ValidateSkinnedMesh(mesh); !valid) {
      return valid.error();
    }
  }
  std::vector<GpuSkinnedMesh> uploaded;
  for (const io::SkinnedMesh& mesh : meshes) {
    const std::vector<glm::vec3> normals =
        mesh.normals.empty() ? ComputeSmoothNormals(mesh.positions, mesh.indices) : mesh.normals;
    std::vector<SkinnedVertex> vertices(mesh.positions.size());
    for (std::size_t i = 0; i < vertices.size(); ++i) {
      SkinnedVertex& vertex = vertices[i];
      vertex.position = mesh.positions[i];
      vertex.normal = normals[i];
      if (mesh.joints.empty()) {
        vertex.joints[0] = vertex.joints[1] = vertex.joints[2] = vertex.joints[3] = 0;
        vertex.weights = glm::vec4(0.0f);
      } else {
        std::copy(mesh.joints[i].begin(), mesh.joints[i].end(), vertex.joints);
        vertex.weights = mesh.weights[i];
      }
    }
    uploaded.push_back({UploadTriangles(vertices, mesh.indices), mesh.base_color,
                        mesh.inverse_bind_matrices, mesh.name});
  }
  state_->characters.push_back(std::move(uploaded));
  return static_cast<CharacterId>(state_->characters.size() - 1);
}

Result<MeshId> Renderer::UploadMesh(const LevelMesh& mesh) {
  if (mesh.positions.empty() || mesh.indices.size() % 3 != 0 ||
      (!mesh.normals.empty() && mesh.normals.size() != mesh.positions.size())) {
    return Error{"level mesh: needs vertices, one normal a vertex (or none) and a triangle list (" +
                 std::to_string(mesh.positions.size()) + " vertices, " +
                 std::to_string(mesh.normals.size()) + " normals, " +
                 std::to_string(mesh.indices.size()) + " indices)"};
  }
  for (std::uint32_t index : mesh.indices) {
    if (index >= mesh.positions.size()) {
      return Error{"level mesh: index " + std::to_string(index) + " out of range (" +
                   std::to_string(mesh.positions.size()) + " vertices)"};
    }
  }
  if (Status current = state_->context->MakeCurrent(); !current) {
    return current.error();
  }
  const std::vector<glm::vec3> normals =
      mesh.normals.empty() ? ComputeSmoothNormals(mesh.positions, mesh.indices) : mesh.normals;
  std::vector<StaticVertex> vertices(mesh.positions.size());
  for (std::size_t i = 0; i < vertices.size(); ++i) {
    vertices[i] = {mesh.positions[i], normals[i]};
  }
  state_->meshes.push_back(UploadTriangles(vertices, mesh.indices));
  return static_cast<MeshId>(state_->meshes.size() - 1);
}

Status Renderer::BeginFrame(const Camera& camera, const FrameStyle& style,
                            std::span<const BlobShadow> shadows) {
  State& s = *state_;
  if (Status current = s.context->MakeCurrent(); !current) {
    return current;
  }
  glGetError();  // Start the frame's error report clean.
  s.camera = camera;
  s.style = style;
  const float aspect = static_cast<float>(width()) / static_cast<float>(height());
  s.view_projection = camera.Projection(aspect) * camera.View();
  s.framebuffer.BindForDrawing();
  const glm::vec3 clear = glm::pow(style.sky_color, glm::vec3(1.0f / 2.2f));
  glClearColor(clear.r, clear.g, clear.b, 1.0f);
  glClearDepth(1.0);
  glDepthMask(GL_TRUE);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  if (style.sky_gradient) {
    glDisable(GL_DEPTH_TEST);
    glUseProgram(s.sky.id());
    glUniform3fv(s.sky.Uniform("u_sky"), 1, glm::value_ptr(style.sky_color));
    glUniform3fv(s.sky.Uniform("u_horizon"), 1, glm::value_ptr(style.horizon_color));
    glBindVertexArray(s.empty_vao);
    glDrawArrays(GL_TRIANGLES, 0, 3);
  }
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  glDisable(GL_CULL_FACE);
  glEnable(GL_MULTISAMPLE);
  s.SetFrameUniforms(s.skinned, false, shadows);
  s.SetFrameUniforms(s.lit, true, shadows);
  s.SetFrameUniforms(s.ground, true, shadows);
  s.in_frame = true;
  return Status::Ok();
}

void Renderer::DrawGround(const GroundStyle& ground) {
  State& s = *state_;
  glUseProgram(s.ground.id());
  glUniform3fv(s.ground.Uniform("u_line_color"), 1, glm::value_ptr(ground.line_color));
  glUniform1f(s.ground.Uniform("u_cell"), ground.cell_m);
  const glm::mat4 model =
      glm::scale(glm::translate(glm::mat4(1.0f), glm::vec3(0.0f, ground.height_m, 0.0f)),
                 glm::vec3(ground.half_extent_m, 1.0f, ground.half_extent_m));
  // Push the ground back a little so that shapes lying on it win the depth test.
  glEnable(GL_POLYGON_OFFSET_FILL);
  glPolygonOffset(1.0f, 1.0f);
  s.DrawStaticMesh(s.ground, s.ground_quad, model, ground.color);
  glDisable(GL_POLYGON_OFFSET_FILL);
}

Status Renderer::DrawCharacter(CharacterId character, std::span<const Transform> model_pose,
                               const glm::mat4& world) {
  State& s = *state_;
  if (character < 0 || static_cast<std::size_t>(character) >= s.characters.size()) {
    return Error{"DrawCharacter: unknown character id " + std::to_string(character)};
  }
  glUseProgram(s.skinned.id());
  glBindBufferBase(GL_UNIFORM_BUFFER, shaders::kJointBlockBinding, s.joint_buffer);
  for (const GpuSkinnedMesh& mesh : s.characters[static_cast<std::size_t>(character)]) {
    s.skin_scratch.resize(mesh.inverse_bind.size());
    if (Status skinned =
            ComputeSkinningMatrices(model_pose, mesh.inverse_bind, world, s.skin_scratch);
        !skinned) {
      return WithContext("DrawCharacter: mesh '" + mesh.name + "'", skinned.error());
    }
    glBindBuffer(GL_UNIFORM_BUFFER, s.joint_buffer);
    glBufferSubData(GL_UNIFORM_BUFFER, 0,
                    static_cast<GLsizeiptr>(s.skin_scratch.size() * sizeof(glm::mat4)),
                    s.skin_scratch.data());
    glUniform3fv(s.skinned.Uniform("u_color"), 1, glm::value_ptr(mesh.base_color));
    glBindVertexArray(mesh.mesh.vao);
    glDrawElements(GL_TRIANGLES, mesh.mesh.index_count, GL_UNSIGNED_INT, nullptr);
  }
  return Status::Ok();
}

Status Renderer::Draw(const DrawList& list) {
  State& s = *state_;
  glUseProgram(s.lit.id());
  for (const BoxInstance& box : list.boxes) {
    const glm::mat4 model = glm::scale(
        glm::rotate(glm::translate(glm::mat4(1.0f), box.center_m), box.yaw_rad, {0, 1, 0}),
        box.size_m);
    s.DrawStaticMesh(s.lit, s.unit_box, model, box.color);
  }
  for (const MeshInstance& instance : list.meshes) {
    if (instance.mesh < 0 || static_cast<std::size_t>(instance.mesh) >= s.meshes.size()) {
      return Error{"Draw: unknown mesh id " + std::to_string(instance.mesh)};
    }
    s.DrawStaticMesh(s.lit, instance.mesh, instance.world, instance.color);
  }

  glUseProgram(s.lines.id());
  glUniformMatrix4fv(s.lines.Uniform("u_view_projection"), 1, GL_FALSE,
                     glm::value_ptr(s.view_projection));
  glLineWidth(std::min(2.0f, s.max_line_width));
  glEnable(GL_PROGRAM_POINT_SIZE);
  // Depth-tested shapes first, then the ones that show through everything.
  for (const bool on_top : {false, true}) {
    if (on_top) {
      glDisable(GL_DEPTH_TEST);
    }
    s.line_scratch.clear();
    for (const DebugLine& line : list.lines) {
      if (line.on_top == on_top) {
        s.line_scratch.push_back({line.from_m, line.color, 1.0f});
        s.line_scratch.push_back({line.to_m, line.color, 1.0f});
      }
    }
    s.DrawDebugVertices(GL_LINES);
    s.line_scratch.clear();
    for (const DebugPoint& point : list.points) {
      if (point.on_top == on_top) {
        s.line_scratch.push_back({point.position_m, point.color, point.size_px});
      }
    }
    s.DrawDebugVertices(GL_POINTS);
  }
  glEnable(GL_DEPTH_TEST);
  glLineWidth(1.0f);
  return Status::Ok();
}

Status Renderer::EndFrame() {
  State& s = *state_;
  s.in_frame = false;
  s.framebuffer.Resolve();
  glBindVertexArray(0);
  if (const GLenum error = glGetError(); error != GL_NO_ERROR) {
    return Error{"OpenGL error " + GlErrorName(error) + " during the frame"};
  }
  return Status::Ok();
}

Image Renderer::ReadPixels() {
  return state_->framebuffer.Read();
}

}  // namespace footwork::render
