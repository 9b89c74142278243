#pragma once
// Normalising the rotations of many transforms at once: on SSE2, four square roots and four
// divisions are one instruction each instead of four. Lane by lane the arithmetic is exactly
// detail::NormalizeFast's (same products, sums in the same order; IEEE sqrt and division are
// correctly rounded in both forms), so results are bit-identical to normalising one at a time.
// Private to src/anim.

#include <cstddef>
#include <cstdint>

#if defined(__SSE2__)
#include <xmmintrin.h>
#endif

#include "anim/pose_math.h"

namespace footwork::anim::detail {

#if defined(__SSE2__)
// NormalizeFast on four quaternions (each 4 floats x, y, z, w as glm stores them).
inline void NormalizeFour(float* q0, float* q1, float* q2, float* q3) {
  static_assert(sizeof(glm::quat) == 4 * sizeof(float));
  const __m128 a = _mm_loadu_ps(q0);
  const __m128 b = _mm_loadu_ps(q1);
  const __m128 c = _mm_loadu_ps(q2);
  const __m128 d = _mm_loadu_ps(q3);
  __m128 x = a, y = b, z = c, w = d;
  _MM_TRANSPOSE4_PS(x, y, z, w);
  // Dot(q, q) = w*w + x*x + y*y + z*z, summed left to right as the scalar code does.
  const __m128 length_squared =
      _mm_add_ps(_mm_add_ps(_mm_add_ps(_mm_mul_ps(w, w), _mm_mul_ps(x, x)), _mm_mul_ps(y, y)),
                 _mm_mul_ps(z, z));
  const __m128 inverse_length = _mm_div_ps(_mm_set1_ps(1.0f), _mm_sqrt_ps(length_squared));
  _mm_storeu_ps(q0, _mm_mul_ps(a, _mm_shuffle_ps(inverse_length, inverse_length, 0x00)));
  _mm_storeu_ps(q1, _mm_mul_ps(b, _mm_shuffle_ps(inverse_length, inverse_length, 0x55)));
  _mm_storeu_ps(q2, _mm_mul_ps(c, _mm_shuffle_ps(inverse_length, inverse_length, 0xaa)));
  _mm_storeu_ps(q3, _mm_mul_ps(d, _mm_shuffle_ps(inverse_length, inverse_length, 0xff)));
}
#endif

// transforms[i].rotation = NormalizeFast(transforms[i].rotation) for i in [0, count).
inline void NormalizeRotations(Transform* transforms, std::size_t count) {
  std::size_t j = 0;
#if defined(__SSE2__)
  for (; j + 4 <= count; j += 4) {
    NormalizeFour(&transforms[j].rotation.x, &transforms[j + 1].rotation.x,
                  &transforms[j + 2].rotation.x, &transforms[j + 3].rotation.x);
  }
#endif
  for (; j < count; ++j)
    transforms[j].rotation = NormalizeFast(transforms[j].rotation);
}

// The same for the joints listed in `joints` (distinct indices).
inline void NormalizeRotationsAt(Transform* transforms, const std::uint32_t* joints,
                                 std::size_t count) {
  std::size_t i = 0;
#if defined(__SSE2__)
  for (; i + 4 <= count; i += 4) {
    NormalizeFour(&transforms[joints[i]].rotation.x, &transforms[joints[i + 1]].rotation.x,
                  &transforms[joints[i + 2]].rotation.x, &transforms[joints[i + 3]].rotation.x);
  }
#endif
  for (; i < count; ++i)
    transforms[joints[i]].rotation = NormalizeFast(transforms[joints[i]].rotation);
}

}  // namespace footwork::anim::detail
