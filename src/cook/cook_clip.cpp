#include "footwork/cook/cook_clip.h"

#include <array>
#include <cmath>

#include <fmt/format.h>

#include "footwork/anim/curve.h"
#include "footwork/anim/curve_names.h"
#include "footwork/cook/authored_root_motion.h"
#include "footwork/cook/clip_from_poses.h"
#include "footwork/cook/curve_modifiers.h"
#include "footwork/cook/cycle_speed.h"
#include "footwork/cook/derived_pose.h"
#include "footwork/cook/foot_contacts.h"
#include "footwork/cook/foot_pinning.h"
#include "footwork/cook/foot_plants.h"
#include "footwork/cook/loop_closure.h"
#include "footwork/cook/pose_cleanup.h"
#include "footwork/cook/sample_motion.h"
#include "footwork/cook/sole_floor_guard.h"
#include "footwork/core/angles.h"

namespace footwork::cook {
namespace names = anim::curve_names;
namespace {

// The quality bars are defined per 60 Hz frame, whatever the cook rate.
constexpr float kQualityRateHz = 60.0f;
// Root-joint travel below this is noise, not authored root motion.
constexpr float kMinAuthoredTravelM = 0.05f;
// Clips turning less than this have no turn curves.
constexpr float kMinTurnDeg = 1.0f;
// Joint steps are limited to this fraction of the bar.
constexpr float kJointStepMargin = 0.9f;
// A foot moving faster than this in the world (authored root motion applied) is not planted.
constexpr float kMaxPlantedSpeed_m_s = 0.5f;

int RootJoint(const anim::RigBinding& binding) {
  const int root = binding.Joint("root");
  return root >= 0 ? root : 0;
}

std::vector<float> Constant(int frames, float value) {
  return std::vector<float>(static_cast<std::size_t>(frames), value);
}

std::vector<float> CurveAtFrames(const anim::FloatCurve* curve, int frames, float rate_hz) {
  std::vector<float> values(static_cast<std::size_t>(frames), 0.0f);
  if (curve == nullptr)
    return values;
  for (int f = 0; f < frames; ++f)
    values[f] = anim::EvaluateCurve(*curve, static_cast<float>(f) / rate_hz);
  return values;
}

std::vector<glm::quat> Rotations(const SampledPoses& poses) {
  std::vector<glm::quat> rotations;
  rotations.reserve(poses.locals.size());
  for (const Transform& t : poses.locals)
    rotations.push_back(t.rotation);
  return rotations;
}

// The legs to pin: none when the rig profile names no thigh/calf (the clip is then left as is).
Result<std::vector<FootPin>> FootPinsOf(const anim::Skeleton& skeleton,
                                        const anim::RigBinding& binding, const FootPlants& left,
                                        const FootPlants& right,
                                        const std::optional<StandingFeet>& ground) {
  std::vector<FootPin> pins;
  for (const auto& [side, plants] : {std::pair{"l", &left}, std::pair{"r", &right}}) {
    FootPin pin;
    pin.chain = {binding.Joint(std::string("thigh_") + side),
                 binding.Joint(std::string("calf_") + side),
                 binding.Joint(std::string("foot_") + side)};
    if (pin.chain.upper < 0 || pin.chain.lower < 0 || pin.chain.end < 0)
      return std::vector<FootPin>{};
    if (skeleton.parents[pin.chain.lower] != pin.chain.upper ||
        skeleton.parents[pin.chain.end] != pin.chain.lower) {
      return Error{fmt::format("rig profile '{0}': thigh_{1}, calf_{1}, foot_{1} are not a chain",
                               binding.profile_name, side)};
    }
    pin.ball = binding.Joint(std::string("ball_") + side);
    pin.pin_ball = plants->lock_on_ball;
    pin.planted = plants->lock;
    if (ground)
      pin.ground = (*ground)[pins.size()];
    pins.push_back(std::move(pin));
  }
  return pins;
}

// Lifts the clip's heels and balls out of the floor (sole_floor_guard.h); true when it did.
Result<bool> GuardSolesAgainstFloor(const anim::Skeleton& skeleton, const anim::RigBinding& binding,
                                    SampledPoses& poses, const std::vector<Transform>& root,
                                    bool looping, const StandingFeet& standing,
                                    ClipReport& report) {
  // A rig without legs has nothing to lift (its clips get no foot curves either).
  const Result<LegChains> legs = LegChainsOf(binding);
  if (!legs)
    return false;
  Result<SoleFloorLift> lifted =
      LiftSolesOutOfFloor(skeleton, poses, root, {legs->left, legs->right}, standing, looping, {});
  if (!lifted)
    return lifted.error();
  if (!(lifted->largest_lift_m > 0.0f))
    return false;
  report.notes.push_back(
      fmt::format("a sole sank {:.1f} cm through the floor: feet lifted by up to {:.1f} cm",
                  100.0f * lifted->deepest_m, 100.0f * lifted->largest_lift_m));
  return true;
}

}  // namespace

ClipCookSettings SettingsOf(const CharacterDescription& description) {
  ClipCookSettings settings;
  settings.rate_hz = description.sample_rate_hz;
  settings.contacts = description.contacts;
  settings.foot_lock_release_s = description.foot_lock_release_s;
  settings.foot_lock_rise_s = description.foot_lock_rise_s;
  settings.loop_closure_blend_s = description.loop_closure_blend_s;
  settings.bars = description.quality;
  return settings;
}

Result<ClipQuality> MeasureClipQuality(const anim::Skeleton& skeleton,
                                       const anim::RigBinding& binding, const anim::Clip& clip,
                                       const LockedPoints& locked,
                                       const std::optional<StandingFeet>& standing) {
  Result<SampledPoses> poses = SamplePoses(skeleton, clip, kQualityRateHz);
  if (!poses)
    return poses.error();
  Result<SampledMotion> motion = SampleMotion(skeleton, clip, binding, kQualityRateHz);
  if (!motion)
    return motion.error();
  ClipQuality quality;
  const std::vector<glm::quat> rotations = Rotations(*poses);
  const JointStep step = LargestJointStep(rotations, poses->joints);
  quality.max_joint_step_deg = Degrees(step.radians);
  if (step.joint >= 0 && step.joint < skeleton.num_joints()) {
    quality.max_joint_step_joint = skeleton.joint_names[step.joint];
    quality.max_joint_step_time_s = static_cast<float>(step.frame) / kQualityRateHz;
  }
  if (clip.looping && poses->frames() >= 2) {
    const auto first = rotations.begin();
    const auto last = rotations.end() - poses->joints;
    quality.loop_gap_deg =
        Degrees(PoseGap({first, first + poses->joints}, {last, rotations.end()}));
  }
  const int frames = motion->frames();
  const auto lock_l = CurveAtFrames(clip.FindCurve(names::kFootLockLeft), frames, kQualityRateHz);
  const auto lock_r = CurveAtFrames(clip.FindCurve(names::kFootLockRight), frames, kQualityRateHz);
  quality.locked_foot_speed_cm_s_left =
      100.0f * MeanLockedFootSpeed(motion->root,
                                   locked.left_ball ? motion->left.ball : motion->left.ankle,
                                   lock_l, kQualityRateHz);
  quality.locked_foot_speed_cm_s_right =
      100.0f * MeanLockedFootSpeed(motion->root,
                                   locked.right_ball ? motion->right.ball : motion->right.ankle,
                                   lock_r, kQualityRateHz);
  if (standing) {
    const Result<std::vector<Transform>> model = ModelPoses(skeleton, *poses, poses->frames());
    if (!model)
      return model.error();
    const std::size_t joints = static_cast<std::size_t>(poses->joints);
    const std::array<int, 2> feet{binding.Joint("foot_l"), binding.Joint("foot_r")};
    const std::array<const std::vector<float>*, 2> locks{&lock_l, &lock_r};
    const std::array<std::optional<float>*, 2> heights{&quality.locked_sole_height_cm_left,
                                                       &quality.locked_sole_height_cm_right};
    for (std::size_t side = 0; side < 2; ++side) {
      if (feet[side] < 0)
        continue;
      for (int f = 0; f < poses->frames() && f < static_cast<int>(locks[side]->size()); ++f) {
        if ((*locks[side])[static_cast<std::size_t>(f)] < 0.999f)
          continue;
        const Transform& foot =
            (*model)[static_cast<std::size_t>(f) * joints + static_cast<std::size_t>(feet[side])];
        const float height = 100.0f * LowestSoleHeight((*standing)[side], foot);
        if (!*heights[side] || height > **heights[side])
          *heights[side] = height;
      }
    }
  }
  return quality;
}

Result<CookedClip> CookClip(const anim::Skeleton& skeleton, const anim::RigBinding& binding,
                            const anim::Clip& source, const RoleDescription& role,
                            DistanceMarker distance, const ClipCookSettings& settings) {
  if (Status valid = source.Validate(skeleton.num_joints()); !valid)
    return WithContext("role " + role.role, valid.error());
  CookedClip cooked;
  anim::Clip& clip = cooked.clip;
  ClipReport& report = cooked.report;
  clip = source;
  clip.name = role.role;
  clip.looping = role.looping;
  report.name = role.role;
  report.source = source.name;
  report.looping = role.looping;
  report.duration_s = clip.duration_s;

  // Authored root motion is kept: move the root joint's travel onto the root-motion track.
  const int root_joint = RootJoint(binding);
  const float authored_travel = RootJointTravel(clip, root_joint);
  if (role.root_motion != RootMotionSource::kNone && authored_travel >= kMinAuthoredTravelM &&
      clip.root_motion.empty()) {
    MoveRootJointTravelToRootMotion(clip, root_joint);
    report.notes.push_back(
        fmt::format("kept authored root motion ({:.2f} m of root-joint travel)", authored_travel));
  } else if (role.root_motion == RootMotionSource::kAuthored && clip.root_motion.empty()) {
    return Error{
        fmt::format("role {}: clip {} has no authored root motion (root joint travels "
                    "{:.3f} m); use \"root_motion\": \"contacts\"",
                    role.role, source.name, authored_travel)};
  }

  if (role.looping) {
    Result<ClipQuality> before = MeasureClipQuality(skeleton, binding, clip, {});
    if (!before)
      return before.error();
    if (before->loop_gap_deg > settings.bars.max_loop_gap_deg) {
      CloseLoop(clip, settings.loop_closure_blend_s);
      report.notes.push_back(
          fmt::format("source loop gap {:.2f} deg: closed by spreading it over the last {:.2f} s",
                      before->loop_gap_deg, settings.loop_closure_blend_s));
    }
  }

  Result<SampledMotion> sampled = SampleMotion(skeleton, clip, binding, settings.rate_hz);
  if (!sampled)
    return sampled.error();
  SampledMotion& motion = *sampled;
  const int frames = motion.frames();
  FootContactSettings contact_settings = role.contacts.value_or(settings.contacts);
  contact_settings.looping = role.looping;
  const StandingFoot* standing_left = settings.standing ? &(*settings.standing)[0] : nullptr;
  const StandingFoot* standing_right = settings.standing ? &(*settings.standing)[1] : nullptr;
  Result<FootPlants> left =
      DetectFootPlants(motion.left, motion.rate_hz, contact_settings, standing_left);
  Result<FootPlants> right =
      DetectFootPlants(motion.right, motion.rate_hz, contact_settings, standing_right);
  if (!left)
    return WithContext(role.role + " (" + source.name + "): left foot", left.error());
  if (!right)
    return WithContext(role.role + " (" + source.name + "): right foot", right.error());
  if (role.root_motion == RootMotionSource::kAuthored && !clip.root_motion.empty()) {
    // The authored root path says where the body goes: a foot that slides along with it is
    // dragged, not planted.
    DropSlidingPlants(*left, motion.left, motion.root, motion.rate_hz, kMaxPlantedSpeed_m_s,
                      contact_settings);
    DropSlidingPlants(*right, motion.right, motion.root, motion.rate_hz, kMaxPlantedSpeed_m_s,
                      contact_settings);
  }

  if (role.root_motion == RootMotionSource::kFromContacts && clip.root_motion.empty()) {
    Result<CycleSpeed> speed = EstimateCycleSpeed(motion, *left, *right, role.looping);
    if (!speed)
      return WithContext(role.role + " (" + source.name + ")", speed.error());
    const bool by_stride = role.root_speed == RootSpeedEstimate::kStepCadence;
    const glm::vec3 velocity =
        speed->VelocityAt(by_stride ? speed->stride_speed_m_s : speed->planted_speed_m_s);
    // A cycle moves at a constant velocity; foot pinning below keeps the planted foot still at it.
    for (int f = 0; f < frames; ++f) {
      motion.root[f].translation = velocity * motion.TimeOf(f);
      clip.root_motion.translation.times.push_back(std::min(motion.TimeOf(f), clip.duration_s));
      clip.root_motion.translation.values.push_back(motion.root[f].translation);
    }
    report.notes.push_back(fmt::format(
        "root motion from foot contacts: planted foot {:.2f} m/s, step {:.2f} m x cadence "
        "{:.2f} /s = {:.2f} m/s; using {} ({:.2f} m/s)",
        speed->planted_speed_m_s, speed->step_length_m, speed->cadence_hz, speed->stride_speed_m_s,
        by_stride ? "step x cadence" : "the planted foot", glm::length(velocity)));
  }

  // Joint pops and foot slide are fixed on the sampled poses, then the clip is rebuilt from them.
  {
    Result<SampledPoses> poses = SamplePoses(skeleton, clip, settings.rate_hz);
    if (!poses)
      return poses.error();
    std::vector<FootPin> pins;
    if (role.foot_curves) {
      Result<std::vector<FootPin>> found =
          FootPinsOf(skeleton, binding, *left, *right, settings.standing);
      if (!found)
        return WithContext(role.role, found.error());
      pins = std::move(*found);
    }
    // Before the cleanup, which then smooths any pop the lift makes and pins the lifted feet.
    bool lifted = false;
    if (settings.standing && role.foot_curves) {
      Result<bool> guarded = GuardSolesAgainstFloor(skeleton, binding, *poses, motion.root,
                                                    role.looping, *settings.standing, report);
      if (!guarded)
        return WithContext(role.role + " (" + source.name + ")", guarded.error());
      lifted = *guarded;
    }
    PoseCleanupSettings cleanup_settings;
    // A little under the bar, so resampling at 60 Hz cannot push a step back over it.
    cleanup_settings.step_bar_rad = Radians(settings.bars.max_joint_step_deg);
    cleanup_settings.step_limit_rad = cleanup_settings.step_bar_rad * kJointStepMargin;
    cleanup_settings.foot_pin_blend_s = settings.foot_pin_blend_s;
    Result<PoseCleanup> cleanup =
        CleanUpPoses(skeleton, *poses, motion.root, pins, role.looping, cleanup_settings);
    if (!cleanup)
      return WithContext(role.role + " (" + source.name + ")", cleanup.error());
    report.notes.insert(report.notes.end(), cleanup->notes.begin(), cleanup->notes.end());
    const bool rebuild = cleanup->changed || lifted;
    if (rebuild) {
      anim::Clip rebuilt = ClipFromPoses(
          clip.name, *poses, clip.root_motion.empty() ? std::vector<Transform>{} : motion.root,
          role.looping);
      rebuilt.curves = std::move(clip.curves);
      rebuilt.markers = std::move(clip.markers);
      rebuilt.notifies = std::move(clip.notifies);
      clip = std::move(rebuilt);
      report.duration_s = clip.duration_s;
    }
  }

  const float rate = motion.rate_hz;
  const std::vector<float> speed = MotionSpeedValues(motion);
  if (!clip.root_motion.empty()) {
    SetCurve(clip, MakeUniformCurve(names::kMotionSpeed, speed, rate));
    float sum = 0.0f;
    for (float s : speed)
      sum += s;
    report.ground_speed_m_s = frames > 0 ? sum / static_cast<float>(frames) : 0.0f;
    const std::vector<float> path = DistanceValues(motion, 0);
    report.root_distance_m = path.empty() ? 0.0f : path.back();
  }
  if (role.foot_curves) {
    SetCurve(clip, MakeUniformCurve(names::kFootLockLeft,
                                    FootLockValues(left->lock, rate, settings.foot_lock_release_s,
                                                   role.looping, settings.foot_lock_rise_s),
                                    rate));
    SetCurve(clip, MakeUniformCurve(names::kFootLockRight,
                                    FootLockValues(right->lock, rate, settings.foot_lock_release_s,
                                                   role.looping, settings.foot_lock_rise_s),
                                    rate));
    AddMarkers(clip, FootDownMarkers(left->any, rate, names::kMarkerFootLeft, role.looping));
    AddMarkers(clip, FootDownMarkers(right->any, rate, names::kMarkerFootRight, role.looping));
  }
  SetCurve(clip,
           MakeUniformCurve(names::kEnableFootIkLeft, Constant(frames, role.enable_foot_ik), rate));
  SetCurve(clip, MakeUniformCurve(names::kEnableFootIkRight, Constant(frames, role.enable_foot_ik),
                                  rate));
  SetCurve(clip, MakeUniformCurve(names::kEnableTurnInPlace,
                                  Constant(frames, role.enable_turn_in_place), rate));

  // Turning clips: the Lyra pair and RotateAlpha/RotationAmount; the gait may not switch mid-turn.
  const std::vector<float> yaw = UnwrappedRootYaw(motion);
  report.root_yaw_deg = yaw.empty() ? 0.0f : Degrees(yaw.back());
  float disable_switch = role.disable_switch_ground_gait;
  if (std::fabs(report.root_yaw_deg) >= kMinTurnDeg) {
    const std::vector<float> alpha = RotateAlphaValues(motion);
    SetCurve(clip, MakeUniformCurve(names::kRotateAlpha, alpha, rate));
    SetCurve(clip, MakeUniformCurve(names::kRotationAmount, RotationAmountValues(motion), rate));
    SetCurve(clip,
             MakeUniformCurve(names::kRemainingTurnYaw, RemainingTurnYawValues(motion), rate));
    SetCurve(clip, MakeUniformCurve(names::kTurnYawWeight, TurnYawWeightValues(motion), rate));
    std::vector<float> disable(alpha.size());
    for (std::size_t i = 0; i < alpha.size(); ++i)
      disable[i] = std::max(disable_switch, alpha[i] > 0.0f ? 1.0f : 0.0f);
    SetCurve(clip, MakeUniformCurve(names::kDisableSwitchGroundGait, disable, rate));
  } else {
    SetCurve(clip, MakeUniformCurve(names::kDisableSwitchGroundGait,
                                    Constant(frames, disable_switch), rate));
  }
  if (distance == DistanceMarker::kStopPoint) {
    SetCurve(clip,
             MakeUniformCurve(names::kDistance, DistanceValues(motion, StopFrame(motion)), rate));
  } else if (distance == DistanceMarker::kStartPoint) {
    SetCurve(clip, MakeUniformCurve(names::kDistance, DistanceValues(motion, 0), rate));
  }
  for (const auto& [name, weight] : role.layering)
    SetCurve(clip, MakeUniformCurve(name, Constant(frames, weight), rate));

  if (Status valid = clip.Validate(skeleton.num_joints()); !valid)
    return WithContext("cooked " + role.role, valid.error());
  Result<ClipQuality> quality =
      MeasureClipQuality(skeleton, binding, clip, {left->lock_on_ball, right->lock_on_ball},
                         settings.measured_standing);
  if (!quality)
    return quality.error();
  report.quality = *quality;
  if (Status bars = CheckQuality(clip.name, *quality, settings.bars, role.looping); !bars)
    report.quality_miss = bars.error().message;
  return cooked;
}

}  // namespace footwork::cook
