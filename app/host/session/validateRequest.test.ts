import { describe, expect, it } from 'vitest';
import type { RequestChannel } from '@app/ipc/channels';
import { MAX_FRAME, MAX_FILTER, MAX_ROBOT_NAME } from '@app/ipc/logPlayer';
import { MAX_LAYOUT_LENGTH, MAX_LINE, MAX_NAME, MAX_SCRIPT, MAX_SUBSCRIPTION } from '@app/ipc/messages';
import { MAX_PATH } from '@app/ipc/files';
import { MAX_VIEW_NAME } from '@app/ipc/simulation';
import { SeededRandom } from '@robot-runtime/math/SeededRandom';
import { REQUEST_CHANNELS } from '@app/ipc/channels';
import { validateRequest } from './validateRequest';

/** A string of `n` characters. */
const chars = (n: number): string => 'x'.repeat(n);

/** A request that must be refused, with the error it must name. */
type Refused = readonly [channel: RequestChannel, payload: unknown, error: RegExp];

/** A request that must pass, and what the handler then sees. */
type Accepted = readonly [channel: RequestChannel, payload: unknown, seen: unknown];

const control = (action: unknown): { robot: string; action: unknown } => ({ robot: 'r', action });

/** Every size, range and kind limit the hand-written validators enforced, at the limit and one beyond. */
const LIMITS: readonly { accepted: Accepted; refused: Refused }[] = [
  {
    accepted: ['pitchside:console.run', { line: chars(MAX_LINE) }, { line: chars(MAX_LINE) }],
    refused: ['pitchside:console.run', { line: chars(MAX_LINE + 1) }, /line must NOT have more than 65536/],
  },
  {
    accepted: ['pitchside:console.runScript', { name: 'a.con', text: chars(MAX_SCRIPT) }, undefined],
    refused: ['pitchside:console.runScript', { name: 'a.con', text: chars(MAX_SCRIPT + 1) }, /text must NOT have/],
  },
  {
    accepted: ['pitchside:console.runScript', { name: chars(MAX_NAME), text: '' }, undefined],
    refused: ['pitchside:console.runScript', { name: chars(MAX_NAME + 1), text: '' }, /name must NOT have/],
  },
  {
    accepted: ['pitchside:data.subscribe', { robot: 'r', stream: 'plot' }, { robot: 'r', stream: 'plot' }],
    refused: ['pitchside:data.subscribe', { robot: 'r', stream: 'video' }, /stream must be one of "text"/],
  },
  {
    accepted: ['pitchside:data.subscribe', { robot: 'r', stream: 'value', key: chars(MAX_NAME) }, undefined],
    refused: ['pitchside:data.subscribe', { robot: 'r', stream: 'value', key: chars(MAX_NAME + 1) }, /key must NOT/],
  },
  {
    accepted: ['pitchside:data.unsubscribe', { subscription: chars(MAX_SUBSCRIPTION) }, undefined],
    refused: ['pitchside:data.unsubscribe', { subscription: chars(MAX_SUBSCRIPTION + 1) }, /subscription must NOT/],
  },
  {
    accepted: ['pitchside:robot.run', { robot: chars(MAX_NAME), line: '' }, undefined],
    refused: ['pitchside:robot.run', { robot: 'r', line: chars(MAX_LINE + 1) }, /line must NOT/],
  },
  {
    accepted: ['pitchside:robot.names', { robot: 'r' }, { robot: 'r' }],
    refused: ['pitchside:robot.names', { robot: chars(MAX_NAME + 1) }, /robot must NOT/],
  },
  {
    accepted: ['pitchside:layout.load', { scene: 'Game' }, { scene: 'Game' }],
    refused: ['pitchside:layout.load', { scene: chars(MAX_NAME + 1) }, /scene must NOT/],
  },
  {
    // `{"a":"…"}` is 8 characters around the text.
    accepted: ['pitchside:layout.save', { scene: 'G', layout: { a: chars(MAX_LAYOUT_LENGTH - 8) } }, undefined],
    refused: [
      'pitchside:layout.save',
      { scene: 'G', layout: { a: chars(MAX_LAYOUT_LENGTH - 7) } },
      /layout must be JSON of at most 262144 characters/,
    ],
  },
  {
    accepted: ['pitchside:layout.save', { scene: 'G', layout: { grid: { root: [1] } } }, undefined],
    refused: ['pitchside:layout.save', { scene: 'G', layout: [1, 2] }, /layout must be object/],
  },
  {
    accepted: ['pitchside:files.list', { purpose: 'log', dir: chars(MAX_PATH) }, undefined],
    refused: ['pitchside:files.list', { purpose: 'log', dir: chars(MAX_PATH + 1) }, /dir must NOT have more than 4096/],
  },
  {
    accepted: ['pitchside:files.choose', { purpose: 'scene' }, { purpose: 'scene' }],
    refused: ['pitchside:files.choose', { purpose: 'image' }, /purpose must be one of "scene", "log"/],
  },
  {
    accepted: ['pitchside:log.open', { file: ' a.log' }, { file: ' a.log' }],
    refused: ['pitchside:log.open', { file: ' \t ' }, /file must match pattern/],
  },
  {
    accepted: ['pitchside:scene.open', { file: chars(MAX_PATH) }, undefined],
    refused: ['pitchside:scene.open', { file: chars(MAX_PATH + 1) }, /file must NOT have more than 4096/],
  },
  {
    accepted: ['pitchside:sim.control', { action: 'step', extra: 1 }, { action: 'step' }],
    refused: ['pitchside:sim.control', { action: 'explode' }, /Bad request .*action must be one of "runPause"/],
  },
  {
    accepted: ['pitchside:image.frame', { robot: 'robot1', view: 'upper', after: 3 }, undefined],
    refused: ['pitchside:image.frame', { robot: '', view: 'upper' }, /robot must NOT have fewer than 1/],
  },
  {
    accepted: ['pitchside:image.frame', { robot: chars(MAX_VIEW_NAME), view: 'v' }, undefined],
    refused: ['pitchside:image.frame', { robot: 'r', view: chars(MAX_VIEW_NAME + 1) }, /view must NOT have more/],
  },
  {
    accepted: ['pitchside:image.frame', { robot: 'r', view: 'v', after: Number.MAX_SAFE_INTEGER }, undefined],
    refused: ['pitchside:image.frame', { robot: 'r', view: 'v', after: 1.5 }, /after must be integer/],
  },
  {
    accepted: ['pitchside:image.frame', { robot: 'r', view: 'v', after: Number.MIN_SAFE_INTEGER }, undefined],
    refused: ['pitchside:image.frame', { robot: 'r', view: 'v', after: 2 ** 53 }, /after must be <=/],
  },
  {
    accepted: ['pitchside:log.timeline', { robot: chars(MAX_ROBOT_NAME) }, undefined],
    refused: ['pitchside:log.timeline', { robot: chars(MAX_ROBOT_NAME + 1) }, /robot must NOT have more than 256/],
  },
  {
    accepted: [
      'pitchside:log.stopOnAnnotation',
      { robot: 'r', enabled: true, filter: chars(MAX_FILTER), regex: false },
      undefined,
    ],
    refused: [
      'pitchside:log.stopOnAnnotation',
      { robot: 'r', enabled: true, filter: chars(MAX_FILTER + 1), regex: false },
      /filter must NOT have more than 200/,
    ],
  },
  {
    accepted: ['pitchside:log.stopOnAnnotation', { robot: 'r', enabled: false, filter: '', regex: true }, undefined],
    refused: ['pitchside:log.stopOnAnnotation', { robot: 'r', enabled: 1, filter: '', regex: true }, /enabled must be/],
  },
  {
    accepted: ['pitchside:log.control', control({ kind: 'seek', frame: MAX_FRAME }), undefined],
    refused: ['pitchside:log.control', control({ kind: 'seek', frame: -1 }), /action\.frame must be >= 0/],
  },
  {
    accepted: ['pitchside:log.control', control({ kind: 'step', frames: -MAX_FRAME }), undefined],
    refused: ['pitchside:log.control', control({ kind: 'step', frames: MAX_FRAME + 1 }), /action\.frames must be <=/],
  },
  {
    accepted: ['pitchside:log.control', control({ kind: 'stepImage', direction: -1 }), undefined],
    refused: ['pitchside:log.control', control({ kind: 'stepImage', direction: 2 }), /action\.direction must be/],
  },
  {
    accepted: ['pitchside:log.control', control({ kind: 'speed', speed: 'max' }), undefined],
    refused: ['pitchside:log.control', control({ kind: 'speed', speed: 0 }), /action\.speed .*must be > 0/],
  },
  {
    accepted: ['pitchside:log.control', control({ kind: 'speed', speed: 0.1 }), undefined],
    refused: ['pitchside:log.control', control({ kind: 'speed', speed: Infinity }), /action\.speed /],
  },
  {
    accepted: ['pitchside:log.control', control({ kind: 'loop', loop: true }), undefined],
    refused: ['pitchside:log.control', control({ kind: 'loop', loop: 'yes' }), /action\.loop must be boolean/],
  },
  {
    accepted: ['pitchside:log.control', control({ kind: 'repeat' }), undefined],
    refused: ['pitchside:log.control', control({ kind: 'explode' }), /action\.kind "explode" is not one of the known/],
  },
  {
    accepted: ['pitchside:teamMonitor.listen', { team: 255, on: true, format: 'standard' }, undefined],
    refused: ['pitchside:teamMonitor.listen', { team: 256, on: true }, /team must be <= 255/],
  },
  {
    accepted: ['pitchside:teamMonitor.listen', { team: 0, on: false }, { team: 0, on: false }],
    refused: ['pitchside:teamMonitor.listen', { team: 5, on: 'yes' }, /on must be boolean/],
  },
  {
    accepted: ['pitchside:teamMonitor.listen', { team: 5, on: true, format: 'bhuman' }, undefined],
    refused: ['pitchside:teamMonitor.listen', { team: 5, on: true, format: 'json' }, /format must be one of/],
  },
];

describe('validateRequest', () => {
  it.each(LIMITS.map((l) => [l.refused[0], l.refused[2].source, l] as const))(
    '%s keeps its limit (%s)',
    (_channel, _error, { accepted, refused }) => {
      const [channel, payload, seen] = accepted;
      const result = validateRequest(channel, structuredClone(payload));
      expect(result).toEqual(seen ?? payload);
      expect(() => validateRequest(refused[0], refused[1])).toThrow(refused[2]);
    },
  );

  it('drops unknown fields, also inside the one branch of a tagged union that applies', () => {
    expect(validateRequest('pitchside:teamMonitor.listen', { team: 5, on: false, extra: 1 })).toEqual({
      team: 5,
      on: false,
    });
    expect(validateRequest('pitchside:log.control', control({ kind: 'seek', frame: 3, junk: [1] }))).toEqual(
      control({ kind: 'seek', frame: 3 }),
    );
    expect(validateRequest('pitchside:views.list', { anything: 'x'.repeat(10) })).toEqual({});
  });

  it('names the missing field, refuses what is no object and numbers that are none', () => {
    expect(() => validateRequest('pitchside:console.run', {})).toThrow(
      'Bad request on pitchside:console.run: line is missing',
    );
    expect(() => validateRequest('pitchside:log.control', control({ frame: 3 }))).toThrow(
      /action\.kind is missing or not a string/,
    );
    expect(() => validateRequest('pitchside:robots.list', [])).toThrow(/payload must be object/);
    expect(() => validateRequest('pitchside:robots.list', null)).toThrow(/payload must be object/);
    expect(() => validateRequest('pitchside:teamMonitor.listen', { team: NaN, on: true })).toThrow(/team must be/);
    expect(() => validateRequest('pitchside:log.control', control({ kind: 'seek', frame: Infinity }))).toThrow(
      /action\.frame must be/,
    );
  });

  it('refuses a layout that is no JSON data (a cycle can come through structured clone)', () => {
    const layout: Record<string, unknown> = {};
    layout.self = layout;
    expect(() => validateRequest('pitchside:layout.save', { scene: 'G', layout })).toThrow(/layout must be JSON/);
  });

  it('answers random payloads on every channel with a pass or a Bad request, nothing else', () => {
    const random = new SeededRandom(36);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random.next() * items.length)]!;
    const FIELDS = ['line', 'robot', 'action', 'kind', 'frame', 'team', 'on', 'layout', 'file', 'purpose', '__proto__'];
    const value = (depth: number): unknown =>
      pick([
        () => pick([0, -1, 1.5, 2 ** 31, NaN, Infinity, -0]),
        () => pick(['', ' ', 'max', 'step', 'seek', 'play', 'x'.repeat(70_000)]),
        () => pick([true, false, null, undefined]),
        () => (depth > 3 ? [] : [value(depth + 1), value(depth + 1)]),
        () => (depth > 3 ? {} : Object.fromEntries([0, 1, 2].map(() => [pick(FIELDS), value(depth + 1)]))),
      ])();
    let passed = 0;
    for (let i = 0; i < 3000; i++) {
      const channel = pick(REQUEST_CHANNELS);
      try {
        validateRequest(channel, value(0));
        passed++;
      } catch (e) {
        expect(e).toBeInstanceOf(Error);
        expect((e as Error).message).toMatch(new RegExp(`^Bad request on ${channel}: \\S`));
      }
    }
    // The channels without fields take any object: some random payloads pass, most do not.
    expect(passed).toBeGreaterThan(0);
    expect(passed).toBeLessThan(3000);
  });

  it('refuses a channel that is not on the allowlist', () => {
    expect(() => validateRequest('pitchside:shell.exec' as RequestChannel, {})).toThrow(/no channel/);
    expect(() => validateRequest('toString' as RequestChannel, {})).toThrow(/no channel/);
  });
});
