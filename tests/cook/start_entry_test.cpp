// Which foot a derived start is entered on (cook/start_entry.h): both entries are cooked and the
// right-foot one is kept unless the left-foot one stands its planted feet clearly lower.
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "footwork/anim/curve_names.h"
#include "footwork/cook/start_entry.h"

namespace footwork::cook {
namespace {

namespace names = anim::curve_names;

struct Soles {
  std::optional<float> left;
  std::optional<float> right;
};

// A stand-in cook: the clip is named after the entry marker and reports the given soles.
CookStartEnteredOn FakeCook(Soles entered_right, Soles entered_left, int* calls = nullptr) {
  return [=](const char* marker) -> Result<CookedClip> {
    if (calls)
      ++*calls;
    const bool right = std::string(marker) == names::kMarkerFootRight;
    const Soles& soles = right ? entered_right : entered_left;
    CookedClip cooked;
    cooked.clip.name = marker;
    cooked.report.quality.locked_sole_height_cm_left = soles.left;
    cooked.report.quality.locked_sole_height_cm_right = soles.right;
    return cooked;
  };
}

TEST(StartEntryTest, TheLeftFootEntryWinsWhenItsPlantsStandClearlyLower) {
  // The Knight's walk start turning 90 left: 10.7 cm entered on the right, 2.7 on the left.
  Result<CookedClip> cooked = CookStartOnTheSteadierFoot(FakeCook({0.2f, 10.7f}, {2.7f, 2.0f}));
  ASSERT_TRUE(cooked.ok()) << cooked.error().message;
  EXPECT_EQ(cooked->clip.name, names::kMarkerFootLeft);
  ASSERT_EQ(cooked->report.notes.size(), 1u);
  EXPECT_NE(cooked->report.notes[0].find("entered on the left foot"), std::string::npos);
  EXPECT_NE(cooked->report.notes[0].find("10.7"), std::string::npos);
}

TEST(StartEntryTest, TheRightFootEntryStaysUnlessTheLeftIsLowerByTheMargin) {
  // 0.5 cm lower is within the 1 cm margin: the conventional entry stays.
  Result<CookedClip> close = CookStartOnTheSteadierFoot(FakeCook({1.0f, 3.0f}, {2.5f, 2.0f}));
  ASSERT_TRUE(close.ok());
  EXPECT_EQ(close->clip.name, names::kMarkerFootRight);
  EXPECT_TRUE(close->report.notes.empty());
  // Higher on the left: the right stays.
  Result<CookedClip> higher = CookStartOnTheSteadierFoot(FakeCook({1.0f, 1.0f}, {5.0f, 0.0f}));
  ASSERT_TRUE(higher.ok());
  EXPECT_EQ(higher->clip.name, names::kMarkerFootRight);
  // A wider margin keeps the right where the default one would not.
  Result<CookedClip> wide =
      CookStartOnTheSteadierFoot(FakeCook({0.2f, 10.7f}, {2.7f, 2.0f}), /*margin_cm=*/9.0f);
  ASSERT_TRUE(wide.ok());
  EXPECT_EQ(wide->clip.name, names::kMarkerFootRight);
}

TEST(StartEntryTest, WithoutMeasuredSolesOnlyTheRightFootEntryIsCooked) {
  int calls = 0;
  Result<CookedClip> cooked = CookStartOnTheSteadierFoot(FakeCook({}, {0.0f, 0.0f}, &calls));
  ASSERT_TRUE(cooked.ok());
  EXPECT_EQ(cooked->clip.name, names::kMarkerFootRight);
  EXPECT_EQ(calls, 1);
}

TEST(StartEntryTest, EitherEntrysErrorIsReturned) {
  const auto failing_on = [](const std::string& failing) -> CookStartEnteredOn {
    return [=](const char* marker) -> Result<CookedClip> {
      if (marker == failing)
        return Error{std::string("cannot cook the start entered on ") + marker};
      CookedClip cooked;
      cooked.report.quality.locked_sole_height_cm_left = 5.0f;
      cooked.report.quality.locked_sole_height_cm_right = 5.0f;
      return cooked;
    };
  };
  for (const char* marker : {names::kMarkerFootRight, names::kMarkerFootLeft}) {
    Result<CookedClip> cooked = CookStartOnTheSteadierFoot(failing_on(marker));
    ASSERT_FALSE(cooked.ok()) << marker;
    EXPECT_NE(cooked.error().message.find(marker), std::string::npos);
  }
}

TEST(StartEntryTest, HighestLockedSoleTakesWhicheverFootWasMeasured) {
  ClipReport report;
  EXPECT_FALSE(HighestLockedSole(report).has_value());
  report.quality.locked_sole_height_cm_right = 1.5f;
  EXPECT_FLOAT_EQ(*HighestLockedSole(report), 1.5f);
  report.quality.locked_sole_height_cm_left = 3.0f;
  EXPECT_FLOAT_EQ(*HighestLockedSole(report), 3.0f);
}

}  // namespace
}  // namespace footwork::cook
