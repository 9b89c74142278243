#include "footwork/graph/notify.h"

#include <algorithm>

namespace footwork::graph {

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

// Handles the time range (from_s, to_s] (or [from_s, to_s] when closed_start) of one source.
void NotifyDispatcher::DispatchSegment(const NotifySource& source, float from_s, float to_s,
                                       bool closed_start, std::vector<NotifyEvent>& events) {
  const anim::Clip& clip = *source.clip;
  auto inside = [&](float t) { return (closed_start ? t >= from_s : t > from_s) && t <= to_s; };
  scratch_.clear();
  for (std::size_t n = 0; n < clip.notifies.size(); ++n) {
    const anim::Notify& notify = clip.notifies[n];
    const int index = static_cast<int>(n);
    NotifyEvent event{
        NotifyEventType::kTrigger, notify.name, &clip, source.id, index, source.weight};
    if (!notify.is_state()) {
      if (inside(notify.time_s))
        scratch_.push_back({notify.time_s, event});
      continue;
    }
    const float begin_s = notify.time_s;
    // A looping clip's state may run past the loop point and end in the next cycle.
    const float raw_end_s = notify.time_s + notify.duration_s;
    const float end_s = clip.looping && raw_end_s > clip.duration_s
                            ? raw_end_s - clip.duration_s
                            : std::min(raw_end_s, clip.duration_s);
    ActiveState* active = FindActive(source.id, &clip, index);
    const bool was_active = active != nullptr;
    if (active == nullptr && inside(begin_s)) {
      event.type = NotifyEventType::kBegin;
      scratch_.push_back({begin_s, event});
      active = &active_.emplace_back(ActiveState{source.id, &clip, index, frame_});
    }
    // A state that begins in this segment ends in it only if its end comes after its begin.
    if (active != nullptr && inside(end_s) && (was_active || end_s > begin_s)) {
      event.type = NotifyEventType::kEnd;
      scratch_.push_back({end_s, event});
      // Erase by value: emplace_back above may have moved the vector.
      std::erase_if(active_, [&](const ActiveState& state) {
        return state.source_id == source.id && state.clip == &clip && state.notify_index == index;
      });
    }
  }
  // Stable: a begin and end at the same time keep begin first.
  std::stable_sort(scratch_.begin(), scratch_.end(),
                   [](const TimedEvent& a, const TimedEvent& b) { return a.time_s < b.time_s; });
  for (const TimedEvent& timed : scratch_)
    events.push_back(timed.event);
}

void NotifyDispatcher::Dispatch(std::span<const NotifySource> sources,
                                std::vector<NotifyEvent>& events,
                                const NotifyDispatchSettings& settings) {
  ++frame_;
  for (const NotifySource& source : sources) {
    if (source.clip == nullptr || source.weight < settings.min_weight)
      continue;
    const anim::Clip& clip = *source.clip;
    // Mark this source's states as still playing before segments end some of them.
    for (ActiveState& state : active_) {
      if (state.source_id == source.id && state.clip == &clip)
        state.seen_frame = frame_;
    }
    const float previous = source.previous_time_s;
    const float current = source.time_s;
    if (clip.looping && current < previous) {
      DispatchSegment(source, previous, clip.duration_s, source.just_started, events);
      DispatchSegment(source, 0.0f, current, true, events);
    } else if (current > previous || source.just_started) {
      DispatchSegment(source, previous, current, source.just_started, events);
    }
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
