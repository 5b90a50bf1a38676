// Console command round trip to a simulated robot through the IDE's host session (the path a typed command
// takes in the IDE, minus the WebSocket): `get representation:BallModel` to robot1 of the 7 vs 7 fast scene,
// paced in real time (`dt on`) as in the IDE, until its `set …` reply is printed, against `echo` (answered by the host alone) in the same run.
import path from 'node:path';
import type { BenchRow } from './BenchRow';
import { median } from './measure';
import { createDefaultSession } from '../composition/createDefaultSession';

const root = path.resolve(import.meta.dirname, '../../..');

/** Runs the console round-trip benchmark. */
export async function runConsoleBench(): Promise<BenchRow[]> {
  const session = createDefaultSession({
    mode: 'browser',
    rootDir: root,
    sceneFile: path.join(root, 'scenes/GameFast.ros3'),
    seed: 1,
  });
  session.start();
  let waiting: { match: RegExp; resolve: () => void } | undefined;
  const connection = session.connect((channel, payload) => {
    if (channel !== 'pitchside:console.output' || !waiting) return;
    if (waiting.match.test((payload as { text: string }).text)) waiting.resolve();
  });
  const roundTrip = (line: string, match: RegExp): Promise<number> =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const timer = setTimeout(() => reject(new Error(`no reply to '${line}' within 10 s`)), 10_000);
      waiting = {
        match,
        resolve: () => {
          clearTimeout(timer);
          waiting = undefined;
          resolve(performance.now() - started);
        },
      };
      void connection.request('pitchside:console.run', { line });
    });
  try {
    for (
      let i = 0;
      i < 200 && !session.robotList().robots.some((r) => r.name === 'robot1' && r.state === 'connected');
      i++
    )
      await new Promise((r) => setTimeout(r, 100));
    await connection.request('pitchside:console.run', { line: 'dt on' });
    await connection.request('pitchside:console.run', { line: 'robot robot1' });
    await roundTrip('get representation:BallModel', /^set representation:BallModel /); // waits for polling once
    const robot: number[] = [];
    const host: number[] = [];
    for (let i = 0; i < 40; i++) {
      robot.push(await roundTrip('get representation:BallModel', /^set representation:BallModel /));
      host.push(await roundTrip(`echo ping${i}`, new RegExp(`^ping${i}$`)));
    }
    if (process.env.BENCH_VERBOSE) console.log(robot.map((x) => x.toFixed(1)).join(' '));
    return [
      {
        group: 'IDE',
        name: 'console round trip to a simulated robot in real time (`get representation:BallModel`, median of 40)',
        value: median(robot),
        unit: 'ms',
        baseline: { name: '`echo` answered by the host', value: median(host) },
        goal: '< 20 ms',
      },
    ];
  } finally {
    connection.close();
    await session.dispose();
  }
}
