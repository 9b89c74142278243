#include "footwork/anim/local_to_model.h"

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

}  // namespace

Status LocalToModelJob::Validate() const {
  return ValidateConversion("local to model", skeleton, input.size(), output.size(), root);
}

Status LocalToModelJob::Run() const {
  if (Status status = Validate(); !status)
    return status;
  const int* parents = skeleton->parents.data();
  const std::size_t num_joints = output.size();
  for (std::size_t j = 0; j < num_joints; ++j) {
    const int parent = parents[j];
    output[j] = detail::Mul(parent < 0 ? root : output[parent], input[j]);
  }
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
