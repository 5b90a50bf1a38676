import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { bakeLighting, litColor } from './sceneLighting';

function firstColor(geometry: THREE.BufferGeometry): number[] {
  const color = geometry.getAttribute('color');
  return [color.getX(0), color.getY(0), color.getZ(0)].map((v) => Math.round(v * 255));
}

describe('lighting on the CPU', () => {
  it("gives the carpet the colour three.js's Lambert material gave it", () => {
    // The canvas pixel of the carpet (0x2f8a2f) when three.js's hemisphere and sun lights lit it.
    expect(firstColor(bakeLighting(new THREE.PlaneGeometry(1, 1), 0x2f8a2f))).toEqual([40, 121, 40]);
    expect(litColor(0x2f8a2f, new THREE.Vector3(0, 0, 1)).getHexString(THREE.SRGBColorSpace)).toBe('287928');
  });

  it('lights a face away from the sun by the hemisphere only, darker', () => {
    const up = firstColor(bakeLighting(new THREE.PlaneGeometry(1, 1), 0xffffff));
    const down = firstColor(bakeLighting(new THREE.PlaneGeometry(1, 1).rotateX(Math.PI), 0xffffff));
    expect(down[0]).toBeLessThan(up[0]! - 50);
    expect(down[1]).toBeGreaterThan(down[0]!); // the green-grey ground colour
  });
});
