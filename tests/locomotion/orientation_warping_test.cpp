// Orientation warping while strafing (Part18): with only forward clips, strafing right turns the
// legs (the root joint) toward the velocity, up to the settings' limit, and the chest keeps facing
// the camera; Rotating mode never warps.
#include <gtest/gtest.h>

#include <cmath>

#include "default_character.h"
#include "footwork/core/angles.h"

namespace footwork::locomotion {
namespace {

using testing::AssetsFrom;
using testing::DefaultLibrary;
using testing::DefaultSettingsJson;
using testing::RunFrames;

// Yaw of `rotation` relative to `reference` about +Y (radians).
float RelativeYaw(const glm::quat& rotation, const glm::quat& reference) {
  const glm::vec3 forward = rotation * glm::inverse(reference) * glm::vec3(0.0f, 0.0f, 1.0f);
  return std::atan2(forward.x, forward.z);
}

class OrientationWarpingTest : public testing::DefaultLevelTest {
 protected:
  void SetUp() override {
    DefaultLevelTest::SetUp();
    if (IsSkipped() || HasFatalFailure())
      return;
    auto assets = AssetsFrom(DefaultSettingsJson());
    ASSERT_TRUE(assets.ok()) << assets.error().message;
    assets_ = *assets;
  }
  // Root-joint yaw during the last Cycle frame against the first (idle) frame, in degrees.
  float CycleRootYawDeg(const std::string& mode) { return CycleRootYawDeg(mode, assets_); }
  float CycleRootYawDeg(const std::string& mode,
                        const std::shared_ptr<const LocomotionAssets>& assets) {
    auto frames = RunFrames(R"({"dt": 0.0166667, "duration_s": 3,
        "start": {"position": [0, 0, -8], "yaw_deg": 0},
        "events": [{"t": 0, "rotation_mode": ")" +
                                mode + R"(", "device": "keyboard"},
                   {"t": 0.3, "move": [1, 0]}]})",
                            setup_, assets);
    EXPECT_TRUE(frames.ok()) << frames.error().message;
    if (!frames.ok() || frames->empty())
      return 0.0f;
    const sim::TraceFrame& idle = frames->front();
    const sim::TraceFrame& last = frames->back();
    EXPECT_EQ(last.state, "Cycle");
    return Degrees(RelativeYaw(last.local_rotations[0], idle.local_rotations[0]));
  }

  std::shared_ptr<const LocomotionAssets> assets_;
};

TEST_F(OrientationWarpingTest, StrafingRightTurnsTheLegsTowardTheVelocity) {
  // Forward clips only (CT_Cycle without its strafing rows): moving right (negative yaw) on the
  // forward run cycle turns the root about -90 degrees.
  nlohmann::json settings = DefaultSettingsJson();
  for (nlohmann::json& table : settings["choosers"]["tables"]) {
    if (table["name"] != "CT_Cycle")
      continue;
    nlohmann::json kept = nlohmann::json::array();
    for (const nlohmann::json& row : table["rows"])
      if (!row["filters"].contains("mode"))
        kept.push_back(row);
    table["rows"] = kept;
  }
  auto forward_only = AssetsFrom(settings);
  ASSERT_TRUE(forward_only.ok()) << forward_only.error().message;
  EXPECT_NEAR(CycleRootYawDeg("strafing", *forward_only), -90.0f, 10.0f);
}

TEST_F(OrientationWarpingTest, APerDirectionClipNeedsNoWarp) {
  // The default CT_Cycle plays run_strafe_right, which already travels right: no warp.
  EXPECT_NEAR(CycleRootYawDeg("strafing"), 0.0f, 10.0f);
}

TEST_F(OrientationWarpingTest, RotatingModeDoesNotWarp) {
  // The actor itself turns to the velocity; the root joint keeps the clip's facing.
  EXPECT_NEAR(CycleRootYawDeg("velocity_direction"), 0.0f, 10.0f);
}

}  // namespace
}  // namespace footwork::locomotion
