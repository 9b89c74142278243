#include "footwork/anim/clip_events.h"

#include <algorithm>
#include <cmath>

namespace footwork::anim {
namespace {

// The playback window as a start inside the clip and an end in unwrapped time.
struct Window {
  double start = 0.0;
  double end = 0.0;
  double duration = 0.0;
  bool looping = false;
};

Window MakeWindow(const Clip& clip, float from_time_s, float elapsed_s, WrapMode wrap) {
  Window window;
  window.duration = clip.duration_s;
  window.looping = wrap == WrapMode::kLoop && clip.duration_s > 0.0f;
  window.start = WrapTime(from_time_s, clip.duration_s, wrap);
  const double end = window.start + std::max(0.0, static_cast<double>(elapsed_s));
  window.end = window.looping ? end : std::min(end, window.duration);
  return window;
}

// Calls visit(elapsed) for every occurrence of clip time `t` in (start, end].
template <typename Visit>
void ForEachOccurrence(const Window& window, double t, Visit&& visit) {
  if (!window.looping) {
    if (t > window.start && t <= window.end)
      visit(t - window.start);
    return;
  }
  for (double occurrence = t; occurrence <= window.end; occurrence += window.duration) {
    if (occurrence > window.start)
      visit(occurrence - window.start);
  }
}

// Inserts keeping `out[0, count)` sorted by elapsed time, dropping the latest when full.
template <typename Event>
void InsertSorted(Event event, std::span<Event> out, std::size_t& count) {
  if (count == out.size()) {
    if (out.empty() || !(event.elapsed_s < out[count - 1].elapsed_s))
      return;
    --count;
  }
  std::size_t position = count;
  while (position > 0 && event.elapsed_s < out[position - 1].elapsed_s) {
    out[position] = out[position - 1];
    --position;
  }
  out[position] = event;
  ++count;
}

}  // namespace

std::size_t FindMarkersPassed(const Clip& clip, float from_time_s, float elapsed_s, WrapMode wrap,
                              std::span<MarkerHit> out) {
  const Window window = MakeWindow(clip, from_time_s, elapsed_s, wrap);
  std::size_t count = 0;
  for (std::size_t m = 0; m < clip.markers.size(); ++m) {
    ForEachOccurrence(window, clip.markers[m].time_s, [&](double elapsed) {
      InsertSorted(MarkerHit{static_cast<int>(m), static_cast<float>(elapsed)}, out, count);
    });
  }
  return count;
}

std::size_t FindNotifyEvents(const Clip& clip, float from_time_s, float elapsed_s, WrapMode wrap,
                             std::span<NotifyEvent> out) {
  const Window window = MakeWindow(clip, from_time_s, elapsed_s, wrap);
  std::size_t count = 0;
  for (std::size_t n = 0; n < clip.notifies.size(); ++n) {
    const Notify& notify = clip.notifies[n];
    const int index = static_cast<int>(n);
    ForEachOccurrence(window, notify.time_s, [&](double elapsed) {
      InsertSorted(NotifyEvent{index, NotifyEdge::kBegin, static_cast<float>(elapsed)}, out, count);
    });
    if (!notify.is_state())
      continue;
    double end = static_cast<double>(notify.time_s) + notify.duration_s;
    if (window.looping) {
      end = std::fmod(end, window.duration);
    } else {
      end = std::min(end, window.duration);
    }
    ForEachOccurrence(window, end, [&](double elapsed) {
      InsertSorted(NotifyEvent{index, NotifyEdge::kEnd, static_cast<float>(elapsed)}, out, count);
    });
  }
  return count;
}

}  // namespace footwork::anim
