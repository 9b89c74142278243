// footwork cook --dump LIB --feet CLIP on the default character: one line per 60 Hz frame with
// each foot's FootLock, heel and ball heights over the floor and ankle slide; the walk's planted
// feet stand still on the floor, its swinging feet rise well off it. An unknown clip is a clear
// error. Skipped when the CC0 pack is not installed.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
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
  EXPECT_NE(header.find("lock_l heel_l ball_l slide_l"), std::string::npos) << header;
  int frames = 0;
  float planted_lowest = 1e9f, planted_highest = -1e9f, swing_highest = -1e9f;
  float planted_fastest = 0.0f, swing_fastest = 0.0f;
  // Per foot: whether the frame before was planted too (the slide is a central difference, so
  // the first and last planted frames see the arriving and leaving foot).
  std::array<float, 2> previous_lock{0.0f, 0.0f};
  std::array<float, 2> previous_slide{0.0f, 0.0f};
  std::array<bool, 2> previous_inside{false, false};
  for (std::string line; std::getline(lines, line);) {
    std::istringstream row(line);
    int frame = 0;
    float time = 0, lock_l = 0, heel_l = 0, ball_l = 0, slide_l = 0;
    float lock_r = 0, heel_r = 0, ball_r = 0, slide_r = 0;
    ASSERT_TRUE(row >> frame >> time >> lock_l >> heel_l >> ball_l >> slide_l >> lock_r >> heel_r >>
                ball_r >> slide_r)
        << line;
    EXPECT_EQ(frame, frames);
    int side = 0;
    for (const auto& [lock, heel, ball, slide] : {std::tuple{lock_l, heel_l, ball_l, slide_l},
                                                  std::tuple{lock_r, heel_r, ball_r, slide_r}}) {
      EXPECT_GE(lock, 0.0f);
      EXPECT_LE(lock, 1.0f);
      EXPECT_GE(slide, 0.0f);
      const float lowest = std::min(heel, ball);
      // The previous frame, planted with planted frames on both sides, is checked for slide.
      if (previous_inside[side] && lock >= 1.0f)
        planted_fastest = std::max(planted_fastest, previous_slide[side]);
      previous_inside[side] = previous_lock[side] >= 1.0f && lock >= 1.0f;
      previous_lock[side] = lock;
      previous_slide[side] = slide;
      ++side;
      if (lock >= 1.0f) {
        planted_lowest = std::min(planted_lowest, lowest);
        planted_highest = std::max(planted_highest, lowest);
      } else {
        swing_highest = std::max(swing_highest, lowest);
        swing_fastest = std::max(swing_fastest, slide);
      }
    }
    ++frames;
  }
  // The walk's planted ankle stays put along the root motion (cm/s); a swinging one travels at
  // more than twice the walk's 1 m/s.
  EXPECT_LT(planted_fastest, 1.0f);
  EXPECT_GT(swing_fastest, 200.0f);
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
