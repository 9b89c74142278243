// The cooker's version is made by the build from the cooker's sources (cmake/CookerVersion.cmake):
// a SHA-256 in hex, the same on every call.
#include "footwork/cook/cooker_version.h"

#include <string>

#include <gtest/gtest.h>

namespace footwork::cook {
namespace {

TEST(CookerVersion, IsTheBuildsHashOfTheCookersSources) {
  const std::string version(CookerVersion());
  ASSERT_EQ(version.size(), 64u) << version;
  EXPECT_EQ(version.find_first_not_of("0123456789abcdef"), std::string::npos) << version;
  // Not a placeholder: a SHA-256 of real sources has more than one distinct digit.
  EXPECT_NE(version.find_first_not_of(version[0]), std::string::npos) << version;
  EXPECT_EQ(CookerVersion(), CookerVersion());
}

}  // namespace
}  // namespace footwork::cook
