// Views typed in one session come back in the next one (the IDE restarted with the same saved layout): the provider
// keeps them beside the scene's layout, in real files, and gives them back after the start script.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConsoleController } from '../../console/ConsoleController';
import { MemoryFiles } from '../../console/files';
import type { RobotConsole } from '../../console/RobotConsole';
import type { ProviderHost } from '../../session/ConsoleProvider';
import { FileLayoutStore } from '../../session/LayoutStore';
import { SimulationProvider } from './SimulationProvider';

const SCENE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../scenes/OneTeam.ros3');

/** One session of the IDE: a console, the simulation provider and the saved layouts in `dir`. */
async function session(dir: string) {
  const controller = new ConsoleController({ files: new MemoryFiles() });
  const printed: string[] = [];
  controller.on('output', (o) => printed.push(o.text));
  const host: ProviderHost = {
    addRobot: (r) => controller.addRobot(r.console),
    removeRobot: (name) => controller.removeRobot(name),
    print: (text) => printed.push(text),
    controller,
    broadcast: () => {},
    savedViews: new FileLayoutStore(dir),
  };
  const provider = new SimulationProvider({ sceneFile: SCENE, run: false, startScript: false });
  provider.start(host);
  await provider.whenLoaded();
  /** Steps the paused simulation until `c` has run its queued lines (the session's tick hands answers over). */
  const settle = (c: RobotConsole): void => {
    for (let i = 0; i < 100 && c.busy; i++) {
      provider.control('step');
      controller.update();
    }
  };
  return { controller, provider, printed, settle, robot: (name: string) => controller.robotConsole(name)! };
}

describe('SimulationProvider: views across sessions', () => {
  it('gives the robots the views typed in the previous session, with their drawings and plot layers', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-saved-views-'));
    const first = await session(dir);
    const typed = first.robot('robot2');
    typed.endOfStartScript();
    for (const line of [
      'vf mine',
      'vfd mine representation:BallModel',
      'vp ballDistance 100 0 6000',
      'vpd ballDistance representation:BallModel:speed red',
    ])
      typed.execute(line);
    first.settle(typed);
    expect(typed.model.views.fieldView('mine')?.drawings).toEqual(['representation:BallModel']);
    // Closing the session saves the views with the scene's layout.
    await first.provider.dispose();
    expect(fs.readdirSync(dir)).toEqual(['OneTeam.views.json']);

    const second = await session(dir);
    const restored = second.robot('robot2');
    // The view exists at once (the panel the saved layout restores finds it); its drawings follow once polled.
    expect(restored.model.views.fieldView('mine')).toBeDefined();
    second.settle(restored);
    expect(restored.model.views.fieldView('mine')?.drawings).toEqual(['representation:BallModel']);
    expect(restored.isRequestOn('debugDrawing:representation:BallModel')).toBe(true);
    expect(restored.model.plots.view('ballDistance')?.layers.map((l) => l.plotId)).toEqual([
      'representation:BallModel:speed',
    ]);
    // Other robots got nothing they did not have.
    expect(second.robot('robot3').model.views.fieldView('mine')).toBeUndefined();
    expect(second.printed.filter((l) => /Error/.test(l))).toEqual([]);
    await second.provider.dispose();
  });

  it('starts without the saved views when they are damaged, says so and keeps the file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-saved-views-'));
    fs.writeFileSync(path.join(dir, 'OneTeam.views.json'), '{"robot2": {"fields": "mine"}}');
    const s = await session(dir);
    expect(s.robot('robot2').model.views.fieldView('mine')).toBeUndefined();
    expect(s.printed.filter((l) => /saved views/.test(l))).toEqual([
      expect.stringMatching(
        /Error: the saved views of scene OneTeam are damaged: .*robot2\.fields is not a list.*kept as/,
      ),
    ]);
    expect(fs.existsSync(path.join(dir, 'OneTeam.views.json.damaged'))).toBe(true);
    await s.provider.dispose();
  });
});
