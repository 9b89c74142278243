#include "footwork/cook/root_motion_from_contacts.h"

#include <fmt/format.h>

namespace footwork::cook {
namespace {

glm::vec3 Horizontal(const glm::vec3& v) {
  return {v.x, 0.0f, v.z};
}

// Central-difference horizontal velocity of a trajectory at frame i (wrapping for loops, whose
// last frame repeats the first).
glm::vec3 VelocityAt(const std::vector<glm::vec3>& positions, int i, float rate_hz, bool looping) {
  const int n = static_cast<int>(positions.size());
  int prev = i - 1;
  int next = i + 1;
  if (prev < 0) {
    if (!looping)
      return Horizontal(positions[1] - positions[0]) * rate_hz;
    prev = n - 2;
  }
  if (next >= n) {
    if (!looping)
      return Horizontal(positions[n - 1] - positions[n - 2]) * rate_hz;
    next = 1;
  }
  return Horizontal(positions[next] - positions[prev]) * (rate_hz * 0.5f);
}

}  // namespace

Result<RootMotionFromContactsResult> RootMotionFromContacts(const SampledMotion& motion,
                                                            const ContactFlags& left_contact,
                                                            const ContactFlags& right_contact,
                                                            bool looping) {
  const int n = static_cast<int>(motion.left.ankle.size());
  if (n < 3 || static_cast<int>(motion.right.ankle.size()) != n ||
      static_cast<int>(left_contact.size()) != n || static_cast<int>(right_contact.size()) != n) {
    return Error{fmt::format(
        "root motion from contacts: need >= 3 frames and equal sizes (ankles {}/{}, contacts "
        "{}/{})",
        n, motion.right.ankle.size(), left_contact.size(), right_contact.size())};
  }
  std::vector<glm::vec3> velocity(n, glm::vec3(0.0f));
  std::vector<bool> known(n, false);
  for (int i = 0; i < n; ++i) {
    glm::vec3 sum(0.0f);
    int planted = 0;
    if (left_contact[i]) {
      sum += VelocityAt(motion.left.ankle, i, motion.rate_hz, looping);
      ++planted;
    }
    if (right_contact[i]) {
      sum += VelocityAt(motion.right.ankle, i, motion.rate_hz, looping);
      ++planted;
    }
    if (planted > 0) {
      velocity[i] = -sum / static_cast<float>(planted);
      known[i] = true;
    }
  }
  int first_known = -1;
  for (int i = 0; i < n; ++i) {
    if (known[i]) {
      first_known = i;
      break;
    }
  }
  if (first_known < 0) {
    return Error{"root motion from contacts: no foot is ever planted in the clip"};
  }
  // Fill unknown runs by linear interpolation between known neighbours.
  for (int i = 0; i < n; ++i) {
    if (known[i])
      continue;
    // Walk to the nearest known frames on each side (around the loop when looping).
    const auto step = [&](int index, int direction) {
      const int next = index + direction;
      return looping ? (next + n) % n : next;
    };
    int back = i;
    int back_steps = 0;
    do {
      back = step(back, -1);
      ++back_steps;
    } while (back >= 0 && !known[back]);
    int forward = i;
    int forward_steps = 0;
    do {
      forward = step(forward, 1);
      ++forward_steps;
    } while (forward < n && !known[forward]);
    const bool has_back = back >= 0;
    const bool has_forward = forward < n;
    if (has_back && has_forward) {
      const float alpha =
          static_cast<float>(back_steps) / static_cast<float>(back_steps + forward_steps);
      velocity[i] = glm::mix(velocity[back], velocity[forward], alpha);
    } else {
      velocity[i] = has_back ? velocity[back] : velocity[forward];
    }
  }
  RootMotionFromContactsResult result;
  result.velocity = velocity;
  result.translation.assign(n, glm::vec3(0.0f));
  float speed_sum = 0.0f;
  for (int i = 1; i < n; ++i) {
    result.translation[i] =
        result.translation[i - 1] + (velocity[i - 1] + velocity[i]) * (0.5f / motion.rate_hz);
  }
  for (int i = 0; i < n; ++i)
    speed_sum += glm::length(velocity[i]);
  result.mean_speed_m_s = speed_sum / static_cast<float>(n);
  return result;
}

}  // namespace footwork::cook
