// footwork cook --dump LIB --feet CLIP on the default character: one line per 60 Hz frame with
// each foot's FootLock and heel and ball heights over the floor; the walk's planted feet stand
// on the floor, its swinging feet rise well off it. An unknown clip is a clear error. Skipped when
// the CC0 pack is not installed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "footwork/io/asset_paths.h"
#include "support/test_paths.h"

namespace footwork::demo {
namespace {

std::string ReadText(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(CookFeetDumpTest, PrintsFootLockAndSoleHeightsPerFrame) {
  if (!io::FindAssetPacks())
    GTEST_SKIP() << "quaternius-ual1 pack not found (set FOOTWORK_ASSETS)";
  const auto dir = testing::ScratchDir("cook_feet_dump");
  const std::string library = (dir / "lib.fwcl").string();
  const std::string cook = std::string(FOOTWORK_CLI) + " cook --character " +
                           (io::ProjectAssets() / "characters" / "quaternius_ual1.json").string() +
                           " --out " + library + " > " + (dir / "cook.txt").string() + " 2>&1";
  ASSERT_EQ(std::system(cook.c_str()), 0) << cook;

  const std::string dump = std::string(FOOTWORK_CLI) + " cook --dump " + library +
                           " --feet walk > " + (dir / "feet.txt").string() + " 2>&1";
  ASSERT_EQ(std::system(dump.c_str()), 0) << dump;
  std::istringstream lines(ReadText(dir / "feet.txt"));
  std::string header;
  std::getline(lines, header);
  EXPECT_NE(header.find("lock_l heel_l ball_l"), std::string::npos) << header;
  int frames = 0;
  float planted_lowest = 1e9f, planted_highest = -1e9f, swing_highest = -1e9f;
  for (std::string line; std::getline(lines, line);) {
    std::istringstream row(line);
    int frame = 0;
    float time = 0, lock_l = 0, heel_l = 0, ball_l = 0, lock_r = 0, heel_r = 0, ball_r = 0;
    ASSERT_TRUE(row >> frame >> time >> lock_l >> heel_l >> ball_l >> lock_r >> heel_r >> ball_r)
        << line;
    EXPECT_EQ(frame, frames);
    for (const auto& [lock, heel, ball] :
         {std::tuple{lock_l, heel_l, ball_l}, std::tuple{lock_r, heel_r, ball_r}}) {
      EXPECT_GE(lock, 0.0f);
      EXPECT_LE(lock, 1.0f);
      const float lowest = std::min(heel, ball);
      if (lock >= 1.0f) {
        planted_lowest = std::min(planted_lowest, lowest);
        planted_highest = std::max(planted_highest, lowest);
      } else {
        swing_highest = std::max(swing_highest, lowest);
      }
    }
    ++frames;
  }
  EXPECT_GT(frames, 30);
  // Planted: the lower sole point within 2 cm of the floor (cm); swinging: well above it.
  EXPECT_GT(planted_lowest, -2.0f);
  EXPECT_LT(planted_highest, 2.0f);
  EXPECT_GT(swing_highest, 10.0f);

  const std::string missing = std::string(FOOTWORK_CLI) + " cook --dump " + library +
                              " --feet no_such_clip > " + (dir / "missing.txt").string() + " 2>&1";
  EXPECT_NE(std::system(missing.c_str()), 0);
  EXPECT_NE(ReadText(dir / "missing.txt").find("no clip 'no_such_clip'"), std::string::npos);
}

}  // namespace
}  // namespace footwork::demo
