#include "footwork/graph/state_machine.h"

#include <cmath>
#include <limits>
#include <numeric>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

namespace footwork::graph {
namespace {

constexpr float kDt = 1.0f / 60.0f;

TransitionCondition WhenBool(std::string name) {
  return [name = std::move(name)](const TransitionContext& context) {
    return context.values.GetBool(name);
  };
}

float WeightSum(const StateMachineInstance& machine) {
  float sum = 0.0f;
  for (const ActiveState& active : machine.active_states())
    sum += active.weight;
  return sum;
}

TEST(StateMachineTest, TransitionsFireInPriorityOrder) {
  StateMachineDefinition definition("Locomotion");
  const int idle = definition.AddState({.name = "Idle"});
  const int start = definition.AddState({.name = "Start"});
  const int pivot = definition.AddState({.name = "Pivot"});
  const int jump = definition.AddState({.name = "Jump"});
  // Declared low priority first: the explicit priority, not declaration order, decides.
  definition.AddTransition({.from = idle, .to = start, .priority = 2, .condition = WhenBool("go")});
  definition.AddTransition({.from = idle, .to = pivot, .priority = 1, .condition = WhenBool("go")});
  // Any-state transition with a lower priority than both.
  definition.AddTransition({.from = StateMachineDefinition::kAnyState,
                            .to = jump,
                            .priority = 3,
                            .condition = WhenBool("go")});
  ASSERT_TRUE(definition.Validate().ok());
  ASSERT_EQ(definition.TransitionOrder(idle).size(), 3u);
  EXPECT_EQ(definition.TransitionOrder(idle)[0], 1);

  StateMachineInstance machine(definition);
  NamedValues values;
  values.SetBool("go", false);
  machine.Update(kDt, values);
  EXPECT_EQ(machine.current_state(), idle);
  values.SetBool("go", true);
  machine.Update(kDt, values);
  EXPECT_EQ(machine.current_state(), pivot);
  EXPECT_EQ(machine.last_transition(), 1);
  // From Pivot only the any-state transition applies.
  machine.Update(kDt, values);
  EXPECT_EQ(machine.current_state(), jump);
  // Any-state transitions never target the state itself.
  machine.Update(kDt, values);
  EXPECT_EQ(machine.current_state(), jump);
  EXPECT_EQ(machine.last_transition(), -1);
}

TEST(StateMachineTest, EqualPrioritiesKeepDeclarationOrder) {
  StateMachineDefinition definition;
  const int a = definition.AddState({.name = "A"});
  const int b = definition.AddState({.name = "B"});
  const int c = definition.AddState({.name = "C"});
  definition.AddTransition({.from = a, .to = c, .condition = WhenBool("go")});
  definition.AddTransition({.from = a, .to = b, .condition = WhenBool("go")});
  StateMachineInstance machine(definition);
  NamedValues values;
  values.SetBool("go", true);
  machine.Update(kDt, values);  // enters A
  machine.Update(kDt, values);
  EXPECT_EQ(machine.current_state(), c);
}

TEST(StateMachineTest, CrossFadeWeightsSumToOneAndReachOneAtTheEnd) {
  for (BlendCurve curve : {BlendCurve::kLinear, BlendCurve::kSmoothStep}) {
    StateMachineDefinition definition;
    const int idle = definition.AddState({.name = "Idle"});
    const int walk = definition.AddState({.name = "Walk"});
    definition.AddTransition(
        {.from = idle, .to = walk, .condition = WhenBool("go"), .blend_s = 0.25f, .curve = curve});
    StateMachineInstance machine(definition);
    NamedValues values;
    values.SetBool("go", false);
    machine.Update(kDt, values);
    values.SetBool("go", true);
    float previous_walk_weight = 0.0f;
    // 0.25 s at 60 Hz is 15 frames; the transition fires on the first one.
    for (int frame = 1; frame <= 15; ++frame) {
      machine.Update(kDt, values);
      EXPECT_NEAR(WeightSum(machine), 1.0f, 1e-6f) << "frame " << frame;
      const ActiveState& current = machine.active_states().back();
      EXPECT_EQ(current.state, walk);
      EXPECT_GT(current.weight, previous_walk_weight);
      previous_walk_weight = current.weight;
      if (frame < 15) {
        EXPECT_EQ(machine.active_states().size(), 2u);
        EXPECT_FALSE(machine.fully_blended_in());
      }
    }
    ASSERT_EQ(machine.active_states().size(), 1u);
    EXPECT_EQ(machine.active_states()[0].weight, 1.0f);
    EXPECT_TRUE(machine.fully_blended_in());
  }
}

TEST(StateMachineTest, InterruptedTransitionsKeepWeightsValid) {
  StateMachineDefinition definition;
  const int a = definition.AddState({.name = "A"});
  const int b = definition.AddState({.name = "B"});
  const int c = definition.AddState({.name = "C"});
  definition.AddTransition({.from = a, .to = b, .condition = WhenBool("to_b"), .blend_s = 0.3f});
  definition.AddTransition({.from = b, .to = c, .condition = WhenBool("to_c"), .blend_s = 0.2f});
  definition.AddTransition({.from = c, .to = a, .condition = WhenBool("to_a"), .blend_s = 0.2f});
  StateMachineInstance machine(definition);
  NamedValues values;
  values.SetBool("to_b", true);
  values.SetBool("to_c", false);
  values.SetBool("to_a", false);
  machine.Update(kDt, values);  // A
  machine.Update(kDt, values);  // A -> B starts
  values.SetBool("to_b", false);
  for (int i = 0; i < 6; ++i)
    machine.Update(kDt, values);
  ASSERT_EQ(machine.active_states().size(), 2u);
  const float a_weight = machine.active_states()[0].weight;
  const float b_weight = machine.active_states()[1].weight;
  values.SetBool("to_c", true);
  machine.Update(kDt, values);  // B -> C interrupts
  ASSERT_EQ(machine.active_states().size(), 3u);
  EXPECT_NEAR(WeightSum(machine), 1.0f, 1e-6f);
  // The interrupted blend fades out as a whole: A and B keep their ratio.
  EXPECT_NEAR(machine.active_states()[0].weight / machine.active_states()[1].weight,
              a_weight / b_weight, 1e-4f);
  values.SetBool("to_c", false);
  values.SetBool("to_a", true);
  machine.Update(kDt, values);  // C -> A: A is active twice, as two entries
  ASSERT_EQ(machine.active_states().size(), 4u);
  EXPECT_EQ(machine.active_states()[0].state, a);
  EXPECT_EQ(machine.active_states()[3].state, a);
  EXPECT_NE(machine.active_states()[0].entry_id, machine.active_states()[3].entry_id);
  EXPECT_NEAR(machine.active_states()[3].time_in_state_s, kDt, 1e-6f);
  values.SetBool("to_a", false);
  for (int i = 0; i < 30; ++i) {
    machine.Update(kDt, values);
    EXPECT_NEAR(WeightSum(machine), 1.0f, 1e-5f);
  }
  ASSERT_EQ(machine.active_states().size(), 1u);
  EXPECT_EQ(machine.current_state(), a);
  (void)c;
}

// Random triggers and frame times: weights stay in [0, 1], sum to 1, and the active list stays
// bounded.
RC_GTEST_PROP(StateMachineProperty, WeightsStayValidUnderRandomInterruptions, ()) {
  StateMachineDefinition definition;
  for (int s = 0; s < 4; ++s)
    definition.AddState({.name = fmt::format("S{}", s)});
  for (int from = 0; from < 4; ++from) {
    for (int to = 0; to < 4; ++to) {
      if (from == to)
        continue;
      const std::string name = fmt::format("go{}", to);
      definition.AddTransition(
          {.from = from,
           .to = to,
           .condition = WhenBool(name),
           .blend_s = 0.05f * static_cast<float>(to + 1),
           .curve = to % 2 == 0 ? BlendCurve::kLinear : BlendCurve::kSmoothStep});
    }
  }
  StateMachineInstance machine(definition);
  NamedValues values;
  const int frames = *rc::gen::inRange(1, 200);
  for (int frame = 0; frame < frames; ++frame) {
    const int target = *rc::gen::inRange(-1, 4);
    for (int s = 0; s < 4; ++s)
      values.SetBool(fmt::format("go{}", s), s == target);
    const float dt = *rc::gen::element(1.0f / 240.0f, 1.0f / 60.0f, 1.0f / 30.0f, 0.1f);
    machine.Update(dt, values);
    RC_ASSERT(!machine.active_states().empty());
    RC_ASSERT(machine.active_states().size() <= StateMachineInstance::kMaxActiveStates);
    for (const ActiveState& active : machine.active_states()) {
      RC_ASSERT(active.weight >= 0.0f);
      RC_ASSERT(active.weight <= 1.0f);
    }
    RC_ASSERT(std::abs(WeightSum(machine) - 1.0f) < 1e-5f);
  }
}

TEST(StateMachineTest, AutomaticTransitionFiresWhenTheClipIsAboutToEnd) {
  StateMachineDefinition definition;
  const int land = definition.AddState({.name = "Land", .relevant_clip_length_s = 1.0f});
  const int idle = definition.AddState({.name = "Idle"});
  definition.AddTransition(
      {.from = land, .to = idle, .automatic_when_remaining_below_s = 0.2f, .blend_s = 0.2f});
  ASSERT_TRUE(definition.Validate().ok());
  StateMachineInstance machine(definition);
  NamedValues values;
  int frame = 0;
  while (machine.current_state() != idle && frame < 120) {
    machine.Update(kDt, values);
    ++frame;
  }
  // Entered on frame 1; remaining < 0.2 s once time in state exceeds 0.8 s (frame 49), and
  // transitions are checked at the start of the next update.
  EXPECT_EQ(frame, 50);
}

TEST(StateMachineTest, ReportedTimeRemainingDrivesAutomaticTransitions) {
  StateMachineDefinition definition;
  // The state plays its clip at rate 2, so it reports rather than relying on a length.
  const int turn = definition.AddState(
      {.name = "TurnInPlace", .on_update = [](StateCallbackContext& context) {
         context.ReportRelevantTimeRemaining(1.0f - 2.0f * context.time_in_state_s);
       }});
  const int idle = definition.AddState({.name = "Idle"});
  definition.AddTransition({.from = turn,
                            .to = idle,
                            .condition = WhenBool("allowed"),
                            .automatic_when_remaining_below_s = 0.1f});
  StateMachineInstance machine(definition);
  NamedValues values;
  values.SetBool("allowed", false);
  for (int i = 0; i < 40; ++i)
    machine.Update(kDt, values);
  EXPECT_EQ(machine.current_state(), turn);  // the condition still gates the automatic rule
  ASSERT_TRUE(machine.relevant_time_remaining_s().has_value());
  EXPECT_LT(*machine.relevant_time_remaining_s(), 0.0f);
  values.SetBool("allowed", true);
  machine.Update(kDt, values);
  EXPECT_EQ(machine.current_state(), idle);
  EXPECT_FALSE(machine.relevant_time_remaining_s().has_value());
}

TEST(StateMachineTest, TimeInStateResetsOnEntryAndSetupRunsOncePerEntry) {
  StateMachineDefinition definition;
  int setups = 0;
  int updates = 0;
  float time_at_setup = -1.0f;
  const int a = definition.AddState({.name = "A"});
  const int b = definition.AddState({.name = "B",
                                     .on_setup =
                                         [&](StateCallbackContext& context) {
                                           ++setups;
                                           time_at_setup = context.time_in_state_s;
                                         },
                                     .on_update = [&](StateCallbackContext&) { ++updates; }});
  definition.AddTransition({.from = a, .to = b, .condition = WhenBool("to_b"), .blend_s = 0.0f});
  definition.AddTransition({.from = b, .to = a, .condition = WhenBool("to_a"), .blend_s = 0.0f});
  StateMachineInstance machine(definition);
  NamedValues values;
  values.SetBool("to_b", false);
  values.SetBool("to_a", false);
  for (int i = 0; i < 10; ++i)
    machine.Update(kDt, values);
  EXPECT_NEAR(machine.time_in_state_s(), 10 * kDt, 1e-5f);
  values.SetBool("to_b", true);
  machine.Update(kDt, values);
  EXPECT_EQ(machine.current_state(), b);
  EXPECT_EQ(setups, 1);
  EXPECT_EQ(time_at_setup, 0.0f);
  EXPECT_NEAR(machine.time_in_state_s(), kDt, 1e-6f);  // entered, then advanced this frame
  EXPECT_TRUE(machine.fully_blended_in());             // blend 0 switches at once
  values.SetBool("to_b", false);
  for (int i = 0; i < 5; ++i)
    machine.Update(kDt, values);
  EXPECT_EQ(updates, 6);
  values.SetBool("to_a", true);
  machine.Update(kDt, values);
  values.SetBool("to_a", false);
  values.SetBool("to_b", true);
  machine.Update(kDt, values);
  EXPECT_EQ(setups, 2);
  EXPECT_NEAR(machine.time_in_state_s(), kDt, 1e-6f);
}

TEST(StateMachineTest, BadDtChangesNothingAndSaysWhy) {
  StateMachineDefinition definition("Locomotion");
  int updates = 0;
  const int a = definition.AddState({.name = "A"});
  const int b =
      definition.AddState({.name = "B", .on_update = [&](StateCallbackContext&) { ++updates; }});
  definition.AddTransition({.from = a, .to = b, .condition = WhenBool("to_b"), .blend_s = 0.2f});
  StateMachineInstance machine(definition);
  NamedValues values;
  values.SetBool("to_b", false);
  machine.Update(kDt, values);
  values.SetBool("to_b", true);
  machine.Update(kDt, values);
  ASSERT_EQ(machine.active_states().size(), 2u);
  const float elapsed = machine.blend_elapsed_s();
  for (const float dt : {std::nanf(""), -kDt, std::numeric_limits<float>::infinity()}) {
    machine.Update(dt, values);
    EXPECT_NE(machine.last_error().find("'Locomotion'"), std::string::npos);
    EXPECT_NE(machine.last_error().find("dt_s"), std::string::npos);
    EXPECT_FLOAT_EQ(machine.blend_elapsed_s(), elapsed);
    EXPECT_NEAR(WeightSum(machine), 1.0f, 1e-6f);
    EXPECT_TRUE(std::isfinite(machine.time_in_state_s()));
  }
  EXPECT_EQ(updates, 1);
  machine.Update(kDt, values);
  EXPECT_TRUE(machine.last_error().empty());
  EXPECT_EQ(updates, 2);
}

TEST(StateMachineTest, InertializedTransitionSwitchesAtOnceAndRequestsABlend) {
  StateMachineDefinition definition;
  const int idle = definition.AddState({.name = "Idle"});
  const int run = definition.AddState({.name = "Run"});
  definition.AddTransition({.from = idle,
                            .to = run,
                            .condition = WhenBool("go"),
                            .blend_s = 0.3f,
                            .blend = TransitionBlend::kInertialization});
  StateMachineInstance machine(definition);
  NamedValues values;
  values.SetBool("go", false);
  machine.Update(kDt, values);
  EXPECT_FALSE(machine.TakeInertializationRequest().has_value());
  values.SetBool("go", true);
  machine.Update(kDt, values);
  ASSERT_EQ(machine.active_states().size(), 1u);
  EXPECT_EQ(machine.active_states()[0].state, run);
  EXPECT_EQ(machine.active_states()[0].weight, 1.0f);
  auto request = machine.TakeInertializationRequest();
  ASSERT_TRUE(request.has_value());
  EXPECT_FLOAT_EQ(request->duration_s, 0.3f);
  EXPECT_EQ(request->from_state, idle);
  EXPECT_EQ(request->to_state, run);
  EXPECT_FALSE(machine.TakeInertializationRequest().has_value());  // consumed
}

TEST(StateMachineTest, AStateCanAskForAnInertializationOfItsOwn) {
  // A state whose update changes its clip (Set Sequence with Inertial Blending) asks for a blend
  // from what was shown; nonsense durations ask for nothing, a longer pending one wins.
  StateMachineDefinition definition;
  float asked_s = 0.0f;
  const int start =
      definition.AddState({.name = "Start", .on_update = [&](StateCallbackContext& context) {
                             context.machine.RequestInertialization(asked_s);
                           }});
  StateMachineInstance machine(definition);
  NamedValues values;
  machine.Update(kDt, values);
  EXPECT_FALSE(machine.TakeInertializationRequest().has_value());
  for (const float bad :
       {-1.0f, std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity()}) {
    asked_s = bad;
    machine.Update(kDt, values);
    EXPECT_FALSE(machine.TakeInertializationRequest().has_value()) << bad;
  }
  asked_s = 0.3f;
  machine.Update(kDt, values);
  machine.RequestInertialization(0.1f);
  auto request = machine.TakeInertializationRequest();
  ASSERT_TRUE(request.has_value());
  EXPECT_FLOAT_EQ(request->duration_s, 0.3f);
  EXPECT_EQ(request->from_state, start);
  EXPECT_EQ(request->to_state, start);
  EXPECT_FALSE(machine.TakeInertializationRequest().has_value());
}

TEST(StateMachineTest, NestedMachinesRunInsideTheirStateAndRestartOnEntry) {
  auto grounded = std::make_shared<StateMachineDefinition>("Grounded");
  const int start = grounded->AddState({.name = "Start", .relevant_clip_length_s = 0.5f});
  const int cycle = grounded->AddState({.name = "Cycle"});
  grounded->AddTransition(
      {.from = start, .to = cycle, .automatic_when_remaining_below_s = 0.1f, .blend_s = 0.2f});

  StateMachineDefinition root("Root");
  const int ground = root.AddState({.name = "Ground", .sub_machine = grounded});
  const int air = root.AddState({.name = "Air"});
  root.AddTransition({.from = ground, .to = air, .condition = WhenBool("air"), .blend_s = 0.1f});
  root.AddTransition({.from = air, .to = ground, .condition = WhenBool("land"), .blend_s = 0.1f});
  ASSERT_TRUE(root.Validate().ok());

  StateMachineInstance machine(root);
  NamedValues values;
  values.SetBool("air", false);
  values.SetBool("land", false);
  std::vector<StateMachineInstance::LeafState> leaves;
  for (int i = 0; i < 30; ++i)
    machine.Update(kDt, values);
  const StateMachineInstance* sub = machine.sub_machine(machine.active_states()[0].entry_id);
  ASSERT_NE(sub, nullptr);
  EXPECT_EQ(sub->current_state(), cycle);
  EXPECT_EQ(sub->active_states().size(), 2u);  // Start -> Cycle cross-fade in progress
  machine.CollectLeafStates(leaves);
  ASSERT_EQ(leaves.size(), 2u);
  EXPECT_EQ(leaves[0].depth, 1);
  EXPECT_NEAR(leaves[0].weight + leaves[1].weight, 1.0f, 1e-6f);

  // Leave and come back: the nested machine starts over at its entry state.
  values.SetBool("air", true);
  machine.Update(kDt, values);
  values.SetBool("air", false);
  for (int i = 0; i < 10; ++i)
    machine.Update(kDt, values);
  EXPECT_EQ(machine.current_state(), air);
  values.SetBool("land", true);
  machine.Update(kDt, values);
  values.SetBool("land", false);
  machine.Update(kDt, values);
  machine.CollectLeafStates(leaves);
  float sum = 0.0f;
  for (const auto& leaf : leaves)
    sum += leaf.weight;
  EXPECT_NEAR(sum, 1.0f, 1e-6f);
  const StateMachineInstance* new_sub =
      machine.sub_machine(machine.active_states().back().entry_id);
  ASSERT_NE(new_sub, nullptr);
  EXPECT_EQ(new_sub->current_state(), start);
  EXPECT_NEAR(new_sub->time_in_state_s(), 2 * kDt, 1e-6f);
}

TEST(StateMachineTest, ValidateNamesTheProblem) {
  StateMachineDefinition empty("Empty");
  EXPECT_NE(empty.Validate().error().message.find("'Empty': has no states"), std::string::npos);

  StateMachineDefinition definition("M");
  definition.AddState({.name = "A"});
  definition.AddTransition({.from = 0, .to = 5, .condition = WhenBool("x")});
  EXPECT_NE(definition.Validate().error().message.find("transition 0: 'to' state 5 out of range"),
            std::string::npos);

  StateMachineDefinition no_condition("N");
  no_condition.AddState({.name = "A"});
  no_condition.AddState({.name = "B"});
  no_condition.AddTransition({.from = 0, .to = 1});
  EXPECT_NE(no_condition.Validate().error().message.find("needs a condition or an automatic rule"),
            std::string::npos);

  StateMachineDefinition negative_blend("B");
  negative_blend.AddState({.name = "A"});
  negative_blend.AddState({.name = "A"});
  EXPECT_NE(negative_blend.Validate().error().message.find("'A' is used twice"), std::string::npos);
}

}  // namespace
}  // namespace footwork::graph
