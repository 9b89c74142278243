#include "footwork/graph/blend_space.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>
#include <glm/gtc/quaternion.hpp>

#include "footwork/anim/blending.h"
#include "node_checks.h"
#include "triangulation.h"

namespace footwork::graph {
namespace {

constexpr const char* kNode = "blend space";

Status CheckSamples(const std::string& name, const std::vector<BlendSample>& samples,
                    std::size_t minimum) {
  if (samples.size() < minimum) {
    return Error{fmt::format("blend space '{}': needs at least {} samples, has {}", name, minimum,
                             samples.size())};
  }
  for (std::size_t i = 0; i < samples.size(); ++i) {
    const BlendSample& sample = samples[i];
    if (sample.clip == nullptr)
      return Error{fmt::format("blend space '{}': sample {} has no clip", name, i)};
    if (!std::isfinite(sample.position.x) || !std::isfinite(sample.position.y)) {
      return Error{fmt::format("blend space '{}': sample {} ('{}') has a non-finite position", name,
                               i, sample.clip->name)};
    }
    for (std::size_t j = 0; j < i; ++j) {
      if (samples[j].position == sample.position) {
        return Error{
            fmt::format("blend space '{}': samples {} ('{}') and {} ('{}') share the "
                        "position ({}, {})",
                        name, j, samples[j].clip->name, i, sample.clip->name, sample.position.x,
                        sample.position.y)};
      }
    }
  }
  return {};
}

}  // namespace

Result<BlendSpaceDefinition> BlendSpaceDefinition::Make1D(std::string name,
                                                          std::vector<BlendSample> samples) {
  for (BlendSample& sample : samples)
    sample.position.y = 0.0f;
  if (Status status = CheckSamples(name, samples, 1); !status.ok())
    return status.error();
  std::stable_sort(samples.begin(), samples.end(), [](const BlendSample& a, const BlendSample& b) {
    return a.position.x < b.position.x;
  });
  BlendSpaceDefinition definition;
  definition.name_ = std::move(name);
  definition.dimensions_ = 1;
  definition.samples_ = std::move(samples);
  return definition;
}

Result<BlendSpaceDefinition> BlendSpaceDefinition::Make2D(std::string name,
                                                          std::vector<BlendSample> samples) {
  if (Status status = CheckSamples(name, samples, 3); !status.ok())
    return status.error();
  std::vector<glm::vec2> points;
  for (const BlendSample& sample : samples)
    points.push_back(sample.position);
  BlendSpaceDefinition definition;
  definition.triangles_ = detail::TriangulatePoints(points);
  if (definition.triangles_.empty()) {
    return Error{
        fmt::format("blend space '{}': all {} samples lie on one line (use a 1D blend space)", name,
                    samples.size())};
  }
  definition.name_ = std::move(name);
  definition.dimensions_ = 2;
  definition.samples_ = std::move(samples);
  return definition;
}

Status BlendSpaceDefinition::ComputeWeights(glm::vec2 point, std::span<float> weights) const {
  if (weights.size() != samples_.size()) {
    return Error{fmt::format("blend space '{}': {} weights given for {} samples", name_,
                             weights.size(), samples_.size())};
  }
  if (!std::isfinite(point.x) || (dimensions_ == 2 && !std::isfinite(point.y))) {
    return Error{fmt::format("blend space '{}': query point ({}, {}) is not finite", name_, point.x,
                             point.y)};
  }
  std::fill(weights.begin(), weights.end(), 0.0f);
  if (samples_.empty())
    return {};
  if (dimensions_ == 1) {
    const float x = std::clamp(point.x, samples_.front().position.x, samples_.back().position.x);
    std::size_t upper = 1;
    while (upper < samples_.size() && samples_[upper].position.x < x)
      ++upper;
    if (upper >= samples_.size()) {
      weights[samples_.size() - 1] = 1.0f;
      return {};
    }
    const float x0 = samples_[upper - 1].position.x, x1 = samples_[upper].position.x;
    const float t = (x - x0) / (x1 - x0);
    weights[upper - 1] = 1.0f - t;
    weights[upper] = t;
    return {};
  }
  // 2D: the triangle containing the point, else the nearest point of the nearest triangle.
  const glm::dvec2 p(point);
  detail::TriangleHit best;
  best.distance_sq = std::numeric_limits<double>::infinity();
  const std::array<int, 3>* best_triangle = nullptr;
  for (const std::array<int, 3>& triangle : triangles_) {
    const detail::TriangleHit hit = detail::NearestInTriangle(
        p, glm::dvec2(samples_[triangle[0]].position), glm::dvec2(samples_[triangle[1]].position),
        glm::dvec2(samples_[triangle[2]].position));
    if (hit.distance_sq < best.distance_sq) {
      best = hit;
      best_triangle = &triangle;
      if (hit.distance_sq == 0.0)
        break;
    }
  }
  const double sum = best.weights.x + best.weights.y + best.weights.z;
  for (int c = 0; c < 3; ++c)
    weights[(*best_triangle)[c]] = static_cast<float>(best.weights[c] / sum);
  return {};
}

Status BlendSpacePlayer::Setup(const BlendSpaceDefinition& definition,
                               const anim::Skeleton& skeleton, const CurveLayout* curves) {
  const std::size_t count = definition.samples().size();
  players_.assign(count, SequencePlayer{});
  members_.assign(count, SyncGroupMember{});
  weights_.assign(count, 0.0f);
  for (std::size_t i = 0; i < count; ++i) {
    if (Status status = players_[i].Setup(skeleton, curves); !status.ok())
      return status;
    if (Status status = players_[i].Play(*definition.samples()[i].clip); !status.ok())
      return WithContext(fmt::format("blend space '{}'", definition.name()), status.error());
  }
  for (std::vector<Transform>& pose : scratch_poses_)
    pose.assign(static_cast<std::size_t>(skeleton.num_joints()), Transform{});
  scratch_curves_.assign(curves != nullptr ? curves->size() : 0, 0.0f);
  definition_ = &definition;
  leader_ = -1;
  return {};
}

Status BlendSpacePlayer::SetPlayRate(float play_rate) {
  if (Status status = detail::CheckFinite(kNode, "play_rate", play_rate); !status.ok())
    return status;
  play_rate_ = play_rate;
  return {};
}

Status BlendSpacePlayer::Update(float dt_s, glm::vec2 point) {
  if (definition_ == nullptr)
    return Error{"blend space: not set up (call Setup first)"};
  if (Status status = detail::CheckDt(kNode, dt_s); !status.ok())
    return status;
  if (!std::isfinite(point.x) || !std::isfinite(point.y)) {
    return Error{fmt::format("blend space '{}': query point ({}, {}) is not finite",
                             definition_->name(), point.x, point.y)};
  }
  if (Status status = definition_->ComputeWeights(point, weights_); !status.ok())
    return status;
  for (std::size_t i = 0; i < players_.size(); ++i) {
    players_[i].WriteSyncMember(members_[i]);
    members_[i].play_rate = play_rate_;
    members_[i].weight = weights_[i];
    members_[i].role = SyncRole::kCanBeLeader;
  }
  leader_ = UpdateSyncGroup(members_, dt_s);
  for (std::size_t i = 0; i < players_.size(); ++i)
    players_[i].ApplySyncResult(members_[i]);
  return {};
}

Status BlendSpacePlayer::Evaluate(std::span<Transform> pose) {
  if (definition_ == nullptr)
    return Error{"blend space: not set up (call Setup first)"};
  std::array<anim::BlendLayer, kMaxActiveSamples> layers;
  std::size_t count = 0;
  for (std::size_t i = 0; i < players_.size() && count < layers.size(); ++i) {
    if (weights_[i] <= 0.0f)
      continue;
    std::vector<Transform>& scratch = scratch_poses_[count];
    if (Status status = players_[i].Evaluate(scratch); !status.ok())
      return status;
    layers[count++] = {scratch, weights_[i]};
  }
  if (count == 0)
    return Error{
        fmt::format("blend space '{}': no weights yet (call Update first)", definition_->name())};
  anim::BlendingJob job;
  job.layers = std::span(layers.data(), count);
  job.output = pose;
  return job.Run();
}

void BlendSpacePlayer::EvaluateCurves(std::span<float> values) {
  std::fill(values.begin(), values.end(), 0.0f);
  const std::size_t n = std::min(values.size(), scratch_curves_.size());
  for (std::size_t i = 0; i < players_.size(); ++i) {
    if (weights_[i] <= 0.0f)
      continue;
    players_[i].EvaluateCurves(std::span(scratch_curves_).first(n));
    for (std::size_t c = 0; c < n; ++c)
      values[c] += weights_[i] * scratch_curves_[c];
  }
}

Transform BlendSpacePlayer::RootMotion() {
  Transform blended;
  blended.rotation = glm::quat(0.0f, 0.0f, 0.0f, 0.0f);
  float total = 0.0f;
  for (std::size_t i = 0; i < players_.size(); ++i) {
    if (weights_[i] <= 0.0f)
      continue;
    const Transform motion = players_[i].RootMotion();
    const float w = weights_[i];
    blended.translation += w * motion.translation;
    // Sign-align with the running sum so opposite hemispheres do not cancel.
    const bool flip = glm::dot(blended.rotation, motion.rotation) < 0.0f;
    blended.rotation += (flip ? -w : w) * motion.rotation;
    total += w;
  }
  if (total <= 0.0f || glm::length(blended.rotation) <= 0.0f)
    return Transform{};
  blended.translation /= total;
  blended.rotation = glm::normalize(blended.rotation);
  return blended;
}

std::size_t BlendSpacePlayer::CollectNotifySources(std::uint32_t base_id, float weight,
                                                   std::span<NotifySource> out) const {
  std::size_t count = 0;
  for (std::size_t i = 0; i < players_.size() && count < out.size(); ++i) {
    if (weights_[i] <= 0.0f)
      continue;
    out[count++] =
        players_[i].AsNotifySource(base_id + static_cast<std::uint32_t>(i), weights_[i] * weight);
  }
  return count;
}

}  // namespace footwork::graph
