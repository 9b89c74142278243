#include "footwork/world/bullet_collision_world.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "footwork/core/angles.h"
#include "footwork/io/asset_paths.h"

namespace footwork::world {
namespace {

// Bullet's GJK-based casts converge to about a millimetre.
constexpr float kSweepToleranceM = 2e-3f;

BoxDesc Ground() {
  return {"ground", {20.0f, 1.0f, 20.0f}, {0.0f, -0.5f, 0.0f}, 0.0f};
}

TEST(BulletCollisionWorld, RayCastHitsGroundFromAbove) {
  BulletCollisionWorld world;
  const BodyId ground = world.AddBox(Ground());
  auto hit = world.RayCast({1, 5, 2}, {1, -5, 2});
  ASSERT_TRUE(hit);
  EXPECT_NEAR(hit->point.y, 0.0f, 1e-4f);
  EXPECT_NEAR(hit->fraction, 0.5f, 1e-4f);
  EXPECT_NEAR(hit->distance_m, 5.0f, 1e-3f);
  EXPECT_NEAR(hit->normal.y, 1.0f, 1e-5f);
  EXPECT_EQ(hit->body, ground);
  EXPECT_EQ(world.BodyName(ground), "ground");
  EXPECT_FALSE(world.RayCast({1, 5, 2}, {1, 1, 2}));
}

// A box's and a ramp's faces answer exactly, from either side and at any angle; a ray that starts
// inside a body does not hit it (it hits what lies beyond); the nearest body is the one hit.
TEST(BulletCollisionWorld, RaysMeetBoxesAndRampsWhereTheirFacesAre) {
  BulletCollisionWorld world;
  world.AddBox(Ground());
  const BodyId box = world.AddBox({"box", {2.0f, 1.0f, 2.0f}, {4.0f, 0.5f, 0.0f}, 30.0f});
  RampDesc ramp;
  ramp.name = "ramp";
  ramp.position_m = {-4.0f, 0.0f, 0.0f};
  ramp.slope_deg = 20.0f;
  ramp.length_m = 4.0f;
  ramp.width_m = 2.0f;
  const BodyId ramp_id = world.AddRamp(ramp);

  // Straight down onto the box's top, and sideways into its yawed face (30 degrees).
  auto top = world.RayCast({4.3f, 3.0f, 0.2f}, {4.3f, -3.0f, 0.2f});
  ASSERT_TRUE(top);
  EXPECT_EQ(top->body, box);
  EXPECT_NEAR(top->point.y, 1.0f, 1e-5f);
  EXPECT_NEAR(top->normal.y, 1.0f, 1e-6f);
  auto side = world.RayCast({0.0f, 0.5f, 0.0f}, {8.0f, 0.5f, 0.0f});
  ASSERT_TRUE(side);
  EXPECT_EQ(side->body, box);
  const glm::vec3 face_normal(-std::cos(Radians(30.0f)), 0.0f, std::sin(Radians(30.0f)));
  EXPECT_NEAR(glm::dot(side->normal, face_normal), 1.0f, 1e-5f);
  // The face's plane: 1 m from the box's centre along its normal.
  EXPECT_NEAR(glm::dot(side->point - glm::vec3(4.0f, 0.5f, 0.0f), face_normal), 1.0f, 1e-5f);

  // Onto the ramp's slope (its foot at z 0): tan(20 degrees) higher a metre on.
  for (const float z : {0.5f, 2.0f, 3.5f}) {
    auto hit = world.RayCast({-4.0f, 3.0f, z}, {-4.0f, -3.0f, z});
    ASSERT_TRUE(hit) << z;
    EXPECT_EQ(hit->body, ramp_id) << z;
    EXPECT_NEAR(hit->point.y, z * std::tan(Radians(20.0f)), 1e-4f) << z;
    EXPECT_NEAR(hit->normal.y, std::cos(Radians(20.0f)), 1e-5f) << z;
  }

  // From inside the box: not the box, the ground under it.
  auto from_inside = world.RayCast({4.0f, 0.5f, 0.0f}, {4.0f, -3.0f, 0.0f});
  ASSERT_TRUE(from_inside);
  EXPECT_NE(from_inside->body, box);
  EXPECT_NEAR(from_inside->point.y, 0.0f, 1e-5f);
  // Along a face without crossing it, and short of it: no hit.
  EXPECT_FALSE(world.RayCast({4.3f, 3.0f, 0.2f}, {4.3f, 1.01f, 0.2f}));
}

// The nearest body is hit whichever way it is answered: a box (its faces) above the terrain
// (Bullet's triangles), and the terrain above a box buried under it, from both orders of adding
// them.
TEST(BulletCollisionWorld, ARayHitsTheNearerOfABoxAndTheTerrain) {
  for (const bool box_first : {true, false}) {
    BulletCollisionWorld world;
    TerrainDesc terrain;
    terrain.position_m = {-2.0f, 0.0f, -2.0f};
    terrain.rows = 3;
    terrain.cols = 3;
    terrain.cell_size_m = 2.0f;
    terrain.heights_m = {1, 1, 1, 1, 1, 1, 1, 1, 1};
    const BoxDesc above{"above", {0.5f, 0.2f, 0.5f}, {0.0f, 1.5f, 0.0f}, 0.0f};
    const BoxDesc buried{"buried", {0.5f, 0.2f, 0.5f}, {1.0f, 0.5f, 1.0f}, 0.0f};
    BodyId above_id = kNoBody;
    if (box_first)
      above_id = world.AddBox(above);
    ASSERT_TRUE(world.AddTerrain(terrain).ok());
    if (!box_first)
      above_id = world.AddBox(above);
    const BodyId buried_id = world.AddBox(buried);
    const auto on_box = world.RayCast({0.0f, 5.0f, 0.0f}, {0.0f, -5.0f, 0.0f});
    ASSERT_TRUE(on_box);
    EXPECT_EQ(on_box->body, above_id);
    EXPECT_NEAR(on_box->point.y, 1.6f, 1e-5f);
    const auto on_terrain = world.RayCast({1.0f, 5.0f, 1.0f}, {1.0f, -5.0f, 1.0f});
    ASSERT_TRUE(on_terrain);
    EXPECT_NE(on_terrain->body, above_id);
    EXPECT_NE(on_terrain->body, buried_id);
    EXPECT_NEAR(on_terrain->point.y, 1.0f, 1e-4f);
  }
}

// Rays and sweeps with a non-finite end hit nothing (no crash, no made-up hit).
TEST(BulletCollisionWorld, NonFiniteRaysAndSweepsHitNothing) {
  BulletCollisionWorld world;
  world.AddBox(Ground());
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  for (const glm::vec3& bad :
       {glm::vec3(nan, -5.0f, 0.0f), glm::vec3(0.0f, -inf, 0.0f), glm::vec3(inf, -5.0f, inf)}) {
    EXPECT_FALSE(world.RayCast({1.0f, 5.0f, 2.0f}, bad));
    EXPECT_FALSE(world.RayCast(bad, {1.0f, -5.0f, 2.0f}));
    EXPECT_FALSE(world.SphereSweep({1.0f, 5.0f, 2.0f}, bad, 0.2f));
    EXPECT_FALSE(world.CapsuleSweep({1.0f, 5.0f, 2.0f}, bad, CapsuleShape{0.3f, 0.9f}));
  }
}

// Straight down the face two steps share (each step is its own box), to within rounding: a tread,
// never the ground between them. Stairs turned 30 degrees, so the face is not on a float's grid.
TEST(BulletCollisionWorld, RaysDownTheFaceTwoStepsShareHitATread) {
  BulletCollisionWorld world;
  world.AddBox(Ground());
  StairsDesc stairs;
  stairs.position_m = {1.3f, 0.0f, 2.7f};
  stairs.yaw_deg = 30.0f;
  stairs.step_count = 4;
  stairs.step_depth_m = 0.09f;
  stairs.step_height_m = 0.06f;
  world.AddStairs(stairs);
  const glm::vec3 forward(std::sin(Radians(30.0f)), 0.0f, std::cos(Radians(30.0f)));
  const glm::vec3 side(forward.z, 0.0f, -forward.x);
  for (int riser = 1; riser < stairs.step_count; ++riser) {
    for (int i = -20; i <= 20; ++i) {
      const glm::vec3 on_face = stairs.position_m +
                                forward * (stairs.step_depth_m * static_cast<float>(riser)) +
                                side * (0.02f * static_cast<float>(i));
      const auto hit = world.RayCast(on_face + glm::vec3(0, 1, 0), on_face - glm::vec3(0, 1, 0));
      ASSERT_TRUE(hit);
      EXPECT_GT(hit->point.y, stairs.step_height_m * static_cast<float>(riser) - 1e-4f)
          << "riser " << riser << " across " << i;
    }
  }
}

TEST(BulletCollisionWorld, CapsuleSweepDownStopsWhereTheBottomTouches) {
  BulletCollisionWorld world;
  world.AddBox(Ground());
  const CapsuleShape capsule{0.34f, 0.88f};
  auto hit = world.CapsuleSweep({0, 2, 0}, {0, -1, 0}, capsule);
  ASSERT_TRUE(hit);
  // Centre stops at half height above the ground: travelled 2 - 0.88.
  EXPECT_NEAR(hit->distance_m, 2.0f - 0.88f, kSweepToleranceM);
  EXPECT_NEAR(hit->normal.y, 1.0f, 1e-3f);
  EXPECT_NEAR(hit->point.y, 0.0f, kSweepToleranceM);
}

TEST(BulletCollisionWorld, CapsuleSweepSidewaysHitsAWall) {
  BulletCollisionWorld world;
  world.AddBox(Ground());
  const BodyId wall = world.AddBox({"wall", {0.2f, 3.0f, 4.0f}, {3.0f, 1.5f, 0.0f}, 0.0f});
  auto hit = world.CapsuleSweep({0, 1, 0}, {5, 1, 0}, {0.34f, 0.88f});
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->body, wall);
  EXPECT_NEAR(hit->distance_m, 2.9f - 0.34f, kSweepToleranceM);
  EXPECT_NEAR(hit->normal.x, -1.0f, 1e-3f);
}

TEST(BulletCollisionWorld, SphereSweepAndOverlap) {
  BulletCollisionWorld world;
  world.AddBox(Ground());
  auto hit = world.SphereSweep({0, 3, 0}, {0, -3, 0}, 0.5f);
  ASSERT_TRUE(hit);
  EXPECT_NEAR(hit->distance_m, 2.5f, kSweepToleranceM);
  EXPECT_TRUE(world.OverlapCapsule({0, 0.5f, 0}, {0.34f, 0.88f}).size() == 1);
  EXPECT_TRUE(world.OverlapCapsule({0, 1.0f, 0}, {0.34f, 0.88f}).empty());
}

TEST(BulletCollisionWorld, RampSurfaceHasItsSlope) {
  BulletCollisionWorld world;
  RampDesc ramp;
  ramp.slope_deg = 30.0f;
  ramp.length_m = 4.0f;
  ramp.width_m = 2.0f;
  world.AddRamp(ramp);
  auto hit = world.RayCast({0, 5, 2}, {0, -5, 2});
  ASSERT_TRUE(hit);
  // The hull's 1 mm collision margin sits outside its points.
  EXPECT_NEAR(hit->point.y, 2.0f * std::tan(30.0f * 3.14159265f / 180.0f), kSweepToleranceM);
  EXPECT_NEAR(std::acos(hit->normal.y) * 180.0f / 3.14159265f, 30.0f, 0.05f);
  // It rises toward +Z (yaw 0), so the normal leans back toward -Z.
  EXPECT_LT(hit->normal.z, 0.0f);
}

TEST(BulletCollisionWorld, StairsAndTerrainAreSolid) {
  BulletCollisionWorld world;
  StairsDesc stairs;
  stairs.step_count = 4;
  world.AddStairs(stairs);
  // Third step (index 2) spans z in [0.6, 0.9] with its tread at 0.45.
  auto hit = world.RayCast({0, 5, 0.75f}, {0, -5, 0.75f});
  ASSERT_TRUE(hit);
  EXPECT_NEAR(hit->point.y, 0.45f, 1e-4f);

  TerrainDesc terrain;
  terrain.position_m = {10, 0, 0};
  terrain.rows = 3;
  terrain.cols = 3;
  terrain.cell_size_m = 2.0f;
  terrain.heights_m = {0, 0, 0, 0, 1, 0, 0, 0, 0};
  ASSERT_TRUE(world.AddTerrain(terrain).ok());
  auto top = world.RayCast({12, 5, 2}, {12, -5, 2});
  ASSERT_TRUE(top);
  EXPECT_NEAR(top->point.y, 1.0f, 1e-4f);
  terrain.heights_m.pop_back();
  EXPECT_FALSE(world.AddTerrain(terrain).ok());
}

TEST(BulletCollisionWorld, RaysBesideAStepsEdgeHitTheTreadTheyAreOverFaceUp) {
  // The default level's stairs, rays 14 cm inside their side edge and a centimetre either side
  // of a riser (z 6.2, from the 0.6 m tread to the 0.75 m one). Bullet's default ray test against
  // a box (its subsimplex convex cast) answered 0.609 a centimetre before the riser and 0.758 on
  // it, up to 9 mm off the tread (a swinging heel measured 1.3 cm into the stairs); its GJK cast
  // gave, within a millimetre of an edge, the shape margin's rounded normal (45 degrees on a
  // step's corner). The box's face planes answer exactly, with the face the ray meets.
  BulletCollisionWorld world;
  StairsDesc stairs;
  stairs.position_m = {12.0f, 0.0f, 5.0f};
  stairs.width_m = 3.0f;
  stairs.step_count = 8;
  world.AddStairs(stairs);
  for (float x : {10.5005f, 10.64f, 12.0f}) {
    for (int i = -10; i <= 10; ++i) {
      const float z = 6.2f + 0.001f * static_cast<float>(i) * 2.0f;
      if (std::fabs(z - 6.2f) < 5e-4f)
        continue;
      const auto hit = world.RayCast({x, 1.25f, z}, {x, -0.25f, z});
      ASSERT_TRUE(hit) << x << " " << z;
      EXPECT_NEAR(hit->point.y, z < 6.2f ? 0.6f : 0.75f, 1e-4f) << "x " << x << " z " << z;
      EXPECT_NEAR(hit->normal.y, 1.0f, 1e-5f) << "x " << x << " z " << z;
    }
  }
}

TEST(BulletCollisionWorld, RaysAtARampsFootHitItsSlopeWithTheSlopesNormal) {
  // The default level's 25-degree ramp standing on the ground, rays within a few millimetres of
  // its foot (z 7.0), where the slope meets the ground: Bullet's GJK cast's normal was the 1 mm
  // margin's rounded edge's there (44-53 degrees), and a Knight standing with its heel over the
  // ramp's foot tilted its foot to it (a 36.8 degree knee jump). The slope's face is given.
  BulletCollisionWorld world;
  BoxDesc ground;
  ground.size_m = {20.0f, 1.0f, 20.0f};
  ground.position_m = {-6.0f, -0.5f, 7.0f};
  world.AddBox(ground);
  RampDesc ramp;
  ramp.position_m = {-6.0f, 0.0f, 7.0f};
  ramp.slope_deg = 25.0f;
  ramp.length_m = 4.0f;
  ramp.width_m = 3.0f;
  const BodyId ramp_id = world.AddRamp(ramp);
  const float slope = Radians(25.0f);
  const glm::vec3 slope_normal(0.0f, std::cos(slope), -std::sin(slope));
  for (int i = -10; i <= 20; ++i) {
    const float z = 7.0f + 0.0002f * static_cast<float>(i);
    const auto hit = world.RayCast({-6.0f, 1.0f, z}, {-6.0f, -0.5f, z});
    ASSERT_TRUE(hit) << z;
    // The ramp or the ground in front of it: face up either way.
    const bool on_ramp = hit->body == ramp_id;
    EXPECT_GT(glm::dot(hit->normal, on_ramp ? slope_normal : glm::vec3(0, 1, 0)),
              std::cos(Radians(0.5f)))
        << "z " << z << " y " << hit->point.y;
  }
  // Higher up the slope and on the flat ground beside it, the faces as before.
  const auto up_slope = world.RayCast({-6.0f, 3.0f, 9.0f}, {-6.0f, -0.5f, 9.0f});
  ASSERT_TRUE(up_slope);
  EXPECT_NEAR(up_slope->point.y, 2.0f * std::tan(slope), 2e-3f);
  EXPECT_GT(glm::dot(up_slope->normal, slope_normal), std::cos(Radians(0.5f)));
  const auto beside = world.RayCast({-8.0f, 1.0f, 9.0f}, {-8.0f, -0.5f, 9.0f});
  ASSERT_TRUE(beside);
  EXPECT_NEAR(beside->normal.y, 1.0f, 1e-5f);
}

TEST(BulletCollisionWorld, PlatformMovesWithTime) {
  BulletCollisionWorld world;
  PlatformDesc platform;
  platform.waypoints_m = {{0, 1, 0}, {10, 1, 0}};
  platform.speed_m_s = 2.0f;
  const BodyId id = world.AddPlatform(platform);
  world.Advance(1.5);
  EXPECT_NEAR(world.BodyTransform(id)->translation.x, 3.0f, 1e-5f);
  EXPECT_EQ(world.BodyVelocity(id), glm::vec3(2, 0, 0));
  EXPECT_TRUE(world.IsMovingBody(id));
  // A static box is not a moving body, even though it has a transform; nor is an unknown id.
  BoxDesc far_box;
  far_box.position_m = {50, 0, 50};
  const BodyId box = world.AddBox(far_box);
  EXPECT_FALSE(world.IsMovingBody(box));
  EXPECT_FALSE(world.IsMovingBody(box + 100));
  auto hit = world.RayCast({3, 5, 0}, {3, -5, 0});
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->body, id);
  EXPECT_NEAR(hit->point.y, 1.15f, 1e-4f);
  EXPECT_FALSE(world.RayCast({-1, 5, 0}, {-1, -5, 0}));  // it left its start
}

TEST(BulletCollisionWorld, BuildsTheDefaultLevel) {
  auto level = LoadLevel(io::ProjectAssets() / "levels" / "default.json");
  ASSERT_TRUE(level.ok()) << level.error().message;
  auto world = BulletCollisionWorld::FromLevel(*level);
  ASSERT_TRUE(world.ok()) << world.error().message;
  EXPECT_GT((*world)->BodyCount(), 10u);
  auto hit = (*world)->RayCast({0, 5, 0}, {0, -5, 0});
  ASSERT_TRUE(hit);
  EXPECT_NEAR(hit->point.y, 0.0f, 1e-4f);
}

}  // namespace
}  // namespace footwork::world
