#include "triangulation.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace footwork::graph::detail {
namespace {

// Twice the signed area of (a, b, c): > 0 when counter-clockwise.
double Orient(glm::dvec2 a, glm::dvec2 b, glm::dvec2 c) {
  return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

// > 0 when d lies strictly inside the circumcircle of the counter-clockwise triangle (a, b, c).
double InCircle(glm::dvec2 a, glm::dvec2 b, glm::dvec2 c, glm::dvec2 d) {
  const glm::dvec2 ad = a - d, bd = b - d, cd = c - d;
  const double a2 = glm::dot(ad, ad), b2 = glm::dot(bd, bd), c2 = glm::dot(cd, cd);
  return ad.x * (bd.y * c2 - b2 * cd.y) - ad.y * (bd.x * c2 - b2 * cd.x) +
         a2 * (bd.x * cd.y - bd.y * cd.x);
}

struct Triangle {
  std::array<glm::dvec2, 3> corners;
};

bool StrictlyInside(const Triangle& t, glm::dvec2 p, double eps) {
  return Orient(t.corners[0], t.corners[1], p) > eps &&
         Orient(t.corners[1], t.corners[2], p) > eps && Orient(t.corners[2], t.corners[0], p) > eps;
}

bool ProperlyCross(glm::dvec2 a, glm::dvec2 b, glm::dvec2 c, glm::dvec2 d, double eps) {
  const double o1 = Orient(a, b, c), o2 = Orient(a, b, d);
  const double o3 = Orient(c, d, a), o4 = Orient(c, d, b);
  return ((o1 > eps && o2 < -eps) || (o1 < -eps && o2 > eps)) &&
         ((o3 > eps && o4 < -eps) || (o3 < -eps && o4 > eps));
}

// Whether the interiors of two triangles overlap: edges cross, or one's centroid is inside the
// other (containment, or identical triangles).
bool Overlap(const Triangle& s, const Triangle& t, double eps) {
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      if (ProperlyCross(s.corners[i], s.corners[(i + 1) % 3], t.corners[j], t.corners[(j + 1) % 3],
                        eps)) {
        return true;
      }
    }
  }
  const glm::dvec2 cs = (s.corners[0] + s.corners[1] + s.corners[2]) / 3.0;
  const glm::dvec2 ct = (t.corners[0] + t.corners[1] + t.corners[2]) / 3.0;
  return StrictlyInside(t, cs, eps) || StrictlyInside(s, ct, eps);
}

// The nearest point of segment (a, b) to p as the parameter along it.
double SegmentParameter(glm::dvec2 p, glm::dvec2 a, glm::dvec2 b) {
  const glm::dvec2 ab = b - a;
  const double length_sq = glm::dot(ab, ab);
  return length_sq > 0.0 ? std::clamp(glm::dot(p - a, ab) / length_sq, 0.0, 1.0) : 0.0;
}

}  // namespace

std::vector<std::array<int, 3>> TriangulatePoints(std::span<const glm::vec2> points) {
  const int n = static_cast<int>(points.size());
  std::vector<glm::dvec2> p(points.begin(), points.end());
  // Tolerances scale with the layout's extent (speeds in m/s and angles in degrees both work).
  double extent = 0.0;
  for (const glm::dvec2& point : p)
    extent = std::max({extent, std::abs(point.x), std::abs(point.y)});
  const double extent_sq = std::max(extent * extent, 1e-12);
  const double eps = 1e-9 * extent_sq;
  const double circle_eps = 1e-9 * extent_sq * extent_sq;

  std::vector<std::array<int, 3>> kept;
  std::vector<Triangle> kept_shapes;
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) {
      for (int k = j + 1; k < n; ++k) {
        std::array<int, 3> tri{i, j, k};
        const double orient = Orient(p[i], p[j], p[k]);
        if (std::abs(orient) <= eps)
          continue;
        if (orient < 0.0)
          std::swap(tri[1], tri[2]);
        const Triangle shape{{p[tri[0]], p[tri[1]], p[tri[2]]}};
        bool empty = true;
        for (int m = 0; m < n && empty; ++m) {
          if (m != i && m != j && m != k &&
              InCircle(shape.corners[0], shape.corners[1], shape.corners[2], p[m]) > circle_eps) {
            empty = false;
          }
        }
        if (!empty)
          continue;
        const bool overlaps =
            std::any_of(kept_shapes.begin(), kept_shapes.end(),
                        [&](const Triangle& t) { return Overlap(shape, t, eps); });
        if (overlaps)
          continue;
        kept.push_back(tri);
        kept_shapes.push_back(shape);
      }
    }
  }
  return kept;
}

TriangleHit NearestInTriangle(glm::dvec2 p, glm::dvec2 a, glm::dvec2 b, glm::dvec2 c) {
  const double area = Orient(a, b, c);
  TriangleHit hit;
  if (area != 0.0) {
    const double wa = Orient(b, c, p) / area;
    const double wb = Orient(c, a, p) / area;
    const double wc = 1.0 - wa - wb;
    if (wa >= 0.0 && wb >= 0.0 && wc >= 0.0) {
      hit.weights = {wa, wb, wc};
      hit.distance_sq = 0.0;
      return hit;
    }
  }
  // Outside: the nearest point lies on an edge.
  const std::array<glm::dvec2, 3> v{a, b, c};
  hit.distance_sq = std::numeric_limits<double>::infinity();
  for (int e = 0; e < 3; ++e) {
    const glm::dvec2 from = v[e], to = v[(e + 1) % 3];
    const double t = SegmentParameter(p, from, to);
    const glm::dvec2 q = from + t * (to - from);
    const double d = glm::dot(q - p, q - p);
    if (d < hit.distance_sq) {
      hit.distance_sq = d;
      hit.weights = glm::dvec3(0.0);
      hit.weights[e] = 1.0 - t;
      hit.weights[(e + 1) % 3] = t;
    }
  }
  return hit;
}

}  // namespace footwork::graph::detail
