#pragma once
// Names of the curves and markers that the cooker writes and the runtime reads, defined once.

namespace footwork::anim::curve_names {

// Signed distance (m) of the root to the clip's stop point (negative before it, 0 at it) or from
// its start point (positive after it). Uniformly sampled and monotonic, for distance matching.
inline constexpr const char* kDistance = "Distance";
// Root speed (m/s) over time; the runtime plays at ground speed / MotionSpeed.
inline constexpr const char* kMotionSpeed = "MotionSpeed";
// 1 -> 0 as a turning start completes its root yaw.
inline constexpr const char* kRotateAlpha = "RotateAlpha";
// Yaw to apply during turn in place: degrees per second divided by 45 (the seed applies
// RotationAmount * 45 * dt degrees a frame).
inline constexpr const char* kRotationAmount = "RotationAmount";
// Lyra's pair: yaw (degrees) the clip still has to turn, and 1 while the turn is in progress.
inline constexpr const char* kRemainingTurnYaw = "RemainingTurnYaw";
inline constexpr const char* kTurnYawWeight = "TurnYawWeight";
// 1 while the foot is planted.
inline constexpr const char* kFootLockLeft = "FootLock_L";
inline constexpr const char* kFootLockRight = "FootLock_R";
// 1 where foot placement IK may act.
inline constexpr const char* kEnableFootIkLeft = "Enable_FootIK_L";
inline constexpr const char* kEnableFootIkRight = "Enable_FootIK_R";
// 1 while the gait may not switch (turning starts, gait transitions).
inline constexpr const char* kDisableSwitchGroundGait = "DisableSwitchGroundGait";
// 1 where a turn in place may start.
inline constexpr const char* kEnableTurnInPlace = "EnableTurnInPlace";

// Sync markers at each foot's touch-down.
inline constexpr const char* kMarkerFootLeft = "Foot_L";
inline constexpr const char* kMarkerFootRight = "Foot_R";

}  // namespace footwork::anim::curve_names
