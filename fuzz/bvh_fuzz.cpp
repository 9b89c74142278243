// libFuzzer target for the BVH reader, with both up axes: any input must give a Scene or an
// Error, never a crash, hang or sanitizer report.
#include <cstddef>
#include <cstdint>
#include <span>

#include "footwork/io/bvh_import.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  footwork::io::BvhOptions options;
  options.up_axis = size % 2 == 0 ? footwork::io::UpAxis::kY : footwork::io::UpAxis::kZ;
  const footwork::Result<footwork::io::Scene> scene = footwork::io::ImportBvhFromMemory(
      std::span<const std::uint8_t>(data, size), "fuzz.bvh", options);
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
