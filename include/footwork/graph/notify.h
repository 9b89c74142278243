#pragma once
// Notify dispatch: turns the clips that played this frame (their previous and current time and
// weight, given by the caller) into events: a trigger for each notify passed, and begin / tick /
// end for notify states, across loop wraps. Events fire in time order within a clip.
//
// NotifyDispatcher is per-character state: it remembers which notify states are active so that
// a state ends when its clip passes its end, loses its weight, or stops playing. In a looping
// clip a notify state may run past the loop point and end in the next cycle. The raw edges come
// from the anim layer's FindNotifyEvents (any number of wraps a step); this adds state tracking,
// weights and ticks.

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "footwork/anim/clip.h"
#include "footwork/anim/clip_events.h"

namespace footwork::graph {

enum class NotifyEventType {
  // A notify (duration 0) was passed.
  kTrigger,
  // A notify state was entered; a tick follows in the same frame.
  kBegin,
  // A notify state is active this frame (after any begin, if it did not end).
  kTick,
  // A notify state was left (passed its end, its clip lost its weight or stopped playing).
  kEnd,
};

// One dispatched event. `name` and `clip` point into the shared clip.
struct NotifyEvent {
  NotifyEventType type = NotifyEventType::kTrigger;
  std::string_view name;
  const anim::Clip* clip = nullptr;
  // The source's id and the notify's index in clip->notifies.
  std::uint32_t source_id = 0;
  int notify_index = -1;
  // The source's weight this frame (0 for ends caused by the source disappearing).
  float weight = 0.0f;
};

// One clip that played this frame, forward in time.
struct NotifySource {
  // Stable across frames for the same player (e.g. a state entry id or player slot).
  std::uint32_t id = 0;
  const anim::Clip* clip = nullptr;
  float previous_time_s = 0.0f;
  float time_s = 0.0f;
  float weight = 1.0f;
  // The first frame of a player: notifies exactly at previous_time_s fire too (a clip starting
  // at 0 fires its notifies at 0).
  bool just_started = false;
  // Seconds of clip time played this frame. Negative (the default): derived from the two times,
  // assuming at most one wrap of a looping clip. Give it when a step may wrap several times
  // (a large dt or play rate); SequencePlayer::AsNotifySource does.
  float elapsed_s = -1.0f;
};

struct NotifyDispatchSettings {
  // Sources with less weight fire nothing and end their states (Unreal's trigger threshold).
  float min_weight = 1e-5f;
};

// Per-character dispatch state.
class NotifyDispatcher {
 public:
  // Appends this frame's events to `events` (not cleared, so callers can batch). A looping clip
  // whose time went down wrapped once (unless the source gives elapsed_s); a non-looping clip
  // never wraps. After the largest step has been seen once, dispatch does not allocate.
  void Dispatch(std::span<const NotifySource> sources, std::vector<NotifyEvent>& events,
                const NotifyDispatchSettings& settings = {});

  // Forgets every active notify state without emitting ends (teleport, reset).
  void Reset() { active_.clear(); }
  std::size_t active_state_count() const { return active_.size(); }

 private:
  struct ActiveState {
    std::uint32_t source_id = 0;
    const anim::Clip* clip = nullptr;
    int notify_index = -1;
    std::uint64_t seen_frame = 0;
  };
  ActiveState* FindActive(std::uint32_t source_id, const anim::Clip* clip, int notify_index);
  void DispatchEdges(const NotifySource& source, std::vector<NotifyEvent>& events);

  std::vector<ActiveState> active_;
  // Edges of one source's step (anim::FindNotifyEvents output); grows to the largest step.
  std::vector<anim::NotifyEvent> edges_;
  std::uint64_t frame_ = 0;
};

}  // namespace footwork::graph
