#include "footwork/anim/local_to_model.h"

#include <cstddef>

#if defined(__SSE2__)
#include <xmmintrin.h>
#endif

#include <fmt/format.h>

#include "anim/pose_math.h"

namespace footwork::anim {
namespace {

Status ValidateConversion(const char* job, const Skeleton* skeleton, std::size_t input_size,
                          std::size_t output_size, const Transform& root) {
  if (skeleton == nullptr)
    return Error{fmt::format("{}: no skeleton", job)};
  const std::size_t num_joints = skeleton->parents.size();
  if (input_size != num_joints || output_size != num_joints) {
    return Error{fmt::format("{}: input {} and output {} transforms; the skeleton has {} joints",
                             job, input_size, output_size, num_joints)};
  }
  if (!IsFinite(root))
    return Error{fmt::format("{}: root transform is not finite", job)};
  return Status::Ok();
}

#if defined(__SSE2__)
// detail::Mul on SSE registers, for the local-to-model chain. Each output joint is written as
// three 16-byte stores, floats [0, 4), [3, 7) and [6, 10) of the Transform, and a parent is read
// back with the same three loads: every load then matches one earlier store exactly, which the
// CPU forwards without a stall (the compiler's scalar stores of 4, 8 and 12 bytes made children
// wait for their parent to reach the cache). Lane by lane the arithmetic is detail::Mul's, same
// products, sums in the same order (a - b as a + (-b), which IEEE defines to be equal), so the
// results are bit-identical to the scalar path.
static_assert(sizeof(Transform) == 10 * sizeof(float) && offsetof(Transform, rotation) == 12 &&
              offsetof(Transform, scale) == 28);

// A transform in three registers: translation (x, y, z, -), rotation (x, y, z, w) as glm stores
// it, scale (x, y, z, -).
struct Packed {
  __m128 translation;
  __m128 rotation;
  __m128 scale;
};

inline Packed Load(const Transform& transform) {
  const float* f = reinterpret_cast<const float*>(&transform);
  const __m128 w_scale = _mm_loadu_ps(f + 6);  // (qw, sx, sy, sz)
  return {_mm_loadu_ps(f), _mm_loadu_ps(f + 3),
          _mm_shuffle_ps(w_scale, w_scale, _MM_SHUFFLE(0, 3, 2, 1))};
}

inline void Store(const Packed& packed, Transform& transform) {
  float* f = reinterpret_cast<float*>(&transform);
  // (tx, ty, tz, qx) and (qw, sx, sy, sz) from the lanes.
  const __m128 z_x = _mm_shuffle_ps(packed.translation, packed.rotation, _MM_SHUFFLE(0, 0, 2, 2));
  const __m128 head = _mm_shuffle_ps(packed.translation, z_x, _MM_SHUFFLE(2, 0, 1, 0));
  const __m128 w_x = _mm_shuffle_ps(packed.rotation, packed.scale, _MM_SHUFFLE(0, 0, 3, 3));
  const __m128 tail = _mm_shuffle_ps(w_x, packed.scale, _MM_SHUFFLE(2, 1, 2, 0));
  _mm_storeu_ps(f, head);
  _mm_storeu_ps(f + 3, packed.rotation);
  _mm_storeu_ps(f + 6, tail);
}

#define FOOTWORK_SHUFFLE(v, x, y, z, w) _mm_shuffle_ps((v), (v), _MM_SHUFFLE(w, z, y, x))

inline __m128 Negate(__m128 v, __m128 sign_mask) {
  return _mm_xor_ps(v, sign_mask);
}

// glm's p * q: w = pw qw - px qx - py qy - pz qz, x = pw qx + px qw + py qz - pz qy, ...
inline __m128 QuatMul(__m128 p, __m128 q) {
  const __m128 last_lane = _mm_castsi128_ps(_mm_set_epi32(INT32_MIN, 0, 0, 0));
  const __m128 all_lanes = _mm_set1_ps(-0.0f);
  const __m128 t1 = _mm_mul_ps(FOOTWORK_SHUFFLE(p, 3, 3, 3, 3), q);
  const __m128 t2 = _mm_mul_ps(FOOTWORK_SHUFFLE(p, 0, 1, 2, 0), FOOTWORK_SHUFFLE(q, 3, 3, 3, 0));
  const __m128 t3 = _mm_mul_ps(FOOTWORK_SHUFFLE(p, 1, 2, 0, 1), FOOTWORK_SHUFFLE(q, 2, 0, 1, 1));
  const __m128 t4 = _mm_mul_ps(FOOTWORK_SHUFFLE(p, 2, 0, 1, 2), FOOTWORK_SHUFFLE(q, 1, 2, 0, 2));
  return _mm_add_ps(_mm_add_ps(_mm_add_ps(t1, Negate(t2, last_lane)), Negate(t3, last_lane)),
                    Negate(t4, all_lanes));
}

// glm::cross in lanes x, y, z: (a.y b.z - b.y a.z, a.z b.x - b.z a.x, a.x b.y - b.x a.y).
inline __m128 Cross(__m128 a, __m128 b) {
  return _mm_sub_ps(_mm_mul_ps(FOOTWORK_SHUFFLE(a, 1, 2, 0, 3), FOOTWORK_SHUFFLE(b, 2, 0, 1, 3)),
                    _mm_mul_ps(FOOTWORK_SHUFFLE(b, 1, 2, 0, 3), FOOTWORK_SHUFFLE(a, 2, 0, 1, 3)));
}

// detail::Rotate: v + w t + cross(axis, t) with t = 2 cross(axis, v).
inline __m128 Rotate(__m128 q, __m128 v) {
  const __m128 t = _mm_mul_ps(_mm_set1_ps(2.0f), Cross(q, v));
  return _mm_add_ps(_mm_add_ps(v, _mm_mul_ps(FOOTWORK_SHUFFLE(q, 3, 3, 3, 3), t)), Cross(q, t));
}

#undef FOOTWORK_SHUFFLE

inline Packed Mul(const Packed& parent, const Packed& child) {
  return {_mm_add_ps(parent.translation,
                     Rotate(parent.rotation, _mm_mul_ps(parent.scale, child.translation))),
          QuatMul(parent.rotation, child.rotation), _mm_mul_ps(parent.scale, child.scale)};
}
#endif

}  // namespace

Status LocalToModelJob::Validate() const {
  return ValidateConversion("local to model", skeleton, input.size(), output.size(), root);
}

Status LocalToModelJob::Run() const {
  if (Status status = Validate(); !status)
    return status;
  const int* parents = skeleton->parents.data();
  const std::size_t num_joints = output.size();
  const Transform* in = input.data();
  Transform* out = output.data();
#if defined(__SSE2__)
  // Most joints are children of the joint before them (chains of spine, limbs, fingers): their
  // parent is taken from registers rather than read back from the store just issued.
  const Packed packed_root = Load(root);
  Packed previous = packed_root;
  for (std::size_t j = 0; j < num_joints; ++j) {
    const int parent = parents[j];
    const Packed& model_parent = parent < 0                                  ? packed_root
                                 : static_cast<std::size_t>(parent) + 1 == j ? previous
                                                                             : Load(out[parent]);
    previous = Mul(model_parent, Load(in[j]));
    Store(previous, out[j]);
  }
#else
  for (std::size_t j = 0; j < num_joints; ++j) {
    const int parent = parents[j];
    out[j] = detail::Mul(parent < 0 ? root : out[parent], in[j]);
  }
#endif
  return Status::Ok();
}

Status ModelToLocalJob::Validate() const {
  return ValidateConversion("model to local", skeleton, input.size(), output.size(), root);
}

Status ModelToLocalJob::Run() const {
  if (Status status = Validate(); !status)
    return status;
  const int* parents = skeleton->parents.data();
  // Children first, so that in-place conversion still reads each parent in model space.
  for (std::size_t j = output.size(); j-- > 0;) {
    const int parent = parents[j];
    output[j] = detail::InverseMul(parent < 0 ? root : input[parent], input[j]);
  }
  return Status::Ok();
}

}  // namespace footwork::anim
