#include "footwork/cook/character_description.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace footwork::cook {
namespace {

// Ordered, so roles are cooked (and listed) in file order.
using Json = nlohmann::ordered_json;

// A field's position for messages: "quaternius_ual1.json: roles.walk.clip".
struct Field {
  std::string file;
  std::string path;

  Field Child(const std::string& key) const {
    return {file, path.empty() ? key : path + "." + key};
  }
  Field Index(std::size_t i) const { return {file, fmt::format("{}[{}]", path, i)}; }
  Error Fail(const std::string& what) const {
    return Error{fmt::format("{}: {}: {}", file, path.empty() ? "(top level)" : path, what)};
  }
};

std::string Describe(const Json& value) {
  std::string text = value.dump();
  if (text.size() > 40)
    text = text.substr(0, 37) + "...";
  return fmt::format("{} {}", value.type_name(), text);
}

Result<float> Number(const Json& object, const Field& at, const std::string& key, float fallback,
                     float min, float max) {
  const auto it = object.find(key);
  if (it == object.end())
    return fallback;
  if (!it->is_number())
    return at.Child(key).Fail("expected a number, got " + Describe(*it));
  const double value = it->get<double>();
  if (!std::isfinite(value) || value < min || value > max) {
    return at.Child(key).Fail(
        fmt::format("expected a number in [{}, {}], got {}", min, max, value));
  }
  return static_cast<float>(value);
}

Result<bool> Bool(const Json& object, const Field& at, const std::string& key, bool fallback) {
  const auto it = object.find(key);
  if (it == object.end())
    return fallback;
  if (!it->is_boolean())
    return at.Child(key).Fail("expected true or false, got " + Describe(*it));
  return it->get<bool>();
}

Result<std::string> String(const Json& object, const Field& at, const std::string& key) {
  const auto it = object.find(key);
  if (it == object.end())
    return at.Child(key).Fail("missing required field");
  if (!it->is_string() || it->get<std::string>().empty())
    return at.Child(key).Fail("expected a non-empty string, got " + Describe(*it));
  return it->get<std::string>();
}

Result<const Json*> Object(const Json& object, const Field& at, const std::string& key,
                           bool required) {
  static const Json kEmpty = Json::object();
  const auto it = object.find(key);
  if (it == object.end()) {
    if (required)
      return at.Child(key).Fail("missing required field");
    return &kEmpty;
  }
  if (!it->is_object())
    return at.Child(key).Fail("expected an object, got " + Describe(*it));
  return &*it;
}

bool IsLayeringCurve(const std::string& name) {
  static const char* kParts[] = {"Head",  "Spine", "Pelvis", "Legs",
                                 "Arm_L", "Arm_R", "Hand_L", "Hand_R"};
  for (const char* part : kParts) {
    const std::string base = std::string("Layering_") + part;
    if (name == base || name == base + "_Add" || name == base + "_LS")
      return true;
  }
  return false;
}

// Unknown keys are almost always typos of a real key: reject them rather than ignore them.
Status OnlyKnownKeys(const Json& object, const Field& at, std::initializer_list<const char*> keys) {
  for (auto it = object.begin(); it != object.end(); ++it) {
    if (std::none_of(keys.begin(), keys.end(), [&](const char* k) { return it.key() == k; })) {
      std::string known;
      for (const char* k : keys)
        known += known.empty() ? k : std::string(", ") + k;
      return at.Child(it.key()).Fail("unknown field (expected one of: " + known + ")");
    }
  }
  return Status::Ok();
}

// Unwraps a Result into `target` or returns its error (one temporary per line).
#define FW_CONCAT_INNER(a, b) a##b
#define FW_CONCAT(a, b) FW_CONCAT_INNER(a, b)
#define FW_TRY(target, expression)                  \
  auto FW_CONCAT(result_, __LINE__) = (expression); \
  if (!FW_CONCAT(result_, __LINE__))                \
    return FW_CONCAT(result_, __LINE__).error();    \
  target = std::move(*FW_CONCAT(result_, __LINE__))

#define FW_TRY_STATUS(expression)              \
  if (Status status_ = (expression); !status_) \
  return status_.error()

// Contact settings; absent fields keep `defaults`.
Result<FootContactSettings> ParseContacts(const Json& contacts, const Field& at,
                                          const FootContactSettings& defaults) {
  FW_TRY_STATUS(OnlyKnownKeys(contacts, at,
                              {"height_tolerance_m", "max_vertical_speed_m_s", "min_duration_s"}));
  FootContactSettings settings = defaults;
  FW_TRY(settings.height_tolerance_m,
         Number(contacts, at, "height_tolerance_m", defaults.height_tolerance_m, 0.001f, 1.0f));
  FW_TRY(settings.max_vertical_speed_m_s, Number(contacts, at, "max_vertical_speed_m_s",
                                                 defaults.max_vertical_speed_m_s, 0.001f, 10.0f));
  FW_TRY(settings.min_duration_s,
         Number(contacts, at, "min_duration_s", defaults.min_duration_s, 0.0f, 1.0f));
  return settings;
}

Result<RoleDescription> ParseRole(const std::string& role, const Json& value, const Field& at,
                                  const FootContactSettings& character_contacts) {
  if (!value.is_object())
    return at.Fail("expected an object, got " + Describe(value));
  FW_TRY_STATUS(OnlyKnownKeys(
      value, at,
      {"clip", "looping", "root_motion", "foot_curves", "enable_foot_ik", "enable_turn_in_place",
       "disable_switch_ground_gait", "layering", "contacts", "root_speed"}));
  RoleDescription description;
  description.role = role;
  FW_TRY(description.clip, String(value, at, "clip"));
  FW_TRY(description.looping, Bool(value, at, "looping", false));
  FW_TRY(description.foot_curves, Bool(value, at, "foot_curves", true));
  FW_TRY(description.enable_foot_ik, Number(value, at, "enable_foot_ik", 1.0f, 0.0f, 1.0f));
  FW_TRY(description.enable_turn_in_place,
         Number(value, at, "enable_turn_in_place", 0.0f, 0.0f, 1.0f));
  FW_TRY(description.disable_switch_ground_gait,
         Number(value, at, "disable_switch_ground_gait", 0.0f, 0.0f, 1.0f));
  if (const auto it = value.find("root_motion"); it != value.end()) {
    const std::string source = it->is_string() ? it->get<std::string>() : std::string();
    if (source == "none") {
      description.root_motion = RootMotionSource::kNone;
    } else if (source == "contacts") {
      description.root_motion = RootMotionSource::kFromContacts;
    } else if (source == "authored") {
      description.root_motion = RootMotionSource::kAuthored;
    } else {
      return at.Child("root_motion")
          .Fail("expected \"none\", \"contacts\" or \"authored\", got " + Describe(*it));
    }
  }
  if (const auto it = value.find("root_speed"); it != value.end()) {
    const std::string estimate = it->is_string() ? it->get<std::string>() : std::string();
    if (estimate == "planted_foot") {
      description.root_speed = RootSpeedEstimate::kPlantedFoot;
    } else if (estimate == "step_cadence") {
      description.root_speed = RootSpeedEstimate::kStepCadence;
    } else {
      return at.Child("root_speed")
          .Fail("expected \"planted_foot\" or \"step_cadence\", got " + Describe(*it));
    }
  }
  if (value.contains("contacts")) {
    const Json* contacts = nullptr;
    FW_TRY(contacts, Object(value, at, "contacts", true));
    FW_TRY(description.contacts,
           ParseContacts(*contacts, at.Child("contacts"), character_contacts));
  }
  const Json* layering = nullptr;
  FW_TRY(layering, Object(value, at, "layering", false));
  for (auto it = layering->begin(); it != layering->end(); ++it) {
    const Field curve_at = at.Child("layering").Child(it.key());
    if (!IsLayeringCurve(it.key())) {
      return curve_at.Fail(
          "not a layering curve (expected Layering_Head/Spine/Pelvis/Legs/Arm_L/Arm_R/Hand_L/"
          "Hand_R, optionally with _Add or _LS)");
    }
    float weight = 0.0f;
    FW_TRY(weight, Number(*layering, at.Child("layering"), it.key(), 0.0f, 0.0f, 1.0f));
    description.layering[it.key()] = weight;
  }
  return description;
}

Result<TransitionDescription> ParseTransition(const Json& value, const Field& at,
                                              const CharacterDescription& character) {
  if (!value.is_object())
    return at.Fail("expected an object, got " + Describe(value));
  FW_TRY_STATUS(OnlyKnownKeys(value, at,
                              {"from_role", "stop_cycles", "stop_settle_s", "start_ramp_s",
                               "start_cruise_s", "start_turns_deg", "idle_blend_s"}));
  TransitionDescription transition;
  FW_TRY(transition.from_role, String(value, at, "from_role"));
  const RoleDescription* from = character.FindRole(transition.from_role);
  if (from == nullptr)
    return at.Child("from_role").Fail("no role '" + transition.from_role + "' in roles");
  if (!from->looping || from->root_motion == RootMotionSource::kNone) {
    return at.Child("from_role")
        .Fail("role '" + transition.from_role + "' must be a looping clip with root motion");
  }
  FW_TRY(transition.stop_cycles, Number(value, at, "stop_cycles", 1.0f, 0.1f, 10.0f));
  FW_TRY(transition.stop_settle_s, Number(value, at, "stop_settle_s", 0.4f, 0.0f, 10.0f));
  FW_TRY(transition.start_ramp_s, Number(value, at, "start_ramp_s", 0.6f, 0.05f, 10.0f));
  FW_TRY(transition.start_cruise_s, Number(value, at, "start_cruise_s", 0.5f, 0.0f, 10.0f));
  FW_TRY(transition.idle_blend_s, Number(value, at, "idle_blend_s", 0.4f, 0.0f, 10.0f));
  if (const auto it = value.find("start_turns_deg"); it != value.end()) {
    if (!it->is_array())
      return at.Child("start_turns_deg").Fail("expected an array of degrees");
    transition.start_turns_deg.clear();
    for (std::size_t i = 0; i < it->size(); ++i) {
      const Json& turn = (*it)[i];
      if (!turn.is_number() || std::fabs(turn.get<double>()) > 180.0) {
        return at.Child("start_turns_deg").Index(i).Fail("expected degrees in [-180, 180]");
      }
      transition.start_turns_deg.push_back(turn.get<float>());
    }
  }
  return transition;
}

}  // namespace

const RoleDescription* CharacterDescription::FindRole(const std::string& role) const {
  for (const RoleDescription& candidate : roles) {
    if (candidate.role == role)
      return &candidate;
  }
  return nullptr;
}

Result<CharacterDescription> ParseCharacterDescription(const std::string& text,
                                                       const std::filesystem::path& path) {
  const Field top{path.filename().string(), ""};
  const Json document = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (document.is_discarded())
    return Error{top.file + ": not valid JSON"};
  if (!document.is_object())
    return top.Fail("expected a JSON object");
  FW_TRY_STATUS(OnlyKnownKeys(
      document, top,
      {"name", "sources", "rig_profile", "sample_rate_hz", "contacts", "foot_lock_release_s",
       "foot_lock_rise_s", "loop_closure_blend_s", "floor_from_idle", "quality", "quality_waivers",
       "roles", "mirror_roles", "transitions"}));
  CharacterDescription description;
  description.path = path;
  FW_TRY(description.name, String(document, top, "name"));
  {
    const auto it = document.find("sources");
    if (it == document.end())
      return top.Child("sources").Fail("missing required field");
    if (!it->is_array() || it->empty())
      return top.Child("sources").Fail("expected a non-empty array of file paths");
    for (std::size_t i = 0; i < it->size(); ++i) {
      if (!(*it)[i].is_string())
        return top.Child("sources").Index(i).Fail("expected a file path string");
      description.sources.emplace_back((*it)[i].get<std::string>());
    }
  }
  std::string rig_profile;
  FW_TRY(rig_profile, String(document, top, "rig_profile"));
  description.rig_profile = rig_profile;
  FW_TRY(description.sample_rate_hz, Number(document, top, "sample_rate_hz", 60.0f, 10.0f, 480.0f));
  FW_TRY(description.foot_lock_release_s,
         Number(document, top, "foot_lock_release_s", 0.1f, 0.0f, 2.0f));
  FW_TRY(description.foot_lock_rise_s,
         Number(document, top, "foot_lock_rise_s", 1.0f / 60.0f, 0.0f, 1.0f));
  FW_TRY(description.loop_closure_blend_s,
         Number(document, top, "loop_closure_blend_s", 0.25f, 0.0f, 5.0f));
  FW_TRY(description.floor_from_idle, Bool(document, top, "floor_from_idle", false));

  const Json* contacts = nullptr;
  FW_TRY(contacts, Object(document, top, "contacts", true));
  FW_TRY(description.contacts, ParseContacts(*contacts, top.Child("contacts"), {}));

  const Json* quality = nullptr;
  FW_TRY(quality, Object(document, top, "quality", false));
  const Field quality_at = top.Child("quality");
  FW_TRY_STATUS(OnlyKnownKeys(*quality, quality_at,
                              {"max_locked_foot_speed_cm_s", "max_joint_step_deg",
                               "max_loop_gap_deg", "max_locked_sole_height_cm"}));
  FW_TRY(description.quality.max_locked_foot_speed_cm_s,
         Number(*quality, quality_at, "max_locked_foot_speed_cm_s", 1.0f, 0.0f, 100.0f));
  FW_TRY(description.quality.max_joint_step_deg,
         Number(*quality, quality_at, "max_joint_step_deg", 15.0f, 0.0f, 180.0f));
  FW_TRY(description.quality.max_loop_gap_deg,
         Number(*quality, quality_at, "max_loop_gap_deg", 1.0f, 0.0f, 180.0f));
  float max_sole = 0.0f;
  FW_TRY(max_sole, Number(*quality, quality_at, "max_locked_sole_height_cm", 2.0f, 0.0f, 100.0f));
  description.quality.max_locked_sole_height_cm = max_sole;

  const Json* roles = nullptr;
  FW_TRY(roles, Object(document, top, "roles", true));
  for (auto it = roles->begin(); it != roles->end(); ++it) {
    RoleDescription role;
    FW_TRY(role, ParseRole(it.key(), it.value(), top.Child("roles").Child(it.key()),
                           description.contacts));
    description.roles.push_back(std::move(role));
  }
  for (const char* required : kRequiredCharacterRoles) {
    if (description.FindRole(required) == nullptr)
      return top.Child("roles").Child(required).Fail("missing required role");
  }

  if (const auto it = document.find("mirror_roles"); it != document.end()) {
    if (!it->is_array())
      return top.Child("mirror_roles").Fail("expected an array of role names");
    for (std::size_t i = 0; i < it->size(); ++i) {
      const Json& role = (*it)[i];
      if (!role.is_string() || description.FindRole(role.get<std::string>()) == nullptr) {
        return top.Child("mirror_roles")
            .Index(i)
            .Fail("expected the name of a role in roles, got " + Describe(role));
      }
      description.mirror_roles.push_back(role.get<std::string>());
    }
  }
  if (const auto it = document.find("transitions"); it != document.end()) {
    if (!it->is_array())
      return top.Child("transitions").Fail("expected an array of transition objects");
    for (std::size_t i = 0; i < it->size(); ++i) {
      TransitionDescription transition;
      FW_TRY(transition, ParseTransition((*it)[i], top.Child("transitions").Index(i), description));
      description.transitions.push_back(std::move(transition));
    }
  }
  if (const auto it = document.find("quality_waivers"); it != document.end()) {
    const Field at = top.Child("quality_waivers");
    if (!it->is_object())
      return at.Fail("expected an object of clip name -> reason");
    for (auto waiver = it->begin(); waiver != it->end(); ++waiver) {
      if (!waiver.value().is_string() || waiver.value().get<std::string>().empty())
        return at.Child(waiver.key()).Fail("expected the reason the clip cannot pass, a string");
      description.quality_waivers[waiver.key()] = waiver.value().get<std::string>();
    }
  }
  return description;
}

Result<CharacterDescription> LoadCharacterDescription(const std::filesystem::path& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file)
    return Error{path.string() + ": cannot open character description"};
  std::ostringstream text;
  text << file.rdbuf();
  return ParseCharacterDescription(text.str(), path);
}

}  // namespace footwork::cook
