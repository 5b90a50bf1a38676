import { describe, expect, it } from 'vitest';
import { SPL_FIELD } from '../scene/extractModel';
import { GROUND_CARPET, GROUND_FLOOR, makeGroundClassifier, makeUniformBoxTest } from './fieldSurface';

const classify = makeGroundClassifier(SPL_FIELD);
const uniform = makeUniformBoxTest(SPL_FIELD);

/** A deterministic pseudo-random sequence in [0, 1). */
function random(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x80000000;
}

describe('uniform boxes of the ground', () => {
  it('answers a class only where the classifier gives that class at every point of the box', () => {
    const next = random(3);
    let uniformBoxes = 0;
    for (let n = 0; n < 20_000; n++) {
      // Boxes of 1 mm to 2 m anywhere on and around the field; thin boxes as the renderer's runs make them.
      const x0 = (next() - 0.5) * 13_000,
        y0 = (next() - 0.5) * 10_000;
      const x1 = x0 + next() ** 3 * 2000,
        y1 = y0 + next() ** 3 * 2000;
      const g = uniform(x0, x1, y0, y1);
      if (g < 0) continue;
      uniformBoxes++;
      for (let i = 0; i <= 20; i++)
        for (let j = 0; j <= 20; j++) {
          const x = x0 + ((x1 - x0) * i) / 20,
            y = y0 + ((y1 - y0) * j) / 20;
          if (classify(x, y) !== g) expect({ box: [x0, x1, y0, y1], x, y, class: classify(x, y) }).toEqual(g);
        }
    }
    // It does its job: most of these boxes are found uniform.
    expect(uniformBoxes).toBeGreaterThan(10_000);
  });

  it('finds carpet between the lines and floor beyond the carpet, and nothing across a line', () => {
    expect(uniform(-2100, -1900, 1400, 1600)).toBe(GROUND_CARPET);
    expect(uniform(5700, 6000, 4000, 4100)).toBe(GROUND_FLOOR);
    // Across the halfway line, the centre circle, a penalty mark and the carpet's edge.
    expect(uniform(-100, 100, 2000, 2100)).toBe(-1);
    expect(uniform(700, 800, -10, 10)).toBe(-1);
    expect(uniform(3150, 3250, -10, 10)).toBe(-1);
    expect(uniform(5100, 5300, 0, 10)).toBe(-1);
  });
});
