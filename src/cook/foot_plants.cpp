#include "footwork/cook/foot_plants.h"

#include <algorithm>
#include <cmath>

namespace footwork::cook {

namespace {

void DeriveLock(FootPlants& plants) {
  plants.any = plants.ankle;
  for (std::size_t i = 0; i < plants.ball.size() && i < plants.any.size(); ++i)
    plants.any[i] = plants.ankle[i] || plants.ball[i];
  const bool ankle_plants =
      std::any_of(plants.ankle.begin(), plants.ankle.end(), [](bool planted) { return planted; });
  plants.lock_on_ball = !ankle_plants && !plants.ball.empty();
  plants.lock = plants.lock_on_ball ? plants.ball : plants.ankle;
}

void DropSliding(ContactFlags& flags, const std::vector<glm::vec3>& point,
                 const std::vector<Transform>& root, float rate_hz, float max_speed_m_s,
                 const FootContactSettings& settings) {
  const int n = static_cast<int>(std::min({flags.size(), point.size(), root.size()}));
  if (n < 2)
    return;
  const auto world = [&](int i) { return root[i].TransformPoint(point[i]); };
  ContactFlags kept = flags;
  for (int i = 0; i < n; ++i) {
    const int prev = std::max(i - 1, 0);
    const int next = std::min(i + 1, n - 1);
    glm::vec3 d = world(next) - world(prev);
    d.y = 0.0f;
    if (glm::length(d) * rate_hz / static_cast<float>(next - prev) > max_speed_m_s)
      kept[i] = false;
  }
  RemoveShortContacts(kept,
                      std::max(1, static_cast<int>(std::lround(settings.min_duration_s * rate_hz))),
                      settings.looping);
  flags = std::move(kept);
}

}  // namespace

void DropSlidingPlants(FootPlants& plants, const FootTrajectory& foot,
                       const std::vector<Transform>& root, float rate_hz, float max_speed_m_s,
                       const FootContactSettings& settings) {
  DropSliding(plants.ankle, foot.ankle, root, rate_hz, max_speed_m_s, settings);
  if (!plants.ball.empty())
    DropSliding(plants.ball, foot.ball, root, rate_hz, max_speed_m_s, settings);
  DeriveLock(plants);
}

Result<FootPlants> DetectFootPlants(const FootTrajectory& foot, float rate_hz,
                                    const FootContactSettings& settings,
                                    const StandingFoot* standing) {
  FootPlants plants;
  const std::optional<float> ankle_standing =
      standing ? std::optional<float>(standing->ankle_height_m) : std::nullopt;
  const std::optional<float> ball_standing = standing && standing->ball_in_foot
                                                 ? std::optional<float>(standing->ball_height_m)
                                                 : std::nullopt;
  Result<ContactFlags> ankle =
      DetectFootContacts({foot.ankle, {}}, rate_hz, settings, ankle_standing);
  if (!ankle)
    return WithContext("ankle", ankle.error());
  plants.ankle = *ankle;
  if (!foot.ball.empty()) {
    Result<ContactFlags> ball =
        DetectFootContacts({foot.ball, {}}, rate_hz, settings, ball_standing);
    if (!ball)
      return WithContext("ball", ball.error());
    plants.ball = *ball;
  }
  DeriveLock(plants);
  return plants;
}

const std::vector<glm::vec3>& LockedPoint(const FootTrajectory& foot, const FootPlants& plants) {
  return plants.lock_on_ball ? foot.ball : foot.ankle;
}

Result<std::vector<glm::vec3>> RootTranslationFromPlants(const SampledMotion& motion,
                                                         const FootPlants& left,
                                                         const FootPlants& right, bool looping) {
  const int n = motion.frames();
  // Step i goes from frame i to frame i + 1. The root moves by exactly minus the planted point's
  // displacement over the step, so a point planted on both frames stays exactly still.
  const int steps = std::max(0, n - 1);
  std::vector<glm::vec3> step(steps, glm::vec3(0.0f));
  std::vector<bool> known(steps, false);
  for (int i = 0; i < steps; ++i) {
    // A flat foot (ankle planted) carries the weight over one rolling off its toe: when any
    // ankle is planted only ankles count, so the flat foot stays exactly still.
    glm::vec3 sum(0.0f);
    int planted = 0;
    for (const bool use_ankle : {true, false}) {
      for (const auto& [foot, plants] :
           {std::pair{&motion.left, &left}, std::pair{&motion.right, &right}}) {
        const ContactFlags& flags = use_ankle ? plants->ankle : plants->ball;
        if (!flags.empty() && flags[i] && flags[i + 1]) {
          const std::vector<glm::vec3>& point = use_ankle ? foot->ankle : foot->ball;
          const glm::vec3 d = point[i + 1] - point[i];
          sum += glm::vec3(d.x, 0.0f, d.z);
          ++planted;
        }
      }
      if (planted > 0)
        break;
    }
    if (planted > 0) {
      step[i] = -sum / static_cast<float>(planted);
      known[i] = true;
    }
  }
  if (std::none_of(known.begin(), known.end(), [](bool k) { return k; }))
    return Error{"root motion from contacts: no foot is ever planted in the clip"};
  // Flight phases: interpolate the step between the nearest planted steps (around the loop).
  std::vector<glm::vec3> filled = step;
  for (int i = 0; i < steps; ++i) {
    if (known[i])
      continue;
    int back = i;
    int back_steps = 0;
    do {
      back = looping ? (back - 1 + steps) % steps : back - 1;
      ++back_steps;
    } while (back >= 0 && !known[back] && back_steps < steps);
    int forward = i;
    int forward_steps = 0;
    do {
      forward = looping ? (forward + 1) % steps : forward + 1;
      ++forward_steps;
    } while (forward < steps && !known[forward] && forward_steps < steps);
    const bool has_back = back >= 0 && known[back];
    const bool has_forward = forward < steps && known[forward];
    if (has_back && has_forward) {
      const float alpha =
          static_cast<float>(back_steps) / static_cast<float>(back_steps + forward_steps);
      filled[i] = glm::mix(step[back], step[forward], alpha);
    } else {
      filled[i] = has_back ? step[back] : step[forward];
    }
  }
  std::vector<glm::vec3> translation(n, glm::vec3(0.0f));
  for (int i = 1; i < n; ++i)
    translation[i] = translation[i - 1] + filled[i - 1];
  return translation;
}

}  // namespace footwork::cook
