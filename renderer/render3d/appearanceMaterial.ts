/**
 * @file The material of bodies drawn with the scene's own appearance (SceneBodies.ts): merged robot geometries
 * drawn as instances, one per robot, lit per vertex with the scene's light (sceneLighting.ts), so the fragment
 * shader only copies a colour, as the prelit materials do (software WebGL pays every fragment instruction on the
 * CPU). Each vertex names its body and its part; the instance's `slot` is its robot's row in two textures: the
 * bodies' matrices (4 texels each) and the parts' colours (linear). A textured variant multiplies the texture (the
 * ball's pattern) in the fragment shader.
 */
import * as THREE from 'three';
import { SCENE_LIGHT } from './sceneLighting';

const VERTEX = /* glsl */ `
uniform vec3 sky;
uniform vec3 ground;
uniform vec3 sun;
uniform vec3 skyDirection;
uniform vec3 sunDirection;
uniform highp sampler2D matrices;
uniform highp sampler2D colors;
attribute float body;
attribute float part;
attribute float slot;
varying vec3 vColor;
#ifdef USE_TEXTURE
varying vec2 vUv;
#endif
vec3 toSrgb(vec3 c) {
  c = clamp(c, 0.0, 1.0);
  return mix(c * 12.92, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, step(vec3(0.0031308), c));
}
void main() {
  int row = int(slot + 0.5);
  int x = 4 * int(body + 0.5);
  mat4 bodyMatrix = mat4(
    texelFetch(matrices, ivec2(x, row), 0),
    texelFetch(matrices, ivec2(x + 1, row), 0),
    texelFetch(matrices, ivec2(x + 2, row), 0),
    texelFetch(matrices, ivec2(x + 3, row), 0));
  // Bodies are rigid (rotation and translation), so the matrix turns normals as it is.
  mat4 world = modelMatrix * bodyMatrix;
  vec3 n = normalize(mat3(world) * normal);
  float skyWeight = 0.5 * dot(n, skyDirection) + 0.5;
  float sunLight = max(0.0, dot(n, sunDirection));
  vec3 albedo = texelFetch(colors, ivec2(int(part + 0.5), row), 0).rgb;
  vColor = toSrgb(albedo * (ground + (sky - ground) * skyWeight + sun * sunLight));
#ifdef USE_TEXTURE
  vUv = uv;
#endif
  gl_Position = projectionMatrix * viewMatrix * world * vec4(position, 1.0);
}
`;

const FRAGMENT = /* glsl */ `
varying vec3 vColor;
#ifdef USE_TEXTURE
uniform sampler2D map;
varying vec2 vUv;
#endif
void main() {
#ifdef USE_TEXTURE
  gl_FragColor = vec4(vColor * texture2D(map, vUv).rgb, 1.0);
#else
  gl_FragColor = vec4(vColor, 1.0);
#endif
}
`;

/**
 * The material of one template's draws: `matrices` and `colors` are its robots' rows; with `map`, the texture
 * (sRGB bytes) multiplies the lit colour.
 */
export function appearanceMaterial(
  map: THREE.Texture | undefined,
  matrices: THREE.DataTexture,
  colors: THREE.DataTexture,
): THREE.ShaderMaterial {
  const light = SCENE_LIGHT;
  return new THREE.ShaderMaterial({
    vertexShader: VERTEX,
    fragmentShader: FRAGMENT,
    defines: map ? { USE_TEXTURE: '' } : {},
    uniforms: {
      sky: { value: new THREE.Vector3(light.sky.r, light.sky.g, light.sky.b) },
      ground: { value: new THREE.Vector3(light.ground.r, light.ground.g, light.ground.b) },
      sun: { value: new THREE.Vector3(light.sun.r, light.sun.g, light.sun.b) },
      skyDirection: { value: light.skyDirection.clone() },
      sunDirection: { value: light.sunDirection.clone() },
      matrices: { value: matrices },
      colors: { value: colors },
      ...(map ? { map: { value: map } } : {}),
    },
  });
}
