/**
 * @file Child processes for the LoLA integration tests: the stand-in and the robot, with their output collected
 * as lines, and helpers to wait for a line or an exit. Test support only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** Repository root. */
export const REPO = path.resolve(import.meta.dirname, '../../../../..');

/** A child process and what it printed. */
export interface Child {
  readonly process: ChildProcess;
  readonly lines: string[];
  readonly exited: Promise<number | null>;
  /** Resolves with the first line (current or future) that satisfies `match`; rejects after `timeoutMs`. */
  waitFor(match: (line: string) => boolean, timeoutMs: number): Promise<string>;
}

/** Starts `node args…` in the repository root. */
export function startNode(args: string[]): Child {
  const child = spawn(process.execPath, args, { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const waiters: { match: (line: string) => boolean; resolve: (line: string) => void }[] = [];
  const onLine = (line: string) => {
    lines.push(line);
    for (const w of [...waiters]) {
      if (!w.match(line)) continue;
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(line);
    }
  };
  for (const stream of [child.stdout!, child.stderr!]) {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop()!;
      parts.forEach(onLine);
    });
  }
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    process: child,
    lines,
    exited,
    waitFor: (match, timeoutMs) =>
      new Promise<string>((resolve, reject) => {
        const found = lines.find(match);
        if (found !== undefined) return resolve(found);
        const timer = setTimeout(() => reject(new Error(`timed out; output so far:\n${lines.join('\n')}`)), timeoutMs);
        waiters.push({
          match,
          resolve: (l) => {
            clearTimeout(timer);
            resolve(l);
          },
        });
      }),
  };
}

/** Starts the LoLA stand-in on `socket` with extra arguments. */
export function startStandIn(socket: string, extra: string[] = []): Child {
  return startNode([path.join(REPO, 'robot-runtime/hosts/robot/lola/testing/lolaStandIn.mjs'), socket, ...extra]);
}

/** Starts `npm run robot -- --lola socket` (through tsx, as npm would) on a free debug port on loopback. */
export function startRobot(socket: string): Child {
  return startRobotWith(socket);
}

/** The robot program from the sources, as `npm run robot` starts it. */
const SOURCE_PROGRAM = ['--import', 'tsx', path.join(REPO, 'robot-runtime/hosts/robot/main.ts')];

/**
 * startRobot with further command-line arguments (cameras, microphone, config); `program` is what node runs (the
 * sources by default; a deployed bundle's file).
 */
export function startRobotWith(socket: string, extra: string[] = [], program: string[] = SOURCE_PROGRAM): Child {
  return startNode([...program, '--lola', socket, '--port', '0', '--address', '127.0.0.1', ...extra]);
}
