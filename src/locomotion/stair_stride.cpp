#include "footwork/locomotion/stair_stride.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

#include "footwork/core/transform.h"

namespace footwork::locomotion {
namespace {

// Rays start this far above the feet and end as far below (the tallest stair rises far less).
constexpr float kRayReachM = 1.5f;
// Traces spread over the survey to tell level ground, which has no stairs, before the survey.
constexpr int kCoarseTraces = 5;
// A change of ground right after a riser's that is at least this much (m) belongs to it.
constexpr float kSameRiserM = 0.01f;
// The survey traces every this many spacings first (10 cm at the default 2 cm), and fills in
// between two traces only where the ground under them differs by more than kSparseSameGroundM:
// a riser up and back down within that span (a bump under 10 cm wide) is no stairs it misses.
// Half the traces on stairs (BM_SurveyStairs), the same risers found.
constexpr int kSparseStride = 5;
constexpr float kSparseSameGroundM = 0.001f;

}  // namespace

std::optional<StairProfile> SurveyStairs(const world::CollisionWorld& world, const glm::vec3& feet,
                                         const glm::vec3& direction,
                                         const StairSettings& settings) {
  if (!IsFinite(feet) || !IsFinite(direction) || !(settings.survey_spacing_m > 0.0f))
    return std::nullopt;
  const glm::vec2 flat(direction.x, direction.z);
  const float length = glm::length(flat);
  if (!(length > 1e-4f))
    return std::nullopt;
  const glm::vec2 along = flat / length;
  const int samples = static_cast<int>(
      std::floor((settings.survey_behind_m + settings.survey_ahead_m) / settings.survey_spacing_m));
  if (samples < 2)
    return std::nullopt;
  const auto ground_at = [&](float d) -> std::optional<float> {
    const glm::vec3 point(feet.x + along.x * d, feet.y, feet.z + along.y * d);
    const auto hit = world.RayCast(point + glm::vec3(0.0f, kRayReachM, 0.0f),
                                   point - glm::vec3(0.0f, kRayReachM, 0.0f));
    return hit ? std::optional<float>(hit->point.y) : std::nullopt;
  };
  // A few traces first: level ground everywhere along the line (most of the time) has no stairs,
  // and the survey's every-2-cm traces cost 74 us in the default level.
  {
    float lowest = std::numeric_limits<float>::infinity();
    float highest = -std::numeric_limits<float>::infinity();
    bool all_hit = true;
    for (int i = 0; i < kCoarseTraces; ++i) {
      const float d = -settings.survey_behind_m +
                      (settings.survey_behind_m + settings.survey_ahead_m) * static_cast<float>(i) /
                          static_cast<float>(kCoarseTraces - 1);
      const std::optional<float> height = ground_at(d);
      if (!height) {
        all_hit = false;
        break;
      }
      lowest = std::min(lowest, *height);
      highest = std::max(highest, *height);
    }
    if (all_hit && highest - lowest < settings.min_riser_m)
      return std::nullopt;
  }
  // The ground along the line (unset where a trace found none): every kSparseStride-th trace
  // first, then every trace between two of them whose ground differs (or is missing), so the
  // treads of stairs are traced sparsely and only the risers densely.
  std::vector<std::optional<float>> heights(static_cast<std::size_t>(samples) + 1);
  const auto trace_at = [&](int i) {
    heights[static_cast<std::size_t>(i)] =
        ground_at(-settings.survey_behind_m + static_cast<float>(i) * settings.survey_spacing_m);
  };
  for (int i = 0; i <= samples; i += kSparseStride)
    trace_at(i);
  if (samples % kSparseStride != 0)
    trace_at(samples);
  for (int from = 0; from < samples; from += kSparseStride) {
    const int to = std::min(from + kSparseStride, samples);
    const std::optional<float>& a = heights[static_cast<std::size_t>(from)];
    const std::optional<float>& b = heights[static_cast<std::size_t>(to)];
    if (a && b && std::fabs(*b - *a) <= kSparseSameGroundM)
      continue;
    for (int i = from + 1; i < to; ++i)
      trace_at(i);
  }
  // Where along the line each riser is (m from the first trace), and its height: a rise or drop
  // between neighbouring traces, with the ground's further change the same way right after it
  // (a trace on a nosing splits a riser in two).
  std::vector<float> riser_at;
  std::vector<float> edges;
  float riser_sum = 0.0f;
  float signed_sum = 0.0f;
  const auto jump_at = [&](std::size_t i) -> std::optional<float> {
    if (!heights[i] || !heights[i + 1])
      return std::nullopt;
    return *heights[i + 1] - *heights[i];
  };
  for (std::size_t i = 0; i + 1 < heights.size(); ++i) {
    const std::optional<float> jump = jump_at(i);
    if (!jump || std::fabs(*jump) < settings.min_riser_m)
      continue;
    float height = *jump;
    std::size_t end = i + 1;
    while (end + 1 < heights.size()) {
      const std::optional<float> more = jump_at(end);
      if (!more || std::fabs(*more) < kSameRiserM || (*more > 0.0f) != (height > 0.0f))
        break;
      height += *more;
      ++end;
    }
    if (std::fabs(height) <= settings.max_riser_m) {
      riser_at.push_back(static_cast<float>(i) * settings.survey_spacing_m);
      edges.push_back(-settings.survey_behind_m +
                      (static_cast<float>(i) + 0.5f) * settings.survey_spacing_m);
      riser_sum += std::fabs(height);
      signed_sum += height;
    }
    i = end - 1;
  }
  if (riser_at.size() < 2)
    return std::nullopt;
  StairProfile stairs;
  stairs.risers = static_cast<int>(riser_at.size());
  stairs.tread_m = (riser_at.back() - riser_at.front()) / static_cast<float>(riser_at.size() - 1);
  stairs.riser_m = riser_sum / static_cast<float>(riser_at.size());
  stairs.down = signed_sum < 0.0f;
  stairs.edges_m = std::move(edges);
  return stairs;
}

float StairSurveyAheadM(const StairSettings& settings, float speed_m_s) {
  const float at_speed = std::isfinite(speed_m_s) && std::isfinite(settings.survey_ahead_s)
                             ? std::fabs(speed_m_s) * std::max(settings.survey_ahead_s, 0.0f)
                             : 0.0f;
  return std::min(std::max(settings.survey_ahead_m, at_speed), kMaxStairSurveyAheadM);
}

float MaxStairStep(const StairSettings& settings, GroundGait gait, bool down) {
  switch (gait) {
    case GroundGait::kWalk:
      return down ? settings.max_drop_per_step_m : settings.max_rise_per_step_m;
    case GroundGait::kRun:
      return down ? settings.run_max_drop_per_step_m : settings.run_max_rise_per_step_m;
    case GroundGait::kIdle:
      break;
  }
  return 0.0f;
}

bool StairStrideOn(const StairSettings& settings, GroundGait gait) {
  return MaxStairStep(settings, gait, false) > 0.0f || MaxStairStep(settings, gait, true) > 0.0f;
}

float StairStrideFactor(const StairProfile& stairs, float step_length_m,
                        const StairSettings& settings, GroundGait gait) {
  const float max_step_m = MaxStairStep(settings, gait, stairs.down);
  if (!(max_step_m > 0.0f) || !(stairs.tread_m > 0.0f) || !(stairs.riser_m > 0.0f) ||
      !(step_length_m > 0.0f) || !std::isfinite(step_length_m) || !std::isfinite(stairs.tread_m) ||
      !std::isfinite(stairs.riser_m))
    return 1.0f;
  // Whole treads a step may climb (or go down); a little slack so a riser of exactly the limit
  // counts.
  const float treads = std::max(1.0f, std::floor(max_step_m / stairs.riser_m + 1e-3f));
  const float step = treads * stairs.tread_m;
  return std::clamp(step_length_m / step, 1.0f, std::max(1.0f, settings.max_stride_factor));
}

}  // namespace footwork::locomotion
