#include "footwork/cook/cycle_speed.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace footwork::cook {
namespace {

glm::vec3 Horizontal(const glm::vec3& v) {
  return {v.x, 0.0f, v.z};
}

}  // namespace

Result<CycleSpeed> EstimateCycleSpeed(const SampledMotion& motion, const FootPlants& left,
                                      const FootPlants& right, bool looping) {
  const int n = motion.frames();
  for (const auto* plants : {&left, &right}) {
    if (static_cast<int>(plants->any.size()) != n || static_cast<int>(plants->ankle.size()) != n) {
      return Error{
          fmt::format("cycle speed: {} frames but {} contact flags", n, plants->any.size())};
    }
  }
  if (n < 2 || !(motion.duration_s > 0.0f))
    return Error{"cycle speed: the clip is too short"};
  // Planted: each planted foot's displacement over each frame step, the ball when it is planted
  // on both frames (a foot rolling off its toe pivots there), else the ankle.
  glm::vec3 sum(0.0f);
  int count = 0;
  for (const auto& [foot, plants] :
       {std::pair{&motion.left, &left}, std::pair{&motion.right, &right}}) {
    for (int i = 0; i + 1 < n; ++i) {
      const bool ball = !plants->ball.empty() && plants->ball[i] && plants->ball[i + 1];
      const bool ankle = plants->ankle[i] && plants->ankle[i + 1];
      if (!ball && !ankle)
        continue;
      const std::vector<glm::vec3>& point = ball ? foot->ball : foot->ankle;
      sum += Horizontal(point[i + 1] - point[i]);
      ++count;
    }
  }
  if (count == 0)
    return Error{"cycle speed: no foot is ever planted in the clip"};
  CycleSpeed speed;
  speed.planted_velocity = -sum / static_cast<float>(count) * motion.rate_hz;
  speed.planted_speed_m_s = glm::length(speed.planted_velocity);
  const glm::vec3 direction = speed.planted_speed_m_s > 1e-4f
                                  ? speed.planted_velocity / speed.planted_speed_m_s
                                  : glm::vec3(0.0f, 0.0f, 1.0f);
  // Stride: step length x cadence.
  for (int i = 0; i < n; ++i) {
    const float separation =
        std::fabs(glm::dot(motion.left.ankle[i] - motion.right.ankle[i], direction));
    speed.step_length_m = std::max(speed.step_length_m, separation);
  }
  int foot_downs = 0;
  for (const FootPlants* plants : {&left, &right})
    foot_downs += static_cast<int>(ContactIntervals(plants->any, looping).size());
  speed.cadence_hz = static_cast<float>(foot_downs) / motion.duration_s;
  speed.stride_speed_m_s = speed.step_length_m * speed.cadence_hz;

  return speed;
}

glm::vec3 CycleSpeed::VelocityAt(float speed_m_s) const {
  const glm::vec3 direction = planted_speed_m_s > 1e-4f ? planted_velocity / planted_speed_m_s
                                                        : glm::vec3(0.0f, 0.0f, 1.0f);
  return direction * speed_m_s;
}

}  // namespace footwork::cook
