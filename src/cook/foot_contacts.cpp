#include "footwork/cook/foot_contacts.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>

namespace footwork::cook {
namespace {

// Removes runs of `value` shorter than min_frames by flipping them, treating the array as circular
// when looping. Runs touching the ends of a non-looping clip are kept (they may be cut short).
void RemoveShortRuns(ContactFlags& flags, bool value, int min_frames, bool looping) {
  const int n = static_cast<int>(flags.size());
  if (n == 0)
    return;
  if (std::all_of(flags.begin(), flags.end(), [&](bool f) { return f == value; }))
    return;
  // Start scanning at a frame where the run changes, so no run is split by the array's end.
  int start = 0;
  if (looping) {
    while (start < n && flags[start] == flags[(start + n - 1) % n])
      ++start;
  }
  int i = 0;
  while (i < n) {
    const int first = (start + i) % n;
    const bool run_value = flags[first];
    int length = 0;
    while (i + length < n && flags[(start + i + length) % n] == run_value)
      ++length;
    const bool touches_end = !looping && (first == 0 || first + length == n);
    if (run_value == value && length < min_frames && !touches_end) {
      for (int k = 0; k < length; ++k)
        flags[(first + k) % n] = !value;
    }
    i += length;
  }
}

}  // namespace

Result<ContactFlags> DetectFootContacts(const FootTrajectory& foot, float rate_hz,
                                        const FootContactSettings& settings,
                                        std::optional<float> standing_height_m) {
  const int n = static_cast<int>(foot.ankle.size());
  if (n < 2)
    return Error{fmt::format("foot contacts: need at least 2 frames, got {}", n)};
  if (!(rate_hz > 0.0f) || !std::isfinite(rate_hz)) {
    return Error{fmt::format("foot contacts: invalid sample rate {}", rate_hz)};
  }
  if (!foot.ball.empty() && static_cast<int>(foot.ball.size()) != n) {
    return Error{"foot contacts: ball and ankle trajectories differ in length"};
  }
  std::vector<float> height(n);
  for (int i = 0; i < n; ++i) {
    float h = foot.ankle[i].y;
    if (!foot.ball.empty())
      h = std::min(h, foot.ball[i].y);
    if (!std::isfinite(h) || !IsFinite(foot.ankle[i])) {
      return Error{fmt::format("foot contacts: non-finite foot position at frame {}", i)};
    }
    height[i] = h;
  }
  float lowest = *std::min_element(height.begin(), height.end());
  if (standing_height_m && std::isfinite(*standing_height_m))
    lowest = std::min(lowest, *standing_height_m);
  ContactFlags flags(n, false);
  for (int i = 0; i < n; ++i) {
    // Central difference; one-sided (or wrapped, when looping) at the ends.
    const int prev = i > 0 ? i - 1 : (settings.looping ? n - 2 : 0);
    const int next = i < n - 1 ? i + 1 : (settings.looping ? 1 : n - 1);
    const float span = static_cast<float>((next - prev + n) % n == 0 ? 1 : 2) / rate_hz;
    const float vertical_speed = std::fabs(height[next] - height[prev]) / span;
    flags[i] = height[i] <= lowest + settings.height_tolerance_m &&
               vertical_speed <= settings.max_vertical_speed_m_s;
  }
  const int min_frames =
      std::max(1, static_cast<int>(std::lround(settings.min_duration_s * rate_hz)));
  RemoveShortRuns(flags, false, min_frames, settings.looping);  // close small gaps first
  RemoveShortRuns(flags, true, min_frames, settings.looping);
  return flags;
}

void RemoveShortContacts(ContactFlags& flags, int min_frames, bool looping) {
  RemoveShortRuns(flags, true, min_frames, looping);
}

std::vector<ContactInterval> ContactIntervals(const ContactFlags& flags, bool looping) {
  std::vector<ContactInterval> intervals;
  const int n = static_cast<int>(flags.size());
  for (int i = 0; i < n; ++i) {
    if (!flags[i])
      continue;
    const bool starts_here = i == 0 ? !(looping && flags[n - 1]) : !flags[i - 1];
    if (!starts_here)
      continue;
    int end = i;
    int steps = 0;
    while (steps < n - 1 && flags[(end + 1) % n] && (looping || end + 1 < n)) {
      end = (end + 1) % n;
      ++steps;
    }
    intervals.push_back({i, end});
  }
  // A looping clip whose foot never lifts: one interval covering everything.
  if (intervals.empty() && n > 0 &&
      std::all_of(flags.begin(), flags.end(), [](bool f) { return f; })) {
    intervals.push_back({0, n - 1});
  }
  return intervals;
}

}  // namespace footwork::cook
