#include "footwork/world/bullet_collision_world.h"

#include <BulletCollision/NarrowPhaseCollision/btRaycastCallback.h>
#include <LinearMath/btGeometryUtil.h>
#include <btBulletCollisionCommon.h>

#include <algorithm>
#include <cmath>
#include <deque>
#include <optional>
#include <vector>

#include "footwork/core/angles.h"

namespace footwork::world {
namespace {

// Bullet's default collision margin (4 cm) rounds box edges and inflates hulls; a character
// needs surfaces where the level says they are, so static shapes get a 1 mm margin.
constexpr btScalar kShapeMarginM = 0.001f;
// A ray within this cosine of a face's plane runs along it, and is in the face's slab when no
// more than kFaceSlackM (m) outside it: world coordinates of tens of metres round by microns.
constexpr btScalar kParallelFaceCos = 1e-5f;
constexpr btScalar kFaceSlackM = 2e-5f;
// Sweeps shorter than this report no hit (Bullet's casts are ill-defined for zero motion).
constexpr float kMinSweepLengthM = 1.0e-6f;
// Overlaps shallower than this are contacts, not overlaps (a resting capsule touches its floor).
constexpr btScalar kOverlapDepthM = 0.001f;

btVector3 ToBt(const glm::vec3& v) {
  return {v.x, v.y, v.z};
}
glm::vec3 ToGlm(const btVector3& v) {
  return {v.x(), v.y(), v.z()};
}

btTransform YawTransform(const glm::vec3& position, float yaw_deg) {
  btTransform transform;
  transform.setIdentity();
  transform.setOrigin(ToBt(position));
  transform.setRotation(btQuaternion(btVector3(0, 1, 0), Radians(yaw_deg)));
  return transform;
}

// Bullet's capsule "height" is the cylinder between the hemispheres.
btCapsuleShape MakeCapsule(const CapsuleShape& capsule) {
  const float cylinder = std::max(0.0f, 2.0f * (capsule.half_height_m - capsule.radius_m));
  return btCapsuleShape(capsule.radius_m, cylinder);
}

}  // namespace

struct BulletCollisionWorld::Impl {
  struct Body {
    std::unique_ptr<btTriangleMesh> mesh;  // owned triangles of a terrain
    std::unique_ptr<btCollisionShape> shape;
    std::unique_ptr<btCollisionObject> object;
    std::string name;
    int platform = -1;  // index into platforms, or -1 for static bodies
    // A box's or a convex hull's face planes in the body's frame: (outward normal, offset) with
    // normal . point = offset on the face. Empty for other shapes.
    std::vector<btVector4> faces;
  };

  btDefaultCollisionConfiguration configuration;
  btCollisionDispatcher dispatcher{&configuration};
  btDbvtBroadphase broadphase;
  btCollisionWorld world{&dispatcher, &broadphase, &configuration};
  // A deque keeps Body addresses stable as bodies are added.
  std::deque<Body> bodies;
  std::vector<PlatformDesc> platforms;
  std::string no_name;

  ~Impl() {
    for (auto& body : bodies)
      world.removeCollisionObject(body.object.get());
  }

  BodyId Add(std::unique_ptr<btCollisionShape> shape, const btTransform& transform,
             std::string name, bool kinematic, std::unique_ptr<btTriangleMesh> mesh = nullptr) {
    const auto id = static_cast<BodyId>(bodies.size());
    Body& body = bodies.emplace_back();
    body.mesh = std::move(mesh);
    body.shape = std::move(shape);
    body.object = std::make_unique<btCollisionObject>();
    body.object->setCollisionShape(body.shape.get());
    body.faces = FacePlanes(*body.shape);
    body.object->setWorldTransform(transform);
    body.object->setUserIndex(static_cast<int>(id));
    if (kinematic) {
      body.object->setCollisionFlags(body.object->getCollisionFlags() |
                                     btCollisionObject::CF_KINEMATIC_OBJECT);
    } else {
      body.object->setCollisionFlags(body.object->getCollisionFlags() |
                                     btCollisionObject::CF_STATIC_OBJECT);
    }
    body.name = std::move(name);
    world.addCollisionObject(body.object.get());
    return id;
  }

  static BodyId IdOf(const btCollisionObject* object) {
    return object ? static_cast<BodyId>(object->getUserIndex()) : kNoBody;
  }

  // Where a ray enters a box or a hull, and through which face (the body's frame).
  struct FaceEntry {
    btScalar fraction;
    btVector3 normal;
  };

  // Where the segment from -> to (the body's frame) enters the convex body bounded by `faces`,
  // before `before` (a fraction of the way): the fraction and the face it enters through. Unset
  // when it misses, or starts inside (as Bullet's casts: a ray from inside a body hits what lies
  // beyond it).
  static std::optional<FaceEntry> EnterConvex(const std::vector<btVector4>& faces,
                                              const btVector3& from, const btVector3& to,
                                              btScalar before) {
    const btVector3 along = to - from;
    const btScalar parallel = kParallelFaceCos * along.length();
    btScalar enter = 0;
    btScalar leave = before;
    std::optional<btVector3> entered;
    for (const btVector4& face : faces) {
      const btVector3 normal(face.x(), face.y(), face.z());
      const btScalar outside = normal.dot(from) - face.w();
      const btScalar approach = normal.dot(along);
      // Along the face: inside its slab or not, to within the rounding of the body's transform.
      // Exactly, a ray down the face two of the stairs' steps share fell between them.
      if (std::fabs(approach) <= parallel) {
        if (outside > kFaceSlackM)
          return std::nullopt;
        continue;
      }
      const btScalar at = -outside / approach;
      if (approach < 0) {
        if (outside > 0 && (!entered || at > enter)) {
          enter = at;
          entered = normal;
        }
      } else {
        leave = std::min(leave, at);
      }
      if (enter > leave)
        return std::nullopt;
    }
    if (!entered)
      return std::nullopt;
    return FaceEntry{enter, *entered};
  }

  // Bullet's broadphase finds the bodies whose bounds the ray crosses. A box's or a hull's face
  // planes answer where the ray enters it, exactly and with the face's own normal; a terrain's
  // triangles go to Bullet's ray test. Bullet's default cast against a convex shape (subsimplex)
  // answered up to 9 mm above a tread near a riser's edge; its GJK cast is exact to a tenth of a
  // millimetre but costs five times as much and rounds every edge by the shape's margin (45
  // degree normals on a step's corner).
  struct FacesFirstCallback : btCollisionWorld::ClosestRayResultCallback {
    FacesFirstCallback(const Impl& impl, const btVector3& from, const btVector3& to)
        : ClosestRayResultCallback(from, to), impl(impl) {}
    bool needsCollision(btBroadphaseProxy* proxy) const override {
      if (!ClosestRayResultCallback::needsCollision(proxy))
        return false;
      const auto* object = static_cast<const btCollisionObject*>(proxy->m_clientObject);
      const BodyId id = IdOf(object);
      if (id == kNoBody || id >= impl.bodies.size() || impl.bodies[id].faces.empty())
        return true;
      const btTransform& transform = object->getWorldTransform();
      const std::optional<FaceEntry> entry =
          EnterConvex(impl.bodies[id].faces, transform.invXform(m_rayFromWorld),
                      transform.invXform(m_rayToWorld), m_closestHitFraction);
      if (entry) {
        // Bullet asks this (a const query) of each body its broadphase finds; the answer for a
        // box or a hull is made here, so the closest hit is kept here too.
        auto& self = const_cast<FacesFirstCallback&>(*this);
        self.m_closestHitFraction = entry->fraction;
        self.m_collisionObject = nullptr;  // closer than any hit Bullet has reported
        self.face_object = object;
        self.face_normal = transform.getBasis() * entry->normal;
      }
      return false;
    }
    const Impl& impl;
    const btCollisionObject* face_object = nullptr;
    btVector3 face_normal{0, 0, 0};
  };

  std::optional<SweepHit> Ray(const glm::vec3& from, const glm::vec3& to) const {
    const float length = glm::length(to - from);
    if (!(length > kMinSweepLengthM))
      return std::nullopt;
    FacesFirstCallback callback(*this, ToBt(from), ToBt(to));
    // Any other convex shape: the GJK cast.
    callback.m_flags |= btTriangleRaycastCallback::kF_UseGjkConvexCastRaytest;
    world.rayTest(ToBt(from), ToBt(to), callback);
    std::optional<SweepHit> result;
    if (callback.hasHit()) {
      const glm::vec3 point = ToGlm(callback.m_hitPointWorld);
      result = MakeHit(callback.m_closestHitFraction, from, to, point,
                       ToGlm(callback.m_hitNormalWorld), callback.m_collisionObject);
    } else if (callback.face_object != nullptr) {
      const glm::vec3 point =
          from + (to - from) * static_cast<float>(callback.m_closestHitFraction);
      result = MakeHit(callback.m_closestHitFraction, from, to, point, ToGlm(callback.face_normal),
                       callback.face_object);
    }
    return result;
  }

  // A hit `fraction` of the way from -> to, its normal made unit (opposing the motion when Bullet
  // gives none).
  static SweepHit MakeHit(btScalar fraction, const glm::vec3& from, const glm::vec3& to,
                          const glm::vec3& point, const glm::vec3& normal,
                          const btCollisionObject* object) {
    const float length = glm::length(to - from);
    SweepHit hit;
    hit.fraction = static_cast<float>(fraction);
    hit.distance_m = hit.fraction * length;
    hit.point = point;
    const float normal_length = glm::length(normal);
    hit.normal = normal_length > 0.0f ? normal / normal_length : -(to - from) / length;
    hit.body = IdOf(object);
    return hit;
  }

  // The face planes of a box or a convex hull (FacePlanes in Body): the level's surfaces, without
  // the shape margin (a box's half extents with it are its size; a hull's margin is around it).
  static std::vector<btVector4> FacePlanes(const btCollisionShape& shape) {
    std::vector<btVector4> faces;
    if (shape.getShapeType() == BOX_SHAPE_PROXYTYPE) {
      const btVector3 half = static_cast<const btBoxShape&>(shape).getHalfExtentsWithMargin();
      for (int axis = 0; axis < 3; ++axis) {
        for (const btScalar sign : {btScalar(-1), btScalar(1)}) {
          btVector4 face(0, 0, 0, half[axis]);
          face[axis] = sign;
          faces.push_back(face);
        }
      }
    } else if (shape.getShapeType() == CONVEX_HULL_SHAPE_PROXYTYPE) {
      const auto& hull = static_cast<const btConvexHullShape&>(shape);
      btAlignedObjectArray<btVector3> points;
      for (int i = 0; i < hull.getNumPoints(); ++i)
        points.push_back(hull.getScaledPoint(i));
      btAlignedObjectArray<btVector3> planes;
      btGeometryUtil::getPlaneEquationsFromVertices(points, planes);
      // Each plane is (normal, d) with normal . p + d = 0, outward.
      for (int i = 0; i < planes.size(); ++i) {
        const btVector3& plane = planes[i];
        faces.emplace_back(plane.x(), plane.y(), plane.z(), -plane[3]);
      }
    }
    return faces;
  }

  std::optional<SweepHit> ConvexSweep(const btConvexShape& shape, const glm::vec3& from,
                                      const glm::vec3& to) const {
    const float length = glm::length(to - from);
    if (!(length > kMinSweepLengthM))
      return std::nullopt;
    btTransform start;
    start.setIdentity();
    start.setOrigin(ToBt(from));
    btTransform end;
    end.setIdentity();
    end.setOrigin(ToBt(to));
    btCollisionWorld::ClosestConvexResultCallback callback(start.getOrigin(), end.getOrigin());
    world.convexSweepTest(&shape, start, end, callback);
    if (!callback.hasHit())
      return std::nullopt;
    SweepHit hit = MakeHit(callback.m_closestHitFraction, from, to, ToGlm(callback.m_hitPointWorld),
                           ToGlm(callback.m_hitNormalWorld), callback.m_hitCollisionObject);
    // A first contact always opposes the motion; Bullet's sign depends on the shape pair.
    if (glm::dot(hit.normal, to - from) > 0.0f)
      hit.normal = -hit.normal;
    return hit;
  }
};

BulletCollisionWorld::BulletCollisionWorld() : impl_(std::make_unique<Impl>()) {}
BulletCollisionWorld::~BulletCollisionWorld() = default;

Result<std::unique_ptr<BulletCollisionWorld>> BulletCollisionWorld::FromLevel(const Level& level) {
  auto world = std::make_unique<BulletCollisionWorld>();
  for (const auto& box : level.boxes)
    world->AddBox(box);
  for (const auto& ramp : level.ramps)
    world->AddRamp(ramp);
  for (const auto& stairs : level.stairs)
    world->AddStairs(stairs);
  for (const auto& terrain : level.terrains) {
    auto added = world->AddTerrain(terrain);
    if (!added)
      return WithContext(level.name, added.error());
  }
  for (const auto& platform : level.platforms)
    world->AddPlatform(platform);
  world->SetTime(0.0);
  return world;
}

BodyId BulletCollisionWorld::AddBox(const BoxDesc& box) {
  auto shape = std::make_unique<btBoxShape>(ToBt(box.size_m * 0.5f));
  shape->setMargin(kShapeMarginM);
  return impl_->Add(std::move(shape), YawTransform(box.position_m, box.yaw_deg), box.name, false);
}

BodyId BulletCollisionWorld::AddRamp(const RampDesc& ramp) {
  const float half_width = ramp.width_m * 0.5f;
  const float rise = ramp.RiseM();
  auto shape = std::make_unique<btConvexHullShape>();
  for (float x : {-half_width, half_width}) {
    shape->addPoint(btVector3(x, 0, 0), false);
    shape->addPoint(btVector3(x, 0, ramp.length_m), false);
    shape->addPoint(btVector3(x, rise, ramp.length_m), false);
  }
  shape->recalcLocalAabb();
  shape->setMargin(kShapeMarginM);
  return impl_->Add(std::move(shape), YawTransform(ramp.position_m, ramp.yaw_deg), ramp.name,
                    false);
}

BodyId BulletCollisionWorld::AddStairs(const StairsDesc& stairs) {
  // One solid box per step, from the base to its tread, so there are no gaps under the steps.
  const btTransform base = YawTransform(stairs.position_m, stairs.yaw_deg);
  BodyId first = kNoBody;
  for (int i = 0; i < stairs.step_count; ++i) {
    const float height = stairs.step_height_m * static_cast<float>(i + 1);
    auto shape = std::make_unique<btBoxShape>(
        btVector3(stairs.width_m * 0.5f, height * 0.5f, stairs.step_depth_m * 0.5f));
    shape->setMargin(kShapeMarginM);
    btTransform local;
    local.setIdentity();
    local.setOrigin(
        btVector3(0, height * 0.5f, stairs.step_depth_m * (static_cast<float>(i) + 0.5f)));
    const BodyId id = impl_->Add(std::move(shape), base * local,
                                 stairs.name + ".step" + std::to_string(i), false);
    if (first == kNoBody)
      first = id;
  }
  return first;
}

Result<BodyId> BulletCollisionWorld::AddTerrain(const TerrainDesc& terrain) {
  const std::size_t expected =
      static_cast<std::size_t>(terrain.rows) * static_cast<std::size_t>(terrain.cols);
  if (terrain.rows < 2 || terrain.cols < 2 || terrain.heights_m.size() != expected) {
    return Error{"terrain \"" + terrain.name +
                 "\": expected rows, cols >= 2 and rows*cols = " + std::to_string(expected) +
                 " heights, got " + std::to_string(terrain.heights_m.size())};
  }
  auto mesh = std::make_unique<btTriangleMesh>();
  auto vertex = [&](int row, int col) {
    return btVector3(static_cast<float>(col) * terrain.cell_size_m,
                     terrain.heights_m[static_cast<std::size_t>(row * terrain.cols + col)],
                     static_cast<float>(row) * terrain.cell_size_m);
  };
  for (int r = 0; r + 1 < terrain.rows; ++r) {
    for (int c = 0; c + 1 < terrain.cols; ++c) {
      // Counter-clockwise seen from above (+Y), so face normals point up.
      mesh->addTriangle(vertex(r, c), vertex(r + 1, c), vertex(r + 1, c + 1));
      mesh->addTriangle(vertex(r, c), vertex(r + 1, c + 1), vertex(r, c + 1));
    }
  }
  auto shape = std::make_unique<btBvhTriangleMeshShape>(mesh.get(), true);
  shape->setMargin(kShapeMarginM);
  return impl_->Add(std::move(shape), YawTransform(terrain.position_m, 0.0f), terrain.name, false,
                    std::move(mesh));
}

BodyId BulletCollisionWorld::AddPlatform(const PlatformDesc& platform) {
  auto shape = std::make_unique<btBoxShape>(ToBt(platform.size_m * 0.5f));
  shape->setMargin(kShapeMarginM);
  const BodyId id =
      impl_->Add(std::move(shape), YawTransform(PlatformPositionAt(platform, time_s_), 0.0f),
                 platform.name, true);
  impl_->bodies[id].platform = static_cast<int>(impl_->platforms.size());
  impl_->platforms.push_back(platform);
  return id;
}

void BulletCollisionWorld::SetTime(double time_s) {
  time_s_ = time_s;
  for (auto& body : impl_->bodies) {
    if (body.platform < 0)
      continue;
    const auto& platform = impl_->platforms[static_cast<std::size_t>(body.platform)];
    body.object->setWorldTransform(YawTransform(PlatformPositionAt(platform, time_s), 0.0f));
    impl_->world.updateSingleAabb(body.object.get());
  }
}

const std::string& BulletCollisionWorld::BodyName(BodyId body) const {
  if (body >= impl_->bodies.size())
    return impl_->no_name;
  return impl_->bodies[body].name;
}

std::size_t BulletCollisionWorld::BodyCount() const {
  return impl_->bodies.size();
}

std::optional<SweepHit> BulletCollisionWorld::RayCast(const glm::vec3& from,
                                                      const glm::vec3& to) const {
  return impl_->Ray(from, to);
}

std::optional<SweepHit> BulletCollisionWorld::SphereSweep(const glm::vec3& from,
                                                          const glm::vec3& to,
                                                          float radius_m) const {
  btSphereShape sphere(radius_m);
  return impl_->ConvexSweep(sphere, from, to);
}

std::optional<SweepHit> BulletCollisionWorld::CapsuleSweep(const glm::vec3& from,
                                                           const glm::vec3& to,
                                                           const CapsuleShape& capsule) const {
  btCapsuleShape shape = MakeCapsule(capsule);
  return impl_->ConvexSweep(shape, from, to);
}

std::vector<BodyId> BulletCollisionWorld::OverlapCapsule(const glm::vec3& center,
                                                         const CapsuleShape& capsule) const {
  btCapsuleShape shape = MakeCapsule(capsule);
  btCollisionObject probe;
  probe.setCollisionShape(&shape);
  btTransform transform;
  transform.setIdentity();
  transform.setOrigin(ToBt(center));
  probe.setWorldTransform(transform);

  struct Collector : btCollisionWorld::ContactResultCallback {
    std::vector<BodyId> bodies;
    btScalar addSingleResult(btManifoldPoint& point, const btCollisionObjectWrapper* a, int, int,
                             const btCollisionObjectWrapper* b, int, int) override {
      if (point.getDistance() > -kOverlapDepthM)
        return 0;
      const btCollisionObject* other = a->getCollisionObject()->getUserIndex() == -1
                                           ? b->getCollisionObject()
                                           : a->getCollisionObject();
      const BodyId id = Impl::IdOf(other);
      if (std::find(bodies.begin(), bodies.end(), id) == bodies.end())
        bodies.push_back(id);
      return 0;
    }
  } collector;
  probe.setUserIndex(-1);
  impl_->world.contactTest(&probe, collector);
  std::sort(collector.bodies.begin(), collector.bodies.end());
  return collector.bodies;
}

std::optional<Transform> BulletCollisionWorld::BodyTransform(BodyId body) const {
  if (body >= impl_->bodies.size())
    return std::nullopt;
  const btTransform& t = impl_->bodies[body].object->getWorldTransform();
  Transform result;
  result.translation = ToGlm(t.getOrigin());
  const btQuaternion q = t.getRotation();
  result.rotation = glm::quat(q.w(), q.x(), q.y(), q.z());
  return result;
}

bool BulletCollisionWorld::IsMovingBody(BodyId body) const {
  return body < impl_->bodies.size() && impl_->bodies[body].platform >= 0;
}

glm::vec3 BulletCollisionWorld::BodyVelocity(BodyId body) const {
  if (body >= impl_->bodies.size() || impl_->bodies[body].platform < 0)
    return glm::vec3(0.0f);
  return PlatformVelocityAt(
      impl_->platforms[static_cast<std::size_t>(impl_->bodies[body].platform)], time_s_);
}

}  // namespace footwork::world
