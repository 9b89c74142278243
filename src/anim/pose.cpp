#include "footwork/anim/pose.h"

namespace footwork::anim {

Pose MakeRestPose(const Skeleton& skeleton) {
  return skeleton.rest_pose;
}

}  // namespace footwork::anim
