#pragma once
// Debug shapes drawn as lines into a DrawList: capsule outlines, foot-lock markers, traces,
// skeletons.

#include <span>

#include <glm/glm.hpp>

#include "footwork/anim/skeleton.h"
#include "footwork/core/transform.h"
#include "footwork/render/draw_list.h"

namespace footwork::render {

// An upright capsule outline (two rings, four vertical lines, two half-circle arcs a side).
// `center_m` is the capsule's centre; half_height_m includes the hemispheres.
void AddCapsule(DrawList& list, const glm::vec3& center_m, float radius_m, float half_height_m,
                const glm::vec3& color);

// A foot-lock marker: a flat cross and a ring on the ground at `position_m`, drawn on top.
void AddFootMarker(DrawList& list, const glm::vec3& position_m, float size_m,
                   const glm::vec3& color);

// A polyline through `points_m` (e.g. a foot or root trace).
void AddPolyline(DrawList& list, std::span<const glm::vec3> points_m, const glm::vec3& color,
                 bool on_top = false);

// One line from each joint to its parent (model-space pose placed by `world`), drawn on top.
void AddSkeleton(DrawList& list, const anim::Skeleton& skeleton,
                 std::span<const Transform> model_pose, const glm::mat4& world,
                 const glm::vec3& color);

// An axis-aligned box's triangle mesh centred at the origin with unit size (-0.5..0.5).
LevelMesh MakeUnitBoxMesh();

}  // namespace footwork::render
