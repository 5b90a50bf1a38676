import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeOdeEraScene } from '@app/simulator/scene/odeEraScene.testHelper';
import { ConsoleController } from '../../console/ConsoleController';
import { MemoryFiles } from '../../console/files';
import type { ProviderHost } from '../../session/ConsoleProvider';
import { SimulationProvider } from './SimulationProvider';

const dir = mkdtempSync(path.join(tmpdir(), 'pitchside-ros2-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SimulationProvider with an ODE-era scene', () => {
  it("prints the scene's warnings once, as a summary, in the console", async () => {
    const controller = new ConsoleController({ files: new MemoryFiles() });
    const printed: string[] = [];
    const host: ProviderHost = {
      addRobot: (r) => controller.addRobot(r.console),
      removeRobot: () => {},
      print: (text) => printed.push(text),
      controller,
      broadcast: () => {},
    };
    const file = writeOdeEraScene(dir);
    const provider = new SimulationProvider({ sceneFile: file, run: false, startScript: false });
    provider.start(host);
    try {
      await provider.whenLoaded();
      expect(printed.filter((p) => p.includes('accepted but ignored'))).toEqual([
        `${file}: 2 scene constructs accepted but ignored:`,
      ]);
      expect(printed.filter((p) => p.includes('ODE-only attribute'))).toHaveLength(2);
    } finally {
      provider.dispose();
    }
  });
});
