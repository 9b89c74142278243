#pragma once
// Motion-quality metrics of a simulated trace (metrics.json, issue 6 and issue 7), each checked
// against its bar.
//
// What each metric needs from the trace (TraceFrame fields; "internal" ones are not in the
// public trace.jsonl unless written with include_internal):
// - frames, nan_frames: every frame. A frame counts as NaN when any number in it is not finite
//   (position, velocity, yaws, clip times and weights, curves, feet, pelvis offset, joints,
//   local rotations, target yaw).
// - foot_slide_cm_s {mean, p95}: feet[l/r].position, .contact, internal .surface_velocity_m_s
//   and t. "In contact" is the trace's contact flag: the foot is planted, its FootLock curve
//   fully planted (>= 0.99, ik::IsFootPlanted); the lock's release ramp is not contact. One
//   sample per foot per consecutive pair of frames in which the foot is in contact in both: the
//   horizontal (XZ) distance moved relative to the supporting surface (world displacement minus
//   the later frame's surface_velocity_m_s x time step; static ground when unset) divided by the
//   time step, in cm/s. A foot riding a moving platform does not slide. Both feet are pooled;
//   p95 is the nearest-rank 95th percentile.
// - max_joint_jump_deg: internal local_rotations (same joint count on consecutive frames). The
//   largest rotation angle between a joint's local rotation on consecutive frames. The bar is per
//   60 Hz frame, so the check scales each jump by (1/60 s) / dt. Only the joints that move the
//   skin count when the caller names them (io::JointsThatMoveTheSkin): a rig control nothing is
//   skinned to cannot pop on screen.
// - stop_error_cm: internal events kStopBegan (with stop_point, where the stop clip's Distance
//   curve reaches 0) and kStopEnded on the frame the capsule came to rest. Per stop, the
//   horizontal distance between the capsule position on the end frame and stop_point (the end
//   event's end_stop_point when present: the stop point carried by a moving base). Stops
//   that were interrupted (or still open when the trace ends) are listed but not measured.
// - yaw_error_deg: internal events kTurnBegan / kTurnEnded and target_yaw_deg. Per turn, the
//   absolute wrapped difference between actor yaw and target yaw on the end frame (the end
//   frame's target, else the begin frame's). Interrupted turns are listed, not measured.
// - wrong_way_yaw_deg: the same turn segments. The intended direction is the short way, the sign
//   of (begin frame's target - actor yaw on the frame before the begin frame, the begin frame's
//   own when it is the first). For a reversal (that difference within 15 degrees of 180) either
//   way is valid and the event's turn_direction, when recorded, decides (the side of the 180
//   clip the character committed to). The actor yaw is unwrapped from that frame before; the
//   metric is the largest excursion against the intended direction (0 when the character never
//   turns the wrong way). Segments of every kind: start, turn, pivot, turn in place.
// - foot_penetration_cm: internal feet surface_height_m (and sole_height_m, else position.y).
//   Largest depth of any foot below the surface under it. Absent when no surface was recorded.
// - foot_float_cm: the same, for feet in contact (planted, as for foot slide): largest height
//   of a planted foot above the surface.
// - look_error_deg: internal look samples that are reachable. Largest angle between the head's
//   forward direction and the direction from the head to the target.

#include <cstddef>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "footwork/core/error.h"
#include "footwork/sim/trace_frame.h"

namespace footwork::sim {

// The pass/fail bars. Defaults are issue 6's "Bars"; WithIk() adds issue 7's stricter feet bars.
struct MetricBars {
  int max_nan_frames = 0;
  // Foot slide in contact, mean (cm/s): issue 6 says under 2, issue 7 (with IK) under 0.5.
  float foot_slide_mean_cm_s = 2.0f;
  // Foot slide p95 (cm/s): issue 7 only, under 2.
  std::optional<float> foot_slide_p95_cm_s;
  // Largest joint rotation change per 60 Hz frame (degrees).
  float joint_jump_deg = 20.0f;
  float stop_error_cm = 5.0f;
  // Final yaw error after a turn (degrees). Issue 6 states it for turns in place; the check
  // applies it to every measured start, turn, pivot and turn in place.
  float yaw_error_deg = 3.0f;
  // Wrong-way yaw during a start or turn (degrees); issue 6 states it for 180-degree starts.
  float wrong_way_yaw_deg = 5.0f;
  // Issue 7: no foot below the surface by more than 1 cm, no planted foot floating above 2 cm.
  float foot_penetration_cm = 1.0f;
  float foot_float_cm = 2.0f;
  // Issue 7 names look_error_deg without a bar; reported for information unless set.
  std::optional<float> look_error_deg;

  static MetricBars WithIk() {
    MetricBars bars;
    bars.foot_slide_mean_cm_s = 0.5f;
    bars.foot_slide_p95_cm_s = 2.0f;
    return bars;
  }
};

struct FootSlide {
  double mean_cm_s = 0.0;
  double p95_cm_s = 0.0;
  std::size_t samples = 0;
};

struct JointJump {
  double degrees = 0.0;
  // The same jump scaled to a 60 Hz frame (what the bar is stated in).
  double degrees_per_60hz_frame = 0.0;
  std::size_t joint = 0;
  // Time of the later of the two frames.
  double t = 0.0;
};

struct StopResult {
  double begin_t = 0.0;
  double end_t = 0.0;
  glm::vec3 rest_position{0.0f};
  glm::vec3 stop_point{0.0f};
  // Unset when interrupted.
  std::optional<double> error_cm;
  bool interrupted = false;
};

struct TurnResult {
  TurnKind kind = TurnKind::kTurn;
  double begin_t = 0.0;
  double end_t = 0.0;
  float start_yaw_deg = 0.0f;
  float target_yaw_deg = 0.0f;
  float final_yaw_deg = 0.0f;
  // Unset when interrupted.
  std::optional<double> yaw_error_deg;
  double wrong_way_yaw_deg = 0.0;
  bool interrupted = false;
};

// One metric against its bar. `value` is unset when the trace lacks the metric's input; `bar`
// is unset for metrics reported for information only.
struct MetricCheck {
  std::string name;
  std::optional<double> value;
  std::optional<double> bar;
  // "<" or "<=", as the issue states the bar.
  std::string comparison = "<";
  // Where the bar comes from ("issue 6").
  std::string source;

  bool measured() const { return value.has_value() && bar.has_value(); }
  bool passed() const;
};

// Head-to-target angle over a series of look samples (reachable ones only).
struct LookErrorStats {
  double mean_deg = 0.0;
  double max_deg = 0.0;
  std::size_t samples = 0;
};

struct Metrics {
  std::size_t frames = 0;
  std::size_t nan_frames = 0;
  std::optional<FootSlide> foot_slide;
  std::optional<JointJump> max_joint_jump;
  std::vector<StopResult> stops;
  std::vector<TurnResult> turns;
  std::optional<double> foot_penetration_cm;
  std::optional<double> foot_float_cm;
  std::optional<double> look_error_deg;
  // A level NPC looking at the player (filled by the runner's caller; not from the trace).
  std::optional<LookErrorStats> npc_look_error_deg;
  std::vector<MetricCheck> checks;

  // Largest measured stop error; unset without a measured stop.
  std::optional<double> MaxStopErrorCm() const;
  std::optional<double> MaxYawErrorDeg() const;
  std::optional<double> MaxWrongWayYawDeg() const;
  // True when every measured check passes.
  bool Passed() const;
};

// Computes every metric and its check. Fails on inconsistent segment markers (an end without a
// begin, a begin inside an open segment, a turn without target_yaw_deg), naming the frame time.
// `seen_joints` (per joint, empty for all) limits max_joint_jump_deg to the joints it marks.
Result<Metrics> ComputeMetrics(std::span<const TraceFrame> frames, const MetricBars& bars = {},
                               const std::vector<bool>& seen_joints = {});

// The metrics of a run of the whole runtime, which includes IK: held to issue 7's bars
// (MetricBars::WithIk), with issue 6's looser foot slide bar listed next to issue 7's, so a report
// shows both issues' bars. What `footwork simulate`, `sweep` and `demo` report.
Result<Metrics> ComputeRuntimeMetrics(std::span<const TraceFrame> frames,
                                      const std::vector<bool>& seen_joints = {});

// metrics.json: frames, nan_frames, foot_slide_cm_s {mean, p95, samples}, max_joint_jump_deg,
// stop_error_cm {stops: [...], max}, yaw_error_deg {turns: [...], max}, wrong_way_yaw_deg,
// foot_penetration_cm, foot_float_cm, look_error_deg (null when not measured),
// npc_look_error_deg {mean, max, samples} (only with a looking NPC), checks
// [{metric, value, bar, comparison, source, pass}], pass.
std::string FormatMetricsJson(const Metrics& metrics);
// Mean and largest look error of the reachable samples; unset when none is measurable.
std::optional<LookErrorStats> ComputeLookErrorStats(std::span<const LookSample> looks);
Status WriteMetricsJson(const std::filesystem::path& path, const Metrics& metrics);

}  // namespace footwork::sim
