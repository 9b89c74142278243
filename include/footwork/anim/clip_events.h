#pragma once
// Which sync markers and notify edges a playback step passed, across loop wraps. Used by sync
// groups (marker-based sync) and to fire notifies and notify states.

#include <cstddef>
#include <span>

#include "footwork/anim/clip.h"
#include "footwork/anim/sampling.h"

namespace footwork::anim {

// A marker passed during a step, and how far into the step it was passed.
struct MarkerHit {
  int marker_index = -1;
  float elapsed_s = 0.0f;
};

// Markers whose time lies in the window (from, from + elapsed], in playback order; a looping clip
// may pass a marker several times. elapsed_s >= 0. Writes at most out.size() hits and returns
// how many were written. Does not allocate.
std::size_t FindMarkersPassed(const Clip& clip, float from_time_s, float elapsed_s, WrapMode wrap,
                              std::span<MarkerHit> out);

enum class NotifyEdge { kBegin, kEnd };

// A notify (or notify state) edge passed during a step. Plain notifies only have a kBegin edge.
struct NotifyEvent {
  int notify_index = -1;
  NotifyEdge edge = NotifyEdge::kBegin;
  float elapsed_s = 0.0f;
};

// Notify begin times (time_s) and notify-state end times (time_s + duration_s, wrapped for
// looping clips) in the window (from, from + elapsed], sorted by elapsed time. Writes at most
// out.size() events and returns how many were written. Does not allocate.
std::size_t FindNotifyEvents(const Clip& clip, float from_time_s, float elapsed_s, WrapMode wrap,
                             std::span<NotifyEvent> out);

}  // namespace footwork::anim
