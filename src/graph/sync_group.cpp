#include "footwork/graph/sync_group.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace footwork::graph {
namespace {

float Wrap(float time_s, float duration_s) {
  if (duration_s <= 0.0f)
    return 0.0f;
  float wrapped = std::fmod(time_s, duration_s);
  if (wrapped < 0.0f)
    wrapped += duration_s;
  // fmod can return duration itself for values just below a multiple after rounding.
  return wrapped >= duration_s ? 0.0f : wrapped;
}

// Advances a clip's time by `delta_s`, wrapping looping clips and clamping the others.
float Advance(const anim::Clip& clip, float time_s, float delta_s) {
  const float advanced = time_s + delta_s;
  if (clip.looping)
    return Wrap(advanced, clip.duration_s);
  return std::clamp(advanced, 0.0f, clip.duration_s);
}

// Distance between two times, cyclic for looping clips.
float TimeDistance(const anim::Clip& clip, float a, float b) {
  const float direct = std::abs(a - b);
  if (!clip.looping || clip.duration_s <= 0.0f)
    return direct;
  return std::min(direct, clip.duration_s - direct);
}

bool IsExcluded(const SyncGroupMember& member) {
  return member.blending_in && (member.role == SyncRole::kTransitionLeader ||
                                member.role == SyncRole::kTransitionFollower);
}

float NormalisedTime(const anim::Clip& clip, float time_s) {
  return clip.duration_s > 0.0f ? time_s / clip.duration_s : 0.0f;
}

}  // namespace

MarkerPhase FindMarkerPhase(const anim::Clip& clip, float time_s) {
  const auto& markers = clip.markers;
  const int count = static_cast<int>(markers.size());
  if (count == 0 || clip.duration_s <= 0.0f)
    return {};
  int previous = -1;
  for (int m = 0; m < count; ++m) {
    if (markers[m].time_s <= time_s)
      previous = m;
  }
  float previous_time = 0.0f;
  // Before the first marker of a looping clip, the previous marker is the last one, a cycle ago.
  const bool previous_from_last_cycle = previous < 0;
  if (previous_from_last_cycle) {
    if (!clip.looping)
      return {};
    previous = count - 1;
    previous_time = markers[previous].time_s - clip.duration_s;
  } else {
    previous_time = markers[previous].time_s;
  }
  int next = previous + 1;
  float next_time = 0.0f;
  if (next >= count) {
    if (!clip.looping)
      return {};
    next = 0;
    // The first marker of the next cycle, unless the previous one was already shifted back.
    next_time = markers[0].time_s + (previous_from_last_cycle ? 0.0f : clip.duration_s);
  } else {
    next_time = markers[next].time_s;
  }
  const float span = next_time - previous_time;
  MarkerPhase phase;
  phase.previous_marker = previous;
  phase.next_marker = next;
  phase.fraction = span > 0.0f ? std::clamp((time_s - previous_time) / span, 0.0f, 1.0f) : 0.0f;
  return phase;
}

std::optional<float> TimeAtMarkerPhase(const anim::Clip& clip, const std::string& previous_name,
                                       const std::string& next_name, float fraction,
                                       float near_time_s) {
  const auto& markers = clip.markers;
  const int count = static_cast<int>(markers.size());
  std::optional<float> best;
  float best_distance = std::numeric_limits<float>::infinity();
  for (int m = 0; m < count; ++m) {
    if (markers[m].name != previous_name)
      continue;
    int next = m + 1;
    float next_time = 0.0f;
    if (next < count) {
      next_time = markers[next].time_s;
    } else if (clip.looping) {
      next = 0;
      next_time = markers[0].time_s + clip.duration_s;
    } else {
      continue;
    }
    if (markers[next].name != next_name)
      continue;
    const float start = markers[m].time_s;
    float time = start + (next_time - start) * fraction;
    time = clip.looping ? Wrap(time, clip.duration_s) : std::clamp(time, 0.0f, clip.duration_s);
    const float distance = TimeDistance(clip, time, near_time_s);
    if (distance < best_distance) {
      best_distance = distance;
      best = time;
    }
  }
  return best;
}

std::optional<float> TimePastLastMarker(const anim::Clip& from, float from_time_s,
                                        const anim::Clip& to) {
  const anim::SyncMarker* last = nullptr;
  for (const anim::SyncMarker& marker : from.markers) {
    if (marker.time_s <= from_time_s && (last == nullptr || marker.time_s >= last->time_s))
      last = &marker;
  }
  if (last == nullptr || !std::isfinite(from_time_s))
    return std::nullopt;
  const float elapsed = from_time_s - last->time_s;
  for (const anim::SyncMarker& marker : to.markers) {
    if (marker.name != last->name)
      continue;
    const float time = marker.time_s + elapsed;
    return to.looping ? Wrap(time, to.duration_s) : std::clamp(time, 0.0f, to.duration_s);
  }
  return std::nullopt;
}

int SelectSyncLeader(std::span<const SyncGroupMember> members) {
  // Rank: always leader > transition leader (blended in) > can be leader; highest weight within
  // a rank; a member without weight leads only when nothing else can.
  auto rank = [](const SyncGroupMember& member) {
    switch (member.role) {
      case SyncRole::kAlwaysLeader:
        return 3;
      case SyncRole::kTransitionLeader:
        return 2;
      case SyncRole::kCanBeLeader:
        return 1;
      case SyncRole::kAlwaysFollower:
      case SyncRole::kTransitionFollower:
        return 0;
    }
    return 0;
  };
  int best = -1;
  int best_rank = -1;
  float best_weight = -1.0f;
  for (std::size_t i = 0; i < members.size(); ++i) {
    const SyncGroupMember& member = members[i];
    if (member.clip == nullptr || IsExcluded(member))
      continue;
    // Followers compete only as a last resort (rank 0, first one wins).
    const int member_rank = member.weight > 0.0f ? rank(member) : 0;
    const float weight = member_rank == 0 ? 0.0f : member.weight;
    if (member_rank > best_rank || (member_rank == best_rank && weight > best_weight)) {
      best = static_cast<int>(i);
      best_rank = member_rank;
      best_weight = weight;
    }
  }
  return best;
}

int UpdateSyncGroup(std::span<SyncGroupMember> members, float dt_s) {
  for (SyncGroupMember& member : members)
    member.previous_time_s = member.time_s;
  const int leader_index = SelectSyncLeader(members);

  // Members outside the group (transition roles blending in) play on their own.
  for (SyncGroupMember& member : members) {
    if (member.clip != nullptr && IsExcluded(member)) {
      member.time_s = Advance(*member.clip, member.time_s, dt_s * member.play_rate);
    }
  }
  if (leader_index < 0)
    return -1;

  SyncGroupMember& leader = members[leader_index];
  const anim::Clip& leader_clip = *leader.clip;
  const float leader_before = leader.time_s;
  leader.time_s = Advance(leader_clip, leader.time_s, dt_s * leader.play_rate);
  float leader_normalised_delta =
      NormalisedTime(leader_clip, leader.time_s) - NormalisedTime(leader_clip, leader_before);
  if (leader_clip.looping && leader_normalised_delta < -0.5f)
    leader_normalised_delta += 1.0f;
  const MarkerPhase leader_phase = FindMarkerPhase(leader_clip, leader.time_s);

  for (std::size_t i = 0; i < members.size(); ++i) {
    SyncGroupMember& follower = members[i];
    if (static_cast<int>(i) == leader_index || follower.clip == nullptr || IsExcluded(follower)) {
      continue;
    }
    const anim::Clip& clip = *follower.clip;
    // Where the follower would be had it moved by the leader's normalised advance: picks the
    // right marker pair when the follower has several with the same names.
    const float predicted =
        Advance(clip, follower.time_s, leader_normalised_delta * clip.duration_s);
    std::optional<float> synced;
    if (leader_phase.valid()) {
      synced = TimeAtMarkerPhase(clip, leader_clip.markers[leader_phase.previous_marker].name,
                                 leader_clip.markers[leader_phase.next_marker].name,
                                 leader_phase.fraction, predicted);
    }
    if (synced) {
      follower.time_s = *synced;
    } else {
      const float normalised = NormalisedTime(leader_clip, leader.time_s);
      follower.time_s = clip.looping
                            ? Wrap(normalised * clip.duration_s, clip.duration_s)
                            : std::clamp(normalised * clip.duration_s, 0.0f, clip.duration_s);
    }
  }
  return leader_index;
}

}  // namespace footwork::graph
