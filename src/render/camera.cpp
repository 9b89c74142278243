#include "footwork/render/camera.h"

#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

namespace footwork::render {

glm::mat4 Camera::View() const {
  return glm::lookAt(position_m, target_m, glm::vec3(0.0f, 1.0f, 0.0f));
}

glm::mat4 Camera::Projection(float aspect) const {
  return glm::perspective(fov_y_rad, aspect, near_m, far_m);
}

Camera FollowCamera(const glm::vec3& feet_m, float character_yaw_rad, const FollowRig& rig) {
  // Yaw 0 faces +Z; the camera sits opposite the look direction, raised by the pitch.
  const float look_yaw = character_yaw_rad + rig.yaw_rad;
  const glm::vec3 look_direction{std::sin(look_yaw) * std::cos(rig.pitch_rad),
                                 -std::sin(rig.pitch_rad),
                                 std::cos(look_yaw) * std::cos(rig.pitch_rad)};
  Camera camera;
  camera.target_m = feet_m + glm::vec3(0.0f, rig.target_height_m, 0.0f);
  camera.position_m = camera.target_m - look_direction * rig.distance_m;
  camera.fov_y_rad = rig.fov_y_rad;
  return camera;
}

}  // namespace footwork::render
