#pragma once
// glTF 2.0 export of a Scene: the skeleton as a node hierarchy with a skin, the skinned meshes
// (positions, normals, JOINTS_0, WEIGHTS_0, indices, a base-colour material) and every clip as an
// animation (T/R/S channels, LINEAR or STEP). Used for test fixtures and for exporting simulated
// motion so that any glTF viewer can play it back.
//
// What glTF cannot carry is not written: a clip's root_motion track (put root motion on the root
// joint's track instead), float curves, sync markers and notifies. A clip's duration and looping
// flag go into the animation's `extras` ("duration_s", "looping"); readers that ignore extras
// take the last key time as the duration.

#include <filesystem>

#include "footwork/core/error.h"
#include "footwork/io/scene.h"

namespace footwork::io {

// Writes `scene` to `path`: binary glTF for ".glb", JSON for ".gltf" with its buffer beside it
// in "<stem>.bin". The scene is validated first (skeleton, clips, mesh attribute sizes, joint
// indices); errors name the file and the problem. A mesh without inverse bind matrices gets
// the inverse of the skeleton's rest pose in model space.
Status ExportGltf(const Scene& scene, const std::filesystem::path& path);

}  // namespace footwork::io
