#include "footwork/cook/standing_feet.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include <fmt/format.h>

#include "footwork/anim/sampling.h"
#include "footwork/cook/derived_pose.h"

namespace footwork::cook {

Result<StandingFeet> MeasureStandingFeet(const anim::Skeleton& skeleton,
                                         const anim::RigBinding& binding, const anim::Clip& idle) {
  PosePair pose(skeleton);
  if (Status sampled = pose.Sample(skeleton, idle, 0.0f, anim::WrapMode::kClamp); !sampled)
    return WithContext("standing feet", sampled.error());
  const std::vector<Transform>& model = pose.model;

  const int head = binding.Joint("head");
  const float height = head >= 0 ? model[head].translation.y : 0.0f;
  StandingFeet feet;
  float ankle_height = 0.0f;
  bool first = true;
  for (int side = 0; side < 2; ++side) {
    const int foot = binding.Joint(side == 0 ? "foot_l" : "foot_r");
    const int ball = binding.Joint(side == 0 ? "ball_l" : "ball_r");
    if (foot < 0)
      return Error{fmt::format("standing feet: rig profile '{}' names no foot_{} joint",
                               binding.profile_name, side == 0 ? "l" : "r")};
    const Transform& ankle = model[foot];
    StandingFoot& out = feet[side];
    out.up_in_foot = glm::inverse(ankle.rotation) * glm::vec3(0.0f, 1.0f, 0.0f);
    if (ball >= 0) {
      out.ball_in_foot = ankle.InverseTransformPoint(model[ball].translation);
      out.ball_height_m = std::max(0.0f, model[ball].translation.y);
    }
    ankle_height = first ? ankle.translation.y : std::min(ankle_height, ankle.translation.y);
    first = false;
  }
  // An idle that does not stand on its floor would make every clip look sunk or floating.
  if (!(ankle_height > 0.0f) || (height > 0.0f && ankle_height > 0.15f * height) ||
      !std::isfinite(ankle_height)) {
    return Error{
        fmt::format("standing feet: '{}' at time 0 has its lower ankle {:.3f} m over "
                    "the floor (head {:.3f} m): it does not stand on the floor",
                    idle.name, ankle_height, height)};
  }
  for (StandingFoot& foot : feet)
    foot.ankle_height_m = ankle_height;
  return feet;
}

glm::vec3 HeelSole(const StandingFoot& standing, const Transform& foot) {
  return foot.translation - foot.rotation * standing.up_in_foot * standing.ankle_height_m;
}

std::optional<glm::vec3> BallSole(const StandingFoot& standing, const Transform& foot) {
  if (!standing.ball_in_foot)
    return std::nullopt;
  return foot.TransformPoint(*standing.ball_in_foot) -
         foot.rotation * standing.up_in_foot * standing.ball_height_m;
}

float LowestSoleHeight(const StandingFoot& standing, const Transform& foot) {
  float lowest = HeelSole(standing, foot).y;
  if (const std::optional<glm::vec3> ball = BallSole(standing, foot))
    lowest = std::min(lowest, ball->y);
  return lowest;
}

}  // namespace footwork::cook
