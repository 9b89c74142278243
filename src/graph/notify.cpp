#include "footwork/graph/notify.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "footwork/anim/sampling.h"

namespace footwork::graph {
namespace {

// Bounds the edge buffer when a caller passes an absurd step (dt 1e6 s on a 1 s loop): later
// edges are dropped rather than allocating without limit. 64 loops of every notify is far more
// than any sane frame plays.
constexpr double kMaxLoopsPerStep = 64.0;
// Edges closer than this are simultaneous (well below one frame, above float noise).
constexpr float kSimultaneous_s = 1e-5f;

// Clip seconds played this frame: the source's own elapsed time, or the forward distance from
// previous to current (one wrap for a looping clip whose time went down).
float StepElapsed(const NotifySource& source) {
  if (source.elapsed_s >= 0.0f)
    return source.elapsed_s;
  const float delta = source.time_s - source.previous_time_s;
  if (source.clip->looping && delta < 0.0f)
    return delta + source.clip->duration_s;
  return std::max(delta, 0.0f);
}

}  // namespace

NotifyDispatcher::ActiveState* NotifyDispatcher::FindActive(std::uint32_t source_id,
                                                            const anim::Clip* clip,
                                                            int notify_index) {
  for (ActiveState& state : active_) {
    if (state.source_id == source_id && state.clip == clip && state.notify_index == notify_index) {
      return &state;
    }
  }
  return nullptr;
}

// Turns the raw edges of one source's step into events, tracking which states are active.
void NotifyDispatcher::DispatchEdges(const NotifySource& source, std::vector<NotifyEvent>& events) {
  const anim::Clip& clip = *source.clip;
  const anim::WrapMode wrap = clip.looping ? anim::WrapMode::kLoop : anim::WrapMode::kClamp;
  const float elapsed = StepElapsed(source);
  if (!std::isfinite(elapsed) || !std::isfinite(source.previous_time_s))
    return;

  const double loops =
      clip.duration_s > 0.0f
          ? std::min(std::floor(static_cast<double>(elapsed) / clip.duration_s), kMaxLoopsPerStep)
          : 0.0;
  const std::size_t needed = clip.notifies.size() * (2 * static_cast<std::size_t>(loops) + 5);
  if (edges_.size() < needed)
    edges_.resize(needed);

  // FindNotifyEvents looks at (from, from + elapsed]; a player's first frame also fires what
  // sits exactly at its start time.
  std::size_t count = 0;
  if (source.just_started) {
    const float start = anim::WrapTime(source.previous_time_s, clip.duration_s, wrap);
    for (std::size_t n = 0; n < clip.notifies.size(); ++n) {
      if (clip.notifies[n].time_s == start)
        edges_[count++] = {static_cast<int>(n), anim::NotifyEdge::kBegin, 0.0f};
    }
  }
  count += anim::FindNotifyEvents(clip, source.previous_time_s, elapsed, wrap,
                                  std::span(edges_).subspan(count));
  // At equal times a state's end comes first: a state ending at the loop point ends before the
  // next cycle's notifies at 0. FindNotifyEvents keeps notify order for ties, and its wrapped
  // end times carry float noise, so "equal" means within kSimultaneous_s.
  for (std::size_t e = 1; e < count; ++e) {
    for (std::size_t j = e; j > 0; --j) {
      const anim::NotifyEvent& later = edges_[j];
      const anim::NotifyEvent& earlier = edges_[j - 1];
      if (later.edge != anim::NotifyEdge::kEnd || earlier.edge == anim::NotifyEdge::kEnd ||
          later.elapsed_s - earlier.elapsed_s > kSimultaneous_s) {
        break;
      }
      std::swap(edges_[j], edges_[j - 1]);
    }
  }

  for (std::size_t e = 0; e < count; ++e) {
    const anim::NotifyEvent& edge = edges_[e];
    const anim::Notify& notify = clip.notifies[edge.notify_index];
    NotifyEvent event{NotifyEventType::kTrigger, notify.name,  &clip, source.id,
                      edge.notify_index,         source.weight};
    if (!notify.is_state()) {
      events.push_back(event);
      continue;
    }
    const bool active = FindActive(source.id, &clip, edge.notify_index) != nullptr;
    if (edge.edge == anim::NotifyEdge::kBegin && !active) {
      event.type = NotifyEventType::kBegin;
      events.push_back(event);
      active_.push_back(ActiveState{source.id, &clip, edge.notify_index, frame_});
    } else if (edge.edge == anim::NotifyEdge::kEnd && active) {
      // An end without a begin (the step started inside the state) is ignored.
      event.type = NotifyEventType::kEnd;
      events.push_back(event);
      std::erase_if(active_, [&](const ActiveState& state) {
        return state.source_id == source.id && state.clip == &clip &&
               state.notify_index == edge.notify_index;
      });
    }
  }
}

void NotifyDispatcher::Dispatch(std::span<const NotifySource> sources,
                                std::vector<NotifyEvent>& events,
                                const NotifyDispatchSettings& settings) {
  ++frame_;
  for (const NotifySource& source : sources) {
    if (source.clip == nullptr || !(source.weight >= settings.min_weight))
      continue;
    const anim::Clip& clip = *source.clip;
    // Mark this source's states as still playing before its edges end some of them.
    for (ActiveState& state : active_) {
      if (state.source_id == source.id && state.clip == &clip)
        state.seen_frame = frame_;
    }
    DispatchEdges(source, events);
    for (const ActiveState& state : active_) {
      if (state.source_id == source.id && state.clip == &clip) {
        events.push_back({NotifyEventType::kTick, clip.notifies[state.notify_index].name, &clip,
                          source.id, state.notify_index, source.weight});
      }
    }
  }
  // States whose source stopped playing or lost its weight end now.
  for (const ActiveState& state : active_) {
    if (state.seen_frame != frame_) {
      events.push_back({NotifyEventType::kEnd, state.clip->notifies[state.notify_index].name,
                        state.clip, state.source_id, state.notify_index, 0.0f});
    }
  }
  std::erase_if(active_, [this](const ActiveState& state) { return state.seen_frame != frame_; });
}

}  // namespace footwork::graph
