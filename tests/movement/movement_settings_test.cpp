#include "footwork/movement/movement_settings.h"

#include <gtest/gtest.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include "footwork/io/asset_paths.h"
#include "footwork/world/json_fields.h"
#include "support/test_paths.h"

namespace footwork::movement {
namespace {

TEST(MovementSettings, DefaultFileHoldsTheSeedGaitsInMetres) {
  auto settings = LoadMovementSettings(io::ProjectAssets() / "movement" / "default.json");
  ASSERT_TRUE(settings.ok()) << settings.error().message;
  // Part02: walk 175 cm/s, 350, 500, friction 8; run 375, 800, 1200, 8; separate braking 0.
  EXPECT_FLOAT_EQ(settings->walk.max_speed_m_s, 1.75f);
  EXPECT_FLOAT_EQ(settings->walk.max_acceleration_m_s2, 3.5f);
  EXPECT_FLOAT_EQ(settings->walk.braking_deceleration_m_s2, 5.0f);
  EXPECT_FLOAT_EQ(settings->walk.ground_friction, 8.0f);
  EXPECT_TRUE(settings->walk.use_separate_braking_friction);
  EXPECT_FLOAT_EQ(settings->walk.braking_friction, 0.0f);
  EXPECT_FLOAT_EQ(settings->run.max_speed_m_s, 3.75f);
  EXPECT_FLOAT_EQ(settings->run.max_acceleration_m_s2, 8.0f);
  EXPECT_FLOAT_EQ(settings->run.braking_deceleration_m_s2, 12.0f);
  // Footwork's own (no sprint in the seed): as fast as the default character's sprint cycle
  // runs within the joint-jump bar (assets/movement/default.json says why).
  EXPECT_FLOAT_EQ(settings->sprint.max_speed_m_s, 3.8f);
  EXPECT_FLOAT_EQ(settings->walkable_floor_angle_deg, 44.765f);
  EXPECT_FLOAT_EQ(settings->max_step_height_m, 0.45f);
  EXPECT_FLOAT_EQ(settings->gravity_m_s2, 9.81f);
  // The file and the compiled-in defaults agree.
  const MovementSettings defaults;
  EXPECT_FLOAT_EQ(settings->run.max_speed_m_s, defaults.run.max_speed_m_s);
  EXPECT_FLOAT_EQ(settings->sprint.max_speed_m_s, defaults.sprint.max_speed_m_s);
  EXPECT_FLOAT_EQ(settings->air_control, defaults.air_control);
  EXPECT_EQ(settings->max_substeps, defaults.max_substeps);
}

TEST(MovementSettings, ErrorsNameFileAndField) {
  auto missing = ParseMovementSettings(R"({"gaits": {"walk": {}}})", "m.json");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().message, "m.json: gaits.walk.max_speed_m_s: missing required field");
  auto wrong_type =
      ParseMovementSettings(R"({"gaits": {"walk": {"max_speed_m_s": "fast"}}})", "m.json");
  ASSERT_FALSE(wrong_type.ok());
  EXPECT_NE(wrong_type.error().message.find("gaits.walk.max_speed_m_s: expected a number"),
            std::string::npos);
  auto negative = ParseMovementSettings(R"({"gaits": {"walk": {"max_speed_m_s": -1}}})", "m.json");
  ASSERT_FALSE(negative.ok());
  EXPECT_NE(negative.error().message.find("expected a number in"), std::string::npos);
  EXPECT_FALSE(ParseMovementSettings("not json", "m.json").ok());
}

// Later sections name the section and field too (one reader for the whole document).
TEST(MovementSettings, SectionErrorsNameTheSection) {
  auto text = world::json_fields::ReadTextFile(io::ProjectAssets() / "movement" / "default.json");
  ASSERT_TRUE(text.ok()) << text.error().message;
  const nlohmann::json file = nlohmann::json::parse(*text);
  const struct {
    const char* pointer;
    nlohmann::json value;
    const char* message;
  } cases[] = {
      {"/capsule", 3, "m.json: capsule: expected an object, got number 3"},
      {"/time_step/max_substeps", 2.5,
       "m.json: time_step.max_substeps: expected an integer, got number 2.5"},
      {"/gaits/sprint/use_separate_braking_friction", 1,
       "m.json: gaits.sprint.use_separate_braking_friction: expected true or false, got number 1"},
      {"/floor/floor_gap_m", 0.5, "m.json: floor.floor_gap_m: expected a number in [0.001, 0.1]"},
  };
  for (const auto& c : cases) {
    nlohmann::json broken = file;
    broken[nlohmann::json::json_pointer(c.pointer)] = c.value;
    auto parsed = ParseMovementSettings(broken.dump(), "m.json");
    ASSERT_FALSE(parsed.ok()) << c.pointer;
    EXPECT_EQ(parsed.error().message.rfind(c.message, 0), 0u) << parsed.error().message;
  }
  nlohmann::json missing = file;
  missing.erase("falling");
  auto parsed = ParseMovementSettings(missing.dump(), "m.json");
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.error().message, "m.json: falling: missing required field");
}

void WriteFile(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path) << text;
}

// A character's file states only what differs: the rest comes from the file it extends.
TEST(MovementSettings, AFileThatExtendsAnotherOverridesOnlyItsOwnFields) {
  const std::filesystem::path dir = testing::ScratchDir("movement_extends");
  std::filesystem::copy_file(io::ProjectAssets() / "movement" / "default.json",
                             dir / "default.json");
  WriteFile(dir / "slow.json",
            R"({"extends": "default.json", "gaits": {"walk": {"max_speed_m_s": 1.0}}})");
  // A chain: slower extends slow, which extends the default.
  WriteFile(dir / "slower.json", R"({"extends": "slow.json", "capsule": {"radius_m": 0.3}})");
  auto base = LoadMovementSettings(dir / "default.json");
  ASSERT_TRUE(base.ok()) << base.error().message;
  auto slow = LoadMovementSettings(dir / "slow.json");
  ASSERT_TRUE(slow.ok()) << slow.error().message;
  EXPECT_FLOAT_EQ(slow->walk.max_speed_m_s, 1.0f);
  EXPECT_FLOAT_EQ(slow->walk.max_acceleration_m_s2, base->walk.max_acceleration_m_s2);
  EXPECT_FLOAT_EQ(slow->run.max_speed_m_s, base->run.max_speed_m_s);
  auto slower = LoadMovementSettings(dir / "slower.json");
  ASSERT_TRUE(slower.ok()) << slower.error().message;
  EXPECT_FLOAT_EQ(slower->walk.max_speed_m_s, 1.0f);
  EXPECT_FLOAT_EQ(slower->capsule.radius_m, 0.3f);
  EXPECT_FLOAT_EQ(slower->capsule.half_height_m, base->capsule.half_height_m);
  // The merged document is validated like any other: a bad override is named.
  WriteFile(dir / "bad.json",
            R"({"extends": "default.json", "gaits": {"walk": {"max_speed_m_s": "slow"}}})");
  auto bad = LoadMovementSettings(dir / "bad.json");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("gaits.walk.max_speed_m_s: expected a number"),
            std::string::npos)
      << bad.error().message;
}

TEST(MovementSettings, ExtendingAMissingFileOrItselfIsAClearError) {
  const std::filesystem::path dir = testing::ScratchDir("movement_extends_errors");
  WriteFile(dir / "orphan.json", R"({"extends": "nowhere.json"})");
  auto orphan = LoadMovementSettings(dir / "orphan.json");
  ASSERT_FALSE(orphan.ok());
  EXPECT_EQ(orphan.error().message.rfind("orphan.json: extends: ", 0), 0u)
      << orphan.error().message;
  EXPECT_NE(orphan.error().message.find("nowhere.json"), std::string::npos)
      << orphan.error().message;
  WriteFile(dir / "self.json", R"({"extends": "self.json"})");
  auto self = LoadMovementSettings(dir / "self.json");
  ASSERT_FALSE(self.ok());
  EXPECT_NE(self.error().message.find("extends back into the chain"), std::string::npos)
      << self.error().message;
  WriteFile(dir / "a.json", R"({"extends": "b.json"})");
  WriteFile(dir / "b.json", R"({"extends": "a.json"})");
  auto loop = LoadMovementSettings(dir / "a.json");
  ASSERT_FALSE(loop.ok());
  EXPECT_NE(loop.error().message.find("extends back into the chain"), std::string::npos)
      << loop.error().message;
  WriteFile(dir / "number.json", R"({"extends": 3})");
  auto number = LoadMovementSettings(dir / "number.json");
  ASSERT_FALSE(number.ok());
  EXPECT_EQ(number.error().message, "number.json: extends: expected the name of a settings file");
}

}  // namespace
}  // namespace footwork::movement
