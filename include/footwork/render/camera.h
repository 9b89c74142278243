#pragma once
// A perspective camera looking from a position at a target (Y up), and a third-person rig that
// places it behind a character.

#include <glm/glm.hpp>

namespace footwork::render {

// Where the picture is taken from. Y is up; the camera never rolls.
struct Camera {
  glm::vec3 position_m{0.0f, 1.6f, -4.0f};
  glm::vec3 target_m{0.0f, 1.0f, 0.0f};
  // Vertical field of view, in (0, pi).
  float fov_y_rad = 0.7854f;
  // Clip planes, 0 < near < far.
  float near_m = 0.05f;
  float far_m = 300.0f;

  glm::mat4 View() const;
  // aspect = width / height.
  glm::mat4 Projection(float aspect) const;
};

// A third-person camera rig around a character.
struct FollowRig {
  // Orbit yaw relative to the character's facing: 0 looks at its back, pi at its face.
  float yaw_rad = 0.0f;
  // Positive looks down on the character.
  float pitch_rad = 0.25f;
  float distance_m = 4.0f;
  // Height of the look-at point above the character's feet.
  float target_height_m = 1.0f;
  float fov_y_rad = 0.7854f;
};

// The camera for `rig` around a character standing at `feet_m` facing `character_yaw_rad`
// (yaw about +Y; 0 faces +Z as in DESIGN.md).
Camera FollowCamera(const glm::vec3& feet_m, float character_yaw_rad, const FollowRig& rig);

}  // namespace footwork::render
