/**
 * Issue 35: loading or resetting one of B-Human's scenes (the shared corpus, never copied) tells what its start
 * script names that Pitchside lacks once, as one summary per kind, instead of once per robot and line (GameFast's
 * script made 1,037 console lines: 784 "Unknown representation …" and 182 identical joystick refusals).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedCorpus } from '@robot-runtime/hosts/node/testing/sharedCorpus';
import { ConsoleController } from '../../console/ConsoleController';
import { NodeFiles } from '../../console/nodeFiles';
import { controllerHost } from '../../session/testing/controllerHost';
import { SimulationProvider } from './SimulationProvider';

const SCENES = sharedCorpus('bhuman', 'Config', 'Scenes');

/** Lets the robot consoles run their queued start-script lines (they wait for each robot's first poll). */
function settle(controller: ConsoleController): void {
  for (let i = 0; i < 400 && controller.busy; i++) controller.execute('sim step 1');
}

/** The names a summary line lists (`Unknown representations (784 lines, 56 names): A, B, …`). */
function namesOf(line: string): string[] {
  return line.slice(line.indexOf('): ') + 3).split(', ');
}

describe('B-Human scenes in the console', () => {
  it('finds the corpus', () => {
    expect(existsSync(join(SCENES, 'GameFast.ros3'))).toBe(true);
  });

  for (const [scene, robots] of [
    ['GameFast.ros3', 14],
    ['BH.ros3', 1],
  ] as const) {
    it(`${scene}: each lacking name once per load and per reset, as one summary per kind`, async () => {
      const controller = new ConsoleController({ files: new NodeFiles() });
      const output: string[] = [];
      controller.on('output', (o) => output.push(o.text));
      const provider = new SimulationProvider({ sceneFile: join(SCENES, scene), run: false });
      provider.start(controllerHost(controller));
      try {
        await provider.whenLoaded();
        expect(controller.robotNames).toHaveLength(robots);
        settle(controller);
        const load = output.splice(0);
        provider.control('reset');
        settle(controller);
        const reset = output.splice(0);
        for (const lines of [load, reset]) {
          console.info(`${scene}: ${lines.length} console lines:\n${lines.join('\n')}`);
          const representations = lines.filter((l) => l.startsWith('Unknown representations ('));
          expect(representations).toHaveLength(1);
          const names = namesOf(representations[0]!);
          expect(new Set(names).size).toBe(names.length);
          expect(names).toContain('RawInertialSensorData');
          // Every refused line is counted: each robot refuses each name at least once.
          const count = Number(/\((\d+) lines/.exec(representations[0]!)![1]);
          expect(count).toBeGreaterThanOrEqual(names.length * robots);
          expect(lines.filter((l) => /^Unknown representation \S+$/.test(l))).toEqual([]);
          expect(lines.filter((l) => l.startsWith('start script: skipped'))).toEqual([]);
          // Each summary line once; nothing else repeats either.
          expect(new Set(lines).size).toBe(lines.length);
          expect(lines.length).toBeLessThanOrEqual(12);
        }
        if (scene === 'GameFast.ros3') {
          const joystick = load.filter((l) => l.startsWith('jc: '));
          expect(joystick).toHaveLength(1);
          expect(joystick[0]).toMatch(/\(182 lines\)$/);
        }
      } finally {
        await provider.dispose();
      }
    }, 240_000);
  }
});
