#pragma once
// Triangulating and locating a point among a blend space's few samples (tens at most), in double
// precision so the predicates are robust for grids and other cocircular layouts.

#include <array>
#include <span>
#include <vector>

#include <glm/glm.hpp>

namespace footwork::graph::detail {

// Delaunay triangulation by brute force (every triple whose circumcircle holds no other point),
// keeping the first of overlapping triangles in index order so that cocircular points (a grid
// cell) are split once. Triangles are counter-clockwise. Empty when all points are collinear.
std::vector<std::array<int, 3>> TriangulatePoints(std::span<const glm::vec2> points);

// Barycentric weights (summing to 1, each >= 0) of the point of triangle (a, b, c) nearest `p`,
// and that point's squared distance to p.
struct TriangleHit {
  glm::dvec3 weights{1.0, 0.0, 0.0};
  double distance_sq = 0.0;
};
TriangleHit NearestInTriangle(glm::dvec2 p, glm::dvec2 a, glm::dvec2 b, glm::dvec2 c);

}  // namespace footwork::graph::detail
