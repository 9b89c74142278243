#include "footwork/anim/blending.h"

#include <algorithm>
#include <cmath>

#if defined(__SSE2__)
#include <xmmintrin.h>
#endif

#include <fmt/format.h>

#include "anim/pose_math.h"
#include "anim/rotation_batch.h"

namespace footwork::anim {

Status BlendingJob::Validate() const {
  if (layers.empty())
    return Error{"blending: no layers"};
  float total_weight = 0.0f;
  for (std::size_t l = 0; l < layers.size(); ++l) {
    const BlendLayer& layer = layers[l];
    if (layer.pose.size() != output.size()) {
      return Error{fmt::format("blending: layer {} has {} joints, output has {}", l,
                               layer.pose.size(), output.size())};
    }
    if (!std::isfinite(layer.weight) || layer.weight < 0.0f) {
      return Error{
          fmt::format("blending: layer {} weight {} must be finite and >= 0", l, layer.weight)};
    }
    total_weight += layer.weight;
  }
  if (!(total_weight > 0.0f))
    return Error{"blending: the weights sum to 0"};
  return Status::Ok();
}

namespace {

// The blend of every joint from `num_layers` poses with normalised weights. kLayers > 0 fixes
// the layer count at compile time (unrolled, pointers and weights in registers); 0 reads it at
// run time. Joint by joint: every layer's contribution is summed in registers and the joint is
// written once. Rotations are summed unnormalised after sign-aligning each to the first layer's,
// then normalised together, four at a time.
template <std::size_t kLayers>
void BlendJoints(const Transform* const* poses, const float* weights, std::size_t num_layers,
                 std::size_t num_joints, Transform* out) {
  const std::size_t count = kLayers > 0 ? kLayers : num_layers;
  const Transform* first = poses[0];
  const float first_weight = weights[0];
#if defined(__SSE2__)
  // A joint as three overlapping 16-byte rows, floats [0, 4), [3, 7) and [6, 10) of its
  // Transform: (tx, ty, tz, qx), the rotation (qx, qy, qz, qw), (qw, sx, sy, sz). The outer rows
  // are weighted whole (their rotation lanes are junk) and stored first; the rotation row, stored
  // last, overwrites those lanes. Lane by lane the sums are the scalar path's.
  static_assert(sizeof(Transform) == 10 * sizeof(float) && sizeof(glm::quat) == 4 * sizeof(float));
  const __m128 first_weights = _mm_set1_ps(first_weight);
  for (std::size_t j = 0; j < num_joints; ++j) {
    const float* f0 = reinterpret_cast<const float*>(&first[j]);
    const __m128 q0 = _mm_loadu_ps(f0 + 3);
    __m128 head = _mm_mul_ps(_mm_loadu_ps(f0), first_weights);
    __m128 rotation = _mm_mul_ps(q0, first_weights);
    __m128 tail = _mm_mul_ps(_mm_loadu_ps(f0 + 6), first_weights);
    for (std::size_t l = 1; l < count; ++l) {
      const float* f = reinterpret_cast<const float*>(&poses[l][j]);
      const __m128 q = _mm_loadu_ps(f + 3);
      const float weight = weights[l];
      // Sign-align with the first pose so opposite-hemisphere quaternions do not cancel:
      // Dot(q0, q) = w*w + x*x + y*y + z*z in the scalar order.
      alignas(16) float products[4];
      _mm_store_ps(products, _mm_mul_ps(q0, q));
      const float dot = products[3] + products[0] + products[1] + products[2];
      const __m128 weights_row = _mm_set1_ps(weight);
      head = _mm_add_ps(head, _mm_mul_ps(_mm_loadu_ps(f), weights_row));
      rotation = _mm_add_ps(rotation, _mm_mul_ps(q, _mm_set1_ps(dot < 0.0f ? -weight : weight)));
      tail = _mm_add_ps(tail, _mm_mul_ps(_mm_loadu_ps(f + 6), weights_row));
    }
    float* o = reinterpret_cast<float*>(&out[j]);
    _mm_storeu_ps(o, head);
    _mm_storeu_ps(o + 6, tail);
    _mm_storeu_ps(o + 3, rotation);
  }
#else
  for (std::size_t j = 0; j < num_joints; ++j) {
    const glm::quat& q0 = first[j].rotation;
    glm::vec3 translation = first[j].translation * first_weight;
    glm::quat rotation(q0.w * first_weight, q0.x * first_weight, q0.y * first_weight,
                       q0.z * first_weight);
    glm::vec3 scale = first[j].scale * first_weight;
    for (std::size_t l = 1; l < count; ++l) {
      const Transform& input = poses[l][j];
      const float weight = weights[l];
      const glm::quat& q = input.rotation;
      // Sign-align with the first pose so opposite-hemisphere quaternions do not cancel.
      const float rotation_weight = detail::Dot(q0, q) < 0.0f ? -weight : weight;
      rotation.w += q.w * rotation_weight;
      rotation.x += q.x * rotation_weight;
      rotation.y += q.y * rotation_weight;
      rotation.z += q.z * rotation_weight;
      translation += input.translation * weight;
      scale += input.scale * weight;
    }
    out[j].translation = translation;
    out[j].rotation = rotation;
    out[j].scale = scale;
  }
#endif
  detail::NormalizeRotations(out, num_joints);
}

// Many layers: layer by layer through the output (the same sums in the same order as
// BlendJoints), so any layer count works without scratch memory.
void BlendLayerByLayer(std::span<const BlendLayer> layers, float normaliser,
                       std::span<Transform> output) {
  const std::size_t num_joints = output.size();
  Transform* out = output.data();
  const Transform* first = layers[0].pose.data();
  const float first_weight = layers[0].weight * normaliser;
  for (std::size_t j = 0; j < num_joints; ++j) {
    const glm::quat& q = first[j].rotation;
    out[j].translation = first[j].translation * first_weight;
    out[j].rotation =
        glm::quat(q.w * first_weight, q.x * first_weight, q.y * first_weight, q.z * first_weight);
    out[j].scale = first[j].scale * first_weight;
  }
  for (std::size_t l = 1; l < layers.size(); ++l) {
    const Transform* input = layers[l].pose.data();
    const float weight = layers[l].weight * normaliser;
    for (std::size_t j = 0; j < num_joints; ++j) {
      const glm::quat& q = input[j].rotation;
      const float rotation_weight = detail::Dot(first[j].rotation, q) < 0.0f ? -weight : weight;
      glm::quat& sum = out[j].rotation;
      sum.w += q.w * rotation_weight;
      sum.x += q.x * rotation_weight;
      sum.y += q.y * rotation_weight;
      sum.z += q.z * rotation_weight;
      out[j].translation += input[j].translation * weight;
      out[j].scale += input[j].scale * weight;
    }
  }
  detail::NormalizeRotations(out, num_joints);
}

}  // namespace

Status BlendingJob::Run() const {
  if (Status status = Validate(); !status)
    return status;
  float total_weight = 0.0f;
  for (const BlendLayer& layer : layers)
    total_weight += layer.weight;
  const float normaliser = 1.0f / total_weight;
  // Pointers and normalised weights copied out of the spans once, so the joint loop keeps them
  // in registers (the output could alias the spans' storage as far as the compiler knows).
  constexpr std::size_t kMaxLayersPerPass = 8;
  const Transform* poses[kMaxLayersPerPass];
  float weights[kMaxLayersPerPass];
  const std::size_t num_layers = std::min(layers.size(), kMaxLayersPerPass);
  for (std::size_t l = 0; l < num_layers; ++l) {
    poses[l] = layers[l].pose.data();
    weights[l] = layers[l].weight * normaliser;
  }
  if (layers.size() > kMaxLayersPerPass) {
    BlendLayerByLayer(layers, normaliser, output);
    return Status::Ok();
  }
  Transform* out = output.data();
  const std::size_t num_joints = output.size();
  switch (num_layers) {
    case 1:
      BlendJoints<1>(poses, weights, num_layers, num_joints, out);
      break;
    case 2:
      BlendJoints<2>(poses, weights, num_layers, num_joints, out);
      break;
    case 3:
      BlendJoints<3>(poses, weights, num_layers, num_joints, out);
      break;
    case 4:
      BlendJoints<4>(poses, weights, num_layers, num_joints, out);
      break;
    default:
      BlendJoints<0>(poses, weights, num_layers, num_joints, out);
      break;
  }
  return Status::Ok();
}

}  // namespace footwork::anim
