#include "viewer_app.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <span>
#include <string>

#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>
#include <SDL.h>
#include <backends/imgui_impl_opengl3.h>
#include <backends/imgui_impl_sdl.h>
#include <imgui.h>

#include "footwork/core/angles.h"
#include "footwork/demo/level_geometry.h"
#include "footwork/demo/trace_pose.h"
#include "footwork/render/camera.h"
#include "footwork/render/debug_shapes.h"
#include "footwork/render/image.h"
#include "footwork/render/renderer.h"
#include "video_size.h"
#include "viewer_panels.h"
#include "viewer_session.h"

namespace footwork::cli {
namespace {

int Fail(const std::string& message) {
  std::fprintf(stderr, "footwork view: %s\n", message.c_str());
  return 1;
}

// The orbit camera: yaw is also the player's camera yaw, so "forward" moves away from the view.
struct Orbit {
  float yaw = 0.0f;
  float pitch = Radians(15.0f);
  float distance = 4.5f;
};

float StickAxis(SDL_GameController* pad, SDL_GameControllerAxis axis) {
  return pad ? SDL_GameControllerGetAxis(pad, axis) / 32767.0f : 0.0f;
}

// Keyboard and gamepad into the locomotion input; returns false when the user closed the window.
bool PollInput(SDL_Window* window, SDL_GameController*& pad, Orbit& orbit, ViewerControls& controls,
               float dt) {
  ImGuiIO& io = ImGui::GetIO();
  SDL_Event event;
  while (SDL_PollEvent(&event)) {
    ImGui_ImplSDL2_ProcessEvent(&event);
    switch (event.type) {
      case SDL_QUIT:
        return false;
      case SDL_WINDOWEVENT:
        if (event.window.event == SDL_WINDOWEVENT_CLOSE &&
            event.window.windowID == SDL_GetWindowID(window))
          return false;
        break;
      case SDL_CONTROLLERDEVICEADDED:
        if (!pad)
          pad = SDL_GameControllerOpen(event.cdevice.which);
        break;
      case SDL_MOUSEMOTION:
        if (!io.WantCaptureMouse && (event.motion.state & SDL_BUTTON_LMASK)) {
          orbit.yaw -= event.motion.xrel * 0.006f;
          orbit.pitch =
              std::clamp(orbit.pitch + event.motion.yrel * 0.004f, Radians(-20.0f), Radians(70.0f));
        }
        break;
      case SDL_MOUSEWHEEL:
        if (!io.WantCaptureMouse)
          orbit.distance = std::clamp(
              orbit.distance * std::pow(0.9f, static_cast<float>(event.wheel.y)), 1.5f, 15.f);
        break;
      case SDL_MOUSEBUTTONDOWN:
      case SDL_MOUSEBUTTONUP:
        if (!io.WantCaptureMouse && event.button.button == SDL_BUTTON_RIGHT)
          controls.input.aim = event.type == SDL_MOUSEBUTTONDOWN;
        break;
      case SDL_KEYDOWN:
        if (io.WantCaptureKeyboard || event.key.repeat)
          break;
        switch (event.key.keysym.sym) {
          case SDLK_SPACE:
            controls.input.jump = true;
            break;
          case SDLK_q:
            controls.input.walk_mode = !controls.input.walk_mode;
            break;
          case SDLK_TAB:
            controls.input.rotation_mode =
                controls.input.rotation_mode == locomotion::RotationMode::kStrafing
                    ? locomotion::RotationMode::kRotating
                    : locomotion::RotationMode::kStrafing;
            break;
          case SDLK_i:
            controls.ik = !controls.ik;
            break;
          case SDLK_p:
            controls.paused = !controls.paused;
            break;
          case SDLK_n:
            controls.paused = true;
            controls.step_once = true;
            break;
          case SDLK_ESCAPE:
            return false;
          default:
            break;
        }
        break;
      case SDL_CONTROLLERBUTTONDOWN:
        if (event.cbutton.button == SDL_CONTROLLER_BUTTON_A)
          controls.input.jump = true;
        if (event.cbutton.button == SDL_CONTROLLER_BUTTON_Y)
          controls.input.rotation_mode =
              controls.input.rotation_mode == locomotion::RotationMode::kStrafing
                  ? locomotion::RotationMode::kRotating
                  : locomotion::RotationMode::kStrafing;
        break;
      default:
        break;
    }
  }
  glm::vec2 keys(0.0f);
  if (!io.WantCaptureKeyboard) {
    const Uint8* state = SDL_GetKeyboardState(nullptr);
    keys = {static_cast<float>(state[SDL_SCANCODE_D] - state[SDL_SCANCODE_A]),
            static_cast<float>(state[SDL_SCANCODE_W] - state[SDL_SCANCODE_S])};
    controls.input.sprint = state[SDL_SCANCODE_LSHIFT] != 0;
  }
  const glm::vec2 stick(StickAxis(pad, SDL_CONTROLLER_AXIS_LEFTX),
                        -StickAxis(pad, SDL_CONTROLLER_AXIS_LEFTY));
  if (glm::length(keys) > 0.0f) {
    controls.input.move = glm::normalize(keys);
    controls.input.device = locomotion::InputDevice::kKeyboard;
  } else if (glm::length(stick) > 0.05f) {
    controls.input.move = stick;
    controls.input.device = locomotion::InputDevice::kGamepad;
  } else {
    controls.input.move = glm::vec2(0.0f);
  }
  if (pad) {
    orbit.yaw -= StickAxis(pad, SDL_CONTROLLER_AXIS_RIGHTX) * 2.5f * dt;
    orbit.pitch = std::clamp(orbit.pitch + StickAxis(pad, SDL_CONTROLLER_AXIS_RIGHTY) * 1.5f * dt,
                             Radians(-20.0f), Radians(70.0f));
    if (StickAxis(pad, SDL_CONTROLLER_AXIS_TRIGGERLEFT) > 0.5f)
      controls.input.aim = true;
  }
  controls.input.camera_yaw = orbit.yaw;
  return true;
}

// Capsule, root trace, foot IK traces (ankle paths, lock markers, surface hits under the soles).
void AddDebugDraw(render::DrawList& list, const ViewerSession& session) {
  const sim::TraceFrame& frame = session.frame();
  const demo::ScenarioRun& context = session.context();
  render::AddCapsule(list, frame.position, context.capsule_radius_m, context.capsule_half_height_m,
                     {0.2f, 0.9f, 1.0f});
  std::vector<glm::vec3> root;
  for (const sim::TraceFrame& recent : session.recent())
    root.push_back(recent.position - glm::vec3(0, context.capsule_bottom_offset_m - 0.02f, 0));
  render::AddPolyline(list, root, {1.0f, 0.85f, 0.1f}, true);
  const glm::vec3 colors[] = {{0.3f, 0.6f, 1.0f}, {1.0f, 0.35f, 0.3f}};
  const auto& history = session.foot_history();
  for (std::size_t side = 0; side < 2; ++side) {
    std::vector<glm::vec3> ankles;
    for (const auto& feet : history)
      ankles.push_back(feet[side].ankle);
    render::AddPolyline(list, ankles, colors[side], true);
    if (history.empty())
      continue;
    const FootIkSample& foot = history.back()[side];
    if (foot.locked)
      render::AddFootMarker(list, foot.ankle, 0.12f, colors[side]);
    // The surface the IK's trace hit under the sole: a small white marker.
    if (foot.surface_height_m)
      render::AddFootMarker(list, {foot.sole.x, *foot.surface_height_m + 0.005f, foot.sole.z},
                            0.05f, {1.0f, 1.0f, 1.0f});
  }
}

// Draws the scene offscreen and returns it as an image for the window's texture.
Result<render::Image> RenderScene(render::Renderer& renderer, render::CharacterId body,
                                  const demo::LevelDrawing& level, const ViewerSession& session,
                                  const ViewerControls& controls, const Orbit& orbit) {
  const sim::TraceFrame& frame = session.frame();
  const demo::ScenarioRun& context = session.context();
  auto pose = demo::PoseOfFrame(frame, context.library.skeleton, context.capsule_bottom_offset_m);
  if (!pose)
    return pose.error();
  render::FollowRig rig;
  rig.pitch_rad = orbit.pitch;
  rig.distance_m = orbit.distance;
  rig.target_height_m = 1.0f;
  rig.fov_y_rad = Radians(50.0f);
  const float camera_yaw =
      session.scripted() ? Radians(frame.camera_yaw_deg) + orbit.yaw : orbit.yaw;
  const render::Camera camera = render::FollowCamera(pose->world.translation, camera_yaw, rig);
  std::optional<demo::FramePose> npc;
  if (session.npc() != nullptr) {
    npc = session.npc()->Pose();
    if (npc->model.empty())
      npc.reset();
  }
  const glm::vec3 lift(0.0f, 0.01f, 0.0f);
  const render::BlobShadow shadows[] = {
      {pose->world.translation + lift, 0.45f, 0.6f},
      {(npc ? npc->world.translation : pose->world.translation) + lift, 0.45f, 0.6f}};
  if (Status begun = renderer.BeginFrame(camera, {}, std::span(shadows, npc ? 2 : 1)); !begun)
    return begun.error();
  renderer.DrawGround();
  if (Status drawn = renderer.DrawCharacter(body, pose->model, pose->world.ToMatrix()); !drawn)
    return drawn.error();
  if (npc) {
    if (Status drawn = renderer.DrawCharacter(body, npc->model, npc->world.ToMatrix()); !drawn)
      return drawn.error();
  }
  render::DrawList list;
  level.AddTo(list, frame.t);
  if (controls.debug_draw)
    AddDebugDraw(list, session);
  if (Status drawn = renderer.Draw(list); !drawn)
    return drawn.error();
  if (Status ended = renderer.EndFrame(); !ended)
    return ended.error();
  return renderer.ReadPixels();
}

render::Image ReadWindow(int width, int height) {
  render::Image image{width, height, std::vector<std::uint8_t>(std::size_t(width) * height * 3)};
  std::vector<std::uint8_t> rows(image.rgb.size());
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, rows.data());
  // OpenGL's rows go bottom to top; Image's top to bottom.
  const std::size_t stride = std::size_t(width) * 3;
  for (int y = 0; y < height; ++y)
    std::copy_n(&rows[std::size_t(height - 1 - y) * stride], stride, &image.rgb[y * stride]);
  return image;
}

}  // namespace

int RunViewer(const ViewOptions& options) {
  auto size = ParseVideoSize(options.size);
  if (!size)
    return Fail(size.error().message);
  if (!options.screenshot.empty() && options.frames <= 0)
    return Fail("--screenshot needs --frames N (the frame to save)");
  demo::ScenarioRunInputs inputs;
  inputs.character = options.character;
  inputs.level = options.level;
  inputs.cache_dir = options.cache_dir;
  auto session = ViewerSession::Create(inputs, options.scenario);
  if (!session)
    return Fail(session.error().message);

  // Both contexts through EGL (SDL's window and the offscreen renderer), so one GL dispatch.
  SDL_SetHint(SDL_HINT_VIDEO_X11_FORCE_EGL, "1");
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER) != 0)
    return Fail(std::string("cannot open a window (no display? try xvfb-run): ") + SDL_GetError());
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  SDL_Window* window =
      SDL_CreateWindow("footwork view", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, size->first,
                       size->second, SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE);
  if (!window) {
    SDL_Quit();
    return Fail(std::string("cannot create the window: ") + SDL_GetError());
  }
  SDL_GLContext gl = SDL_GL_CreateContext(window);
  if (!gl) {
    SDL_DestroyWindow(window);
    SDL_Quit();
    return Fail(std::string("no OpenGL 3.3 core context: ") + SDL_GetError());
  }
  SDL_GL_MakeCurrent(window, gl);
  SDL_GL_SetSwapInterval(options.frames > 0 ? 0 : 1);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;
  ImGui::StyleColorsDark();
  ImGui_ImplSDL2_InitForOpenGL(window, gl);
  ImGui_ImplOpenGL3_Init("#version 330 core");

  int exit_code = 0;
  {
    auto renderer = render::Renderer::Create({size->first, size->second, 4});
    if (!renderer)
      return Fail(renderer.error().message);
    auto body = (*renderer)->UploadCharacter((*session)->context().library.meshes);
    if (!body)
      return Fail(body.error().message);
    auto level = demo::LevelDrawing::Upload((*session)->context().level, **renderer);
    if (!level)
      return Fail(level.error().message);

    SDL_GL_MakeCurrent(window, gl);
    GLuint texture = 0;
    glGenTextures(1, &texture);
    glBindTexture(GL_TEXTURE_2D, texture);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB8, size->first, size->second, 0, GL_RGB, GL_UNSIGNED_BYTE,
                 nullptr);

    SDL_GameController* pad = nullptr;
    Orbit orbit;
    // Live: start behind the character. Scripted: an offset from the scenario's camera.
    orbit.yaw = (*session)->scripted() ? 0.0f : Radians((*session)->frame().actor_yaw_deg);
    ViewerControls controls;
    controls.input.camera_yaw = orbit.yaw;
    Uint64 last = SDL_GetPerformanceCounter();
    for (int frame = 0; options.frames <= 0 || frame < options.frames; ++frame) {
      const Uint64 now = SDL_GetPerformanceCounter();
      // Fixed steps when a frame count is asked for, so screenshots are reproducible.
      const float dt = options.frames > 0
                           ? ViewerSession::kStepS
                           : static_cast<float>(now - last) / SDL_GetPerformanceFrequency();
      last = now;
      if (!PollInput(window, pad, orbit, controls, dt))
        break;
      if (Status advanced = (*session)->Advance(dt, controls); !advanced) {
        exit_code = Fail(advanced.error().message);
        break;
      }
      auto image = RenderScene(**renderer, *body, *level, **session, controls, orbit);
      if (!image) {
        exit_code = Fail(image.error().message);
        break;
      }
      SDL_GL_MakeCurrent(window, gl);
      glBindTexture(GL_TEXTURE_2D, texture);
      glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
      glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, image->width, image->height, GL_RGB, GL_UNSIGNED_BYTE,
                      image->rgb.data());

      ImGui_ImplOpenGL3_NewFrame();
      ImGui_ImplSDL2_NewFrame();
      ImGui::NewFrame();
      const ImVec2 display = ImGui::GetIO().DisplaySize;
      ImGui::GetBackgroundDrawList()->AddImage(
          reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(texture)), {0, 0}, display);
      DrawControlsPanel(controls, **session);
      DrawStatePanel(**session);
      DrawChooserPanel(**session);
      DrawCurvesPanel(**session);
      DrawFootPanel(**session, controls);
      ImGui::Render();
      int width = 0;
      int height = 0;
      SDL_GL_GetDrawableSize(window, &width, &height);
      glViewport(0, 0, width, height);
      glClearColor(0.1f, 0.1f, 0.1f, 1.0f);
      glClear(GL_COLOR_BUFFER_BIT);
      ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
      if (!options.screenshot.empty() && frame + 1 == options.frames) {
        if (Status written = render::WritePng(options.screenshot, ReadWindow(width, height));
            !written)
          exit_code = Fail(written.error().message);
        else
          std::printf("footwork view: saved %s (%dx%d) after %d frames\n",
                      options.screenshot.c_str(), width, height, options.frames);
      }
      SDL_GL_SwapWindow(window);
    }
    glDeleteTextures(1, &texture);
    if (pad)
      SDL_GameControllerClose(pad);
  }
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplSDL2_Shutdown();
  ImGui::DestroyContext();
  SDL_GL_DeleteContext(gl);
  SDL_DestroyWindow(window);
  SDL_Quit();
  return exit_code;
}

}  // namespace footwork::cli
