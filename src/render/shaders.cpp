#include "render/shaders.h"

namespace footwork::render::shaders {
namespace {

std::string Header() {
  return "#version 330 core\n#define MAX_JOINTS " + std::to_string(kMaxJoints) +
         "\n#define MAX_BLOBS " + std::to_string(kMaxBlobs) + "\n";
}

}  // namespace

std::string SkinnedVertex() {
  return Header() + R"glsl(
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in uvec4 a_joints;
layout(location = 3) in vec4 a_weights;
// world * model_pose[j] * inverse_bind[j], one per joint.
layout(std140) uniform Joints { mat4 u_joints[MAX_JOINTS]; };
uniform mat4 u_view_projection;
out vec3 v_world;
out vec3 v_normal;
void main() {
  mat4 skin = a_weights.x * u_joints[a_joints.x] + a_weights.y * u_joints[a_joints.y] +
              a_weights.z * u_joints[a_joints.z] + a_weights.w * u_joints[a_joints.w];
  // Unskinned vertices (all weights zero) stay where the bind pose puts them.
  if (dot(a_weights, vec4(1.0)) < 1e-4) skin = mat4(1.0);
  vec4 world = skin * vec4(a_position, 1.0);
  v_world = world.xyz;
  v_normal = mat3(skin) * a_normal;
  gl_Position = u_view_projection * world;
}
)glsl";
}

std::string StaticVertex() {
  return Header() + R"glsl(
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
uniform mat4 u_model;
uniform mat3 u_normal_matrix;
uniform mat4 u_view_projection;
out vec3 v_world;
out vec3 v_normal;
void main() {
  vec4 world = u_model * vec4(a_position, 1.0);
  v_world = world.xyz;
  v_normal = u_normal_matrix * a_normal;
  gl_Position = u_view_projection * world;
}
)glsl";
}

std::string LitFragment(bool ground) {
  return Header() + (ground ? "#define GROUND 1\n" : "") + R"glsl(
in vec3 v_world;
in vec3 v_normal;
uniform vec3 u_color;
uniform vec3 u_line_color;
uniform float u_cell;
uniform vec3 u_to_light;
uniform vec3 u_camera;
uniform vec3 u_sky;
uniform vec3 u_horizon;
uniform float u_fog_density;
uniform int u_receive_blobs;
uniform int u_blob_count;
uniform vec4 u_blobs[MAX_BLOBS];  // xyz: centre on the ground, w: radius
uniform float u_blob_strength[MAX_BLOBS];
out vec4 o_color;

// Darkening of up-facing surfaces just below a blob's centre.
float BlobShadow(vec3 p, vec3 n) {
  if (u_receive_blobs == 0 || n.y < 0.5) return 1.0;
  float light = 1.0;
  for (int i = 0; i < u_blob_count; ++i) {
    vec3 c = u_blobs[i].xyz;
    float r = u_blobs[i].w;
    float below = c.y - p.y;
    if (below < -0.15 || below > 1.5) continue;
    float d = length(p.xz - c.xz) / r;
    float fade = 1.0 - smoothstep(0.0, 1.5, max(below, 0.0));
    light *= 1.0 - u_blob_strength[i] * fade * (1.0 - smoothstep(0.25, 1.0, d));
  }
  return light;
}

void main() {
  vec3 n = normalize(v_normal);
  vec3 albedo = u_color;
#ifdef GROUND
  // Anti-aliased grid lines that fade out in the distance (where they would alias).
  vec2 coord = v_world.xz / u_cell;
  vec2 width = fwidth(coord);
  vec2 grid = abs(fract(coord - 0.5) - 0.5) / max(width, vec2(1e-4));
  float line = 1.0 - min(min(grid.x, grid.y), 1.0);
  line *= 1.0 - smoothstep(0.15, 0.5, max(width.x, width.y));
  albedo = mix(albedo, u_line_color, line);
  vec2 major = abs(fract(coord / 5.0 - 0.5) - 0.5) / max(width / 5.0, vec2(1e-4));
  float major_line = 1.0 - min(min(major.x, major.y), 1.0);
  major_line *= 1.0 - smoothstep(0.3, 1.0, max(width.x, width.y));
  albedo = mix(albedo, u_line_color * 0.8, major_line);
#endif
  // Hemisphere ambient (sky above, warm bounce below) plus one key light and a faint rim.
  // Intensities keep a white surface facing the light just below 1 (no clipped highlights).
  vec3 ambient = mix(vec3(0.16, 0.15, 0.14), vec3(0.38, 0.43, 0.52), n.y * 0.5 + 0.5);
  float key = max(dot(n, u_to_light), 0.0);
  float shadow = BlobShadow(v_world, n);
  vec3 view = normalize(u_camera - v_world);
  float rim = pow(1.0 - max(dot(n, view), 0.0), 3.0) * 0.12;
  vec3 lit = albedo * (ambient * mix(0.6, 1.0, shadow) + vec3(0.80, 0.76, 0.70) * key * shadow) +
             rim * u_sky;
  float fog = 1.0 - exp(-u_fog_density * length(u_camera - v_world));
  lit = mix(lit, u_horizon, clamp(fog, 0.0, 1.0));
  o_color = vec4(pow(max(lit, vec3(0.0)), vec3(1.0 / 2.2)), 1.0);
}
)glsl";
}

std::string LineVertex() {
  return Header() + R"glsl(
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_color;
layout(location = 2) in float a_size;
uniform mat4 u_view_projection;
out vec3 v_color;
void main() {
  v_color = a_color;
  gl_PointSize = a_size;
  gl_Position = u_view_projection * vec4(a_position, 1.0);
}
)glsl";
}

std::string LineFragment() {
  return Header() + R"glsl(
in vec3 v_color;
uniform int u_round_points;
out vec4 o_color;
void main() {
  if (u_round_points != 0 && length(gl_PointCoord - vec2(0.5)) > 0.5) discard;
  o_color = vec4(pow(v_color, vec3(1.0 / 2.2)), 1.0);
}
)glsl";
}

std::string SkyVertex() {
  return Header() + R"glsl(
out float v_height;
void main() {
  // One triangle covering the screen, from the vertex index alone.
  vec2 corner = vec2((gl_VertexID << 1) & 2, gl_VertexID & 2);
  v_height = corner.y;
  gl_Position = vec4(corner * 2.0 - 1.0, 1.0, 1.0);
}
)glsl";
}

std::string SkyFragment() {
  return Header() + R"glsl(
in float v_height;
uniform vec3 u_sky;
uniform vec3 u_horizon;
out vec4 o_color;
void main() {
  vec3 sky = mix(u_horizon, u_sky, smoothstep(0.35, 1.0, v_height));
  o_color = vec4(pow(sky, vec3(1.0 / 2.2)), 1.0);
}
)glsl";
}

}  // namespace footwork::render::shaders
