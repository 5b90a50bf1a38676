import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { ConsoleController } from '../../console/ConsoleController';
import { NodeFiles } from '../../console/nodeFiles';
import type { RobotConsole } from '../../console/RobotConsole';
import type { ProviderHost } from '../../session/ConsoleProvider';
import { SimulationProvider } from './SimulationProvider';

const SCENE = path.resolve(import.meta.dirname, '../../../../scenes/Game.ros3');

/** The default scene's script says `vfd worldState fieldLines`: every robot must draw the field for it. */
describe('the fieldLines drawing in the default scene', () => {
  const controller = new ConsoleController({ files: new NodeFiles() });
  const consoles = new Map<string, RobotConsole>();
  const printed: string[] = [];
  const host: ProviderHost = {
    addRobot: (r) => {
      consoles.set(r.console.name, r.console);
      controller.addRobot(r.console);
    },
    removeRobot: (name) => consoles.delete(name),
    print: (text) => printed.push(text),
    controller,
    broadcast: () => {},
  };
  controller.on('output', (o) => printed.push(o.text));
  const provider = new SimulationProvider({ sceneFile: SCENE, run: false });

  beforeAll(async () => {
    provider.start(host);
    await provider.whenLoaded();
  }, 120_000);
  afterAll(() => provider.dispose());

  it('starts without an unknown drawing, and robots announce and draw the field lines', () => {
    const robot1 = consoles.get('robot1')!;
    for (let i = 0; i < 40; i++) {
      provider.control('step');
      controller.update();
    }
    expect(printed.filter((p) => /fieldLines/.test(p))).toEqual([]);
    const shapes = robot1.model.drawings.shapes('Cognition', 'fieldLines') ?? [];
    // Lines: the outline (4), the half-way line, per half the penalty and goal areas (4 each) and the penalty mark
    // (2), the centre mark; circles: the centre circle and the four goal posts.
    expect(shapes.filter((s) => s.type === 'line')).toHaveLength(4 + 1 + 2 * (4 + 4 + 2) + 1);
    expect(shapes.filter((s) => s.type === 'circle')).toHaveLength(5);
    const circle = shapes.find((s) => s.type === 'circle' && s.x === 0 && s.y === 0);
    expect(circle).toMatchObject({ radius: 750 });
    // Drawn once per Cognition frame, not by the other threads, and only where the script asked for it (robot1).
    expect(robot1.model.drawings.shapes('Upper', 'fieldLines')).toBeUndefined();
    expect(robot1.model.drawings.shapes('Motion', 'fieldLines')).toBeUndefined();
    expect(consoles.get('robot2')!.model.drawings.shapes('Cognition', 'fieldLines')).toBeUndefined();
  });
});
