#pragma once
// The character the render tests draw: the default pack character when the packs are present,
// else the procedural test humanoid, so that the tests never skip for lack of assets.

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>

#include <gtest/gtest.h>

#include "footwork/anim/local_to_model.h"
#include "footwork/anim/pose.h"
#include "footwork/anim/sampling.h"
#include "footwork/io/asset_paths.h"
#include "footwork/io/gltf_import.h"
#include "footwork/io/scene.h"
#include "footwork/render/image.h"
#include "support/procedural_humanoid.h"

namespace footwork::render::testing {

// Pixels that differ from `background` by more than a small tolerance, and their bounding box.
struct Silhouette {
  int pixel_count = 0;
  int min_x = 0;
  int min_y = 0;
  int max_x = -1;
  int max_y = -1;

  int width() const { return max_x - min_x + 1; }
  int height() const { return max_y - min_y + 1; }
};

// Imported once per process.
inline const io::Scene& TestCharacter() {
  static const io::Scene scene = [] {
    if (auto packs = io::FindAssetPacks()) {
      Result<io::Scene> imported =
          io::ImportGltf(*packs / "quaternius-ual1/AnimationLibrary_Godot_Standard.gltf");
      EXPECT_TRUE(imported.ok()) << imported.error().message;
      if (imported.ok()) {
        return std::move(imported).value();
      }
    }
    return footwork::testing::HumanoidScene();
  }();
  return scene;
}

// Model-space pose of `scene`'s clip number `clip_index` at `time_s`.
inline anim::Pose ModelPoseAt(const io::Scene& scene, int clip_index, float time_s) {
  anim::Pose local = anim::MakeRestPose(scene.skeleton);
  anim::Pose model = local;
  anim::SamplingJob sampling{
      &scene.skeleton, &scene.clips.at(clip_index), time_s, anim::WrapMode::kLoop, nullptr, local};
  EXPECT_TRUE(sampling.Run().ok());
  anim::LocalToModelJob to_model{&scene.skeleton, local, Transform::Identity(), model};
  EXPECT_TRUE(to_model.Run().ok());
  return model;
}

// Index of the clip named `name`, or 0 when there is none (the procedural humanoid).
inline int ClipIndex(const io::Scene& scene, const std::string& name) {
  for (std::size_t i = 0; i < scene.clips.size(); ++i) {
    if (scene.clips[i].name == name) {
      return static_cast<int>(i);
    }
  }
  return 0;
}

// The pixels of `image` that are not `background`.
inline Silhouette FindSilhouette(const Image& image, const std::uint8_t background[3]) {
  Silhouette silhouette{0, image.width, image.height, -1, -1};
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) {
      const std::uint8_t* pixel = image.Pixel(x, y);
      const int difference = std::abs(pixel[0] - background[0]) +
                             std::abs(pixel[1] - background[1]) +
                             std::abs(pixel[2] - background[2]);
      if (difference <= 6) {
        continue;
      }
      ++silhouette.pixel_count;
      silhouette.min_x = std::min(silhouette.min_x, x);
      silhouette.min_y = std::min(silhouette.min_y, y);
      silhouette.max_x = std::max(silhouette.max_x, x);
      silhouette.max_y = std::max(silhouette.max_y, y);
    }
  }
  return silhouette;
}

}  // namespace footwork::render::testing
