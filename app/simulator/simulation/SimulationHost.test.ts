import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { SimulationHost } from './SimulationHost';

const scenes = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../scenes');
const host = new SimulationHost({ seed: 1 });
afterEach(() => host.dispose());

/**
 * Resolves once the running simulation has advanced by `ms` of simulated time. No wall-clock deadline: a loaded
 * machine simulates slowly, and a simulation that never advances hits the test's own timeout.
 */
async function advance(ms: number): Promise<void> {
  const sim = host.current!;
  const start = sim.time;
  while (sim.time < start + ms) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(sim.time).toBeGreaterThanOrEqual(start + ms);
}

describe('SimulationHost', () => {
  it('refuses a malformed scene with file:line and element, and keeps running the previous scene', async () => {
    const loaded = await host.loadScene(path.join(scenes, 'GameFast.ros3'), { run: true });
    expect(loaded.ok).toBe(true);
    const running = host.current!;
    running.command('dt off');
    await advance(100);

    // A copy of the scene next to the original (so its includes resolve) with a misspelt attribute.
    const good = fs.readFileSync(path.join(scenes, 'GameFast.ros3'), 'utf8').split('\n');
    const row = good.findIndex((l) => l.includes('<Compound ref="robots"/>'));
    expect(row).toBeGreaterThan(0);
    good[row] = good[row]!.replace('ref="robots"', 'ref="robots" colr="red"');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-scene-'));
    fs.cpSync(path.join(scenes, 'Includes'), path.join(dir, 'Includes'), { recursive: true });
    const bad = path.join(dir, 'Bad.ros3');
    fs.writeFileSync(bad, good.join('\n'));
    try {
      const result = await host.loadScene(bad);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.sceneError?.line).toBe(row + 1);
      expect(result.error).toMatch(
        new RegExp(`Bad\\.ros3:${row + 1}: Simulation/Scene/Compound: unknown attribute 'colr'$`),
      );
      // A missing file is refused too.
      expect((await host.loadScene(path.join(dir, 'Missing.ros3'))).ok).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(host.current).toBe(running);
    expect(running.running).toBe(true);
    await advance(100);

    // A good scene replaces it and keeps running.
    const next = await host.loadScene(path.join(scenes, 'GameFast.ros3'));
    expect(next.ok && next.simulation).not.toBe(running);
    expect(running.running).toBe(false);
    expect(host.current!.running).toBe(true);
  });
});
