#pragma once
// One simulated frame as the trace records it: the public fields of `footwork simulate`'s
// trace.jsonl (issue 6), plus internal data only the metrics need (local joint rotations, turn
// targets, stop points, surface heights, look-at), written to JSON only when asked.

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace footwork::sim {

// A clip the graph is playing this frame, with its blend weight (0..1).
struct ClipSample {
  std::string name;
  float time_s = 0.0f;
  float weight = 0.0f;

  friend bool operator==(const ClipSample&, const ClipSample&) = default;
};

// One foot, in world space.
struct FootSample {
  // World position of the foot's IK target (the ankle or sole point the IK layer drives), metres.
  glm::vec3 position{0.0f};
  // True while foot lock holds the foot in place: the IK layer's lock state (held or releasing),
  // else the FootLock curve above 0.5.
  bool locked = false;
  // True while the foot is planted: on the ground and its FootLock curve fully planted
  // (ik::IsFootPlanted, >= 0.99). The one definition of "in contact" that foot slide and float
  // are measured on; the lock's release ramp below it is not contact.
  bool contact = false;

  // Internal (metrics only). World height of the heel's sole point (under the ankle); when unset,
  // the metrics use position.y. Producers that record the ankle subtract the ankle height here.
  std::optional<float> sole_height_m;
  // Internal (metrics only). World height of the walkable surface under the foot (the IK layer's
  // downward trace); unset when nothing was hit or no trace was made.
  std::optional<float> surface_height_m;
  // Internal (metrics only). The sole point under the toe (ball) joint and the surface traced
  // under it: a run plants on the ball with the heel up, and a toe can sink where the heel does
  // not. Unset for a rig without a toe joint, or traces written before they existed.
  std::optional<float> toe_height_m;
  std::optional<float> toe_surface_height_m;
  // Internal (metrics only). World velocity (m/s) of the surface point under the foot over the
  // step ending on this frame, when that surface moves (a platform); unset means static ground.
  // Foot slide is measured relative to it.
  std::optional<glm::vec3> surface_velocity_m_s;

  friend bool operator==(const FootSample&, const FootSample&) = default;
};

// How far (metres) the foot's lowest sole point is above the surface under it: the lower of the
// heel's (sole_height_m, else position.y, over surface_height_m) and the toe's (when both toe
// fields are set) clearances; negative is below. Unset without surface_height_m. Penetration and
// float are measured on it, so a foot standing on its ball with the heel up is on the ground.
std::optional<float> LowestSoleClearanceM(const FootSample& foot);

// What a turn segment is; wrong-way yaw is measured on all of them.
enum class TurnKind { kStart, kTurn, kPivot, kTurnInPlace };
const char* TurnKindName(TurnKind kind);
std::optional<TurnKind> TurnKindFromName(const std::string& name);

// Internal markers that delimit the segments metrics are computed on. The locomotion character
// records them on the frame where the thing happens.
struct TraceEvent {
  enum class Kind {
    // A stop state began. `stop_point` is the world position where the stop clip's Distance
    // curve reaches 0 (the predicted stop location the clip was distance-matched to).
    kStopBegan,
    // The capsule came to rest (or the stop was interrupted: set `interrupted`). Optional
    // `end_stop_point`: the stop point's world position on this frame when it moved since the
    // stop began (it rides the base the character stands on, e.g. a moving platform).
    kStopEnded,
    // A start, turn, pivot or turn in place began; `turn_kind` says which. The frame's
    // `target_yaw_deg` is the target; `turn_direction` (+1 toward positive yaw, -1 negative) is
    // the way the character is meant to turn, needed where |target - yaw| is near 180 degrees.
    kTurnBegan,
    // The turn finished (or was interrupted: set `interrupted`); yaw error is read on this frame.
    kTurnEnded,
    // The character began giving way to a moving body coming at it (locomotion give_way), and
    // stood again after it.
    kGiveWayBegan,
    kGiveWayEnded,
  };
  Kind kind = Kind::kStopBegan;
  glm::vec3 stop_point{0.0f};
  TurnKind turn_kind = TurnKind::kTurn;
  int turn_direction = 0;
  bool interrupted = false;
  std::optional<glm::vec3> end_stop_point;

  static TraceEvent StopBegan(const glm::vec3& stop_point) {
    TraceEvent event;
    event.kind = Kind::kStopBegan;
    event.stop_point = stop_point;
    return event;
  }
  static TraceEvent StopEnded(bool interrupted = false,
                              std::optional<glm::vec3> end_stop_point = std::nullopt) {
    TraceEvent event;
    event.kind = Kind::kStopEnded;
    event.interrupted = interrupted;
    event.end_stop_point = end_stop_point;
    return event;
  }
  // `direction`: +1 toward positive yaw (left), -1 toward negative (right), 0 = the short way.
  static TraceEvent TurnBegan(TurnKind turn_kind, int direction = 0) {
    TraceEvent event;
    event.kind = Kind::kTurnBegan;
    event.turn_kind = turn_kind;
    event.turn_direction = direction;
    return event;
  }
  static TraceEvent TurnEnded(bool interrupted = false) {
    TraceEvent event;
    event.kind = Kind::kTurnEnded;
    event.interrupted = interrupted;
    return event;
  }
  static TraceEvent GiveWayBegan() {
    TraceEvent event;
    event.kind = Kind::kGiveWayBegan;
    return event;
  }
  static TraceEvent GiveWayEnded() {
    TraceEvent event;
    event.kind = Kind::kGiveWayEnded;
    return event;
  }

  friend bool operator==(const TraceEvent&, const TraceEvent&) = default;
};
const char* TraceEventKindName(TraceEvent::Kind kind);
std::optional<TraceEvent::Kind> TraceEventKindFromName(const std::string& name);

// Head look-at state for look_error_deg (issue 7): all world space.
struct LookSample {
  glm::vec3 head_position{0.0f};
  // Unit forward direction of the head bone.
  glm::vec3 head_forward{0.0f, 0.0f, 1.0f};
  glm::vec3 target{0.0f};
  // False when the target is outside the look-at limits (behind the character): not measured.
  bool reachable = true;

  friend bool operator==(const LookSample&, const LookSample&) = default;
};

// One frame of a simulation. Field names and units follow issue 6's trace contract; angles are in
// degrees because the trace is read by people and tools, not by the runtime.
struct TraceFrame {
  double t = 0.0;
  glm::vec3 position{0.0f};
  glm::vec3 velocity{0.0f};
  float actor_yaw_deg = 0.0f;
  float camera_yaw_deg = 0.0f;
  // walk, run, sprint (idle is a state, not a gait).
  std::string gait = "walk";
  // velocity_direction (rotating), strafing, aiming.
  std::string rotation_mode = "velocity_direction";
  // walking or falling.
  std::string movement_mode = "walking";
  // Idle, Start, Cycle, GaitTransition, Stop, Pivot, TurnInPlace, JumpStart, FallLoop, FallLand.
  std::string state = "Idle";
  // forward, backward, left, right.
  std::string cardinal_direction = "forward";
  std::vector<ClipSample> clips;
  // Sorted by name so traces are deterministic.
  std::map<std::string, float> curves;
  FootSample foot_left;
  FootSample foot_right;
  float pelvis_offset_m = 0.0f;
  // Model-space joint positions in skeleton order; only with `--joints`.
  std::optional<std::vector<glm::vec3>> joints_model;

  // Internal (metrics only). Local joint rotations in skeleton order, for max_joint_jump_deg.
  std::vector<glm::quat> local_rotations;
  // Internal. The yaw the character is rotating toward this frame (velocity, control or
  // turn-in-place target), for yaw_error_deg and wrong_way_yaw_deg.
  std::optional<float> target_yaw_deg;
  // Internal. Segment markers (see TraceEvent).
  std::vector<TraceEvent> events;
  // Internal. Present while a look-at target is set.
  std::optional<LookSample> look;

  friend bool operator==(const TraceFrame&, const TraceFrame&) = default;
};

// The states a trace went through, consecutive repeats collapsed (["Idle", "Start", "Cycle"]),
// to compare with a scenario's expect_states.
std::vector<std::string> StateSequence(const std::vector<TraceFrame>& frames);

}  // namespace footwork::sim
