#pragma once
// Builds plausible traces without a character: idle, starts, walk/run cycles, stops, turns in
// place and jumps, with feet that plant exactly (zero slide), Distance and foot-lock curves,
// clip cross-fades and segment events. For metric and report tests, and for trying the report
// before the locomotion character exists.

#include <cstddef>
#include <string>
#include <vector>

#include "footwork/sim/trace_frame.h"

namespace footwork::sim {

class SyntheticTraceBuilder {
 public:
  // `dt` is the frame time step; `joint_count` local rotations are recorded per frame (a gentle
  // swing, far below the joint-jump bar).
  explicit SyntheticTraceBuilder(double dt = 1.0 / 60.0, std::size_t joint_count = 8);

  // Standing still in state Idle.
  SyntheticTraceBuilder& Idle(double seconds);
  // A Start toward `yaw_deg` (world yaw of the movement), accelerating to `speed_m_s`; the actor
  // yaw turns there smoothly (a turn segment of kind start).
  SyntheticTraceBuilder& Start(float yaw_deg, float speed_m_s, double seconds,
                               const std::string& gait = "walk");
  // Moving at constant speed along the current actor yaw (state Cycle).
  SyntheticTraceBuilder& Cycle(double seconds, float speed_m_s, const std::string& gait = "walk");
  // A gait change at constant heading: speed ramps to `speed_m_s` in state GaitTransition.
  SyntheticTraceBuilder& GaitTransition(float speed_m_s, double seconds, const std::string& gait);
  // Decelerates to rest. The stop clip's Distance curve reaches 0 `overshoot_m` beyond the
  // point where the capsule actually stops (so stop_error_cm = 100 * overshoot_m).
  SyntheticTraceBuilder& Stop(double seconds, float overshoot_m = 0.0f);
  // Turns in place by `delta_deg`, finishing `final_error_deg` short of the target.
  SyntheticTraceBuilder& TurnInPlace(float delta_deg, double seconds, float final_error_deg = 0.0f);
  // A standing jump: JumpStart, FallLoop, FallLand with a parabolic height of `height_m`.
  SyntheticTraceBuilder& Jump(float height_m, double seconds);
  // Sets the camera yaw from now on.
  SyntheticTraceBuilder& Camera(float yaw_deg);

  const std::vector<TraceFrame>& frames() const { return frames_; }

 private:
  // Appends one frame at the current time with the current state, advancing time.
  void Emit(const std::string& state, const std::string& clip);
  void StepFeet(const glm::vec3& heading);
  void PlantBothFeet();

  double dt_;
  std::size_t joint_count_;
  double t_ = 0.0;
  glm::vec3 position_{0.0f};
  glm::vec3 velocity_{0.0f};
  float speed_ = 0.0f;
  float yaw_deg_ = 0.0f;
  float camera_yaw_deg_ = 0.0f;
  std::string gait_ = "walk";
  // Per-frame extras set by segments before Emit.
  std::optional<float> target_yaw_deg_;
  std::vector<TraceEvent> pending_events_;
  std::map<std::string, float> segment_curves_;
  // Feet: planted position, whether in contact, and gait phase.
  FootSample feet_[2];
  double gait_phase_ = 0.0;
  glm::vec3 swing_from_[2]{};
  // Clip cross-fade: the current clip, when it started, and the previous one fading out.
  std::string clip_;
  double clip_start_t_ = 0.0;
  std::string previous_clip_;
  double previous_clip_start_t_ = 0.0;
  double clip_change_t_ = -1.0;
  float ground_y_ = 0.0f;
  std::vector<TraceFrame> frames_;
};

}  // namespace footwork::sim
