// Renders the default character offscreen into a small framebuffer and checks what comes out:
// something is drawn, centred and upright, a new pose changes it, level boxes and debug points
// show. No skips: a machine where EGL cannot make a context fails with the reason.
#include <cmath>
#include <memory>

#include <gtest/gtest.h>

#include "footwork/render/camera.h"
#include "footwork/render/renderer.h"
#include "render/render_test_scene.h"

namespace footwork::render {
namespace {

using testing::ClipIndex;
using testing::FindSilhouette;
using testing::ModelPoseAt;
using testing::Silhouette;
using testing::TestCharacter;

constexpr int kSize = 256;
constexpr std::uint8_t kBlack[3] = {0, 0, 0};

// A flat black background without fog, so that every non-black pixel was drawn.
FrameStyle PlainStyle() {
  FrameStyle style;
  style.sky_gradient = false;
  style.sky_color = glm::vec3(0.0f);
  style.fog_density_per_m = 0.0f;
  return style;
}

// Looking at the character's face from 3.5 m, aimed at its middle.
Camera FrontCamera() {
  FollowRig rig;
  rig.yaw_rad = 3.14159265f;
  rig.pitch_rad = 0.0f;
  rig.distance_m = 3.5f;
  rig.target_height_m = 0.9f;
  return FollowCamera(glm::vec3(0.0f), 0.0f, rig);
}

std::unique_ptr<Renderer> MakeRenderer() {
  Result<std::unique_ptr<Renderer>> renderer = Renderer::Create({kSize, kSize, 4});
  // A failure here is the environment's (EGL, Mesa): say so rather than skip.
  EXPECT_TRUE(renderer.ok()) << "no offscreen OpenGL: " << renderer.error().message;
  return renderer.ok() ? std::move(renderer).value() : nullptr;
}

Image RenderPose(Renderer& renderer, CharacterId character, const anim::Pose& model_pose) {
  EXPECT_TRUE(renderer.BeginFrame(FrontCamera(), PlainStyle()).ok());
  const Status drawn = renderer.DrawCharacter(character, model_pose);
  EXPECT_TRUE(drawn.ok()) << drawn.error().message;
  const Status ended = renderer.EndFrame();
  EXPECT_TRUE(ended.ok()) << ended.error().message;
  return renderer.ReadPixels();
}

TEST(Renderer, CreatesAnOffscreenContextOfTheRequestedSize) {
  std::unique_ptr<Renderer> renderer = MakeRenderer();
  ASSERT_NE(renderer, nullptr);
  EXPECT_EQ(renderer->width(), kSize);
  EXPECT_EQ(renderer->height(), kSize);
  const Image image = renderer->ReadPixels();
  EXPECT_EQ(image.width, kSize);
  EXPECT_EQ(image.height, kSize);
  EXPECT_EQ(image.rgb.size(), static_cast<std::size_t>(kSize * kSize * 3));
}

TEST(Renderer, CharacterIsVisibleCentredAndTallerThanWide) {
  std::unique_ptr<Renderer> renderer = MakeRenderer();
  ASSERT_NE(renderer, nullptr);
  const io::Scene& scene = TestCharacter();
  Result<CharacterId> character = renderer->UploadCharacter(scene.meshes);
  ASSERT_TRUE(character.ok()) << character.error().message;
  const Image image =
      RenderPose(*renderer, *character, ModelPoseAt(scene, ClipIndex(scene, "Idle_Loop"), 0.0f));

  const Silhouette silhouette = FindSilhouette(image, kBlack);
  // A standing person seen whole from 3.5 m covers a few percent of the frame.
  EXPECT_GT(silhouette.pixel_count, kSize * kSize / 50);
  EXPECT_LT(silhouette.pixel_count, kSize * kSize / 2);
  EXPECT_GT(silhouette.height(), silhouette.width());
  EXPECT_GT(silhouette.height(), kSize / 3);
  const float center_x = 0.5f * (silhouette.min_x + silhouette.max_x) / kSize;
  const float center_y = 0.5f * (silhouette.min_y + silhouette.max_y) / kSize;
  EXPECT_NEAR(center_x, 0.5f, 0.1f);
  EXPECT_NEAR(center_y, 0.5f, 0.15f);
  // Upright: the head (top rows) is narrower than the silhouette's full width, and the feet
  // touch the lower half.
  EXPECT_GT(silhouette.max_y, kSize / 2);
  EXPECT_LT(silhouette.min_y, kSize / 2);
}

TEST(Renderer, LitCharacterIsNotFlat) {
  std::unique_ptr<Renderer> renderer = MakeRenderer();
  ASSERT_NE(renderer, nullptr);
  const io::Scene& scene = TestCharacter();
  Result<CharacterId> character = renderer->UploadCharacter(scene.meshes);
  ASSERT_TRUE(character.ok()) << character.error().message;
  const Image image = RenderPose(*renderer, *character, ModelPoseAt(scene, 0, 0.0f));
  int darkest = 255 * 3;
  int brightest = 0;
  for (int i = 0; i < kSize * kSize; ++i) {
    const int sum = image.rgb[i * 3] + image.rgb[i * 3 + 1] + image.rgb[i * 3 + 2];
    if (sum > 6) {
      darkest = std::min(darkest, sum);
      brightest = std::max(brightest, sum);
    }
  }
  // Shading spreads the surface over a range of brightness.
  EXPECT_GT(brightest - darkest, 90);
}

TEST(Renderer, DifferentPoseChangesThePixels) {
  std::unique_ptr<Renderer> renderer = MakeRenderer();
  ASSERT_NE(renderer, nullptr);
  const io::Scene& scene = TestCharacter();
  Result<CharacterId> character = renderer->UploadCharacter(scene.meshes);
  ASSERT_TRUE(character.ok()) << character.error().message;
  const int walk = ClipIndex(scene, "Walk_Loop");
  const float duration = scene.clips[walk].duration_s;
  const Image first = RenderPose(*renderer, *character, ModelPoseAt(scene, walk, 0.0f));
  const Image again = RenderPose(*renderer, *character, ModelPoseAt(scene, walk, 0.0f));
  const Image half = RenderPose(*renderer, *character, ModelPoseAt(scene, walk, duration * 0.3f));
  int changed = 0;
  for (std::size_t i = 0; i < first.rgb.size(); ++i) {
    changed += first.rgb[i] != half.rgb[i] ? 1 : 0;
  }
  EXPECT_GT(changed, 500);
  EXPECT_EQ(first.rgb, again.rgb) << "rendering is deterministic";
}

TEST(Renderer, DrawsBoxesGroundAndDebugPointsOnTop) {
  std::unique_ptr<Renderer> renderer = MakeRenderer();
  ASSERT_NE(renderer, nullptr);
  DrawList list;
  list.boxes.push_back({{0.0f, 0.9f, 0.0f}, {0.5f, 0.5f, 0.5f}, 0.3f, {0.9f, 0.1f, 0.1f}});
  // Inside the box: only visible because it is drawn on top.
  list.points.push_back({{0.0f, 0.9f, 0.0f}, {0.0f, 1.0f, 0.0f}, 6.0f, true});
  ASSERT_TRUE(renderer->BeginFrame(FrontCamera(), PlainStyle()).ok());
  renderer->DrawGround();
  const Status drawn = renderer->Draw(list);
  ASSERT_TRUE(drawn.ok()) << drawn.error().message;
  ASSERT_TRUE(renderer->EndFrame().ok());
  const Image image = renderer->ReadPixels();

  const std::uint8_t* centre = image.Pixel(kSize / 2, kSize / 2);
  EXPECT_GT(centre[1], 200) << "the green point shows through the box";
  const std::uint8_t* box = image.Pixel(kSize / 2 + 12, kSize / 2 + 12);
  EXPECT_GT(box[0], 2 * box[1]) << "the box is red";
  const std::uint8_t* ground = image.Pixel(kSize / 2, kSize - 4);
  EXPECT_GT(ground[0] + ground[1] + ground[2], 60) << "the ground fills the bottom";
  const std::uint8_t* sky = image.Pixel(kSize / 2, 4);
  EXPECT_EQ(sky[0] + sky[1] + sky[2], 0) << "nothing above the horizon";
}

TEST(Renderer, RejectsMismatchedPosesAndUnknownIds) {
  std::unique_ptr<Renderer> renderer = MakeRenderer();
  ASSERT_NE(renderer, nullptr);
  const io::Scene& scene = TestCharacter();
  Result<CharacterId> character = renderer->UploadCharacter(scene.meshes);
  ASSERT_TRUE(character.ok()) << character.error().message;
  ASSERT_TRUE(renderer->BeginFrame(FrontCamera()).ok());
  anim::Pose short_pose(2);
  const Status wrong_size = renderer->DrawCharacter(*character, short_pose);
  ASSERT_FALSE(wrong_size.ok());
  EXPECT_NE(wrong_size.error().message.find("joints"), std::string::npos)
      << wrong_size.error().message;
  EXPECT_FALSE(renderer->DrawCharacter(*character + 7, short_pose).ok());
  DrawList list;
  list.meshes.push_back({42, glm::mat4(1.0f), glm::vec3(1.0f)});
  EXPECT_FALSE(renderer->Draw(list).ok());
  EXPECT_TRUE(renderer->EndFrame().ok());

  io::SkinnedMesh broken;
  broken.name = "broken";
  broken.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  broken.indices = {0, 1, 5};
  Result<CharacterId> rejected = renderer->UploadCharacter({&broken, 1});
  ASSERT_FALSE(rejected.ok());
  EXPECT_NE(rejected.error().message.find("broken"), std::string::npos);
}

TEST(Renderer, UploadedLevelMeshIsDrawn) {
  std::unique_ptr<Renderer> renderer = MakeRenderer();
  ASSERT_NE(renderer, nullptr);
  // A ramp-like quad facing the camera, without normals (computed on upload).
  LevelMesh quad;
  quad.positions = {
      {-0.5f, 0.4f, 0.0f}, {0.5f, 0.4f, 0.0f}, {0.5f, 1.4f, 0.0f}, {-0.5f, 1.4f, 0.0f}};
  quad.indices = {0, 1, 2, 0, 2, 3};
  Result<MeshId> mesh = renderer->UploadMesh(quad);
  ASSERT_TRUE(mesh.ok()) << mesh.error().message;
  DrawList list;
  list.meshes.push_back({*mesh, glm::mat4(1.0f), {0.1f, 0.2f, 0.9f}});
  ASSERT_TRUE(renderer->BeginFrame(FrontCamera(), PlainStyle()).ok());
  ASSERT_TRUE(renderer->Draw(list).ok());
  ASSERT_TRUE(renderer->EndFrame().ok());
  const Image image = renderer->ReadPixels();
  const std::uint8_t* centre = image.Pixel(kSize / 2, kSize / 2);
  EXPECT_GT(centre[2], centre[0] + 20) << "the blue quad covers the centre";
}

}  // namespace
}  // namespace footwork::render
