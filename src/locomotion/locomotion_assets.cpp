// LocomotionAssets: the shared, read-only half of the locomotion character.
#include "footwork/locomotion/locomotion_character.h"

#include <algorithm>

#include <cmath>

#include "footwork/anim/curve_names.h"
#include "footwork/anim/root_motion.h"

namespace footwork::locomotion {

namespace names = anim::curve_names;

namespace {

void CollectClips(const graph::ChooserTable& table, std::vector<std::string>& out) {
  auto add = [&](const graph::ChooserOutput& output) {
    if (output.nested)
      CollectClips(*output.nested, out);
    else if (!output.clip.empty())
      out.push_back(output.clip);
  };
  for (const graph::ChooserRow& row : table.rows())
    add(row.output);
  if (table.fallback() != nullptr)
    add(*table.fallback());
}

// The yaw a clip's RotationAmount curve applies over the whole clip: the seed turns the actor by
// RotationAmount x 45 degrees per second of clip time, integrated here with the midpoint rule
// at the rate the character applies it (so the sum per frame matches it closely).
float RotationAmountYaw(const anim::Clip& clip) {
  const anim::FloatCurve* amount = clip.FindCurve(names::kRotationAmount);
  if (amount == nullptr || clip.duration_s <= 0.0f)
    return 0.0f;
  constexpr int kSteps = 2048;
  const float step = clip.duration_s / static_cast<float>(kSteps);
  double sum = 0.0;
  for (int i = 0; i < kSteps; ++i)
    sum += anim::EvaluateCurve(*amount, (static_cast<float>(i) + 0.5f) * step);
  return static_cast<float>(sum * step) * kRotationAmountRadPerS;
}

// The end of the last 60 Hz step in which the clip's root moves faster than min_speed_m_s.
float RootMotionEnd(const anim::Clip& clip, float min_speed_m_s) {
  constexpr float kStepS = 1.0f / 60.0f;
  float end = 0.0f;
  for (float t = 0.0f; t < clip.duration_s; t += kStepS) {
    const float step = std::min(kStepS, clip.duration_s - t);
    const Transform moved = anim::ExtractRootMotion(clip, t, step, anim::WrapMode::kClamp);
    if (glm::length(moved.translation) > min_speed_m_s * step)
      end = t + step;
  }
  return end;
}

// The fastest any joint turns between two of its rotation keys (rad/s), keys being linear.
float MaxJointSpeed(const anim::Clip& clip) {
  float fastest = 0.0f;
  for (const anim::JointTrack& track : clip.tracks) {
    const anim::QuatChannel& rotation = track.rotation;
    for (std::size_t k = 1; k < rotation.size(); ++k) {
      const float dt = rotation.times[k] - rotation.times[k - 1];
      if (dt > 1e-6f)
        fastest = std::max(fastest, AngleBetween(rotation.values[k - 1], rotation.values[k]) / dt);
    }
  }
  return fastest;
}

}  // namespace

Result<std::shared_ptr<const LocomotionAssets>> LocomotionAssets::Create(
    std::shared_ptr<const io::CookedLibrary> library, LocomotionSettings settings,
    movement::GamepadSettings gamepad) {
  if (!library)
    return Error{"locomotion: no cooked library"};
  std::shared_ptr<LocomotionAssets> assets(new LocomotionAssets());
  assets->library_ = std::move(library);
  assets->settings_ = std::move(settings);
  assets->gamepad_ = gamepad;
  const io::CookedLibrary& lib = *assets->library_;

  const auto& roles = lib.rig_profile.roles;
  for (const char* role : {"foot_l", "foot_r"}) {
    auto it = roles.find(role);
    const int joint = it == roles.end() ? -1 : lib.skeleton.FindJoint(it->second);
    if (joint < 0) {
      return Error{"locomotion: character '" + lib.character + "': rig profile has no joint for '" +
                   role + "'"};
    }
    (std::string(role) == "foot_l" ? assets->foot_left_ : assets->foot_right_) = joint;
  }

  if (!lib.rig_profile.spine_chain.empty())
    assets->spine_joint_ = lib.skeleton.FindJoint(lib.rig_profile.spine_chain.front());

  std::vector<std::string> curve_names;
  for (const anim::Clip& clip : lib.clips)
    for (const anim::FloatCurve& curve : clip.curves)
      curve_names.push_back(curve.name);
  // Written by the locomotion itself, not sampled (zero in every clip).
  for (const char* own : {kLeanForwardCurve, kLeanRightCurve, kHeavyLandWeightCurve})
    curve_names.push_back(own);
  std::sort(curve_names.begin(), curve_names.end());
  curve_names.erase(std::unique(curve_names.begin(), curve_names.end()), curve_names.end());
  assets->curve_names_ = std::move(curve_names);
  for (const anim::Clip& clip : lib.clips) {
    std::vector<int> slots(assets->curve_names_.size(), -1);
    for (std::size_t c = 0; c < clip.curves.size(); ++c) {
      const auto it = std::lower_bound(assets->curve_names_.begin(), assets->curve_names_.end(),
                                       clip.curves[c].name);
      slots[static_cast<std::size_t>(it - assets->curve_names_.begin())] = static_cast<int>(c);
    }
    assets->clip_curve_slots_.push_back(std::move(slots));
    const anim::FloatCurve* distance = clip.FindCurve(names::kDistance);
    assets->distance_monotonicity_.push_back(distance ? anim::FindMonotonicity(*distance)
                                                      : anim::Monotonicity::kNone);
    assets->rotation_amount_yaw_.push_back(RotationAmountYaw(clip));
    const Transform travel =
        anim::ExtractRootMotion(clip, 0.0f, clip.duration_s, anim::WrapMode::kClamp);
    const float travel_m = std::hypot(travel.translation.x, travel.translation.z);
    assets->travel_direction_.push_back(
        travel_m > 1e-3f ? std::atan2(travel.translation.x, travel.translation.z) : 0.0f);
    assets->step_length_m_.push_back(0.5f * travel_m);
    assets->root_motion_end_s_.push_back(
        RootMotionEnd(clip, assets->settings_.air.land_root_motion_min_speed_m_s));
    assets->max_joint_speed_.push_back(MaxJointSpeed(clip));
  }
  // Authored range of each curve over every clip; a clip without the curve samples 0.
  assets->curve_ranges_.assign(assets->curve_names_.size(), graph::CurveRange::Empty());
  std::vector<bool> authored(assets->curve_names_.size(), false);
  for (std::size_t k = 0; k < lib.clips.size(); ++k) {
    for (std::size_t c = 0; c < assets->curve_names_.size(); ++c) {
      const int slot = assets->clip_curve_slots_[k][c];
      graph::CurveRange& range = assets->curve_ranges_[c];
      if (slot < 0) {
        range.Include(0.0f);
        continue;
      }
      authored[c] = true;
      for (float value : lib.clips[k].curves[static_cast<std::size_t>(slot)].values)
        range.Include(value);
    }
  }
  for (std::size_t c = 0; c < authored.size(); ++c) {
    if (!authored[c])
      assets->curve_ranges_[c] = graph::CurveRange{};
  }
  assets->curve_blend_mask_.assign(assets->curve_names_.size(), 0);
  const int rotate_alpha = assets->curve_index(names::kRotateAlpha);
  if (rotate_alpha >= 0)
    assets->curve_blend_mask_[static_cast<std::size_t>(rotate_alpha)] = graph::kCurveFiltered;
  // Blended linearly, a start's planted FootLock held the cycle's lifting foot down for the
  // whole blend and let it go 30 cm up (the Knight's strafe hand-over: 9 cm of float).
  for (const char* lock : {names::kFootLockLeft, names::kFootLockRight}) {
    if (const int slot = assets->curve_index(lock); slot >= 0)
      assets->curve_blend_mask_[static_cast<std::size_t>(slot)] = graph::kCurveAtMostDestination;
  }

  // Every chooser answer must exist, with the curves its state needs.
  const LocomotionSettings& s = assets->settings_;
  struct Need {
    const graph::ChooserTable* table;
    const char* curve;
  };
  for (const Need& need :
       {Need{s.start_chooser.get(), names::kMotionSpeed},
        Need{s.cycle_chooser.get(), names::kMotionSpeed},
        Need{s.stop_chooser.get(), names::kDistance}, Need{s.idle_chooser.get(), nullptr},
        Need{s.air_chooser.get(), nullptr}, Need{s.turn_chooser.get(), nullptr},
        Need{s.gait_transition_chooser.get(), names::kMotionSpeed},
        Need{s.pivot_chooser.get(), names::kDistance}}) {
    // CT_GaitTransition and CT_Pivot are optional (GaitTransition then cross-fades the cycles,
    // Pivot plays a start); when present, their clips are checked like every other chooser's.
    if (need.table == nullptr)
      continue;
    std::vector<std::string> clips;
    CollectClips(*need.table, clips);
    for (const std::string& name : clips) {
      const int index = assets->FindClip(name);
      if (index < 0) {
        return Error{"locomotion: chooser '" + need.table->name() + "' names clip '" + name +
                     "', which the cooked library of '" + lib.character + "' does not have"};
      }
      if (need.curve != nullptr &&
          lib.clips[static_cast<std::size_t>(index)].FindCurve(need.curve) == nullptr) {
        return Error{"locomotion: clip '" + name + "' (chooser '" + need.table->name() +
                     "') has no " + need.curve + " curve"};
      }
      if (need.table == s.stop_chooser.get() &&
          assets->distance_monotonicity_[static_cast<std::size_t>(index)] ==
              anim::Monotonicity::kNone) {
        return Error{"locomotion: stop clip '" + name + "': Distance curve is not monotonic"};
      }
      // A gait transition is entered where its MotionSpeed ramp meets the capsule's speed: an
      // inverse lookup, so the ramp may only rise or only fall.
      if (need.table == s.gait_transition_chooser.get() &&
          anim::FindMonotonicity(*lib.clips[static_cast<std::size_t>(index)].FindCurve(
              names::kMotionSpeed)) == anim::Monotonicity::kNone) {
        return Error{"locomotion: gait transition clip '" + name +
                     "': MotionSpeed is not monotonic (it must ramp from one cycle's speed to the "
                     "other's)"};
      }
      // A pivot is distance matched to the pivot point, then through the turn and away from it.
      if (need.table == s.pivot_chooser.get() &&
          assets->distance_monotonicity_[static_cast<std::size_t>(index)] !=
              anim::Monotonicity::kNonDecreasing) {
        return Error{"locomotion: pivot clip '" + name +
                     "': Distance curve does not rise steadily through the pivot point"};
      }
    }
  }
  assets->BuildMachine();
  if (Status valid = assets->machine_.Validate(); !valid.ok())
    return valid.error();
  return std::shared_ptr<const LocomotionAssets>(std::move(assets));
}

int LocomotionAssets::FindClip(const std::string& name) const {
  for (std::size_t i = 0; i < library_->clips.size(); ++i)
    if (library_->clips[i].name == name)
      return static_cast<int>(i);
  return -1;
}

int LocomotionAssets::curve_index(const char* name) const {
  const auto it = std::lower_bound(curve_names_.begin(), curve_names_.end(), name);
  if (it == curve_names_.end() || *it != name)
    return -1;
  return static_cast<int>(it - curve_names_.begin());
}

}  // namespace footwork::locomotion
