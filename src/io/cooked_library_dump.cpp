#include "footwork/io/cooked_library_dump.h"

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

namespace footwork::io {
namespace {

using Json = nlohmann::ordered_json;

// Keeps the dump readable: 4 significant decimals are plenty for metres, seconds and degrees.
double Round(float value) {
  return std::round(static_cast<double>(value) * 1e4) / 1e4;
}

Json ClipToJson(const anim::Clip& clip, const CookedClipInfo* info) {
  Json curves = Json::array();
  for (const anim::FloatCurve& curve : clip.curves) {
    const auto [min, max] = std::minmax_element(curve.values.begin(), curve.values.end());
    curves.push_back({{"name", curve.name},
                      {"keys", curve.values.size()},
                      {"min", curve.values.empty() ? 0.0 : Round(*min)},
                      {"max", curve.values.empty() ? 0.0 : Round(*max)}});
  }
  Json markers = Json::array();
  for (const anim::SyncMarker& marker : clip.markers)
    markers.push_back({{"name", marker.name}, {"time_s", Round(marker.time_s)}});
  Json notifies = Json::array();
  for (const anim::Notify& notify : clip.notifies) {
    notifies.push_back({{"name", notify.name},
                        {"time_s", Round(notify.time_s)},
                        {"duration_s", Round(notify.duration_s)}});
  }
  const anim::Vec3Channel& root = clip.root_motion.translation;
  const glm::vec3 travel =
      root.values.empty() ? glm::vec3(0.0f) : root.values.back() - root.values.front();
  Json json = {{"name", clip.name},
               {"duration_s", Round(clip.duration_s)},
               {"looping", clip.looping},
               {"keys", clip.CountKeys()},
               {"root_motion", !clip.root_motion.empty()},
               {"root_motion_m", Round(std::hypot(travel.x, travel.z))},
               {"curves", curves},
               {"markers", markers},
               {"notifies", notifies}};
  if (info != nullptr) {
    json["source"] = info->source;
    json["ground_speed_m_s"] = Round(info->ground_speed_m_s);
    json["root_distance_m"] = Round(info->root_distance_m);
    json["root_yaw_deg"] = Round(info->root_yaw_deg);
    json["quality"] = {{"locked_foot_speed_cm_s_left", Round(info->locked_foot_speed_cm_s_left)},
                       {"locked_foot_speed_cm_s_right", Round(info->locked_foot_speed_cm_s_right)},
                       {"max_joint_step_deg", Round(info->max_joint_step_deg)},
                       {"loop_gap_deg", Round(info->loop_gap_deg)},
                       {"meets_bars", info->quality_miss.empty()},
                       {"miss", info->quality_miss}};
    json["notes"] = info->notes;
  }
  return json;
}

}  // namespace

std::string CookedLibraryToJson(const CookedLibrary& library) {
  Json joints = Json::array();
  for (int j = 0; j < library.skeleton.num_joints(); ++j) {
    const int parent = library.skeleton.parents[j];
    joints.push_back(
        {{"name", library.skeleton.joint_names[j]},
         {"parent", parent < 0 ? Json() : Json(library.skeleton.joint_names[parent])}});
  }
  Json meshes = Json::array();
  for (const SkinnedMesh& mesh : library.meshes) {
    meshes.push_back({{"name", mesh.name},
                      {"vertices", mesh.positions.size()},
                      {"triangles", mesh.indices.size() / 3}});
  }
  Json clips = Json::array();
  for (std::size_t i = 0; i < library.clips.size(); ++i) {
    const CookedClipInfo* info = i < library.clip_info.size() ? &library.clip_info[i] : nullptr;
    clips.push_back(ClipToJson(library.clips[i], info));
  }
  const Json root = {{"character", library.character},
                     {"rig_profile", library.rig_profile.name},
                     {"joints", joints},
                     {"meshes", meshes},
                     {"clips", clips}};
  return root.dump(2, ' ', false, Json::error_handler_t::replace);
}

}  // namespace footwork::io
