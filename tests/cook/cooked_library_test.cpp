#include "footwork/io/cooked_library.h"

#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cook/cook_test_character.h"
#include "footwork/cook/cook_character.h"
#include "footwork/io/cooked_library_dump.h"
#include "support/procedural_humanoid.h"
#include "support/test_paths.h"

namespace footwork::cook {
namespace {

namespace fwt = footwork::testing;

io::CookedLibrary CookedHumanoid() {
  Result<CharacterDescription> description =
      ParseCharacterDescription(testing::HumanoidDescriptionJson(), "humanoid.json");
  EXPECT_TRUE(description.ok());
  Result<CookedCharacter> character =
      CookCharacter(*description, fwt::HumanoidScene(), fwt::HumanoidRigProfile());
  EXPECT_TRUE(character.ok()) << character.error().message;
  return ToCookedLibrary(*character);
}

void ExpectSameClip(const anim::Clip& a, const anim::Clip& b) {
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(a.duration_s, b.duration_s);
  EXPECT_EQ(a.looping, b.looping);
  ASSERT_EQ(a.tracks.size(), b.tracks.size());
  for (std::size_t j = 0; j < a.tracks.size(); ++j) {
    EXPECT_EQ(a.tracks[j].translation.values, b.tracks[j].translation.values);
    EXPECT_EQ(a.tracks[j].rotation.times, b.tracks[j].rotation.times);
    EXPECT_EQ(a.tracks[j].rotation.values, b.tracks[j].rotation.values);
    EXPECT_EQ(a.tracks[j].scale.interpolation, b.tracks[j].scale.interpolation);
  }
  EXPECT_EQ(a.root_motion.translation.values, b.root_motion.translation.values);
  EXPECT_EQ(a.root_motion.rotation.values, b.root_motion.rotation.values);
  ASSERT_EQ(a.curves.size(), b.curves.size());
  for (std::size_t c = 0; c < a.curves.size(); ++c) {
    EXPECT_EQ(a.curves[c].name, b.curves[c].name);
    EXPECT_EQ(a.curves[c].times, b.curves[c].times);
    EXPECT_EQ(a.curves[c].values, b.curves[c].values);
  }
  ASSERT_EQ(a.markers.size(), b.markers.size());
  for (std::size_t m = 0; m < a.markers.size(); ++m) {
    EXPECT_EQ(a.markers[m].name, b.markers[m].name);
    EXPECT_EQ(a.markers[m].time_s, b.markers[m].time_s);
  }
  ASSERT_EQ(a.notifies.size(), b.notifies.size());
}

TEST(CookedLibraryTest, RoundTripIsIdentical) {
  io::CookedLibrary library = CookedHumanoid();
  library.clips[0].notifies.push_back({"Footstep", 0.25f, 0.0f});
  library.clips[0].notifies.push_back({"Window", 0.5f, 0.2f});
  const std::filesystem::path path = fwt::ScratchDir("cooked_library") / "humanoid.fwcl";
  ASSERT_TRUE(io::WriteCookedLibrary(library, path).ok());
  Result<io::CookedLibrary> read = io::ReadCookedLibrary(path);
  ASSERT_TRUE(read.ok()) << read.error().message;
  EXPECT_EQ(read->character, library.character);
  EXPECT_EQ(read->skeleton.joint_names, library.skeleton.joint_names);
  EXPECT_EQ(read->skeleton.parents, library.skeleton.parents);
  ASSERT_EQ(read->skeleton.rest_pose.size(), library.skeleton.rest_pose.size());
  EXPECT_EQ(read->rig_profile.roles, library.rig_profile.roles);
  EXPECT_EQ(read->rig_profile.spine_chain, library.rig_profile.spine_chain);
  EXPECT_EQ(read->rig_profile.mirror_name_pairs, library.rig_profile.mirror_name_pairs);
  ASSERT_EQ(read->clips.size(), library.clips.size());
  for (std::size_t i = 0; i < library.clips.size(); ++i)
    ExpectSameClip(read->clips[i], library.clips[i]);
  ASSERT_EQ(read->clip_info.size(), library.clip_info.size());
  EXPECT_EQ(read->clip_info[1].ground_speed_m_s, library.clip_info[1].ground_speed_m_s);
  EXPECT_EQ(read->clip_info[1].notes, library.clip_info[1].notes);
  ASSERT_EQ(read->meshes.size(), library.meshes.size());
  EXPECT_EQ(read->meshes[0].positions, library.meshes[0].positions);
  EXPECT_EQ(read->meshes[0].indices, library.meshes[0].indices);
  EXPECT_EQ(read->meshes[0].inverse_bind_matrices, library.meshes[0].inverse_bind_matrices);
  // Byte-identical when written again.
  EXPECT_EQ(io::SerializeCookedLibrary(*read), io::SerializeCookedLibrary(library));
}

TEST(CookedLibraryTest, CorruptionIsDetected) {
  const std::vector<std::uint8_t> bytes = io::SerializeCookedLibrary(CookedHumanoid());
  ASSERT_GT(bytes.size(), 1000u);
  {
    std::vector<std::uint8_t> flipped = bytes;
    flipped[flipped.size() / 2] ^= 0x10;
    Result<io::CookedLibrary> read = io::DeserializeCookedLibrary(flipped, "lib.fwcl");
    ASSERT_FALSE(read.ok());
    EXPECT_NE(read.error().message.find("lib.fwcl: cooked library checksum mismatch"),
              std::string::npos)
        << read.error().message;
  }
  {
    const std::vector<std::uint8_t> truncated(bytes.begin(), bytes.end() - 100);
    Result<io::CookedLibrary> read = io::DeserializeCookedLibrary(truncated, "lib.fwcl");
    ASSERT_FALSE(read.ok());
    EXPECT_NE(read.error().message.find("truncated cooked library"), std::string::npos)
        << read.error().message;
  }
  {
    const std::vector<std::uint8_t> header_only(bytes.begin(), bytes.begin() + 10);
    Result<io::CookedLibrary> read = io::DeserializeCookedLibrary(header_only, "lib.fwcl");
    ASSERT_FALSE(read.ok());
    EXPECT_NE(read.error().message.find("truncated"), std::string::npos);
  }
  {
    std::vector<std::uint8_t> wrong_magic = bytes;
    wrong_magic[0] = 'X';
    Result<io::CookedLibrary> read = io::DeserializeCookedLibrary(wrong_magic, "lib.fwcl");
    ASSERT_FALSE(read.ok());
    EXPECT_NE(read.error().message.find("not a cooked library"), std::string::npos);
  }
  {
    std::vector<std::uint8_t> future = bytes;
    future[4] = 99;
    Result<io::CookedLibrary> read = io::DeserializeCookedLibrary(future, "lib.fwcl");
    ASSERT_FALSE(read.ok());
    EXPECT_NE(read.error().message.find("version 99 is not supported"), std::string::npos);
  }
  Result<io::CookedLibrary> missing = io::ReadCookedLibrary("/nonexistent/lib.fwcl");
  ASSERT_FALSE(missing.ok());
}

TEST(CookedLibraryTest, DumpListsCurvesMarkersAndQuality) {
  const io::CookedLibrary library = CookedHumanoid();
  const nlohmann::json dump = nlohmann::json::parse(io::CookedLibraryToJson(library));
  EXPECT_EQ(dump["character"], "procedural_humanoid");
  bool found_walk = false;
  for (const auto& clip : dump["clips"]) {
    if (clip["name"] != "walk")
      continue;
    found_walk = true;
    EXPECT_TRUE(clip["root_motion"].get<bool>());
    EXPECT_NEAR(clip["ground_speed_m_s"].get<double>(), fwt::WalkGait().speed_m_s, 0.03);
    bool foot_lock = false;
    for (const auto& curve : clip["curves"]) {
      if (curve["name"] == "FootLock_L") {
        foot_lock = true;
        EXPECT_EQ(curve["min"], 0.0);
        EXPECT_EQ(curve["max"], 1.0);
        EXPECT_GT(curve["keys"].get<int>(), 10);
      }
    }
    EXPECT_TRUE(foot_lock);
    EXPECT_GE(clip["markers"].size(), 2u);
    EXPECT_TRUE(clip["quality"]["meets_bars"].get<bool>());
  }
  EXPECT_TRUE(found_walk);
}

}  // namespace
}  // namespace footwork::cook
