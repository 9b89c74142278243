// The graph's nodes do not allocate per frame after setup: this test binary counts global
// operator new calls while a steady-state frame of every node runs.
#include <array>
#include <atomic>
#include <cstdlib>
#include <new>
#include <vector>

#include <gtest/gtest.h>

#include "footwork/graph/apply_additive_node.h"
#include "footwork/graph/blend_space.h"
#include "footwork/graph/layered_blend_node.h"
#include "footwork/graph/modify_curve_node.h"
#include "footwork/graph/notify.h"
#include "footwork/graph/sequence_evaluator.h"
#include "footwork/graph/sequence_player.h"
#include "footwork/graph/slot.h"
#include "node_test_clips.h"

namespace {
std::atomic<bool> g_counting{false};
std::atomic<int> g_allocations{0};
}  // namespace

// GCC pairs its builtin operator new with operator delete and flags the free() below, although
// this file replaces both.
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"

// Replaces the global allocation functions of this test program (counting only while asked).
void* operator new(std::size_t size) {
  if (g_counting.load(std::memory_order_relaxed))
    g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size == 0 ? 1 : size))
    return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}

namespace footwork::graph {
namespace {

constexpr float kDt = 1.0f / 60.0f;
using testing::ChainSkeleton;
using testing::TimeRevealingClip;

TEST(NodeAllocationTest, SteadyStateFramesDoNotAllocate) {
  const anim::Skeleton skeleton = ChainSkeleton();
  anim::Clip walk = TimeRevealingClip("walk", 1.0f, true, 0.5f, 1.0f);
  walk.markers = {{"Foot_L", 0.1f}, {"Foot_R", 0.6f}};
  walk.notifies = {{"Step", 0.1f, 0.0f}, {"Lean", 0.3f, 0.4f}};
  anim::Clip run = TimeRevealingClip("run", 0.7f, true, 1.0f, 3.0f);
  run.markers = {{"Foot_L", 0.05f}, {"Foot_R", 0.4f}};
  const anim::Clip stop = TimeRevealingClip("stop", 2.0f, false, 1.0f, 1.5f, 1.5f);
  const CurveLayout layout({"Value", "Distance", "RotateAlpha"});

  SequencePlayer player;
  ASSERT_TRUE(player.Setup(skeleton, &layout).ok());
  ASSERT_TRUE(player.Play(walk).ok());
  SequenceEvaluator evaluator;
  ASSERT_TRUE(evaluator.Setup(skeleton, &layout).ok());
  ASSERT_TRUE(evaluator.SetClip(stop).ok());
  auto space = BlendSpaceDefinition::Make2D(
      "space", {{&walk, {0.0f, 1.0f}}, {&run, {0.0f, 4.0f}}, {&walk, {1.0f, 1.0f}}});
  ASSERT_TRUE(space.ok());
  BlendSpacePlayer blend_space;
  ASSERT_TRUE(blend_space.Setup(*space, skeleton, &layout).ok());
  Slot slot;
  ASSERT_TRUE(slot.Setup(skeleton, &layout).ok());
  LayeredBlendNode layered;
  ASSERT_TRUE(
      layered.Setup(skeleton, {.branches = {{"spine", 2}}, .mesh_space_rotation = true}).ok());
  ApplyAdditiveNode additive;
  ASSERT_TRUE(additive.Setup(skeleton, anim::AdditiveSpace::kMesh).ok());
  ModifyCurveNode modify;
  ASSERT_TRUE(modify.Setup(layout, {"RotateAlpha"}, CurveModifyMode::kBlend).ok());
  NotifyDispatcher dispatcher;
  std::vector<NotifyEvent> events;
  events.reserve(64);
  std::vector<Transform> a(3), b(3), c(3);
  std::array<float, 3> curves{}, other{};
  std::array<NotifySource, 8> sources;

  auto frame = [&](int index) {
    ASSERT_TRUE(player.Advance(kDt).ok());
    ASSERT_TRUE(player.Evaluate(a).ok());
    player.EvaluateCurves(curves);
    ASSERT_TRUE(evaluator.AdvanceTimeByDistanceMatching(kDt, 1.5f * kDt).ok());
    ASSERT_TRUE(evaluator.DistanceMatchToTarget(0.5f).ok());
    ASSERT_TRUE(evaluator.Evaluate(b).ok());
    ASSERT_TRUE(blend_space.Update(kDt, glm::vec2(0.3f, 2.0f)).ok());
    ASSERT_TRUE(blend_space.Evaluate(c).ok());
    blend_space.EvaluateCurves(other);
    (void)blend_space.RootMotion();
    if (index % 40 == 0) {
      ASSERT_TRUE(slot.Play(index % 80 == 0 ? stop : walk, {.blend_in_s = 0.1f}).ok());
    }
    ASSERT_TRUE(slot.Update(kDt).ok());
    ASSERT_TRUE(slot.Evaluate(a, a).ok());
    slot.EvaluateCurves(curves, curves);
    (void)slot.RootMotion();
    ASSERT_TRUE(layered.Evaluate(a, c, 0.7f, b).ok());
    ASSERT_TRUE(additive.Evaluate(b, c, 0.3f, a).ok());
    ASSERT_TRUE(modify.Apply(curves, std::array{1.0f}, 0.5f).ok());
    std::size_t count = 0;
    sources[count++] = player.AsNotifySource(1, 1.0f);
    count += blend_space.CollectNotifySources(10, 1.0f, std::span(sources).subspan(count));
    count += slot.CollectNotifySources(20, std::span(sources).subspan(count));
    events.clear();
    dispatcher.Dispatch(std::span(sources.data(), count), events);
  };
  // Warm-up: the dispatcher's buffers grow to their steady size over the first cycles.
  for (int i = 0; i < 240; ++i)
    frame(i);
  g_allocations = 0;
  g_counting = true;
  for (int i = 240; i < 480; ++i)
    frame(i);
  g_counting = false;
  EXPECT_EQ(g_allocations.load(), 0);
}

}  // namespace
}  // namespace footwork::graph
