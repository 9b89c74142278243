// Motion-quality metrics over a trace; definitions and their inputs are in metrics.h.

#include "footwork/sim/metrics.h"

#include <algorithm>
#include <cmath>
#include <fstream>

#include <nlohmann/json.hpp>

#include "footwork/core/angles.h"
#include "sim/json_number.h"

namespace footwork::sim {
namespace {

using Json = nlohmann::ordered_json;

// The bar of max_joint_jump_deg is stated per frame at this rate.
constexpr double kBarFrameRateHz = 60.0;

// A turn whose target is within this of 180 degrees away is a reversal: either way round is
// valid, so wrong-way yaw follows the recorded turn_direction (the 180 clip's side). Wide enough
// for the one frame of turning the begin frame's yaw may already hold at the actors' rates.
constexpr double kReversalToleranceDeg = 15.0;

bool Finite(const glm::vec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

bool Finite(const glm::quat& q) {
  return std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z) && std::isfinite(q.w);
}

bool Finite(const FootSample& foot) {
  return Finite(foot.position) && (!foot.sole_height_m || std::isfinite(*foot.sole_height_m)) &&
         (!foot.surface_height_m || std::isfinite(*foot.surface_height_m)) &&
         (!foot.surface_velocity_m_s || Finite(*foot.surface_velocity_m_s)) &&
         (!foot.toe_height_m || std::isfinite(*foot.toe_height_m)) &&
         (!foot.toe_surface_height_m || std::isfinite(*foot.toe_surface_height_m));
}

bool FrameIsFinite(const TraceFrame& frame) {
  if (!std::isfinite(frame.t) || !Finite(frame.position) || !Finite(frame.velocity) ||
      !std::isfinite(frame.actor_yaw_deg) || !std::isfinite(frame.camera_yaw_deg) ||
      !std::isfinite(frame.pelvis_offset_m) || !Finite(frame.foot_left) ||
      !Finite(frame.foot_right)) {
    return false;
  }
  if (frame.target_yaw_deg && !std::isfinite(*frame.target_yaw_deg))
    return false;
  for (const ClipSample& clip : frame.clips) {
    if (!std::isfinite(clip.time_s) || !std::isfinite(clip.weight))
      return false;
  }
  for (const auto& [name, value] : frame.curves) {
    if (!std::isfinite(value))
      return false;
  }
  if (frame.joints_model) {
    for (const glm::vec3& joint : *frame.joints_model) {
      if (!Finite(joint))
        return false;
    }
  }
  for (const glm::quat& q : frame.local_rotations) {
    if (!Finite(q))
      return false;
  }
  return true;
}

double HorizontalDistance(const glm::vec3& a, const glm::vec3& b) {
  const double dx = static_cast<double>(a.x) - b.x;
  const double dz = static_cast<double>(a.z) - b.z;
  return std::sqrt(dx * dx + dz * dz);
}

// Signed shortest difference a - b in degrees, wrapped to (-180, 180].
double DeltaDeg(double a, double b) {
  double d = std::fmod(a - b, 360.0);
  if (d <= -180.0)
    d += 360.0;
  if (d > 180.0)
    d -= 360.0;
  return d;
}

// Rotation angle between two unit quaternions, in degrees. atan2 of the relative rotation keeps
// precision for small angles, where acos of a dot product near 1 loses it.
double AngleBetweenDeg(const glm::quat& a, const glm::quat& b) {
  const glm::dquat relative = glm::inverse(glm::dquat(a)) * glm::dquat(b);
  const double sine = glm::length(glm::dvec3(relative.x, relative.y, relative.z));
  return 2.0 * std::atan2(sine, std::abs(relative.w)) * kRadToDeg;
}

std::optional<FootSlide> ComputeFootSlide(std::span<const TraceFrame> frames) {
  std::vector<double> speeds;
  for (std::size_t k = 1; k < frames.size(); ++k) {
    const double dt = frames[k].t - frames[k - 1].t;
    if (!(dt > 0.0))
      continue;
    for (const auto member : {&TraceFrame::foot_left, &TraceFrame::foot_right}) {
      const FootSample& before = frames[k - 1].*member;
      const FootSample& after = frames[k].*member;
      if (!before.contact || !after.contact)
        continue;
      // Relative to the supporting surface: a foot planted on a moving platform rides with it.
      const glm::vec3 carried =
          after.surface_velocity_m_s.value_or(glm::vec3(0.0f)) * static_cast<float>(dt);
      const double speed =
          HorizontalDistance(after.position - carried, before.position) / dt * 100.0;
      if (std::isfinite(speed))
        speeds.push_back(speed);
    }
  }
  if (speeds.empty())
    return std::nullopt;
  FootSlide slide;
  slide.samples = speeds.size();
  double sum = 0.0;
  for (double speed : speeds)
    sum += speed;
  slide.mean_cm_s = sum / static_cast<double>(speeds.size());
  std::sort(speeds.begin(), speeds.end());
  const auto rank = static_cast<std::size_t>(std::ceil(0.95 * static_cast<double>(speeds.size())));
  slide.p95_cm_s = speeds[std::max<std::size_t>(rank, 1) - 1];
  return slide;
}

std::optional<JointJump> ComputeJointJump(std::span<const TraceFrame> frames,
                                          const std::vector<bool>& seen_joints) {
  std::optional<JointJump> worst;
  for (std::size_t k = 1; k < frames.size(); ++k) {
    const auto& before = frames[k - 1].local_rotations;
    const auto& after = frames[k].local_rotations;
    const double dt = frames[k].t - frames[k - 1].t;
    // A changed joint count means a different skeleton (a teleport or reload): not a jump.
    if (before.empty() || before.size() != after.size() || !(dt > 0.0))
      continue;
    for (std::size_t joint = 0; joint < after.size(); ++joint) {
      if (joint < seen_joints.size() && !seen_joints[joint])
        continue;
      if (!Finite(before[joint]) || !Finite(after[joint]))
        continue;
      const double degrees = AngleBetweenDeg(before[joint], after[joint]);
      const double per_bar_frame = degrees / (dt * kBarFrameRateHz);
      if (!worst || per_bar_frame > worst->degrees_per_60hz_frame) {
        worst = JointJump{degrees, per_bar_frame, joint, frames[k].t};
      }
    }
  }
  return worst;
}

std::string At(const TraceFrame& frame) {
  return "trace frame at t=" + std::to_string(frame.t);
}

Result<std::vector<StopResult>> ComputeStops(std::span<const TraceFrame> frames) {
  std::vector<StopResult> stops;
  std::optional<StopResult> open;
  for (const TraceFrame& frame : frames) {
    for (const TraceEvent& event : frame.events) {
      if (event.kind == TraceEvent::Kind::kStopBegan) {
        if (open) {
          return Error{At(frame) + ": stop_began while the stop that began at t=" +
                       std::to_string(open->begin_t) +
                       " has no stop_ended (record stop_ended with interrupted=true when a stop "
                       "is cut short)"};
        }
        open = StopResult{};
        open->begin_t = frame.t;
        open->stop_point = event.stop_point;
      } else if (event.kind == TraceEvent::Kind::kStopEnded) {
        if (!open)
          return Error{At(frame) + ": stop_ended without a stop_began before it"};
        open->end_t = frame.t;
        open->rest_position = frame.position;
        open->interrupted = event.interrupted;
        // Compare in the frame of the base the character stood on: the stop point as carried
        // to this frame, when the trace has it.
        if (event.end_stop_point)
          open->stop_point = *event.end_stop_point;
        if (!event.interrupted) {
          open->error_cm = HorizontalDistance(frame.position, open->stop_point) * 100.0;
        }
        stops.push_back(*open);
        open.reset();
      }
    }
  }
  if (open) {
    // The trace ended mid-stop: listed, not measured.
    open->end_t = frames.back().t;
    open->rest_position = frames.back().position;
    open->interrupted = true;
    stops.push_back(*open);
  }
  return stops;
}

// The intended way round: the short way to the target, except for a reversal (|target - yaw|
// within kReversalToleranceDeg of 180), where both ways are valid and the direction the
// character committed to (the event's turn_direction, when recorded) decides.
int TurnDirection(double to_target_deg, int committed) {
  if (committed != 0 && std::abs(to_target_deg) >= 180.0 - kReversalToleranceDeg)
    return committed;
  return to_target_deg > 0.0 ? 1 : (to_target_deg < 0.0 ? -1 : 0);
}

// Fills wrong-way yaw and yaw error for one segment [begin, end]. The yaw is followed from the
// frame before the begin frame (when there is one): the begin frame's own step is part of the turn.
void MeasureTurn(std::span<const TraceFrame> frames, std::size_t begin, std::size_t end,
                 int committed_direction, TurnResult& turn) {
  const TraceFrame& first = frames[begin];
  const TraceFrame& last = frames[end];
  const std::size_t from = begin > 0 ? begin - 1 : begin;
  turn.start_yaw_deg = first.actor_yaw_deg;
  turn.final_yaw_deg = last.actor_yaw_deg;
  const int direction =
      TurnDirection(DeltaDeg(turn.target_yaw_deg, frames[from].actor_yaw_deg), committed_direction);
  if (direction != 0) {
    double progress = 0.0;
    double worst = 0.0;
    for (std::size_t k = from + 1; k <= end; ++k) {
      const double step = DeltaDeg(frames[k].actor_yaw_deg, frames[k - 1].actor_yaw_deg);
      if (!std::isfinite(step))
        continue;
      progress += direction * step;
      worst = std::max(worst, -progress);
    }
    turn.wrong_way_yaw_deg = worst;
  }
  if (!turn.interrupted) {
    const float target = last.target_yaw_deg.value_or(turn.target_yaw_deg);
    turn.target_yaw_deg = target;
    turn.yaw_error_deg = std::abs(DeltaDeg(last.actor_yaw_deg, target));
  }
}

Result<std::vector<TurnResult>> ComputeTurns(std::span<const TraceFrame> frames) {
  std::vector<TurnResult> turns;
  // Index of the frame the open turn began on; kNone while no turn is open.
  constexpr std::size_t kNone = static_cast<std::size_t>(-1);
  std::size_t open_frame = kNone;
  TurnResult open;
  int open_direction = 0;
  for (std::size_t k = 0; k < frames.size(); ++k) {
    const TraceFrame& frame = frames[k];
    for (const TraceEvent& event : frame.events) {
      if (event.kind == TraceEvent::Kind::kTurnBegan) {
        if (open_frame != kNone) {
          return Error{At(frame) + ": turn_began while the " + TurnKindName(open.kind) +
                       " that began at t=" + std::to_string(open.begin_t) +
                       " has no turn_ended (record turn_ended with interrupted=true when a "
                       "turn is cut short)"};
        }
        if (!frame.target_yaw_deg) {
          return Error{At(frame) +
                       ": turn_began needs target_yaw_deg on the same frame (the yaw the "
                       "character turns toward)"};
        }
        open = TurnResult{};
        open.kind = event.turn_kind;
        open.begin_t = frame.t;
        open.target_yaw_deg = *frame.target_yaw_deg;
        open_direction = event.turn_direction;
        open_frame = k;
      } else if (event.kind == TraceEvent::Kind::kTurnEnded) {
        if (open_frame == kNone)
          return Error{At(frame) + ": turn_ended without a turn_began before it"};
        open.end_t = frame.t;
        open.interrupted = event.interrupted;
        MeasureTurn(frames, open_frame, k, open_direction, open);
        turns.push_back(open);
        open_frame = kNone;
      }
    }
  }
  if (open_frame != kNone) {
    open.end_t = frames.back().t;
    open.interrupted = true;
    MeasureTurn(frames, open_frame, frames.size() - 1, open_direction, open);
    turns.push_back(open);
  }
  return turns;
}

// Penetration (below the surface, any foot) and float (above it, planted feet), in cm.
void ComputeFootHeights(std::span<const TraceFrame> frames, Metrics& metrics) {
  for (const TraceFrame& frame : frames) {
    for (const FootSample* foot : {&frame.foot_left, &frame.foot_right}) {
      // The lowest sole point, heel or toe: a toe through the floor is penetration, and a foot
      // on its ball with the heel up is not floating.
      const std::optional<float> clearance = LowestSoleClearanceM(*foot);
      if (!clearance)
        continue;
      const double above_cm = static_cast<double>(*clearance) * 100.0;
      if (!std::isfinite(above_cm))
        continue;
      metrics.foot_penetration_cm =
          std::max(metrics.foot_penetration_cm.value_or(0.0), std::max(0.0, -above_cm));
      if (foot->contact) {
        metrics.foot_float_cm =
            std::max(metrics.foot_float_cm.value_or(0.0), std::max(0.0, above_cm));
      }
    }
  }
}

std::optional<double> LookErrorDeg(const LookSample& look) {
  if (!look.reachable)
    return std::nullopt;
  const glm::dvec3 to_target = glm::dvec3(look.target - look.head_position);
  const glm::dvec3 forward = glm::dvec3(look.head_forward);
  if (glm::length(to_target) < 1e-6 || glm::length(forward) < 1e-6)
    return std::nullopt;
  const double cosine = glm::dot(glm::normalize(to_target), glm::normalize(forward));
  const double degrees = std::acos(std::clamp(cosine, -1.0, 1.0)) * kRadToDeg;
  return std::isfinite(degrees) ? std::optional<double>(degrees) : std::nullopt;
}

std::optional<double> ComputeLookError(std::span<const TraceFrame> frames) {
  std::optional<double> worst;
  for (const TraceFrame& frame : frames) {
    if (!frame.look)
      continue;
    if (const std::optional<double> degrees = LookErrorDeg(*frame.look))
      worst = std::max(worst.value_or(0.0), *degrees);
  }
  return worst;
}

std::vector<MetricCheck> BuildChecks(const Metrics& metrics, const MetricBars& bars) {
  const std::string issue6 = "issue 6";
  const std::string issue7 = "issue 7";
  const bool ik_bars = bars.foot_slide_p95_cm_s.has_value();
  std::vector<MetricCheck> checks;
  checks.push_back({"nan_frames", static_cast<double>(metrics.nan_frames),
                    static_cast<double>(bars.max_nan_frames), "<=", issue6});
  std::optional<double> slide_mean;
  std::optional<double> slide_p95;
  if (metrics.foot_slide) {
    slide_mean = metrics.foot_slide->mean_cm_s;
    slide_p95 = metrics.foot_slide->p95_cm_s;
  }
  checks.push_back({"foot_slide_cm_s.mean", slide_mean, bars.foot_slide_mean_cm_s, "<",
                    ik_bars ? issue7 : issue6});
  checks.push_back(
      {"foot_slide_cm_s.p95", slide_p95,
       bars.foot_slide_p95_cm_s ? std::optional<double>(*bars.foot_slide_p95_cm_s) : std::nullopt,
       "<", issue7});
  std::optional<double> jump;
  if (metrics.max_joint_jump)
    jump = metrics.max_joint_jump->degrees_per_60hz_frame;
  checks.push_back(
      {"max_joint_jump_deg (per 60 Hz frame)", jump, bars.joint_jump_deg, "<", issue6});
  checks.push_back(
      {"stop_error_cm.max", metrics.MaxStopErrorCm(), bars.stop_error_cm, "<", issue6});
  checks.push_back(
      {"yaw_error_deg.max", metrics.MaxYawErrorDeg(), bars.yaw_error_deg, "<", issue6});
  checks.push_back(
      {"wrong_way_yaw_deg", metrics.MaxWrongWayYawDeg(), bars.wrong_way_yaw_deg, "<", issue6});
  checks.push_back(
      {"foot_penetration_cm", metrics.foot_penetration_cm, bars.foot_penetration_cm, "<=", issue7});
  checks.push_back({"foot_float_cm", metrics.foot_float_cm, bars.foot_float_cm, "<=", issue7});
  checks.push_back(
      {"look_error_deg", metrics.look_error_deg,
       bars.look_error_deg ? std::optional<double>(*bars.look_error_deg) : std::nullopt, "<",
       issue7});
  return checks;
}

Json Optional(const std::optional<double>& value) {
  if (!value || !std::isfinite(*value))
    return nullptr;
  return *value;
}

Json Vec3Json(const glm::vec3& v) {
  return Json::array(
      {detail::ShortestFloat(v.x), detail::ShortestFloat(v.y), detail::ShortestFloat(v.z)});
}

}  // namespace

bool MetricCheck::passed() const {
  if (!measured())
    return true;
  return comparison == "<=" ? *value <= *bar : *value < *bar;
}

std::optional<double> Metrics::MaxStopErrorCm() const {
  std::optional<double> worst;
  for (const StopResult& stop : stops) {
    if (stop.error_cm)
      worst = std::max(worst.value_or(0.0), *stop.error_cm);
  }
  return worst;
}

std::optional<double> Metrics::MaxYawErrorDeg() const {
  std::optional<double> worst;
  for (const TurnResult& turn : turns) {
    if (turn.yaw_error_deg)
      worst = std::max(worst.value_or(0.0), *turn.yaw_error_deg);
  }
  return worst;
}

std::optional<double> Metrics::MaxWrongWayYawDeg() const {
  std::optional<double> worst;
  for (const TurnResult& turn : turns)
    worst = std::max(worst.value_or(0.0), turn.wrong_way_yaw_deg);
  return worst;
}

bool Metrics::Passed() const {
  return std::all_of(checks.begin(), checks.end(),
                     [](const MetricCheck& check) { return check.passed(); });
}

Result<Metrics> ComputeMetrics(std::span<const TraceFrame> frames, const MetricBars& bars,
                               const std::vector<bool>& seen_joints) {
  Metrics metrics;
  metrics.frames = frames.size();
  for (const TraceFrame& frame : frames) {
    if (!FrameIsFinite(frame))
      ++metrics.nan_frames;
  }
  metrics.foot_slide = ComputeFootSlide(frames);
  metrics.max_joint_jump = ComputeJointJump(frames, seen_joints);
  if (!frames.empty()) {
    Result<std::vector<StopResult>> stops = ComputeStops(frames);
    if (!stops)
      return WithContext("stop_error_cm", stops.error());
    metrics.stops = std::move(stops).value();
    Result<std::vector<TurnResult>> turns = ComputeTurns(frames);
    if (!turns)
      return WithContext("yaw_error_deg", turns.error());
    metrics.turns = std::move(turns).value();
  }
  ComputeFootHeights(frames, metrics);
  metrics.look_error_deg = ComputeLookError(frames);
  metrics.checks = BuildChecks(metrics, bars);
  return metrics;
}

Result<Metrics> ComputeRuntimeMetrics(std::span<const TraceFrame> frames,
                                      const std::vector<bool>& seen_joints) {
  auto metrics = ComputeMetrics(frames, MetricBars::WithIk(), seen_joints);
  if (!metrics)
    return metrics.error();
  const MetricBars issue6;
  for (std::size_t i = 0; i < metrics->checks.size(); ++i) {
    if (metrics->checks[i].name != "foot_slide_cm_s.mean")
      continue;
    MetricCheck loose = metrics->checks[i];
    loose.bar = issue6.foot_slide_mean_cm_s;
    loose.source = "issue 6";
    metrics->checks.insert(metrics->checks.begin() + static_cast<std::ptrdiff_t>(i), loose);
    break;
  }
  return metrics;
}

std::optional<LookErrorStats> ComputeLookErrorStats(std::span<const LookSample> looks) {
  double sum = 0.0;
  double worst = 0.0;
  std::size_t measured = 0;
  for (const LookSample& look : looks) {
    if (const std::optional<double> degrees = LookErrorDeg(look)) {
      sum += *degrees;
      worst = std::max(worst, *degrees);
      ++measured;
    }
  }
  if (measured == 0)
    return std::nullopt;
  return LookErrorStats{sum / static_cast<double>(measured), worst, measured};
}

std::string FormatMetricsJson(const Metrics& metrics) {
  Json json;
  json["frames"] = metrics.frames;
  json["nan_frames"] = metrics.nan_frames;
  if (metrics.foot_slide) {
    json["foot_slide_cm_s"] = Json{{"mean", metrics.foot_slide->mean_cm_s},
                                   {"p95", metrics.foot_slide->p95_cm_s},
                                   {"samples", metrics.foot_slide->samples}};
  } else {
    json["foot_slide_cm_s"] = Json{{"mean", nullptr}, {"p95", nullptr}, {"samples", 0}};
  }
  if (metrics.max_joint_jump) {
    json["max_joint_jump_deg"] = metrics.max_joint_jump->degrees;
    json["max_joint_jump"] =
        Json{{"degrees", metrics.max_joint_jump->degrees},
             {"per_60hz_frame", metrics.max_joint_jump->degrees_per_60hz_frame},
             {"joint", metrics.max_joint_jump->joint},
             {"t", metrics.max_joint_jump->t}};
  } else {
    json["max_joint_jump_deg"] = nullptr;
  }
  Json stops = Json::array();
  for (const StopResult& stop : metrics.stops) {
    stops.push_back(Json{{"begin_t", stop.begin_t},
                         {"end_t", stop.end_t},
                         {"rest_position", Vec3Json(stop.rest_position)},
                         {"stop_point", Vec3Json(stop.stop_point)},
                         {"error_cm", Optional(stop.error_cm)},
                         {"interrupted", stop.interrupted}});
  }
  json["stop_error_cm"] =
      Json{{"stops", std::move(stops)}, {"max", Optional(metrics.MaxStopErrorCm())}};
  Json turns = Json::array();
  for (const TurnResult& turn : metrics.turns) {
    turns.push_back(Json{{"kind", TurnKindName(turn.kind)},
                         {"begin_t", turn.begin_t},
                         {"end_t", turn.end_t},
                         {"start_yaw_deg", detail::ShortestFloat(turn.start_yaw_deg)},
                         {"target_yaw_deg", detail::ShortestFloat(turn.target_yaw_deg)},
                         {"final_yaw_deg", detail::ShortestFloat(turn.final_yaw_deg)},
                         {"yaw_error_deg", Optional(turn.yaw_error_deg)},
                         {"wrong_way_yaw_deg", turn.wrong_way_yaw_deg},
                         {"interrupted", turn.interrupted}});
  }
  json["yaw_error_deg"] =
      Json{{"turns", std::move(turns)}, {"max", Optional(metrics.MaxYawErrorDeg())}};
  json["wrong_way_yaw_deg"] = Optional(metrics.MaxWrongWayYawDeg());
  json["foot_penetration_cm"] = Optional(metrics.foot_penetration_cm);
  json["foot_float_cm"] = Optional(metrics.foot_float_cm);
  json["look_error_deg"] = Optional(metrics.look_error_deg);
  if (metrics.npc_look_error_deg) {
    json["npc_look_error_deg"] = Json{{"mean", metrics.npc_look_error_deg->mean_deg},
                                      {"max", metrics.npc_look_error_deg->max_deg},
                                      {"samples", metrics.npc_look_error_deg->samples}};
  }
  Json checks = Json::array();
  for (const MetricCheck& check : metrics.checks) {
    Json entry{{"metric", check.name},
               {"value", Optional(check.value)},
               {"bar", Optional(check.bar)},
               {"comparison", check.comparison},
               {"source", check.source}};
    entry["pass"] = check.measured() ? Json(check.passed()) : Json(nullptr);
    checks.push_back(std::move(entry));
  }
  json["checks"] = std::move(checks);
  json["pass"] = metrics.Passed();
  return json.dump(2) + "\n";
}

Status WriteMetricsJson(const std::filesystem::path& path, const Metrics& metrics) {
  std::ofstream stream(path, std::ios::binary | std::ios::trunc);
  if (!stream) {
    return Error{path.string() + ": cannot create metrics.json (does the directory exist?)"};
  }
  stream << FormatMetricsJson(metrics);
  stream.flush();
  if (!stream)
    return Error{path.string() + ": writing metrics.json failed (disk full?)"};
  return Status::Ok();
}

}  // namespace footwork::sim
