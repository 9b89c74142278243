#include "footwork/cook/settle_step.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include <fmt/format.h>

#include "footwork/anim/two_bone_ik.h"
#include "footwork/cook/clip_from_poses.h"
#include "footwork/cook/derived_pose.h"
#include "footwork/cook/sample_motion.h"
#include "footwork/cook/steadier_plants.h"
#include "footwork/cook/transitions.h"

namespace footwork::cook {
namespace {

constexpr const char* kSettleStepNote = "settle step";

float SmoothstepOf(float u) {
  u = std::clamp(u, 0.0f, 1.0f);
  return u * u * (3.0f - 2.0f * u);
}

}  // namespace

Result<anim::Clip> AddSettleStep(const anim::Skeleton& skeleton, const anim::RigBinding& binding,
                                 const anim::Clip& stop, const SettleStep& step, float rate_hz) {
  const std::string where = fmt::format("settle step of {}", stop.name);
  if (step.stepping_side != 0 && step.stepping_side != 1)
    return Error{fmt::format("{}: stepping side must be 0 or 1", where)};
  if (!std::isfinite(step.begin_s) || !std::isfinite(step.end_s) ||
      !std::isfinite(step.lift_leg_share) || !(rate_hz > 0.0f) || !std::isfinite(rate_hz))
    return Error{fmt::format("{}: the step's times, lift and rate must be finite", where)};
  Result<LegChains> legs = LegChainsOf(binding);
  if (!legs)
    return WithContext(where, legs.error());
  Result<SampledPoses> poses = SamplePoses(skeleton, stop, rate_hz);
  if (!poses)
    return WithContext(where, poses.error());
  const int n = poses->frames();
  const int joints = poses->joints;
  const int begin = static_cast<int>(std::lround(step.begin_s * rate_hz));
  const int end = static_cast<int>(std::lround(step.end_s * rate_hz));
  if (begin < 0 || end <= begin || end >= n) {
    return Error{fmt::format("{}: the step ({} to {} s) must lie within the clip's {:.3f} s", where,
                             step.begin_s, step.end_s, stop.duration_s)};
  }
  Result<std::vector<Transform>> model = ModelPoses(skeleton, *poses, n);
  if (!model)
    return WithContext(where, model.error());
  const anim::TwoBoneIkChain& stepping = step.stepping_side == 0 ? legs->left : legs->right;
  const anim::TwoBoneIkChain& standing = step.stepping_side == 0 ? legs->right : legs->left;
  const auto model_at = [&](int frame, int joint) -> const Transform& {
    return (*model)[static_cast<std::size_t>(frame) * joints + joint];
  };
  std::vector<Transform> root = SampleRootPath(stop, rate_hz, n);
  // Where the standing foot landed, and where the settled idle would put it.
  const glm::vec3 landed = root[begin].TransformPoint(model_at(begin, standing.end).translation);
  const glm::vec3 settled = root[n - 1].TransformPoint(model_at(n - 1, standing.end).translation);
  const glm::vec3 settle(landed.x - settled.x, 0.0f, landed.z - settled.z);
  const float span = static_cast<float>(end - begin);
  for (int f = begin + 1; f < n; ++f)
    root[f].translation += SmoothstepOf(static_cast<float>(f - begin) / span) * settle;

  const float leg_length = glm::length(model_at(begin, stepping.lower).translation -
                                       model_at(begin, stepping.upper).translation) +
                           glm::length(model_at(begin, stepping.end).translation -
                                       model_at(begin, stepping.lower).translation);
  const float lift = step.lift_leg_share * leg_length;
  for (int f = begin + 1; f < end; ++f) {
    const float height =
        lift * std::sin(std::numbers::pi_v<float> * static_cast<float>(f - begin) / span);
    std::span<Transform> local(poses->locals.data() + static_cast<std::size_t>(f) * joints,
                               static_cast<std::size_t>(joints));
    std::span<Transform> frame_model(model->data() + static_cast<std::size_t>(f) * joints,
                                     static_cast<std::size_t>(joints));
    const glm::vec3 hip = frame_model[stepping.upper].translation;
    const glm::vec3 knee = frame_model[stepping.lower].translation;
    const glm::vec3 ankle = frame_model[stepping.end].translation;
    anim::TwoBoneIkGoal goal;
    goal.target = ankle + glm::vec3(0.0f, height, 0.0f);
    // The knee keeps its bend, forward when the leg is nearly straight.
    goal.pole = knee - 0.5f * (hip + ankle) + glm::vec3(0.0f, 0.0f, 0.05f);
    if (Status status = anim::ApplyTwoBoneIk(skeleton, stepping, goal, local, frame_model);
        !status) {
      return WithContext(fmt::format("{}, frame {}", where, f), status.error());
    }
  }
  return ClipFromPoses(stop.name, *poses, root, /*looping=*/false);
}

Result<CookedClip> CookStopWithSteadierSettle(const anim::Skeleton& skeleton,
                                              const anim::RigBinding& binding,
                                              const anim::Clip& cycle, const anim::Clip& idle,
                                              float start_time_s, int stepping_side,
                                              const TransitionDescription& transition,
                                              const std::string& name, float rate_hz,
                                              const CookSynthesized& cook) {
  Result<anim::Clip> stop =
      SynthesizeStop(skeleton, cycle, idle, start_time_s, transition, name, rate_hz);
  if (!stop)
    return stop.error();
  Result<CookedClip> cooked = cook(*stop);
  // A step needs a few frames.
  if (!(transition.idle_blend_s * rate_hz >= 4.0f))
    return cooked;
  const auto settled = [&]() -> Result<CookedClip> {
    Result<anim::Clip> resting = SynthesizeStop(skeleton, cycle, idle, start_time_s, transition,
                                                name, rate_hz, StopIdleBlend::kAfterRest);
    if (!resting)
      return resting.error();
    SettleStep step;
    step.stepping_side = stepping_side;
    step.begin_s = transition.stop_cycles * cycle.duration_s;
    step.end_s = step.begin_s + transition.idle_blend_s;
    Result<anim::Clip> stepped = AddSettleStep(skeleton, binding, *resting, step, rate_hz);
    if (!stepped)
      return stepped.error();
    return cook(*stepped);
  };
  return CookSteadierPlants(std::move(cooked), settled, 1.0f, kSettleStepNote);
}

bool HasSettleStep(const ClipReport& report) {
  return std::any_of(report.notes.begin(), report.notes.end(),
                     [](const std::string& note) { return note.rfind(kSettleStepNote, 0) == 0; });
}

}  // namespace footwork::cook
