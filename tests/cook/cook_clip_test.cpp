#include "footwork/cook/cook_clip.h"

#include <cmath>

#include <gtest/gtest.h>

#include "footwork/anim/curve.h"
#include "footwork/anim/curve_names.h"
#include "footwork/cook/loop_closure.h"
#include "support/procedural_humanoid.h"

namespace footwork::cook {
namespace {

namespace fwt = footwork::testing;
namespace names = anim::curve_names;

struct Rig {
  anim::Skeleton skeleton = fwt::HumanoidSkeleton();
  anim::RigBinding binding = *anim::Bind(fwt::HumanoidRigProfile(), skeleton);
};

ClipCookSettings HumanoidSettings() {
  ClipCookSettings settings;
  // The humanoid's ball sits 2 cm above the ground; the swing lifts it far higher.
  settings.contacts.height_tolerance_m = 0.02f;
  return settings;
}

RoleDescription CycleRole(const std::string& clip) {
  RoleDescription role;
  role.role = "cycle";
  role.clip = clip;
  role.looping = true;
  role.root_motion = RootMotionSource::kFromContacts;
  return role;
}

class CookCycleTest : public ::testing::TestWithParam<bool> {};

// Walk (double support) and run (flight phases) in place: the cooker must recover the true
// ground speed, contacts and foot-down times, and lock the planted foot.
TEST_P(CookCycleTest, MatchesTheHumanoidTruth) {
  const Rig rig;
  const fwt::HumanoidClip source =
      fwt::MakeCycleInPlace(GetParam() ? fwt::RunGait() : fwt::WalkGait());
  Result<CookedClip> cooked =
      CookClip(rig.skeleton, rig.binding, source.clip, CycleRole(source.clip.name),
               DistanceMarker::kNone, HumanoidSettings());
  ASSERT_TRUE(cooked.ok()) << cooked.error().message;
  const anim::Clip& clip = cooked->clip;
  const ClipReport& report = cooked->report;

  // Ground speed within 2%.
  EXPECT_NEAR(report.ground_speed_m_s, source.truth.speed_m_s, 0.02f * source.truth.speed_m_s);
  EXPECT_NEAR(report.root_distance_m, source.truth.stride_m, 0.02f * source.truth.stride_m);
  const anim::FloatCurve* speed = clip.FindCurve(names::kMotionSpeed);
  ASSERT_NE(speed, nullptr);

  // FootLock agrees with the true contacts away from the contact edges (one frame either side):
  // 1 while planted except the release before lift-off, and 0 whenever the foot is off the
  // ground (the release ends by lift-off, never after it).
  const float release_s = HumanoidSettings().foot_lock_release_s;
  for (const auto& [side, curve_name] : {std::pair{fwt::Side::kLeft, names::kFootLockLeft},
                                         std::pair{fwt::Side::kRight, names::kFootLockRight}}) {
    const anim::FloatCurve* lock = clip.FindCurve(curve_name);
    ASSERT_NE(lock, nullptr);
    int disagreements = 0;
    int locked_frames = 0;
    for (std::size_t i = 0; i < lock->times.size(); ++i) {
      const float t = lock->times[i];
      const bool edge = source.truth.InContact(side, t - 1.5f / 60.0f) !=
                        source.truth.InContact(side, t + 1.5f / 60.0f);
      if (edge)
        continue;
      const bool planted = source.truth.InContact(side, t);
      const bool releasing = planted && !source.truth.InContact(side, t + release_s + 1.5f / 60.0f);
      locked_frames += lock->values[i] >= 0.999f ? 1 : 0;
      if (!planted && lock->values[i] != 0.0f)
        ++disagreements;
      if (planted && !releasing && lock->values[i] < 0.999f)
        ++disagreements;
    }
    EXPECT_EQ(disagreements, 0) << curve_name;
    EXPECT_GT(locked_frames, 0) << curve_name;
  }

  // One Foot_L and one Foot_R marker per cycle, at the true touch-down times.
  for (const auto& [marker, truth] :
       {std::pair{names::kMarkerFootLeft, source.truth.foot_down_left_s},
        std::pair{names::kMarkerFootRight, source.truth.foot_down_right_s}}) {
    std::vector<float> times;
    for (const anim::SyncMarker& m : clip.markers) {
      if (m.name == marker)
        times.push_back(m.time_s);
    }
    ASSERT_EQ(times.size(), truth.size()) << marker;
    for (std::size_t i = 0; i < times.size(); ++i) {
      const float wrapped = std::fmod(truth[i], clip.duration_s);
      EXPECT_NEAR(times[i], wrapped, 2.0f / 60.0f) << marker;
    }
  }

  // Quality bars: the locked foot stays still with the derived root motion applied.
  EXPECT_LT(report.quality.locked_foot_speed_cm_s_left, 1.0f);
  EXPECT_LT(report.quality.locked_foot_speed_cm_s_right, 1.0f);
  EXPECT_LT(report.quality.max_joint_step_deg, 15.0f);
  EXPECT_LT(report.quality.loop_gap_deg, 1.0f);
  EXPECT_TRUE(report.quality_miss.empty()) << report.quality_miss;
  for (const char* curve : {names::kEnableFootIkLeft, names::kEnableFootIkRight,
                            names::kEnableTurnInPlace, names::kDisableSwitchGroundGait}) {
    EXPECT_NE(clip.FindCurve(curve), nullptr) << curve;
  }
  // No turn: no turn curves.
  EXPECT_EQ(clip.FindCurve(names::kRotateAlpha), nullptr);
}

INSTANTIATE_TEST_SUITE_P(WalkAndRun, CookCycleTest, ::testing::Values(false, true));

TEST(CookClipTest, AuthoredRootMotionMovesToTheRootMotionTrack) {
  const Rig rig;
  const fwt::HumanoidClip source = fwt::MakeCycleRootMotion(fwt::WalkGait());
  RoleDescription role = CycleRole(source.clip.name);
  role.root_motion = RootMotionSource::kAuthored;
  Result<CookedClip> cooked = CookClip(rig.skeleton, rig.binding, source.clip, role,
                                       DistanceMarker::kNone, HumanoidSettings());
  ASSERT_TRUE(cooked.ok()) << cooked.error().message;
  const anim::Clip& clip = cooked->clip;
  ASSERT_FALSE(clip.root_motion.empty());
  EXPECT_NEAR(clip.root_motion.translation.values.back().z, source.truth.stride_m, 1e-3f);
  // The root joint no longer travels.
  const anim::Vec3Channel& joint = clip.tracks[0].translation;
  EXPECT_NEAR(joint.values.back().z, joint.values.front().z, 1e-6f);
  EXPECT_NEAR(cooked->report.ground_speed_m_s, source.truth.speed_m_s, 0.02f * 1.2f);
  EXPECT_LT(cooked->report.quality.locked_foot_speed_cm_s_left, 1.0f);
  EXPECT_FALSE(cooked->report.notes.empty());
}

TEST(CookClipTest, AuthoredRoleWithoutRootTravelIsAnError) {
  const Rig rig;
  RoleDescription role = CycleRole("idle");
  role.root_motion = RootMotionSource::kAuthored;
  Result<CookedClip> cooked = CookClip(rig.skeleton, rig.binding, fwt::MakeIdle().clip, role,
                                       DistanceMarker::kNone, HumanoidSettings());
  ASSERT_FALSE(cooked.ok());
  EXPECT_NE(cooked.error().message.find("no authored root motion"), std::string::npos);
}

TEST(CookClipTest, NanKeysAreAClearError) {
  const Rig rig;
  anim::Clip clip = fwt::MakeIdle().clip;
  anim::JointTrack* keyed = nullptr;
  for (anim::JointTrack& track : clip.tracks) {
    if (track.rotation.size() >= 2)
      keyed = &track;
  }
  ASSERT_NE(keyed, nullptr);
  keyed->rotation.values[1].x = std::nanf("");
  Result<CookedClip> cooked = CookClip(rig.skeleton, rig.binding, clip, CycleRole("idle"),
                                       DistanceMarker::kNone, HumanoidSettings());
  ASSERT_FALSE(cooked.ok());
  EXPECT_NE(cooked.error().message.find("idle"), std::string::npos) << cooked.error().message;
}

TEST(CookClipTest, OpenLoopIsClosedAndReported) {
  const Rig rig;
  anim::Clip clip = fwt::MakeIdle().clip;
  // Turn the spine's last key by 3 degrees, like Jog_Fwd_Loop's gap.
  anim::QuatChannel* keyed = nullptr;
  for (anim::JointTrack& track : clip.tracks) {
    if (track.rotation.size() >= 2)
      keyed = &track.rotation;
  }
  ASSERT_NE(keyed, nullptr);
  anim::QuatChannel& spine = *keyed;
  spine.values.back() =
      glm::normalize(spine.values.back() * glm::angleAxis(glm::radians(3.0f), glm::vec3(1, 0, 0)));
  RoleDescription role = CycleRole("idle");
  role.root_motion = RootMotionSource::kNone;
  Result<CookedClip> cooked =
      CookClip(rig.skeleton, rig.binding, clip, role, DistanceMarker::kNone, HumanoidSettings());
  ASSERT_TRUE(cooked.ok()) << cooked.error().message;
  EXPECT_LT(cooked->report.quality.loop_gap_deg, 0.01f);
  ASSERT_FALSE(cooked->report.notes.empty());
  EXPECT_NE(cooked->report.notes[0].find("loop gap 3.0"), std::string::npos)
      << cooked->report.notes[0];
}

TEST(LoopClosureTest, LastKeyEqualsFirstAndEarlyKeysAreUntouched) {
  anim::Clip clip;
  clip.duration_s = 1.0f;
  clip.tracks.resize(1);
  anim::Vec3Channel& t = clip.tracks[0].translation;
  for (int k = 0; k <= 10; ++k) {
    t.times.push_back(0.1f * static_cast<float>(k));
    t.values.push_back(glm::vec3(0.0f, 0.0f, 0.1f * static_cast<float>(k)));
  }
  CloseLoop(clip, 0.25f);
  EXPECT_NEAR(t.values.back().z, t.values.front().z, 1e-6f);
  EXPECT_NEAR(t.values[5].z, 0.5f, 1e-6f);
  // Monotone correction: the keys inside the window move toward the first value.
  EXPECT_LT(t.values[9].z, 0.9f);
}

}  // namespace
}  // namespace footwork::cook
