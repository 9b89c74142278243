#pragma once
// The offscreen renderer: skinned characters, a ground grid, level geometry and debug draw into
// an OpenGL framebuffer, read back as an Image. One frame is
//   BeginFrame(camera) -> DrawGround -> DrawCharacter... -> Draw(list) -> EndFrame -> ReadPixels.
// All calls happen on the thread that created the renderer.

#include <memory>
#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "footwork/core/error.h"
#include "footwork/core/transform.h"
#include "footwork/io/scene.h"
#include "footwork/render/camera.h"
#include "footwork/render/draw_list.h"
#include "footwork/render/image.h"

namespace footwork::render {

// Framebuffer size and quality.
struct RendererOptions {
  int width = 1280;
  int height = 720;
  // 1 (off) or 4: multisample antialiasing, resolved before read back.
  int msaa_samples = 4;
};

// How a frame's background and light look. Colours are linear RGB.
struct FrameStyle {
  // A vertical gradient from horizon_color (bottom) to sky_color (top); off: flat sky_color.
  bool sky_gradient = true;
  glm::vec3 sky_color{0.42f, 0.60f, 0.85f};
  glm::vec3 horizon_color{0.80f, 0.85f, 0.90f};
  // Direction the key light shines towards (normalised by the renderer).
  glm::vec3 light_direction{-0.4f, -1.0f, -0.55f};
  // Distance fog towards horizon_color; 0 disables it.
  float fog_density_per_m = 0.012f;
};

// The ground plane at height_m with a grid of lines every cell_m metres.
struct GroundStyle {
  float height_m = 0.0f;
  float half_extent_m = 100.0f;
  float cell_m = 1.0f;
  glm::vec3 color{0.40f, 0.41f, 0.40f};
  glm::vec3 line_color{0.24f, 0.25f, 0.26f};
};

// A soft dark disc on surfaces facing up below a character (a cheap contact shadow).
struct BlobShadow {
  glm::vec3 center_m{0.0f};
  float radius_m = 0.45f;
  // 0..1: how dark the centre gets.
  float strength = 0.55f;
};

// Id of a character's meshes uploaded with UploadCharacter.
using CharacterId = int;

class Renderer {
 public:
  // Creates the EGL context, framebuffer and shaders. Fails with the reason (no EGL display,
  // no OpenGL 3.3, framebuffer incomplete, shader log).
  static Result<std::unique_ptr<Renderer>> Create(const RendererOptions& options = {});

  Renderer(const Renderer&) = delete;
  Renderer& operator=(const Renderer&) = delete;
  ~Renderer();

  int width() const;
  int height() const;

  // Uploads a character's skinned meshes (bind pose, joints and weights, base colours). Meshes
  // with more joints than the shader holds (256) are an error naming the mesh.
  Result<CharacterId> UploadCharacter(std::span<const io::SkinnedMesh> meshes);
  // Uploads a static triangle mesh for MeshInstance.
  Result<MeshId> UploadMesh(const LevelMesh& mesh);

  // Starts a frame seen by `camera`: clears to the sky. Blob shadows set here darken the ground
  // and level geometry drawn in this frame.
  Status BeginFrame(const Camera& camera, const FrameStyle& style = {},
                    std::span<const BlobShadow> shadows = {});
  void DrawGround(const GroundStyle& ground = {});
  // Draws a character in `model_pose` (model-space joint transforms, as LocalToModelJob gives),
  // placed in the world by `world`. The pose size must match each mesh's inverse bind matrices.
  Status DrawCharacter(CharacterId character, std::span<const Transform> model_pose,
                       const glm::mat4& world = glm::mat4(1.0f));
  // Boxes and meshes (lit), then debug lines and points.
  Status Draw(const DrawList& list);
  // Resolves multisampling; reports any OpenGL error raised during the frame.
  Status EndFrame();
  // The finished frame, rows top to bottom.
  Image ReadPixels();

 private:
  struct State;
  explicit Renderer(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

}  // namespace footwork::render
