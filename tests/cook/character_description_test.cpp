#include "footwork/cook/character_description.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cook/cook_test_character.h"
#include "footwork/io/asset_paths.h"

namespace footwork::cook {
namespace {

Result<CharacterDescription> Parse(const nlohmann::json& document) {
  return ParseCharacterDescription(document.dump(), "test_character.json");
}

nlohmann::json Valid() {
  return nlohmann::json::parse(testing::HumanoidDescriptionJson());
}

void ExpectError(const nlohmann::json& document, const std::string& fragment) {
  Result<CharacterDescription> description = Parse(document);
  ASSERT_FALSE(description.ok()) << "expected an error containing: " << fragment;
  EXPECT_NE(description.error().message.find(fragment), std::string::npos)
      << description.error().message;
  EXPECT_EQ(description.error().message.rfind("test_character.json: ", 0), 0u)
      << description.error().message;
}

TEST(CharacterDescriptionTest, ParsesRolesOptionsAndDerivedClips) {
  Result<CharacterDescription> description = Parse(Valid());
  ASSERT_TRUE(description.ok()) << description.error().message;
  EXPECT_EQ(description->name, "procedural_humanoid");
  EXPECT_FLOAT_EQ(description->contacts.height_tolerance_m, 0.02f);
  const RoleDescription* walk = description->FindRole("walk");
  ASSERT_NE(walk, nullptr);
  EXPECT_EQ(walk->clip, "walk_in_place");
  EXPECT_TRUE(walk->looping);
  EXPECT_EQ(walk->root_motion, RootMotionSource::kFromContacts);
  EXPECT_FLOAT_EQ(description->FindRole("idle")->enable_turn_in_place, 1.0f);
  EXPECT_EQ(description->FindRole("overlay")->layering.at("Layering_Arm_L_LS"), 1.0f);
  ASSERT_EQ(description->transitions.size(), 2u);
  EXPECT_EQ(description->transitions[0].start_turns_deg, (std::vector<float>{0.0f, 90.0f}));
  EXPECT_EQ(description->mirror_roles, std::vector<std::string>{"walk"});
  EXPECT_FALSE(description->floor_from_idle);
}

TEST(CharacterDescriptionTest, FloorFromIdleIsABoolean) {
  nlohmann::json d = Valid();
  d["floor_from_idle"] = true;
  Result<CharacterDescription> description = Parse(d);
  ASSERT_TRUE(description.ok()) << description.error().message;
  EXPECT_TRUE(description->floor_from_idle);
  d["floor_from_idle"] = "yes";
  ExpectError(d, "floor_from_idle");
}

TEST(CharacterDescriptionTest, MalformedDescriptionsNameTheField) {
  ExpectError(nlohmann::json::array(), "expected a JSON object");
  {
    nlohmann::json d = Valid();
    d["roles"].erase("run");
    ExpectError(d, "roles.run: missing required role");
  }
  {
    nlohmann::json d = Valid();
    d["roles"]["walk"].erase("clip");
    ExpectError(d, "roles.walk.clip: missing required field");
  }
  {
    nlohmann::json d = Valid();
    d["roles"]["walk"]["root_motion"] = "hips";
    ExpectError(d, "roles.walk.root_motion: expected \"none\", \"contacts\" or \"authored\"");
  }
  {
    nlohmann::json d = Valid();
    d["roles"]["walk"]["looping"] = "yes";
    ExpectError(d, "roles.walk.looping: expected true or false");
  }
  {
    nlohmann::json d = Valid();
    d["roles"]["overlay"]["layering"]["Layering_Tail"] = 1;
    ExpectError(d, "roles.overlay.layering.Layering_Tail: not a layering curve");
  }
  {
    nlohmann::json d = Valid();
    d["contacts"]["height_tolerance_cm"] = 2;
    ExpectError(d, "contacts.height_tolerance_cm: unknown field");
  }
  {
    nlohmann::json d = Valid();
    d["contacts"]["height_tolerance_m"] = -1;
    ExpectError(d, "contacts.height_tolerance_m: expected a number in");
  }
  {
    nlohmann::json d = Valid();
    d["transitions"][0]["from_role"] = "idle";
    ExpectError(d, "transitions[0].from_role: role 'idle' must be a looping clip with root motion");
  }
  {
    nlohmann::json d = Valid();
    d["mirror_roles"] = {"swim"};
    ExpectError(d, "mirror_roles[0]: expected the name of a role");
  }
  {
    nlohmann::json d = Valid();
    d.erase("sources");
    ExpectError(d, "sources: missing required field");
  }
  Result<CharacterDescription> text = ParseCharacterDescription("{ not json", "broken.json");
  ASSERT_FALSE(text.ok());
  EXPECT_EQ(text.error().message, "broken.json: not valid JSON");
}

TEST(CharacterDescriptionTest, QualityWaiversNeedAReason) {
  nlohmann::json document = Valid();
  document["quality_waivers"] = {{"run", "the source knee turns 40 deg per key"}};
  Result<CharacterDescription> description = Parse(document);
  ASSERT_TRUE(description.ok()) << description.error().message;
  EXPECT_EQ(description->quality_waivers.at("run"), "the source knee turns 40 deg per key");
  document["quality_waivers"] = {{"run", ""}};
  ExpectError(document, "quality_waivers.run: expected the reason");
  document["quality_waivers"] = {{"run", 1}};
  ExpectError(document, "quality_waivers.run: expected the reason");
  document["quality_waivers"] = nlohmann::json::array({"run"});
  ExpectError(document, "quality_waivers: expected an object");
}

TEST(CharacterDescriptionTest, MissingFileIsAnError) {
  Result<CharacterDescription> description = LoadCharacterDescription("/nonexistent/char.json");
  ASSERT_FALSE(description.ok());
  EXPECT_NE(description.error().message.find("cannot open"), std::string::npos);
}

TEST(CharacterDescriptionTest, ShippedDescriptionsLoad) {
  for (const char* name : {"quaternius_ual1.json", "kaykit_knight.json"}) {
    Result<CharacterDescription> description =
        LoadCharacterDescription(io::ProjectAssets() / "characters" / name);
    ASSERT_TRUE(description.ok()) << description.error().message;
    EXPECT_FALSE(description->transitions.empty()) << name;
  }
}

}  // namespace
}  // namespace footwork::cook
