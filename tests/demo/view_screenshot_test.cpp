// footwork view under Xvfb: it starts, renders a few frames and saves a screenshot that shows
// the scene and the panels (not one flat colour). Needs xvfb-run (scripts/install-deps) and the
// CC0 character pack.
#include <gtest/gtest.h>

#include <cstdlib>
#include <set>
#include <string>

#include "footwork/io/asset_paths.h"
#include "footwork/render/image.h"
#include "support/test_paths.h"

namespace footwork::demo {
namespace {

TEST(ViewScreenshotTest, ViewerRendersSceneAndPanelsUnderXvfb) {
  if (!io::FindAssetPacks())
    GTEST_SKIP() << "quaternius-ual1 pack not found (set FOOTWORK_ASSETS)";
  ASSERT_EQ(std::system("command -v xvfb-run >/dev/null 2>&1"), 0)
      << "xvfb-run not installed: run scripts/install-deps";
  const auto dir = testing::ScratchDir("view_screenshot");
  const auto shot = dir / "view.png";
  // Mesa and SDL keep allocations to the end of the process: no leak report in sanitizer builds.
  const std::string command =
      std::string("ASAN_OPTIONS=detect_leaks=0 xvfb-run -a -s '-screen 0 800x450x24' ") +
      FOOTWORK_CLI + " view --size 800x450 --frames 8 --cache " + (dir / "cache").string() +
      " --screenshot " + shot.string() + " > " + (dir / "log.txt").string() + " 2>&1";
  ASSERT_EQ(std::system(command.c_str()), 0) << command << " (see " << dir / "log.txt"
                                             << ")";

  auto image = render::ReadPng(shot);
  ASSERT_TRUE(image.ok()) << image.error().message;
  EXPECT_EQ(image->width, 800);
  EXPECT_EQ(image->height, 450);
  std::set<int> colours;
  int sky = 0;
  int character = 0;
  for (int y = 0; y < image->height; ++y) {
    for (int x = 0; x < image->width; ++x) {
      const std::uint8_t* p = image->Pixel(x, y);
      colours.insert((p[0] << 16) | (p[1] << 8) | p[2]);
      sky += p[2] > p[0] + 40 ? 1 : 0;        // blue sky
      character += p[0] > p[2] + 60 ? 1 : 0;  // the orange character
    }
  }
  EXPECT_GT(colours.size(), 200u);  // scene shading, text and panels
  EXPECT_GT(sky, 5000);
  EXPECT_GT(character, 1000);
}

}  // namespace
}  // namespace footwork::demo
