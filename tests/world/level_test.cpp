#include "footwork/world/level.h"

#include <gtest/gtest.h>

#include <fstream>

#include "footwork/io/asset_paths.h"
#include "support/test_paths.h"

namespace footwork::world {
namespace {

std::string ErrorOf(std::string_view text) {
  auto level = ParseLevel(text, "bad.json");
  EXPECT_FALSE(level.ok()) << text;
  return level.ok() ? std::string() : level.error().message;
}

TEST(Level, DefaultLevelLoadsWithEveryFeature) {
  auto level = LoadLevel(io::ProjectAssets() / "levels" / "default.json");
  ASSERT_TRUE(level.ok()) << level.error().message;
  EXPECT_FALSE(level->boxes.empty());
  ASSERT_EQ(level->ramps.size(), 3u);
  EXPECT_FLOAT_EQ(level->ramps[0].slope_deg, 10.0f);
  EXPECT_FLOAT_EQ(level->ramps[1].slope_deg, 25.0f);
  EXPECT_FLOAT_EQ(level->ramps[2].slope_deg, 50.0f);
  ASSERT_EQ(level->stairs.size(), 1u);
  EXPECT_FLOAT_EQ(level->stairs[0].step_height_m, 0.15f);
  ASSERT_EQ(level->terrains.size(), 1u);
  EXPECT_EQ(level->terrains[0].heights_m.size(), 17u * 17u);
  ASSERT_EQ(level->platforms.size(), 1u);
  EXPECT_EQ(level->platforms[0].path_mode, PathMode::kPingPong);
}

TEST(Level, OptionalFieldsKeepTheirDefaults) {
  auto level = ParseLevel(R"({"boxes": [{"size_m": [1, 2, 3], "position_m": [0, 1, 0]}],
      "platforms": [{"size_m": [1,1,1], "speed_m_s": 2, "waypoints_m": [[0,0,0], [1,0,0]]}]})",
                          "mini.json");
  ASSERT_TRUE(level.ok()) << level.error().message;
  EXPECT_EQ(level->name, "mini.json");
  EXPECT_EQ(level->spawn_m, glm::vec3(0.0f));
  ASSERT_EQ(level->boxes.size(), 1u);
  EXPECT_EQ(level->boxes[0].name, "boxes[0]");
  EXPECT_EQ(level->boxes[0].size_m, glm::vec3(1, 2, 3));
  EXPECT_EQ(level->boxes[0].yaw_deg, 0.0f);
  ASSERT_EQ(level->platforms.size(), 1u);
  EXPECT_EQ(level->platforms[0].path_mode, PathMode::kPingPong);
  EXPECT_EQ(level->platforms[0].speed_m_s, 2.0f);
}

TEST(Level, MissingFileNamesThePath) {
  auto level = LoadLevel("/nonexistent/level.json");
  ASSERT_FALSE(level.ok());
  EXPECT_NE(level.error().message.find("/nonexistent/level.json"), std::string::npos);
}

TEST(Level, ErrorsNameFileAndField) {
  EXPECT_EQ(ErrorOf(R"({"boxes": [{"size_m": [1, 1, 1]}]})"),
            "bad.json: boxes[0].position_m: missing required field");
  EXPECT_NE(ErrorOf(R"({"boxes": [{"size_m": [1, -2, 1], "position_m": [0, 0, 0]}]})")
                .find("bad.json: boxes[0].size_m[1]: expected a number in"),
            std::string::npos);
  EXPECT_NE(ErrorOf(R"({"boxes": [{"size_m": "big", "position_m": [0, 0, 0]}]})")
                .find("boxes[0].size_m: expected an array of 3 numbers"),
            std::string::npos);
  EXPECT_NE(ErrorOf(R"({"ramps": [{"position_m": [0,0,0], "slope_deg": 95, "length_m": 2,
                        "width_m": 1}]})")
                .find("ramps[0].slope_deg: expected a number in"),
            std::string::npos);
  EXPECT_NE(ErrorOf(R"({"stairs": [{"position_m": [0,0,0], "step_count": 2.5,
                        "step_height_m": 0.1, "step_depth_m": 0.3, "width_m": 1}]})")
                .find("stairs[0].step_count: expected an integer"),
            std::string::npos);
  // JSON has no NaN or infinity literal; an overflowing number is rejected too.
  EXPECT_EQ(ErrorOf(R"({"boxes": [{"size_m": [1, 1, 1], "position_m": [0, 1e999, 0]}]})")
                .rfind("bad.json: ", 0),
            0u);
  EXPECT_EQ(ErrorOf(R"({"boxes": [{"size_m": [1, NaN, 1]}]})"), "bad.json: not valid JSON");
  EXPECT_NE(ErrorOf(R"({"terrains": [{"position_m": [0,0,0], "cell_size_m": 1, "rows": 2,
                        "cols": 2, "heights_m": [0, 0, 0]}]})")
                .find("terrains[0].heights_m: expected an array of rows*cols = 4 numbers"),
            std::string::npos);
  EXPECT_NE(ErrorOf(R"({"platforms": [{"size_m": [1,1,1], "speed_m_s": 1,
                        "waypoints_m": [[0,0,0]]}]})")
                .find("platforms[0].waypoints_m: expected an array of at least 2"),
            std::string::npos);
  EXPECT_EQ(ErrorOf(R"({"platforms": [{"size_m": [1,1,1], "speed_m_s": 1, "path_mode": "zigzag",
                        "waypoints_m": [[0,0,0], [1,0,0]]}]})"),
            "bad.json: platforms[0].path_mode: expected one of \"loop\", \"ping_pong\", got "
            "string \"zigzag\"");
  EXPECT_EQ(ErrorOf(R"({"platforms": [{"size_m": [1,1,1], "speed_m_s": 1,
                        "waypoints_m": [[0,0,0], [1,0,0], [1,0,0]]}]})"),
            "bad.json: platforms[0].waypoints_m[2]: repeats the previous waypoint; consecutive "
            "points must differ");
  EXPECT_EQ(ErrorOf(R"({"terrains": [{"position_m": [0,0,0], "cell_size_m": 1, "rows": 2,
                        "cols": 2, "generator": {"seed": 1, "amplitude_m": 1}}]})"),
            "bad.json: terrains[0].generator.wavelength_m: missing required field");
  EXPECT_NE(ErrorOf(R"({"terrains": [{"position_m": [0,0,0], "cell_size_m": 1, "rows": 2,
                        "cols": 2}]})")
                .find("terrains[0]: expected exactly one of \"heights_m\""),
            std::string::npos);
  EXPECT_EQ(ErrorOf(R"({"boxes": [7]})"), "bad.json: boxes[0]: expected an object, got number 7");
  EXPECT_NE(ErrorOf(R"({})").find("the level has no geometry"), std::string::npos);
  EXPECT_EQ(ErrorOf(R"([1, 2])"), "bad.json: expected a JSON object at the top level");
}

TEST(Level, LoadLevelPrefixesTheFileName) {
  const auto dir = testing::ScratchDir("level_errors");
  const auto path = dir / "broken.json";
  std::ofstream(path) << R"({"boxes": [{"size_m": [1, 1, 1], "position_m": [0, 0]}]})";
  auto level = LoadLevel(path);
  ASSERT_FALSE(level.ok());
  EXPECT_NE(level.error().message.find("broken.json: boxes[0].position_m"), std::string::npos)
      << level.error().message;
}

TEST(Level, GeneratedTerrainIsDeterministicAndBounded) {
  const auto a = GenerateTerrainHeights(9, 9, 1.0f, 42, 0.5f, 8.0f);
  const auto b = GenerateTerrainHeights(9, 9, 1.0f, 42, 0.5f, 8.0f);
  const auto c = GenerateTerrainHeights(9, 9, 1.0f, 43, 0.5f, 8.0f);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  for (float h : a)
    EXPECT_LE(std::abs(h), 0.5f + 1e-6f);
}

TEST(Level, PlatformFollowsItsPathAtConstantSpeed) {
  PlatformDesc platform;
  platform.waypoints_m = {{0, 0, 0}, {4, 0, 0}, {4, 0, 3}};
  platform.speed_m_s = 2.0f;
  platform.path_mode = PathMode::kPingPong;
  EXPECT_EQ(PlatformPositionAt(platform, 0.0), glm::vec3(0, 0, 0));
  EXPECT_EQ(PlatformPositionAt(platform, 1.0), glm::vec3(2, 0, 0));
  EXPECT_EQ(PlatformVelocityAt(platform, 1.0), glm::vec3(2, 0, 0));
  EXPECT_EQ(PlatformPositionAt(platform, 3.0), glm::vec3(4, 0, 2));
  EXPECT_EQ(PlatformVelocityAt(platform, 3.0), glm::vec3(0, 0, 2));
  // Path length 7 each way: at t = 4.5 (9 m) it is 2 m back from the far end.
  const glm::vec3 back = PlatformPositionAt(platform, 4.5);
  EXPECT_NEAR(back.z, 1.0f, 1e-5f);
  EXPECT_EQ(PlatformVelocityAt(platform, 4.5), glm::vec3(0, 0, -2));
  platform.path_mode = PathMode::kLoop;  // loop length 7 + 5 = 12
  EXPECT_NEAR(glm::length(PlatformPositionAt(platform, 5.0) - glm::vec3(1.6f, 0, 1.2f)), 0.0f,
              1e-5f);
}

}  // namespace
}  // namespace footwork::world
