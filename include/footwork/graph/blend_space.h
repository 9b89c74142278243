#pragma once
// Blend spaces (Unreal's node of that name): clips placed at points of a 1D or 2D parameter space
// (e.g. speed, or direction x speed); a query point gives each clip a weight (at most 2 non-zero
// in 1D, 3 in 2D, summing to 1) and the clips play as one sync group so their feet stay in
// phase. 2D spaces are triangulated (Delaunay; grids split into two triangles a cell) and points
// outside the samples' hull clamp to the nearest point on it.
//
// BlendSpaceDefinition is shared and read-only; BlendSpacePlayer is one character's state and
// does not allocate after Setup.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "footwork/anim/clip.h"
#include "footwork/anim/skeleton.h"
#include "footwork/core/error.h"
#include "footwork/core/transform.h"
#include "footwork/graph/curve_layout.h"
#include "footwork/graph/notify.h"
#include "footwork/graph/sequence_player.h"
#include "footwork/graph/sync_group.h"

namespace footwork::graph {

// One clip of a blend space and where it sits (1D spaces use position.x only).
struct BlendSample {
  const anim::Clip* clip = nullptr;
  glm::vec2 position{0.0f};
};

class BlendSpaceDefinition {
 public:
  // Samples along x. Errors: no samples, a null clip, a non-finite or repeated position.
  static Result<BlendSpaceDefinition> Make1D(std::string name, std::vector<BlendSample> samples);
  // Samples in the plane, triangulated here. Errors: fewer than 3 samples, a null clip, a
  // non-finite or repeated position, all samples on one line (use a 1D space).
  static Result<BlendSpaceDefinition> Make2D(std::string name, std::vector<BlendSample> samples);

  // Weights of every sample at `point` (clamped into the space), summing to 1 with at most 2
  // (1D) or 3 (2D) non-zero. weights.size() == samples().size(); a non-finite point is an error.
  Status ComputeWeights(glm::vec2 point, std::span<float> weights) const;

  const std::string& name() const { return name_; }
  int dimensions() const { return dimensions_; }
  // 1D samples are sorted by position.x.
  const std::vector<BlendSample>& samples() const { return samples_; }
  // 2D only: sample indices of each triangle, counter-clockwise.
  const std::vector<std::array<int, 3>>& triangles() const { return triangles_; }

 private:
  std::string name_;
  int dimensions_ = 1;
  std::vector<BlendSample> samples_;
  std::vector<std::array<int, 3>> triangles_;
};

class BlendSpacePlayer {
 public:
  // At most this many samples have weight at once (a triangle's corners).
  static constexpr int kMaxActiveSamples = 3;

  // Sizes one player per sample, the sync group and the blend scratch. The definition, skeleton
  // and layout must outlive the player. Errors when a sample's clip does not fit the skeleton.
  Status Setup(const BlendSpaceDefinition& definition, const anim::Skeleton& skeleton,
               const CurveLayout* curves = nullptr);

  // The leader's play rate (followers keep its pace through sync markers). Finite.
  Status SetPlayRate(float play_rate);

  // Moves the query point, recomputes the weights and advances the sync group by dt_s (finite,
  // in [0, 1] s). A non-finite point or bad dt is an error and changes nothing.
  Status Update(float dt_s, glm::vec2 point);
  Status Update(float dt_s, float x) { return Update(dt_s, glm::vec2(x, 0.0f)); }

  // The blend of the weighted samples' poses (skeleton joint count).
  Status Evaluate(std::span<Transform> pose);
  // Weighted sum of the samples' curves (layout size).
  void EvaluateCurves(std::span<float> values);
  // Weighted blend of the samples' root motion over the last update.
  Transform RootMotion();
  // One notify source per weighted sample (id = base_id + sample index, weight scaled by
  // `weight`); returns how many were written (at most kMaxActiveSamples, out.size() bounds it).
  std::size_t CollectNotifySources(std::uint32_t base_id, float weight,
                                   std::span<NotifySource> out) const;

  std::span<const float> weights() const { return weights_; }
  // The sample leading the sync group in the last update, or -1.
  int leader() const { return leader_; }
  const SequencePlayer& sample_player(int sample) const { return players_[sample]; }

 private:
  const BlendSpaceDefinition* definition_ = nullptr;
  std::vector<SequencePlayer> players_;
  std::vector<SyncGroupMember> members_;
  std::vector<float> weights_;
  std::array<std::vector<Transform>, kMaxActiveSamples> scratch_poses_;
  std::vector<float> scratch_curves_;
  float play_rate_ = 1.0f;
  int leader_ = -1;
};

}  // namespace footwork::graph
