import { describe, expect, it } from 'vitest';
import { scenePixelRatio } from './pixelRatio';

describe('scenePixelRatio', () => {
  it('renders HiDPI at up to 2 pixels per CSS pixel on a GPU, at 1 on a software WebGL', () => {
    expect(scenePixelRatio(2, 'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0)')).toBe(2);
    expect(scenePixelRatio(3, 'Apple M2')).toBe(2);
    expect(
      scenePixelRatio(
        2,
        'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
      ),
    ).toBe(1);
    expect(scenePixelRatio(2, 'llvmpipe (LLVM 15.0.6, 256 bits)')).toBe(1);
    expect(scenePixelRatio(1.5, undefined)).toBe(1.5);
    expect(scenePixelRatio(0, undefined)).toBe(1);
  });
});
