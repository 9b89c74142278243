// A scripted stand-in for the locomotion character: kinematic capsule, feet that plant exactly,
// smoothstep turns, and the curves and events the metrics read.

#include "footwork/sim/synthetic_trace.h"

#include <algorithm>
#include <cmath>

#include "footwork/anim/curve_names.h"
#include "footwork/core/angles.h"

namespace footwork::sim {
namespace {

namespace names = anim::curve_names;

// Half the distance between the feet (m), swing height (m), clip cross-fade (s).
constexpr float kFootSideOffset = 0.11f;
constexpr float kSwingHeight = 0.12f;
constexpr double kClipBlendS = 0.2;
// Gait cycle period (s): two steps.
constexpr double kWalkCycleS = 1.0;
constexpr double kRunCycleS = 0.7;
// Below this speed (m/s) the feet stop stepping and stand.
constexpr float kStandSpeed = 0.3f;

glm::vec3 Heading(float yaw_deg) {
  const float yaw = Radians(yaw_deg);
  return {std::sin(yaw), 0.0f, std::cos(yaw)};
}

// The character's left: yaw 0 faces +Z and positive yaw turns toward +X, the character's left.
glm::vec3 Left(float yaw_deg) {
  const float yaw = Radians(yaw_deg);
  return {std::cos(yaw), 0.0f, -std::sin(yaw)};
}

double SmoothStep(double s) {
  s = std::clamp(s, 0.0, 1.0);
  return s * s * (3.0 - 2.0 * s);
}

float WrapDeg(double degrees) {
  return Degrees(NormalizeAngle(Radians(static_cast<float>(degrees))));
}

std::string Capitalized(std::string text) {
  if (!text.empty())
    text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  return text;
}

// Clip suffix for a direction relative to the actor: positive yaw is to the left.
std::string DirectionSuffix(float delta_deg) {
  const float magnitude = std::abs(delta_deg);
  if (magnitude < 45.0f)
    return "F";
  const std::string side = delta_deg > 0.0f ? "L" : "R";
  return side + (magnitude < 135.0f ? "90" : "180");
}

std::size_t FrameCount(double seconds, double dt) {
  return std::max<std::size_t>(1, static_cast<std::size_t>(std::lround(seconds / dt)));
}

}  // namespace

SyntheticTraceBuilder::SyntheticTraceBuilder(double dt, std::size_t joint_count)
    : dt_(dt), joint_count_(joint_count) {
  PlantBothFeet();
}

void SyntheticTraceBuilder::PlantBothFeet() {
  for (int side = 0; side < 2; ++side) {
    FootSample& foot = feet_[side];
    if (foot.contact)
      continue;
    const float sign = side == 0 ? 1.0f : -1.0f;
    foot.position = position_ + Left(yaw_deg_) * (sign * kFootSideOffset);
    foot.position.y = ground_y_;
    foot.contact = true;
  }
}

void SyntheticTraceBuilder::StepFeet(const glm::vec3& heading) {
  if (speed_ < kStandSpeed) {
    PlantBothFeet();
    return;
  }
  const double period = gait_ == "walk" ? kWalkCycleS : kRunCycleS;
  gait_phase_ += dt_ / period;
  for (int side = 0; side < 2; ++side) {
    FootSample& foot = feet_[side];
    const double phase = std::fmod(gait_phase_ + 0.5 * side, 1.0);
    const bool contact = phase < 0.5;
    if (contact) {
      // Planted: the foot stays exactly where it landed.
      foot.position.y = ground_y_;
      foot.contact = true;
      continue;
    }
    if (foot.contact)
      swing_from_[side] = foot.position;
    foot.contact = false;
    // Lands a quarter cycle's travel ahead of where the capsule will be at touch-down.
    const double s = (phase - 0.5) / 0.5;
    const auto to_landing = static_cast<float>((1.0 - phase) * period);
    const float sign = side == 0 ? 1.0f : -1.0f;
    const glm::vec3 landing = position_ + heading * (speed_ * (to_landing + float(period) / 4)) +
                              Left(yaw_deg_) * (sign * kFootSideOffset);
    foot.position = glm::mix(swing_from_[side], landing, static_cast<float>(s));
    foot.position.y = ground_y_ + kSwingHeight * static_cast<float>(std::sin(kPi * s));
  }
}

void SyntheticTraceBuilder::Emit(const std::string& state, const std::string& clip) {
  if (clip != clip_) {
    previous_clip_ = clip_;
    previous_clip_start_t_ = clip_start_t_;
    clip_change_t_ = t_;
    clip_ = clip;
    clip_start_t_ = t_;
  }
  TraceFrame frame;
  frame.t = t_;
  frame.position = position_;
  frame.velocity = velocity_;
  frame.actor_yaw_deg = WrapDeg(yaw_deg_);
  frame.camera_yaw_deg = WrapDeg(camera_yaw_deg_);
  frame.gait = gait_;
  frame.rotation_mode = "velocity_direction";
  frame.movement_mode = position_.y > ground_y_ + 1e-4f ? "falling" : "walking";
  frame.state = state;
  frame.cardinal_direction = "forward";
  const double blend =
      clip_change_t_ < 0.0 ? 1.0 : std::min(1.0, (t_ - clip_change_t_) / kClipBlendS);
  frame.clips.push_back({clip_, static_cast<float>(t_ - clip_start_t_), static_cast<float>(blend)});
  if (blend < 1.0 && !previous_clip_.empty()) {
    frame.clips.push_back({previous_clip_, static_cast<float>(t_ - previous_clip_start_t_),
                           static_cast<float>(1.0 - blend)});
  }
  frame.curves = segment_curves_;
  frame.curves[names::kFootLockLeft] = feet_[0].contact ? 1.0f : 0.0f;
  frame.curves[names::kFootLockRight] = feet_[1].contact ? 1.0f : 0.0f;
  frame.foot_left = feet_[0];
  frame.foot_right = feet_[1];
  for (FootSample* foot : {&frame.foot_left, &frame.foot_right}) {
    foot->locked = foot->contact;
    foot->surface_height_m = ground_y_;
  }
  frame.pelvis_offset_m = 0.0f;
  // Joint 0 carries the actor yaw; the rest swing gently at 1 Hz, about 2 degrees a frame.
  frame.local_rotations.push_back(glm::angleAxis(Radians(yaw_deg_), glm::vec3(0, 1, 0)));
  for (std::size_t joint = 1; joint < joint_count_; ++joint) {
    const auto angle =
        Radians(20.0f) * static_cast<float>(std::sin(2.0 * kPi * t_ + static_cast<double>(joint)));
    const glm::vec3 axis = joint % 2 == 0 ? glm::vec3(1, 0, 0) : glm::vec3(0, 0, 1);
    frame.local_rotations.push_back(glm::angleAxis(angle, axis));
  }
  frame.target_yaw_deg = target_yaw_deg_;
  frame.events = std::move(pending_events_);
  pending_events_.clear();
  frames_.push_back(std::move(frame));
  // From the frame count, so times do not accumulate rounding (4.2, not 4.19999999999999).
  t_ = static_cast<double>(frames_.size()) * dt_;
}

SyntheticTraceBuilder& SyntheticTraceBuilder::Idle(double seconds) {
  speed_ = 0.0f;
  velocity_ = glm::vec3(0.0f);
  target_yaw_deg_.reset();
  segment_curves_.clear();
  for (std::size_t k = 0; k < FrameCount(seconds, dt_); ++k) {
    PlantBothFeet();
    Emit("Idle", "Idle");
  }
  return *this;
}

SyntheticTraceBuilder& SyntheticTraceBuilder::Start(float yaw_deg, float speed_m_s, double seconds,
                                                    const std::string& gait) {
  gait_ = gait;
  const float start_yaw = yaw_deg_;
  const float delta = Degrees(NormalizedDeltaAngle(Radians(yaw_deg), Radians(start_yaw)));
  const glm::vec3 heading = Heading(yaw_deg);
  const std::string clip = Capitalized(gait) + "_Start_" + DirectionSuffix(delta);
  const std::size_t count = FrameCount(seconds, dt_);
  for (std::size_t k = 0; k < count; ++k) {
    const double s = count == 1 ? 1.0 : static_cast<double>(k) / static_cast<double>(count - 1);
    yaw_deg_ = start_yaw + delta * static_cast<float>(SmoothStep(s));
    target_yaw_deg_ = WrapDeg(yaw_deg);
    speed_ = speed_m_s * static_cast<float>(s);
    velocity_ = heading * speed_;
    position_ += velocity_ * static_cast<float>(dt_);
    segment_curves_ = {{names::kRotateAlpha, static_cast<float>(1.0 - SmoothStep(s))},
                       {names::kMotionSpeed, speed_}};
    if (k == 0) {
      pending_events_.push_back(TraceEvent::TurnBegan(TurnKind::kStart, delta >= 0.0f ? 1 : -1));
    }
    if (k + 1 == count) {
      pending_events_.push_back(TraceEvent::TurnEnded());
    }
    StepFeet(heading);
    Emit("Start", clip);
  }
  return *this;
}

SyntheticTraceBuilder& SyntheticTraceBuilder::Cycle(double seconds, float speed_m_s,
                                                    const std::string& gait) {
  gait_ = gait;
  speed_ = speed_m_s;
  const glm::vec3 heading = Heading(yaw_deg_);
  target_yaw_deg_ = WrapDeg(yaw_deg_);
  for (std::size_t k = 0; k < FrameCount(seconds, dt_); ++k) {
    velocity_ = heading * speed_;
    position_ += velocity_ * static_cast<float>(dt_);
    segment_curves_ = {{names::kMotionSpeed, speed_}};
    StepFeet(heading);
    Emit("Cycle", Capitalized(gait) + "_F");
  }
  return *this;
}

SyntheticTraceBuilder& SyntheticTraceBuilder::GaitTransition(float speed_m_s, double seconds,
                                                             const std::string& gait) {
  const std::string clip = Capitalized(gait_) + "_To_" + Capitalized(gait);
  const float from_speed = speed_;
  gait_ = gait;
  const glm::vec3 heading = Heading(yaw_deg_);
  const std::size_t count = FrameCount(seconds, dt_);
  for (std::size_t k = 0; k < count; ++k) {
    const double s = static_cast<double>(k + 1) / static_cast<double>(count);
    speed_ = from_speed + (speed_m_s - from_speed) * static_cast<float>(SmoothStep(s));
    velocity_ = heading * speed_;
    position_ += velocity_ * static_cast<float>(dt_);
    segment_curves_ = {{names::kMotionSpeed, speed_}, {names::kDisableSwitchGroundGait, 1.0f}};
    StepFeet(heading);
    Emit("GaitTransition", clip);
  }
  return *this;
}

SyntheticTraceBuilder& SyntheticTraceBuilder::Stop(double seconds, float overshoot_m) {
  const glm::vec3 heading = Heading(yaw_deg_);
  const float from_speed = speed_;
  const std::size_t count = FrameCount(seconds, dt_);
  // Where the capsule will come to rest, so the Distance curve can count down to it.
  glm::vec3 rest = position_;
  for (std::size_t k = 0; k < count; ++k) {
    const float speed = from_speed * (1.0f - static_cast<float>(k + 1) / static_cast<float>(count));
    rest += heading * (speed * static_cast<float>(dt_));
  }
  const glm::vec3 stop_point = rest + heading * overshoot_m;
  const std::string clip = Capitalized(gait_) + "_Stop_" + (feet_[0].contact ? "L" : "R");
  for (std::size_t k = 0; k < count; ++k) {
    speed_ = from_speed * (1.0f - static_cast<float>(k + 1) / static_cast<float>(count));
    velocity_ = heading * speed_;
    position_ += velocity_ * static_cast<float>(dt_);
    const glm::vec3 to_stop = stop_point - position_;
    segment_curves_ = {
        {names::kDistance, -std::sqrt(to_stop.x * to_stop.x + to_stop.z * to_stop.z)}};
    if (k == 0)
      pending_events_.push_back(TraceEvent::StopBegan(stop_point));
    if (k + 1 == count)
      pending_events_.push_back(TraceEvent::StopEnded());
    StepFeet(heading);
    Emit("Stop", clip);
  }
  speed_ = 0.0f;
  velocity_ = glm::vec3(0.0f);
  return *this;
}

SyntheticTraceBuilder& SyntheticTraceBuilder::TurnInPlace(float delta_deg, double seconds,
                                                          float final_error_deg) {
  const float start_yaw = yaw_deg_;
  const int direction = delta_deg >= 0.0f ? 1 : -1;
  const float turned = delta_deg - static_cast<float>(direction) * final_error_deg;
  target_yaw_deg_ = WrapDeg(start_yaw + delta_deg);
  const std::string clip = "TurnInPlace_" + DirectionSuffix(delta_deg);
  const std::size_t count = FrameCount(seconds, dt_);
  PlantBothFeet();
  for (std::size_t k = 0; k < count; ++k) {
    const double s = count == 1 ? 1.0 : static_cast<double>(k) / static_cast<double>(count - 1);
    yaw_deg_ = start_yaw + turned * static_cast<float>(SmoothStep(s));
    segment_curves_ = {{names::kEnableTurnInPlace, 0.0f}};
    if (k == 0) {
      pending_events_.push_back(TraceEvent::TurnBegan(TurnKind::kTurnInPlace, direction));
    }
    if (k + 1 == count)
      pending_events_.push_back(TraceEvent::TurnEnded());
    Emit("TurnInPlace", clip);
  }
  return *this;
}

SyntheticTraceBuilder& SyntheticTraceBuilder::Jump(float height_m, double seconds) {
  const std::size_t count = FrameCount(seconds, dt_);
  segment_curves_.clear();
  const float ground = ground_y_;
  for (std::size_t k = 0; k < count; ++k) {
    const double s = static_cast<double>(k + 1) / static_cast<double>(count + 1);
    position_.y = ground + 4.0f * height_m * static_cast<float>(s * (1.0 - s));
    velocity_.y = 4.0f * height_m * static_cast<float>(1.0 - 2.0 * s) / static_cast<float>(seconds);
    for (int side = 0; side < 2; ++side) {
      const float sign = side == 0 ? 1.0f : -1.0f;
      feet_[side].contact = false;
      feet_[side].position = position_ + Left(yaw_deg_) * (sign * kFootSideOffset);
    }
    Emit(s < 0.25 ? "JumpStart" : "FallLoop", s < 0.25 ? "Jump_Start" : "Fall_Loop");
  }
  position_.y = ground;
  velocity_ = glm::vec3(0.0f);
  PlantBothFeet();
  for (std::size_t k = 0; k < FrameCount(0.3, dt_); ++k)
    Emit("FallLand", "Fall_Land");
  return *this;
}

SyntheticTraceBuilder& SyntheticTraceBuilder::Camera(float yaw_deg) {
  camera_yaw_deg_ = yaw_deg;
  return *this;
}

}  // namespace footwork::sim
