// Rig profiles: parsing errors name file and field; shipped profiles bind to their packs.
#include <string>

#include <gtest/gtest.h>

#include "footwork/io/asset_paths.h"
#include "footwork/io/gltf_import.h"
#include "footwork/io/rig_profile_io.h"

namespace footwork::io {
namespace {

constexpr const char* kMinimal = R"({
  "name": "test",
  "roles": {"pelvis": "p", "head": "h", "thigh_l": "tl", "calf_l": "cl", "foot_l": "fl",
            "thigh_r": "tr", "calf_r": "cr", "foot_r": "fr", "upperarm_l": "ual",
            "lowerarm_l": "lal", "hand_l": "hl", "upperarm_r": "uar", "lowerarm_r": "lar",
            "hand_r": "hr"},
  "spine_chain": ["s1", "s2"],
  "mirror_name_pairs": [["l", "r"]]
})";

TEST(RigProfileIo, ParsesRolesChainAndMirrorPairs) {
  Result<anim::RigProfile> profile = RigProfileFromJson(kMinimal, "test.json");
  ASSERT_TRUE(profile.ok()) << profile.error().message;
  EXPECT_EQ(profile->name, "test");
  EXPECT_EQ(profile->roles.at("pelvis"), "p");
  EXPECT_EQ(profile->spine_chain, (std::vector<std::string>{"s1", "s2"}));
  ASSERT_EQ(profile->mirror_name_pairs.size(), 1u);
  EXPECT_EQ(profile->mirror_name_pairs[0].second, "r");
}

void ExpectError(const std::string& text, const std::string& fragment) {
  Result<anim::RigProfile> profile = RigProfileFromJson(text, "rig.json");
  ASSERT_FALSE(profile.ok()) << fragment;
  EXPECT_NE(profile.error().message.find("rig.json"), std::string::npos);
  EXPECT_NE(profile.error().message.find(fragment), std::string::npos) << profile.error().message;
}

std::string Replace(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return text.replace(at, from.size(), to);
}

TEST(RigProfileIo, ErrorsNameFileAndField) {
  ExpectError("{", "invalid JSON");
  ExpectError("[1]", "expected a JSON object");
  ExpectError(R"({"name": "x"})", "roles: expected an object");
  ExpectError(Replace(kMinimal, "\"pelvis\": \"p\",", ""), "roles.pelvis: required role");
  ExpectError(Replace(kMinimal, "\"head\": \"h\"", "\"head\": 3"), "roles.head: expected a joint");
  ExpectError(Replace(kMinimal, "\"pelvis\"", "\"pelvus\""), "roles.pelvus: unknown role");
  ExpectError(Replace(kMinimal, "[\"s1\", \"s2\"]", "[\"s1\", 2]"), "spine_chain[1]");
  ExpectError(Replace(kMinimal, "[[\"l\", \"r\"]]", "[[\"l\"]]"), "mirror_name_pairs[0]");
  Result<anim::RigProfile> missing = LoadRigProfile("/nonexistent/rig.json");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().message.find("/nonexistent/rig.json"), std::string::npos);
}

TEST(RigProfileIo, ValidationListsEveryMissingJoint) {
  Result<anim::RigProfile> profile = RigProfileFromJson(kMinimal, "test.json");
  ASSERT_TRUE(profile.ok());
  anim::Skeleton skeleton;
  skeleton.joint_names = {"p", "h"};
  const std::vector<std::string> missing = MissingRigJoints(*profile, skeleton);
  EXPECT_EQ(missing.size(), 14u);  // 12 roles + 2 spine joints
  const Status status = ValidateRigProfile(*profile, skeleton);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.error().message.find("thigh_l 'tl'"), std::string::npos);
  EXPECT_NE(status.error().message.find("spine_chain 's2'"), std::string::npos);
}

Result<anim::RigProfile> Shipped(const char* file) {
  return LoadRigProfile(ProjectAssets() / "rigs" / file);
}

TEST(RigProfileIo, UnrealProfileBindsToMannequinNames) {
  Result<anim::RigProfile> profile = Shipped("unreal_mannequin.json");
  ASSERT_TRUE(profile.ok()) << profile.error().message;
  anim::Skeleton skeleton;
  for (const auto& [role, joint] : profile->roles)
    skeleton.joint_names.push_back(joint);
  for (const std::string& joint : profile->spine_chain)
    skeleton.joint_names.push_back(joint);
  EXPECT_TRUE(ValidateRigProfile(*profile, skeleton).ok());
  EXPECT_EQ(profile->roles.at("ball_r"), "ball_r");
  EXPECT_EQ(profile->spine_chain.size(), 3u);
}

void ExpectBinds(const char* profile_file, const char* pack_file) {
  if (!FindAssetPacks())
    GTEST_SKIP() << "asset packs not found";
  Result<anim::RigProfile> profile = Shipped(profile_file);
  ASSERT_TRUE(profile.ok()) << profile.error().message;
  Result<Scene> scene = ImportGltf(*FindAssetPacks() / pack_file);
  ASSERT_TRUE(scene.ok()) << scene.error().message;
  const Status status = ValidateRigProfile(*profile, scene->skeleton);
  EXPECT_TRUE(status.ok()) << status.error().message;
  // Every left joint the profile names has a right twin through the mirror pairs.
  for (const auto& [role, joint] : profile->roles) {
    if (role.size() < 2 || role.substr(role.size() - 2) != "_l")
      continue;
    const std::string right_role = role.substr(0, role.size() - 2) + "_r";
    std::string mirrored = joint;
    for (const auto& [left, right] : profile->mirror_name_pairs) {
      if (const std::size_t at = mirrored.rfind(left); at != std::string::npos) {
        mirrored.replace(at, left.size(), right);
        break;
      }
    }
    EXPECT_EQ(mirrored, profile->roles.at(right_role)) << role;
  }
}

TEST(RigProfileIo, QuaterniusProfileBindsToPack) {
  ExpectBinds("quaternius_ual1.json", "quaternius-ual1/AnimationLibrary_Godot_Standard.gltf");
}

TEST(RigProfileIo, KnightProfileBindsToPack) {
  ExpectBinds("kaykit_knight.json", "kaykit-knight/Knight.glb");
}

TEST(RigProfileIo, UnrealProfileDoesNotBindToQuaternius) {
  if (!FindAssetPacks())
    GTEST_SKIP() << "asset packs not found";
  Result<anim::RigProfile> profile = Shipped("unreal_mannequin.json");
  ASSERT_TRUE(profile.ok());
  Result<Scene> scene =
      ImportGltf(*FindAssetPacks() / "quaternius-ual1/AnimationLibrary_Godot_Standard.gltf");
  ASSERT_TRUE(scene.ok());
  EXPECT_FALSE(MissingRigJoints(*profile, scene->skeleton).empty());
}

}  // namespace
}  // namespace footwork::io
