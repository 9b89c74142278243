#include <gtest/gtest.h>

#include "footwork/world/level.h"

namespace footwork::world {
namespace {

constexpr const char* kBox = R"("boxes": [{"size_m": [1, 1, 1], "position_m": [0, 0, 0]}])";

TEST(LevelNpcs, ParsesPositionYawAndLookFlag) {
  auto level = ParseLevel(std::string("{") + kBox + R"(, "npcs": [
      {"position": [2, 0, -16], "yaw_deg": -90, "looks_at_player": false},
      {"name": "guard", "position": [1, 0.5, 3]}]})",
                          "npcs.json");
  ASSERT_TRUE(level.ok()) << level.error().message;
  ASSERT_EQ(level->npcs.size(), 2u);
  EXPECT_EQ(level->npcs[0].position_m, glm::vec3(2.0f, 0.0f, -16.0f));
  EXPECT_FLOAT_EQ(level->npcs[0].yaw_deg, -90.0f);
  EXPECT_FALSE(level->npcs[0].looks_at_player);
  EXPECT_EQ(level->npcs[1].name, "guard");
  EXPECT_FLOAT_EQ(level->npcs[1].yaw_deg, 0.0f);
  EXPECT_TRUE(level->npcs[1].looks_at_player);
}

TEST(LevelNpcs, NpcsAreOptional) {
  auto level = ParseLevel(std::string("{") + kBox + "}", "plain.json");
  ASSERT_TRUE(level.ok()) << level.error().message;
  EXPECT_TRUE(level->npcs.empty());
}

TEST(LevelNpcs, BadFieldNamesFileAndField) {
  auto level = ParseLevel(
      std::string("{") + kBox + R"(, "npcs": [{"position": [0, 0, 0], "looks_at_player": 1}]})",
      "bad.json");
  ASSERT_FALSE(level.ok());
  EXPECT_NE(level.error().message.find("bad.json"), std::string::npos) << level.error().message;
  EXPECT_NE(level.error().message.find("npcs[0]"), std::string::npos) << level.error().message;
  EXPECT_NE(level.error().message.find("looks_at_player"), std::string::npos)
      << level.error().message;

  auto missing = ParseLevel(std::string("{") + kBox + R"(, "npcs": [{"yaw_deg": 10}]})", "m.json");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().message.find("position"), std::string::npos)
      << missing.error().message;
}

}  // namespace
}  // namespace footwork::world
