// Foot slide and float on synthetic traces: contact means planted (the trace's contact flag),
// and slide is measured relative to the surface under the foot (a moving platform).

#include <gtest/gtest.h>

#include <vector>

#include "footwork/sim/metrics.h"
#include "footwork/sim/trace_frame.h"

namespace footwork::sim {
namespace {

constexpr double kDt = 1.0 / 60.0;

// `count` frames at 60 Hz of a character standing on a platform that carries it at `platform`
// (m/s): both feet planted, each foot sliding on the platform at `slide_left` / `slide_right`.
std::vector<TraceFrame> OnPlatform(std::size_t count, const glm::vec3& platform,
                                   const glm::vec3& slide_left, const glm::vec3& slide_right) {
  std::vector<TraceFrame> frames(count);
  for (std::size_t k = 0; k < count; ++k) {
    const auto t = static_cast<float>(static_cast<double>(k) * kDt);
    TraceFrame& frame = frames[k];
    frame.t = static_cast<double>(k) * kDt;
    frame.foot_left.position = glm::vec3(0.1f, 0.15f, 5.0f) + (platform + slide_left) * t;
    frame.foot_right.position = glm::vec3(-0.1f, 0.15f, 5.0f) + (platform + slide_right) * t;
    for (FootSample* foot : {&frame.foot_left, &frame.foot_right}) {
      foot->contact = foot->locked = true;
      foot->surface_height_m = 0.15f;
      foot->sole_height_m = 0.15f;
      if (k > 0)
        foot->surface_velocity_m_s = platform;
    }
  }
  return frames;
}

FootSlide Slide(const std::vector<TraceFrame>& frames) {
  Result<Metrics> metrics = ComputeMetrics(frames, MetricBars::WithIk());
  EXPECT_TRUE(metrics.ok()) << metrics.error().message;
  EXPECT_TRUE(metrics->foot_slide.has_value());
  return metrics->foot_slide.value_or(FootSlide{});
}

TEST(FootContactMetricsTest, FeetPlantedOnAMovingPlatformDoNotSlide) {
  const std::vector<TraceFrame> frames =
      OnPlatform(61, glm::vec3(1.0f, 0.0f, -0.5f), glm::vec3(0.0f), glm::vec3(0.0f));
  const FootSlide slide = Slide(frames);
  EXPECT_EQ(slide.samples, 120u);
  EXPECT_LT(slide.mean_cm_s, 0.01);
  EXPECT_LT(slide.p95_cm_s, 0.01);
}

TEST(FootContactMetricsTest, SlideOnAPlatformIsRelativeToIt) {
  // Left foot slides 3 cm/s over the platform (diagonally), right one holds.
  const std::vector<TraceFrame> frames = OnPlatform(
      61, glm::vec3(0.0f, 0.0f, 1.0f), glm::vec3(0.018f, 0.0f, -0.024f), glm::vec3(0.0f));
  const FootSlide slide = Slide(frames);
  EXPECT_NEAR(slide.mean_cm_s, 1.5, 0.01);
  EXPECT_NEAR(slide.p95_cm_s, 3.0, 0.01);
}

TEST(FootContactMetricsTest, WithoutSurfaceVelocityTheGroundIsStatic) {
  // The same motion recorded without the platform's velocity (an older trace) is world slide.
  std::vector<TraceFrame> frames =
      OnPlatform(61, glm::vec3(0.0f, 0.0f, 1.0f), glm::vec3(0.0f), glm::vec3(0.0f));
  for (TraceFrame& frame : frames) {
    frame.foot_left.surface_velocity_m_s.reset();
    frame.foot_right.surface_velocity_m_s.reset();
  }
  EXPECT_NEAR(Slide(frames).mean_cm_s, 100.0, 0.1);
}

TEST(FootContactMetricsTest, OnlyPlantedFramesCountForSlideAndFloat) {
  // A foot released (contact false: its FootLock ramp is below planted) glides back to the
  // animation and lifts; neither its motion nor its height counts against planted-foot bars.
  std::vector<TraceFrame> frames =
      OnPlatform(30, glm::vec3(0.0f), glm::vec3(0.0f), glm::vec3(0.0f));
  for (std::size_t k = 10; k < 20; ++k) {
    FootSample& foot = frames[k].foot_left;
    foot.contact = false;
    foot.locked = k < 15;  // the lock is still releasing
    foot.position += glm::vec3(0.0f, 0.0f, 0.02f * static_cast<float>(k - 9));
    foot.sole_height_m = 0.15f + 0.01f * static_cast<float>(k - 9);
  }
  for (std::size_t k = 20; k < 30; ++k)
    frames[k].foot_left.position.z += 0.2f;  // planted again, further on
  Result<Metrics> metrics = ComputeMetrics(frames, MetricBars::WithIk());
  ASSERT_TRUE(metrics.ok()) << metrics.error().message;
  ASSERT_TRUE(metrics->foot_slide.has_value());
  // 29 right-foot pairs, left: 9 before the release and 9 after re-planting.
  EXPECT_EQ(metrics->foot_slide->samples, 29u + 9u + 9u);
  EXPECT_LT(metrics->foot_slide->mean_cm_s, 0.01);
  ASSERT_TRUE(metrics->foot_float_cm.has_value());
  EXPECT_LT(*metrics->foot_float_cm, 0.01);

  // A planted foot 3 cm up is a float past issue 7's 2 cm bar.
  frames[25].foot_right.sole_height_m = 0.18f;
  metrics = ComputeMetrics(frames, MetricBars::WithIk());
  ASSERT_TRUE(metrics.ok());
  EXPECT_NEAR(metrics->foot_float_cm.value_or(0.0), 3.0, 1e-3);
  EXPECT_FALSE(metrics->Passed());
}

}  // namespace
}  // namespace footwork::sim
