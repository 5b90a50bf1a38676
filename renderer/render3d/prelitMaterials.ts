/**
 * @file The 3-D scene's materials for software WebGL (SwiftShader), where fragment-shader instructions are paid
 * per pixel on the CPU: both fragment shaders only write a colour that is already final (sRGB encoded). The
 * prelit material shows the lit vertex colours sceneLighting.ts computed; the unlit one a flat colour.
 */
import * as THREE from 'three';

const PRELIT_VERTEX = /* glsl */ `
varying vec3 vColor;
void main() {
  vColor = color;
  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
}
`;

const PRELIT_FRAGMENT = /* glsl */ `
varying vec3 vColor;
void main() {
  gl_FragColor = vec4(vColor, 1.0);
}
`;

const UNLIT_VERTEX = /* glsl */ `
void main() {
  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
}
`;

const UNLIT_FRAGMENT = /* glsl */ `
uniform vec3 srgb;
void main() {
  gl_FragColor = vec4(srgb, 1.0);
}
`;

/** Shows a geometry's `color` attribute as it is (lit colours from sceneLighting.ts). */
export function prelitMaterial(): THREE.ShaderMaterial {
  return new THREE.ShaderMaterial({ vertexShader: PRELIT_VERTEX, fragmentShader: PRELIT_FRAGMENT, vertexColors: true });
}

/** A flat colour (sRGB, as three.js colours are given), unaffected by light: field lines, markers. */
export function unlitMaterial(
  color: THREE.ColorRepresentation,
  side: THREE.Side = THREE.FrontSide,
): THREE.ShaderMaterial {
  // The shader writes the colour as it is, so it gets the sRGB components three.js would have encoded to.
  const srgb = new THREE.Color(color).getRGB({ r: 0, g: 0, b: 0 }, THREE.SRGBColorSpace);
  return new THREE.ShaderMaterial({
    uniforms: { srgb: { value: new THREE.Vector3(srgb.r, srgb.g, srgb.b) } },
    vertexShader: UNLIT_VERTEX,
    fragmentShader: UNLIT_FRAGMENT,
    side,
  });
}
