#include "footwork/locomotion/footfall_alignment.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace footwork::locomotion {
namespace {

// Scales tried between the least and the most allowed (the overlap is piecewise linear in the
// scale; 1/80 of a 0.4 range moves a plant 1.2 m ahead by 6 mm).
constexpr int kFootfallScaleSamples = 81;
// Plants counted at most (the survey sees about 1.2 m ahead: four steps of the Knight's).
constexpr int kFootfallMaxPlants = 8;

bool AllFinite(const FootfallForecast& forecast) {
  return std::isfinite(forecast.ankle_now_m) && std::isfinite(forecast.ankle_plant_m) &&
         std::isfinite(forecast.ball_plant_m);
}

}  // namespace

float FootfallOverlap(std::span<const float> edges_m, float ankle_m, float ball_m,
                      const StairSettings& settings) {
  const float heel = std::min(ankle_m, ball_m) - settings.footfall_heel_margin_m;
  const float toe = std::max(ankle_m, ball_m) + settings.footfall_toe_margin_m;
  float overlap = 0.0f;
  for (const float edge : edges_m) {
    if (edge > heel && edge < toe)
      overlap = std::max(overlap, std::min(edge - heel, toe - edge));
  }
  return overlap;
}

float FootfallStrideScale(std::span<const float> edges_m, const FootfallForecast& forecast,
                          float step_m, float horizon_m, float current_scale,
                          const StairSettings& settings) {
  const float change = settings.footfall_max_stride_change;
  if (!(change > 0.0f) || !std::isfinite(change) || !(step_m > 0.0f) || !std::isfinite(step_m) ||
      !std::isfinite(horizon_m) || !(current_scale > 0.0f) || !std::isfinite(current_scale) ||
      !AllFinite(forecast) || edges_m.empty())
    return current_scale;
  const float lowest = std::max(1.0f - change, 1e-3f);
  const float highest = 1.0f + change;
  const float foot_m = forecast.ball_plant_m - forecast.ankle_plant_m;
  const float swing_m = forecast.ankle_plant_m - forecast.ankle_now_m;
  // The overlap of every plant within the horizon at an absolute scale, plus the scale's cost.
  const auto cost_at = [&](float scale) {
    const float shift = (scale / current_scale - 1.0f) * swing_m;
    float overlap = 0.0f;
    for (int k = 0; k < kFootfallMaxPlants; ++k) {
      const float ankle = forecast.ankle_plant_m + shift + static_cast<float>(k) * step_m;
      if (std::max(ankle, ankle + foot_m) + settings.footfall_toe_margin_m > horizon_m)
        break;
      overlap += FootfallOverlap(edges_m, ankle, ankle + foot_m, settings);
    }
    return overlap + settings.footfall_scale_cost_m * std::fabs(scale - 1.0f);
  };
  float best_scale = std::clamp(current_scale, lowest, highest);
  float best_cost = cost_at(best_scale);
  for (int i = 0; i < kFootfallScaleSamples; ++i) {
    const float scale = lowest + (highest - lowest) * static_cast<float>(i) /
                                     static_cast<float>(kFootfallScaleSamples - 1);
    const float cost = cost_at(scale);
    // Ties keep the scale nearer 1 (the samples run from the lowest up: strictly less only).
    if (cost < best_cost - 1e-6f ||
        (cost <= best_cost + 1e-6f && std::fabs(scale - 1.0f) < std::fabs(best_scale - 1.0f))) {
      best_cost = cost;
      best_scale = scale;
    }
  }
  return best_scale;
}

}  // namespace footwork::locomotion
