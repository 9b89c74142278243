#include "footwork/graph/notify.h"

#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "footwork/graph/root_motion_mode.h"

namespace footwork::graph {
namespace {

constexpr float kDt = 1.0f / 60.0f;

std::string Describe(const std::vector<NotifyEvent>& events) {
  std::string text;
  for (const NotifyEvent& event : events) {
    const char* type = event.type == NotifyEventType::kTrigger ? "trigger"
                       : event.type == NotifyEventType::kBegin ? "begin"
                       : event.type == NotifyEventType::kTick  ? "tick"
                                                               : "end";
    text += fmt::format("{}:{} ", type, event.name);
  }
  return text;
}

anim::Clip LoopingClip() {
  anim::Clip clip;
  clip.name = "cycle";
  clip.duration_s = 1.0f;
  clip.looping = true;
  clip.notifies = {{"Start", 0.0f, 0.0f},
                   {"Step", 0.95f, 0.0f},
                   {"Late", 0.8f, 0.2f},    // state ending exactly at the loop point
                   {"Early", 0.0f, 0.1f}};  // state beginning exactly at the loop point
  return clip;
}

std::vector<NotifyEvent> Step(NotifyDispatcher& dispatcher, const anim::Clip& clip, float from,
                              float to, float weight = 1.0f, bool just_started = false) {
  std::vector<NotifyEvent> events;
  const NotifySource source{7, &clip, from, to, weight, just_started};
  dispatcher.Dispatch(std::span(&source, 1), events);
  return events;
}

TEST(NotifyTest, TriggersAndStatesAcrossALoopWrapInTimeOrder) {
  const anim::Clip clip = LoopingClip();
  NotifyDispatcher dispatcher;
  EXPECT_EQ(Describe(Step(dispatcher, clip, 0.0f, 0.05f, 1.0f, true)),
            "trigger:Start begin:Early tick:Early ");
  EXPECT_EQ(Describe(Step(dispatcher, clip, 0.05f, 0.12f)), "end:Early ");
  EXPECT_EQ(Describe(Step(dispatcher, clip, 0.12f, 0.85f)), "begin:Late tick:Late ");
  EXPECT_EQ(Describe(Step(dispatcher, clip, 0.85f, 0.9f)), "tick:Late ");
  // Wrap: Step at 0.95, Late ends at 1.0, then Start and Early at 0.
  EXPECT_EQ(Describe(Step(dispatcher, clip, 0.9f, 0.02f)),
            "trigger:Step end:Late trigger:Start begin:Early tick:Early ");
  EXPECT_EQ(dispatcher.active_state_count(), 1u);
}

TEST(NotifyTest, ManyLoopsAtSixtyHertzBalanceBeginsAndEnds) {
  const anim::Clip clip = LoopingClip();
  NotifyDispatcher dispatcher;
  float time = 0.0f;
  int begins = 0;
  int ends = 0;
  int ticks = 0;
  int steps = 0;
  int starts = 0;
  for (int frame = 0; frame < 600; ++frame) {  // 10 loops
    const float next = std::fmod(time + kDt, 1.0f);
    for (const NotifyEvent& event : Step(dispatcher, clip, time, next, 1.0f, frame == 0)) {
      begins += event.type == NotifyEventType::kBegin;
      ends += event.type == NotifyEventType::kEnd;
      ticks += event.type == NotifyEventType::kTick;
      steps += event.type == NotifyEventType::kTrigger && event.name == "Step";
      starts += event.type == NotifyEventType::kTrigger && event.name == "Start";
    }
    time = next;
  }
  EXPECT_EQ(steps, 10);
  EXPECT_EQ(starts, 10);  // the first frame's closed start, then each wrap
  EXPECT_EQ(begins, 20);
  // The last loop's Early state may still be active; every other state ended.
  EXPECT_EQ(ends + static_cast<int>(dispatcher.active_state_count()), begins);
  // 0.2 s + 0.1 s of states per loop at 60 Hz, about 18 ticks a loop.
  EXPECT_NEAR(ticks, 180, 12);
}

TEST(NotifyTest, AStatePassedInOneStepBeginsAndEnds) {
  anim::Clip clip;
  clip.duration_s = 1.0f;
  clip.looping = true;
  clip.notifies = {{"Short", 0.3f, 0.1f}};
  NotifyDispatcher dispatcher;
  // A long frame jumps over the whole state: begin and end, no tick.
  EXPECT_EQ(Describe(Step(dispatcher, clip, 0.2f, 0.5f)), "begin:Short end:Short ");
  EXPECT_EQ(dispatcher.active_state_count(), 0u);
  // Starting past a state's begin does not end a state that never began.
  EXPECT_EQ(Describe(Step(dispatcher, clip, 0.35f, 0.45f)), "");
}

TEST(NotifyTest, AStepThatWrapsSeveralTimesFiresEveryPass) {
  const anim::Clip clip = LoopingClip();
  NotifyDispatcher dispatcher;
  std::vector<NotifyEvent> events;
  // 0.5 -> 2.5 s of play: two loop points, so Step and Start fire twice and Late begins and
  // ends twice; Early begins, ends, and begins again (still active at 0.5 of the third cycle).
  NotifySource source{7, &clip, 0.5f, 0.5f, 1.0f, false};
  source.elapsed_s = 2.0f;
  dispatcher.Dispatch(std::span(&source, 1), events);
  EXPECT_EQ(Describe(events),
            "begin:Late trigger:Step end:Late trigger:Start begin:Early end:Early "
            "begin:Late trigger:Step end:Late trigger:Start begin:Early end:Early ");
  EXPECT_EQ(dispatcher.active_state_count(), 0u);
}

TEST(NotifyTest, AStateRunningPastTheLoopPointEndsInTheNextCycle) {
  anim::Clip clip;
  clip.duration_s = 1.0f;
  clip.looping = true;
  clip.notifies = {{"Turn", 0.9f, 0.3f}};  // 0.9 -> 0.2 of the next cycle
  NotifyDispatcher dispatcher;
  EXPECT_EQ(Describe(Step(dispatcher, clip, 0.1f, 0.95f)), "begin:Turn tick:Turn ");
  EXPECT_EQ(Describe(Step(dispatcher, clip, 0.95f, 0.1f)), "tick:Turn ");
  EXPECT_EQ(Describe(Step(dispatcher, clip, 0.1f, 0.25f)), "end:Turn ");
  EXPECT_EQ(Describe(Step(dispatcher, clip, 0.25f, 0.5f)), "");
}

TEST(NotifyTest, StatesEndWhenTheirSourceStopsOrLosesWeight) {
  const anim::Clip clip = LoopingClip();
  NotifyDispatcher dispatcher;
  Step(dispatcher, clip, 0.7f, 0.85f);
  ASSERT_EQ(dispatcher.active_state_count(), 1u);
  auto faded = Step(dispatcher, clip, 0.85f, 0.86f, 0.0f);  // blended out
  EXPECT_EQ(Describe(faded), "end:Late ");
  EXPECT_EQ(faded[0].weight, 0.0f);
  EXPECT_EQ(dispatcher.active_state_count(), 0u);

  Step(dispatcher, clip, 0.7f, 0.85f);
  std::vector<NotifyEvent> events;
  dispatcher.Dispatch({}, events);  // the player is gone
  EXPECT_EQ(Describe(events), "end:Late ");
}

TEST(NotifyTest, NonLoopingClipsClampAndEndAtTheirEnd) {
  anim::Clip clip;
  clip.duration_s = 0.5f;
  clip.looping = false;
  clip.notifies = {{"Land", 0.3f, 0.2f}};
  NotifyDispatcher dispatcher;
  EXPECT_EQ(Describe(Step(dispatcher, clip, 0.2f, 0.4f)), "begin:Land tick:Land ");
  EXPECT_EQ(Describe(Step(dispatcher, clip, 0.4f, 0.5f)), "end:Land ");
  EXPECT_EQ(Describe(Step(dispatcher, clip, 0.5f, 0.5f)), "");  // held at the end: nothing
}

TEST(RootMotionModeTest, ExtractionPerMode) {
  EXPECT_FALSE(ExtractsRootMotion(RootMotionMode::kNone, true));
  EXPECT_TRUE(ExtractsRootMotion(RootMotionMode::kFromMontagesOnly, true));
  EXPECT_FALSE(ExtractsRootMotion(RootMotionMode::kFromMontagesOnly, false));
  EXPECT_TRUE(ExtractsRootMotion(RootMotionMode::kFromEverything, false));
}

// A turn-in-place clip whose notify state asks for root motion from everything while it turns.
anim::Clip TurnInPlace(const std::string& notify_name) {
  anim::Clip clip;
  clip.name = "TurnInPlace_90";
  clip.duration_s = 1.0f;
  clip.notifies = {{notify_name, 0.1f, 0.6f}};
  return clip;
}

TEST(RootMotionModeTest, NotifyStateSwitchesToEverythingAndBack) {
  const anim::Clip clip = TurnInPlace("ANS_RootMotionMode");
  NotifyDispatcher dispatcher;
  RootMotionModeSettings settings;
  RootMotionModeState state;
  std::vector<RootMotionMode> modes;
  float time = 0.0f;
  for (int frame = 0; frame < 60; ++frame) {
    const float next = std::min(time + kDt, 1.0f);
    auto events = Step(dispatcher, clip, time, next, 1.0f, frame == 0);
    UpdateRootMotionMode(state, settings, events, false);
    modes.push_back(state.mode);
    time = next;
  }
  EXPECT_EQ(modes[3], RootMotionMode::kFromMontagesOnly);   // t = 0.067
  EXPECT_EQ(modes[10], RootMotionMode::kFromEverything);    // t = 0.183
  EXPECT_EQ(modes[40], RootMotionMode::kFromEverything);    // t = 0.683
  EXPECT_EQ(modes[45], RootMotionMode::kFromMontagesOnly);  // t = 0.767, after the end
}

TEST(RootMotionModeTest, MovementInputInterruptsOnlyInterruptibleStates) {
  for (const bool interruptible : {true, false}) {
    const anim::Clip clip = TurnInPlace("ANS_RootMotionMode");
    NotifyDispatcher dispatcher;
    RootMotionModeSettings settings;
    settings.rules[0].interruptible_by_input = interruptible;
    RootMotionModeState state;
    UpdateRootMotionMode(state, settings, Step(dispatcher, clip, 0.0f, 0.2f, 1.0f, true), false);
    ASSERT_EQ(state.mode, RootMotionMode::kFromEverything);
    UpdateRootMotionMode(state, settings, Step(dispatcher, clip, 0.2f, 0.3f), true);
    EXPECT_EQ(state.interrupted_this_frame, interruptible);
    EXPECT_EQ(state.mode,
              interruptible ? RootMotionMode::kFromMontagesOnly : RootMotionMode::kFromEverything);
    // Later ticks without input do not bring the override back.
    UpdateRootMotionMode(state, settings, Step(dispatcher, clip, 0.3f, 0.4f), false);
    EXPECT_FALSE(state.interrupted_this_frame);
    EXPECT_EQ(state.mode,
              interruptible ? RootMotionMode::kFromMontagesOnly : RootMotionMode::kFromEverything);
    UpdateRootMotionMode(state, settings, Step(dispatcher, clip, 0.4f, 0.9f), false);
    EXPECT_EQ(state.mode, RootMotionMode::kFromMontagesOnly);
  }
}

}  // namespace
}  // namespace footwork::graph
