#include "footwork/world/json_fields.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>

namespace footwork::world::json_fields {
namespace {

using nlohmann::json;

const FieldPath kRoot{"a.json", "section"};

// The error a reader of `object` records after `read`, or "" when it stays ok.
template <typename Read>
std::string ErrorAfter(const json& object, Read read) {
  FieldReader reader(object, kRoot);
  read(reader);
  return reader.ok() ? std::string() : reader.error().message;
}

TEST(FieldReader, AssignsEveryTypeInPlace) {
  const json object = json::parse(R"({"f": 1.5, "a": 90, "i": 7, "b": true, "s": "hi",
      "v": [1, 2, 3], "n": [0.5, 1], "p": [[0, 0, 0], [1, 2, 3]], "c": "two"})");
  float f = 0, a = 0;
  int i = 0;
  bool b = false;
  std::string s;
  glm::vec3 v{0.0f};
  std::vector<float> n;
  std::vector<glm::vec3> p;
  int c = 0;
  FieldReader read(object, kRoot);
  read.Number("f", f, 0.0f, 2.0f)
      .Angle("a", a, 0.0f, 180.0f)
      .Int("i", i, 0, 10)
      .Bool("b", b)
      .String("s", s)
      .Vec3("v", v, -5.0f, 5.0f)
      .Numbers("n", n, 0.0f, 1.0f, Count::Exactly(2))
      .Vec3s("p", p, -5.0f, 5.0f, Count::AtLeast(2))
      .Choice("c", c, {{"one", 1}, {"two", 2}});
  ASSERT_TRUE(read.ok()) << read.error().message;
  EXPECT_EQ(f, 1.5f);
  EXPECT_FLOAT_EQ(a, 0.5f * std::numbers::pi_v<float>);
  EXPECT_EQ(i, 7);
  EXPECT_TRUE(b);
  EXPECT_EQ(s, "hi");
  EXPECT_EQ(v, glm::vec3(1, 2, 3));
  EXPECT_EQ(n, (std::vector<float>{0.5f, 1.0f}));
  ASSERT_EQ(p.size(), 2u);
  EXPECT_EQ(p[1], glm::vec3(1, 2, 3));
  EXPECT_EQ(c, 2);
}

TEST(FieldReader, WrongTypeNamesTheFieldAndWhatItGot) {
  const json object = json::parse(R"({"x": "big", "i": 2.5, "b": 1, "s": 3, "v": [1, 2],
      "c": 4, "n": {"k": 1}})");
  float f = 0;
  int i = 0;
  bool b = false;
  std::string s;
  glm::vec3 v{0.0f};
  int c = 0;
  std::vector<float> n;
  EXPECT_EQ(ErrorAfter(object, [&](FieldReader& r) { r.Number("x", f, 0, 1); }),
            "a.json: section.x: expected a number, got string \"big\"");
  EXPECT_EQ(ErrorAfter(object, [&](FieldReader& r) { r.Int("i", i, 0, 10); }),
            "a.json: section.i: expected an integer, got number 2.5");
  EXPECT_EQ(ErrorAfter(object, [&](FieldReader& r) { r.Bool("b", b); }),
            "a.json: section.b: expected true or false, got number 1");
  EXPECT_EQ(ErrorAfter(object, [&](FieldReader& r) { r.String("s", s); }),
            "a.json: section.s: expected a string, got number 3");
  EXPECT_EQ(ErrorAfter(object, [&](FieldReader& r) { r.Vec3("v", v, 0, 9); }),
            "a.json: section.v: expected an array of 3 numbers [x, y, z], got array [1,2]");
  EXPECT_EQ(ErrorAfter(object,
                       [&](FieldReader& r) {
                         r.Choice("c", c, {{"one", 1}, {"two", 2}});
                       }),
            "a.json: section.c: expected one of \"one\", \"two\", got number 4");
  EXPECT_EQ(
      ErrorAfter(object, [&](FieldReader& r) { r.Numbers("n", n, 0, 1, Count::Exactly(2, "k")); }),
      "a.json: section.n: expected an array of k = 2 numbers, got object {\"k\":1}");
  // Nothing was assigned by the failed reads.
  EXPECT_EQ(f, 0.0f);
  EXPECT_EQ(i, 0);
  EXPECT_EQ(s, "");
  EXPECT_EQ(v, glm::vec3(0.0f));
  EXPECT_EQ(c, 0);
  EXPECT_EQ(ErrorAfter(json::array(), [](FieldReader&) {}),
            "a.json: section: expected an object, got array []");
}

TEST(FieldReader, MissingRequiredFieldIsAnErrorAndOptionalKeepsTheDefault) {
  const json object = json::object();
  float f = 4.0f;
  EXPECT_EQ(ErrorAfter(object, [&](FieldReader& r) { r.Number("speed_m_s", f, 0, 10); }),
            "a.json: section.speed_m_s: missing required field");
  FieldReader read(object, kRoot);
  int i = 3;
  std::string s = "default";
  std::vector<glm::vec3> points{{1, 1, 1}};
  read.Number("f", f, 0, 10, kOptional)
      .Int("i", i, 0, 10, kOptional)
      .String("s", s, kOptional)
      .Vec3s("p", points, 0, 1, Count::AtLeast(2), kOptional);
  EXPECT_TRUE(read.ok());
  EXPECT_EQ(f, 4.0f);
  EXPECT_EQ(i, 3);
  EXPECT_EQ(s, "default");
  EXPECT_EQ(points.size(), 1u);
}

TEST(FieldReader, OutOfRangeNamesTheBoundsAndTheElement) {
  const json object = json::parse(R"({"f": 3, "i": 11, "v": [0, -2, 0], "n": [0, 2],
      "p": [[0, 0, 0]], "huge": 18446744073709551615})");
  float f = 0;
  int i = 0;
  glm::vec3 v{0.0f};
  std::vector<float> n;
  std::vector<glm::vec3> p;
  EXPECT_EQ(ErrorAfter(object, [&](FieldReader& r) { r.Number("f", f, 0.1f, 2.0f); }),
            "a.json: section.f: expected a number in [0.1, 2], got 3");
  EXPECT_EQ(ErrorAfter(object, [&](FieldReader& r) { r.Int("i", i, 1, 10); }),
            "a.json: section.i: expected an integer in [1, 10], got 11");
  EXPECT_EQ(ErrorAfter(object, [&](FieldReader& r) { r.Int("huge", i, -5, 5); }),
            "a.json: section.huge: expected an integer in [-5, 5], got 18446744073709551615");
  EXPECT_EQ(ErrorAfter(object, [&](FieldReader& r) { r.Vec3("v", v, 0.0f, 1.0f); }),
            "a.json: section.v[1]: expected a number in [0, 1], got -2");
  EXPECT_EQ(ErrorAfter(object, [&](FieldReader& r) { r.Numbers("n", n, 0, 1, Count::AtLeast(1)); }),
            "a.json: section.n[1]: expected a number in [0, 1], got 2");
  EXPECT_EQ(
      ErrorAfter(object, [&](FieldReader& r) { r.Vec3s("p", p, 0, 1, Count::AtLeast(2)); }),
      "a.json: section.p: expected an array of at least 2 [x, y, z] points, got array [[0,0,0]]");
  EXPECT_TRUE(n.empty());  // a bad element leaves the whole array unassigned
}

TEST(FieldReader, NonFiniteNumbersAreRejected) {
  // JSON text cannot spell NaN, but documents built in code (or by other parsers) can hold one.
  json object;
  object["nan"] = std::numeric_limits<double>::quiet_NaN();
  object["inf"] = std::numeric_limits<double>::infinity();
  object["v"] = json::array({0.0, std::nan(""), 0.0});
  float f = 1.0f;
  glm::vec3 v{0.0f};
  EXPECT_EQ(ErrorAfter(object, [&](FieldReader& r) { r.Number("nan", f, -1e9f, 1e9f); }),
            "a.json: section.nan: expected a finite number");
  EXPECT_EQ(ErrorAfter(object, [&](FieldReader& r) { r.Angle("inf", f, -1e9f, 1e9f); }),
            "a.json: section.inf: expected a finite number");
  EXPECT_EQ(ErrorAfter(object, [&](FieldReader& r) { r.Vec3("v", v, -1.0f, 1.0f); }),
            "a.json: section.v[1]: expected a finite number");
  EXPECT_EQ(f, 1.0f);
}

TEST(FieldReader, KeepsTheFirstErrorAndStopsReading) {
  const json object = json::parse(R"({"a": "x", "b": "y", "c": 5})");
  float a = 0, b = 0, c = 0;
  FieldReader read(object, kRoot);
  read.Number("a", a, 0, 10).Number("b", b, 0, 10).Number("c", c, 0, 10);
  read.Fail("c", "a later custom check");
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.error().message, "a.json: section.a: expected a number, got string \"x\"");
  EXPECT_FALSE(read.status().ok());
  EXPECT_EQ(c, 0.0f);  // valid, but read after the error
}

TEST(FieldReader, ObjectsShareTheErrorOfTheirParent) {
  const json document = json::parse(R"({"gait": {"speed": 2, "walk": {"rate": -1}}})");
  FieldReader root(document, FieldPath{"a.json", ""});
  float speed = 0, rate = 0, missing = 7;
  auto gait = root.Object("gait");
  gait.Number("speed", speed, 0, 10);
  gait.Object("walk").Number("rate", rate, 0, 1);
  // An absent optional section reads nothing and reports nothing.
  root.Object("extra", kOptional).Number("x", missing, 0, 1);
  EXPECT_EQ(speed, 2.0f);
  EXPECT_EQ(missing, 7.0f);
  ASSERT_FALSE(root.ok());
  EXPECT_EQ(root.error().message, "a.json: gait.walk.rate: expected a number in [0, 1], got -1");

  FieldReader other(document, FieldPath{"a.json", ""});
  other.Object("air");
  other.Object("gait").Object("speed");
  EXPECT_EQ(other.error().message, "a.json: air: missing required field");
  FieldReader wrong(document, FieldPath{"a.json", ""});
  wrong.Object("gait").Object("speed");
  EXPECT_EQ(wrong.error().message, "a.json: gait.speed: expected an object, got number 2");
}

}  // namespace
}  // namespace footwork::world::json_fields
