// libFuzzer target for the glTF/GLB reader: any input must give a Scene or an Error, never a
// crash, hang or sanitizer report.
#include <cstddef>
#include <cstdint>
#include <span>

#include "footwork/io/gltf_import.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const footwork::Result<footwork::io::Scene> scene =
      footwork::io::ImportGltfFromMemory(std::span<const std::uint8_t>(data, size), "fuzz.gltf");
  if (scene.ok()) {
    // A successful import must satisfy the runtime's own invariants.
    if (!scene->skeleton.Validate().ok())
      __builtin_trap();
    for (const footwork::anim::Clip& clip : scene->clips) {
      if (!clip.Validate(scene->skeleton.num_joints()).ok())
        __builtin_trap();
    }
  }
  return 0;
}
