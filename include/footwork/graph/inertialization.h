#pragma once
// Pose transitions without keeping the outgoing animation alive, as free functions over explicit
// state (Holden's style; see theorangeduck.com "Inertialization" and "Dead Blending"):
//
// - Offset-decay inertialization: at the switch, record per joint the offset between the
//   outgoing and incoming pose and between their velocities; every frame the offset decays to 0
//   with an exact critically damped spring and is added on top of the incoming pose. Rotations
//   are offset in quaternion log space (scaled angle-axis); the offset's velocity is converted
//   through the exp map's Jacobian, so angular velocity stays continuous even for large offsets.
// - Dead blending: at the switch, record the outgoing pose and velocity; every frame extrapolate
//   it with a velocity that decays by a half-life, and cross-fade from that extrapolation to the
//   incoming pose with a smoothstep over the blend duration.
//
// Both operate on local poses (spans of Transform, one per joint) and on curve values. Curves in
// the filter mask are not blended: they take the incoming value at once, so a curve such as the
// seed's RotateAlpha (authored to start at 1) does not ramp up from the outgoing state's 0.
//
// Curves may carry a valid range (CurveRange). Extrapolating a curve with its velocity must not
// leave it: a 0..1 alpha such as FootLock_L that was rising into 1 at the switch would otherwise
// overshoot to 1.5-2 and read as "fully planted" well into the blend, while the incoming clip
// already lifts the foot. The extrapolated curve stops at the range's bound (its velocity is
// dropped there), and the offset inertialization's output is clamped to the range the same way.
//
// The caller owns every span (no allocation here). A non-finite or negative dt_s counts as 0
// (nothing moves that frame), so a bad frame never writes NaNs into the pose. Velocities are per
// second; angular velocity is a scaled axis (axis * rad/s) in the joint's parent space, i.e. q(t +
// dt) ~ exp(w dt) * q(t).

#include <cstdint>
#include <limits>
#include <span>
#include <string_view>

#include <glm/glm.hpp>

#include "footwork/core/spring.h"
#include "footwork/core/transform.h"

namespace footwork::graph {

// Rate of change of one joint's local transform.
struct TransformVelocity {
  glm::vec3 linear{0.0f};
  // Scaled axis: direction is the rotation axis, length is rad/s.
  glm::vec3 angular{0.0f};
  glm::vec3 scale{0.0f};
};

// Quaternion <-> scaled angle-axis (axis * angle), the space rotation offsets decay in.
glm::vec3 QuatToScaledAngleAxis(const glm::quat& q);
glm::quat ScaledAngleAxisToQuat(const glm::vec3& scaled_axis);

// Finite-difference velocities between two poses taken `dt_s` apart (dt_s > 0). Rotations take
// the shortest path. All spans have the same length.
void ComputePoseVelocities(std::span<const Transform> previous, std::span<const Transform> current,
                           float dt_s, std::span<TransformVelocity> velocities);

// The values a curve may take (e.g. [0, 1] for an alpha or weight curve); unbounded by default.
struct CurveRange {
  float min = -std::numeric_limits<float>::infinity();
  float max = std::numeric_limits<float>::infinity();

  // `value` limited to [min, max] (NaN passes through; callers never hand one in).
  float Clamp(float value) const { return value < min ? min : (value > max ? max : value); }
  // Widens the range to include `value`; start from Empty().
  void Include(float value);
  static CurveRange Empty();
  // True once Include was called on an Empty() range (min <= max).
  bool has_values() const { return min <= max; }
};

// Builds a "do not blend" mask for curves: mask[i] = 1 when curve_names[i] is in `filtered`.
// `mask` has curve_names.size() entries.
void BuildCurveFilterMask(std::span<const std::string_view> curve_names,
                          std::span<const std::string_view> filtered, std::span<std::uint8_t> mask);

// ---- Offset-decay inertialization -------------------------------------------------------------

// One joint's decaying offset (position and velocity of each channel).
struct JointOffset {
  SpringState3 translation;
  // Scaled angle-axis offset applied on the left of the incoming rotation.
  SpringState3 rotation;
  SpringState3 scale;
};

// Zeroes offsets (no transition in progress).
void ResetOffsets(std::span<JointOffset> offsets);
void ResetOffsets(std::span<SpringState> curve_offsets);

// At a switch: offsets become (outgoing + current offset) - incoming, for values and velocities.
// `source` is the outgoing animation's pose (without offsets), `destination` the incoming one;
// carrying the current offset keeps an interrupted inertialization continuous.
void InertializeTransition(std::span<JointOffset> offsets, std::span<const Transform> source,
                           std::span<const TransformVelocity> source_velocity,
                           std::span<const Transform> destination,
                           std::span<const TransformVelocity> destination_velocity);

// Every frame after the switch: decays the offsets by dt_s and writes destination + offset.
// dt_s = 0 on the switch frame gives the outgoing pose exactly.
void InertializeUpdate(std::span<Transform> output, std::span<JointOffset> offsets,
                       std::span<const Transform> destination, float half_life_s, float dt_s);

// How a blend treats one curve (the values of a curve mask).
// - kCurveBlended: blended like the pose.
// - kCurveFiltered: the destination value at once (RotateAlpha: the turn it drives is the
//   destination's).
// - kCurveAtMostDestination: blended, but never above the destination (FootLock: a foot the
//   destination pose swings is not held planted by the pose it leaves; dead blending only,
//   inertialization blends it).
inline constexpr std::uint8_t kCurveBlended = 0;
inline constexpr std::uint8_t kCurveFiltered = 1;
inline constexpr std::uint8_t kCurveAtMostDestination = 2;

// The same for curves. Filtered curves (kCurveFiltered) get a zero offset: the destination
// value at once.
void InertializeCurvesTransition(std::span<SpringState> offsets, std::span<const float> source,
                                 std::span<const float> source_velocity,
                                 std::span<const float> destination,
                                 std::span<const float> destination_velocity,
                                 std::span<const std::uint8_t> filtered_mask);
// `ranges` (one per curve, or empty for unbounded curves) clamps the output.
void InertializeCurvesUpdate(std::span<float> output, std::span<SpringState> offsets,
                             std::span<const float> destination, float half_life_s, float dt_s,
                             std::span<const CurveRange> ranges = {});

// ---- Dead blending ----------------------------------------------------------------------------

// The extrapolated outgoing state of one joint.
struct DeadBlendJoint {
  Transform extrapolated;
  TransformVelocity velocity;
};

// The extrapolated outgoing state of one curve.
struct DeadBlendCurve {
  float value = 0.0f;
  float velocity = 0.0f;
  // The extrapolation stays inside this range.
  CurveRange range;
};

// Progress of one dead blend, shared by the joints and curves of a character.
struct DeadBlendClock {
  float elapsed_s = 0.0f;
  float duration_s = 0.0f;

  bool active() const { return elapsed_s < duration_s; }
  // Smoothstep of elapsed / duration: 0 at the switch (with zero slope, so the output keeps the
  // outgoing velocity), 1 at the end.
  float Alpha() const;
};

// At a switch: starts the clock and records the outgoing pose and velocity. `source` is the
// pose shown last (the current output, which may itself be a blend).
void DeadBlendTransition(DeadBlendClock& clock, std::span<DeadBlendJoint> joints,
                         std::span<const Transform> source,
                         std::span<const TransformVelocity> source_velocity, float duration_s);
// `ranges` has one entry per curve, or is empty (every curve unbounded). A source value outside
// its range is kept as shown (no jump on the switch frame); only the extrapolation is limited.
void DeadBlendCurvesTransition(std::span<DeadBlendCurve> curves, std::span<const float> source,
                               std::span<const float> source_velocity,
                               std::span<const CurveRange> ranges = {});

// Advances the clock by dt_s; call once per frame before the pose and curve updates.
void AdvanceDeadBlend(DeadBlendClock& clock, float dt_s);

// Extrapolates the outgoing state by dt_s (velocity decaying with `decay_half_life_s`) and
// writes the cross-fade to `destination` at the clock's alpha. After the clock's duration the
// output is the destination. The switch frame uses dt_s = 0 and gives the outgoing pose.
void DeadBlendUpdate(std::span<Transform> output, std::span<DeadBlendJoint> joints,
                     const DeadBlendClock& clock, std::span<const Transform> destination,
                     float decay_half_life_s, float dt_s);
// `curve_mask` (one per curve, or empty for all blended): see kCurveBlended.
void DeadBlendCurvesUpdate(std::span<float> output, std::span<DeadBlendCurve> curves,
                           const DeadBlendClock& clock, std::span<const float> destination,
                           std::span<const std::uint8_t> curve_mask, float decay_half_life_s,
                           float dt_s);

}  // namespace footwork::graph
