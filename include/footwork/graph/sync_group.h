#pragma once
// Sync groups: players whose clips must keep their feet in phase (walk and run cycles blended by
// speed, a Start clip blending into a Cycle, gait transitions). One member leads and advances
// normally; the others take the leader's position between its sync markers ("Foot_L",
// "Foot_R": marker index plus fraction to the next marker) mapped onto their own markers, so
// cycles of different lengths and timings put each foot down together. Without usable markers a
// follower falls back to the leader's normalised time.
//
// Roles follow Unreal's: "always leader", "can be leader" (the highest-weight one leads), "always
// follower", and the transition roles the seed's Part16 uses for gait transitions: a
// "transition leader" plays on its own while its state blends in, then leads until it blends out.

#include <optional>
#include <span>
#include <string>

#include "footwork/anim/clip.h"

namespace footwork::graph {

enum class SyncRole {
  // Leads when it has the highest weight among the can-be-leaders (and no stronger role exists).
  kCanBeLeader,
  // Never leads unless every member is a follower (then the first one does).
  kAlwaysFollower,
  // Leads whenever it has weight (the highest-weight one if several).
  kAlwaysLeader,
  // Outside the group while blending in (plays from its own start time); then leads.
  kTransitionLeader,
  // Outside the group while blending in; then follows.
  kTransitionFollower,
};

// One player in a group: which clip, its role and weight, and its playback time (in and out).
// Owned by the caller (a sequence player's per-character state).
struct SyncGroupMember {
  const anim::Clip* clip = nullptr;
  SyncRole role = SyncRole::kCanBeLeader;
  // Blend weight of the player in the final pose; picks the leader among can-be-leaders.
  float weight = 0.0f;
  // Used when the member leads or plays on its own; followers take the leader's pace.
  float play_rate = 1.0f;
  // True while the member's state blends in (only the transition roles look at it).
  bool blending_in = false;
  // Current time in seconds; UpdateSyncGroup writes the new time here.
  float time_s = 0.0f;
  // Written by UpdateSyncGroup: the time before this update (for notify dispatch).
  float previous_time_s = 0.0f;
};

// Where a time sits between a clip's sync markers.
struct MarkerPhase {
  // Indices into clip.markers of the marker at or before the time and the one after it.
  int previous_marker = -1;
  int next_marker = -1;
  // 0 at the previous marker, 1 at the next.
  float fraction = 0.0f;

  bool valid() const { return previous_marker >= 0; }
};

// The marker phase of `time_s`. Looping clips wrap (before the first marker the previous one is
// the last marker of the previous cycle). Invalid when the clip has no markers, or when a
// non-looping clip's time is before its first or after its last marker.
MarkerPhase FindMarkerPhase(const anim::Clip& clip, float time_s);

// The time in `clip` at the given phase between a marker named `previous_name` and the next
// marker named `next_name`, choosing among matching marker pairs the one closest to
// `near_time_s` (cyclically for looping clips). nullopt when no pair matches.
std::optional<float> TimeAtMarkerPhase(const anim::Clip& clip, const std::string& previous_name,
                                       const std::string& next_name, float fraction,
                                       float near_time_s);

// Past the last marker of a non-looping clip (a start's end, where FindMarkerPhase has no next
// marker): the time in `to` as far past a marker of the same name as `from_time_s` is past
// `from`'s last marker at or before it (the first such marker in `to`; wrapped in a looping `to`,
// clamped otherwise). nullopt when `from` has no marker at or before from_time_s or `to` has none
// of that name. Clip seconds in both: a start derived from its cycle plays the cycle's own steps.
std::optional<float> TimePastLastMarker(const anim::Clip& from, float from_time_s,
                                        const anim::Clip& to);

// The index of the member that leads this update (see SyncRole), or -1 when no member has a
// clip.
int SelectSyncLeader(std::span<const SyncGroupMember> members);

// Advances the group by dt_s: the leader (and any transition member blending in) by its own
// play rate, the rest to the leader's marker phase (or normalised time). Writes every member's
// previous_time_s and time_s. Returns the leader's index, -1 for an empty group.
int UpdateSyncGroup(std::span<SyncGroupMember> members, float dt_s);

}  // namespace footwork::graph
