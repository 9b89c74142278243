#pragma once
// An animation clip: per-joint keyframe tracks, an optional root-motion track, named float
// curves, sync markers and notifies. Read-only and shared; playback state lives elsewhere.
//
// Times are seconds from 0 to duration. Keys are sorted by strictly increasing time. Joint tracks
// are in the joints' local space; an empty channel means "use the skeleton's rest value".

#include <string>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "footwork/core/error.h"
#include "footwork/core/transform.h"

namespace footwork::anim {

// How values between two keys are found. CUBICSPLINE sources are resampled to LINEAR at import.
enum class Interpolation { kLinear, kStep };

template <typename T>
struct Channel {
  std::vector<float> times;
  std::vector<T> values;
  Interpolation interpolation = Interpolation::kLinear;

  bool empty() const { return times.empty(); }
  std::size_t size() const { return times.size(); }
};

using Vec3Channel = Channel<glm::vec3>;
using QuatChannel = Channel<glm::quat>;

// The keys of one joint. Rotations are unit quaternions, sign-aligned with their neighbours.
struct JointTrack {
  Vec3Channel translation;
  QuatChannel rotation;
  Vec3Channel scale;
};

// Motion of the character's root in the clip, in the character's space at the clip's start
// (Y up, facing +Z): where the capsule goes. Empty when the clip has no root motion.
struct RootMotionTrack {
  Vec3Channel translation;
  QuatChannel rotation;

  bool empty() const { return translation.empty() && rotation.empty(); }
};

// A named scalar over time (Distance, RotateAlpha, FootLock_L, ...), linear between keys.
// Curves the cooker writes are uniformly sampled so the runtime can index them directly.
struct FloatCurve {
  std::string name;
  std::vector<float> times;
  std::vector<float> values;
};

// A named instant used for marker-based sync (e.g. "Foot_L", "Foot_R" when a foot goes down).
struct SyncMarker {
  std::string name;
  float time_s = 0.0f;
};

// A notify (duration 0) or a notify state (begin at time_s, end at time_s + duration_s).
struct Notify {
  std::string name;
  float time_s = 0.0f;
  float duration_s = 0.0f;

  bool is_state() const { return duration_s > 0.0f; }
};

struct Clip {
  std::string name;
  float duration_s = 0.0f;
  // One track per skeleton joint, in skeleton order.
  std::vector<JointTrack> tracks;
  RootMotionTrack root_motion;
  std::vector<FloatCurve> curves;
  // Sorted by time.
  std::vector<SyncMarker> markers;
  std::vector<Notify> notifies;
  // Whether the clip is authored to loop (its last pose leads into its first).
  bool looping = false;

  // The curve with this name, or nullptr.
  const FloatCurve* FindCurve(std::string_view curve_name) const;
  FloatCurve* FindCurve(std::string_view curve_name);
  // Number of keys over all channels of all joint tracks.
  std::size_t CountKeys() const;
  // Checks: duration finite and >= 0, one track per joint, times sorted, within [0, duration],
  // values finite, quaternions unit, curves and markers valid. The error names clip, joint,
  // channel and key.
  Status Validate(int num_joints) const;
};

}  // namespace footwork::anim
