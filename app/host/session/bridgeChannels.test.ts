import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BRIDGE_REQUESTS, REQUEST_CHANNELS, type RequestChannel } from '@app/ipc/channels';
import type { RequestOf } from '@app/ipc/messages';
import { createDefaultSession } from '../composition/createDefaultSession';
import { validateRequest } from './validateRequest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * One well-formed request per channel. The type makes a new channel a compile error here until it has an example;
 * the tests below make it a failure until its schema accepts the example and refuses what is no request.
 */
const EXAMPLES: { readonly [C in RequestChannel]: RequestOf<C> } = {
  'pitchside:session.info': {},
  'pitchside:console.run': { line: 'echo hi' },
  'pitchside:console.runScript': { name: 'a.con', text: 'echo hi' },
  'pitchside:console.completions': {},
  'pitchside:robots.list': {},
  'pitchside:data.subscribe': { robot: 'robot1', stream: 'value', key: 'BallModel' },
  'pitchside:data.unsubscribe': { subscription: 's1' },
  'pitchside:layout.save': { scene: 'Game', layout: { grid: {} } },
  'pitchside:layout.load': { scene: 'Game' },
  'pitchside:robot.run': { robot: 'robot1', line: 'dr timing' },
  'pitchside:robot.names': { robot: 'robot1' },
  'pitchside:views.list': {},
  'pitchside:sim.scene': {},
  'pitchside:sim.control': { action: 'step' },
  'pitchside:sim.appearance': {},
  'pitchside:image.frame': { robot: 'robot1', view: 'upper', after: 2 },
  'pitchside:log.players': {},
  'pitchside:log.timeline': { robot: 'log1' },
  'pitchside:log.stopOnAnnotation': { robot: 'log1', enabled: true, filter: 'goal', regex: false },
  'pitchside:log.control': { robot: 'log1', action: { kind: 'seek', frame: 10 } },
  'pitchside:game.timeline': { robot: 'log1' },
  'pitchside:game.seek': { robot: 'log1', time: 12_500 },
  'pitchside:log.variants': { robot: 'log1', tracks: true },
  'pitchside:teamMonitor.state': {},
  'pitchside:teamMonitor.listen': { team: 5, on: true, format: 'bhuman' },
  'pitchside:files.list': { purpose: 'log', dir: '/tmp' },
  'pitchside:files.choose': { purpose: 'scene' },
  'pitchside:scene.open': { file: 'scenes/Game.ros3' },
  'pitchside:log.open': { file: 'config/Logs/a.log' },
  'pitchside:testRuns.state': {},
};

describe('bridge channels', () => {
  it('are the keys of the contracts, each with the pitchside: prefix, and each has an example here', () => {
    expect(REQUEST_CHANNELS.length).toBeGreaterThanOrEqual(27);
    expect([...REQUEST_CHANNELS].sort()).toEqual(Object.keys(EXAMPLES).sort());
    for (const channel of REQUEST_CHANNELS) expect(channel).toMatch(/^pitchside:[a-zA-Z]+\.[a-zA-Z0-9]+$/);
  });

  it.each(REQUEST_CHANNELS)('%s has a request schema that accepts its example and refuses a non-object', (c) => {
    const schema = BRIDGE_REQUESTS[c].request;
    expect(schema).toMatchObject({ type: 'object' });
    expect(validateRequest(c, structuredClone(EXAMPLES[c]))).toEqual(EXAMPLES[c]);
    expect(() => validateRequest(c, 'not an object')).toThrow(`Bad request on ${c}: payload must be object`);
  });

  describe('the default session', () => {
    // A scene that does not load keeps the session cheap; the simulation's handlers are there all the same.
    const session = createDefaultSession({
      mode: 'browser',
      rootDir: ROOT,
      sceneFile: path.join(os.tmpdir(), 'pitchside-no-such-scene.ros3'),
    });
    afterAll(() => session.dispose());

    it.each(REQUEST_CHANNELS)('answers %s', (channel) => {
      expect(session.answers(channel)).toBe(true);
    });

    it('answers a request end to end through the handler table', async () => {
      const connection = session.connect(() => {});
      expect(await connection.request('pitchside:testRuns.state', {})).toEqual({
        command: '',
        running: false,
        total: 0,
        runs: [],
      });
      await expect(connection.request('pitchside:sim.control', { action: 'fly' } as never)).rejects.toThrow(
        /action must be one of/,
      );
      connection.close();
    });
  });
});
