/**
 * @file The material of bodies drawn with the scene's own appearance (SceneBodies.ts): instanced meshes lit per
 * vertex with the scene's light (sceneLighting.ts), so the fragment shader only copies a colour, as the prelit
 * materials do (software WebGL pays every fragment instruction on the CPU). Colours come per instance (linear);
 * a textured variant multiplies the texture (the ball's pattern) in the fragment shader.
 */
import * as THREE from 'three';
import { SCENE_LIGHT } from './sceneLighting';

const VERTEX = /* glsl */ `
uniform vec3 sky;
uniform vec3 ground;
uniform vec3 sun;
uniform vec3 skyDirection;
uniform vec3 sunDirection;
varying vec3 vColor;
#ifdef USE_TEXTURE
varying vec2 vUv;
#endif
vec3 toSrgb(vec3 c) {
  c = clamp(c, 0.0, 1.0);
  return mix(c * 12.92, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, step(vec3(0.0031308), c));
}
void main() {
  // Instances are rigid (rotation and translation), so the matrix turns normals as it is.
  mat4 world = modelMatrix * instanceMatrix;
  vec3 n = normalize(mat3(world) * normal);
  float skyWeight = 0.5 * dot(n, skyDirection) + 0.5;
  float sunLight = max(0.0, dot(n, sunDirection));
  vColor = toSrgb(instanceColor * (ground + (sky - ground) * skyWeight + sun * sunLight));
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

/** The material of instanced bodies; with `map`, the texture (sRGB bytes) multiplies the lit colour. */
export function appearanceMaterial(map?: THREE.Texture): THREE.ShaderMaterial {
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
      ...(map ? { map: { value: map } } : {}),
    },
  });
}
