import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeOdeEraScene } from '../scene/odeEraScene.testHelper';
import { sceneWarningSummary, type SceneWarning } from '../scene/SceneError';
import { Simulation } from './Simulation';

const dir = mkdtempSync(path.join(tmpdir(), 'pitchside-ros2-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('scene warnings', () => {
  it('are shown once per scene load as a summary, not again on reset', async () => {
    const lines: string[] = [];
    const file = writeOdeEraScene(dir);
    const sim = await Simulation.load(file, { seed: 1, startScript: false, log: (l) => lines.push(l) });
    try {
      const summary = lines.filter((l) => l.includes('accepted but ignored') || l.includes('ODE-only'));
      expect(summary).toEqual([
        `${file}: 2 scene constructs accepted but ignored:`,
        `  ${file}:7: Simulation/Scene: ODE-only attribute 'CFM' of <Scene> ignored (MuJoCo has no counterpart)`,
        `  ${file}:7: Simulation/Scene: ODE-only attribute 'ERP' of <Scene> ignored (MuJoCo has no counterpart)`,
      ]);
      const before = lines.length;
      await sim.reset().dispose();
      expect(lines.slice(before).join('\n')).not.toContain('ODE-only');
    } finally {
      await sim.dispose();
    }
  });

  it('summaries list a dozen and count the rest; a scene without warnings says nothing', () => {
    const warnings: SceneWarning[] = Array.from({ length: 15 }, (_, i) => ({
      file: 'a.ros2',
      line: i + 1,
      elementPath: 'Simulation/Scene',
      message: `a.ros2:${i + 1}: Simulation/Scene: warning ${i}`,
    }));
    const lines = sceneWarningSummary('a.ros2', warnings);
    expect(lines[0]).toBe('a.ros2: 15 scene constructs accepted but ignored:');
    expect(lines.slice(1, 13)).toEqual(warnings.slice(0, 12).map((w) => `  ${w.message}`));
    expect(lines.slice(13)).toEqual(['  … and 3 more']);
    expect(sceneWarningSummary('b.ros3', [])).toEqual([]);
  });
});
