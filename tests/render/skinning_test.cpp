// Skinning matrices: the bind pose gives identity, the world transform applies last, sizes must
// agree.
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "footwork/render/skinning.h"
#include "render/render_test_scene.h"

namespace footwork::render {
namespace {

void ExpectNear(const glm::mat4& a, const glm::mat4& b, float tolerance) {
  for (int column = 0; column < 4; ++column) {
    for (int row = 0; row < 4; ++row) {
      EXPECT_NEAR(a[column][row], b[column][row], tolerance) << column << "," << row;
    }
  }
}

TEST(Skinning, BindPoseGivesIdentityAndWorldAppliesLast) {
  const io::Scene& scene = testing::TestCharacter();
  ASSERT_FALSE(scene.meshes.empty());
  const io::SkinnedMesh& mesh = scene.meshes[0];
  // The rest pose is the bind pose for both test characters.
  std::vector<Transform> model(scene.skeleton.num_joints());
  for (int j = 0; j < scene.skeleton.num_joints(); ++j) {
    const int parent = scene.skeleton.parents[j];
    model[j] = parent == anim::kNoParent ? scene.skeleton.rest_pose[j]
                                         : model[parent] * scene.skeleton.rest_pose[j];
  }
  std::vector<glm::mat4> skin(model.size());
  ASSERT_TRUE(
      ComputeSkinningMatrices(model, mesh.inverse_bind_matrices, glm::mat4(1.0f), skin).ok());
  for (const glm::mat4& matrix : skin) {
    ExpectNear(matrix, glm::mat4(1.0f), 1e-3f);
  }
  const glm::mat4 world = glm::translate(glm::mat4(1.0f), glm::vec3(3, 0, -2));
  ASSERT_TRUE(ComputeSkinningMatrices(model, mesh.inverse_bind_matrices, world, skin).ok());
  ExpectNear(skin[0], world, 1e-3f);
}

TEST(Skinning, SizeMismatchIsAnError) {
  std::vector<Transform> pose(3);
  std::vector<glm::mat4> inverse_bind(4, glm::mat4(1.0f));
  std::vector<glm::mat4> output(4);
  const Status status = ComputeSkinningMatrices(pose, inverse_bind, glm::mat4(1.0f), output);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.error().message.find("3 joints"), std::string::npos) << status.error().message;
}

}  // namespace
}  // namespace footwork::render
