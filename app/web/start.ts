/**
 * @file `npm start`: builds the renderer when it is stale, then opens the desktop app when Electron's binary is
 * installed, else serves the browser mode and prints (and tries to open) its URL with the session token.
 *
 * Options: `--browser` (browser mode even with Electron), `--port <n>`, `--host <address>` (default 127.0.0.1),
 * `--no-open` (do not start a browser), `--scene <file.ros3>` (default scenes/Game.ros3, the 7 vs 7 game),
 * `--no-scene` (no simulation: only remote robots), `--seed <n>`, `--queue <url>` (the job queue the console's
 * `test` campaigns go to, docs/testing.md), `--external <robot>[,…]` and `--net <n>` (robots whose programs run
 * outside, a mixed game; docs/simulation.md).
 */
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { numberOption, parseCommandLine, runAsEntry, UsageError } from '../../robot-runtime/hosts/robot/commandLine';
import { createDefaultSession, DEFAULT_SCENE } from '../host/composition/createDefaultSession';
import { electronBinary, runElectron } from './electronLauncher';
import { openBrowser } from './openBrowser';
import { ensureRendererBuilt } from './rendererBuild';
import { startWebServer } from './server/WebServer';

/** Parsed command line. */
interface StartArgs {
  browser: boolean;
  open: boolean;
  port: number;
  host: string;
  /** Scene file; '' for none, undefined for the default. */
  scene: string | undefined;
  seed: number | undefined;
  /** The campaign queue (postgres://…); undefined: campaigns run on local worker processes. */
  queue: string | undefined;
  /** Robots of the scene whose programs run outside the IDE. */
  external: string[] | undefined;
  /** Second byte of their loopback addresses. */
  net: number | undefined;
}

/** The usage text. */
export const START_USAGE = `Usage: npm start -- [--browser] [--no-open] [--port <n>] [--host <address>] [--scene <file.ros3> | --no-scene] [--seed <n>]
                     [--queue <url>] [--external <robot>[,<robot>…] [--net <n>]]
  Opens the IDE: Electron when its binary is installed, else the browser mode on <host>:<port> (default 127.0.0.1,
  a free port) with a per-session token in the printed URL. Default scene: scenes/Game.ros3 (7 vs 7). --queue: the
  job queue (postgres://…) the console's test campaigns go to instead of worker processes on this machine.
  --external: those robots of an articulated scene are served a NAO's boundary in real time for programs that run
  outside (printed in the console; --net: the second byte of their 127.x addresses, default 0).`;

const OPTIONS = {
  browser: { type: 'boolean' },
  'no-open': { type: 'boolean' },
  port: { type: 'string' },
  host: { type: 'string' },
  scene: { type: 'string' },
  'no-scene': { type: 'boolean' },
  seed: { type: 'string' },
  queue: { type: 'string' },
  external: { type: 'string' },
  net: { type: 'string' },
} as const;

/** Parses the arguments after `npm start --`; throws UsageError or HelpRequested. */
export function parseStartArgs(argv: readonly string[]): StartArgs {
  const { values } = parseCommandLine(argv, { options: OPTIONS });
  if (values.scene !== undefined && values['no-scene'])
    throw new UsageError('--scene and --no-scene exclude each other');
  if ((values.external !== undefined || values.net !== undefined) && values['no-scene'])
    throw new UsageError('--external and --net need a scene');
  if (values.net !== undefined && values.external === undefined) throw new UsageError('--net needs --external');
  return {
    browser: values.browser === true,
    open: values['no-open'] !== true,
    port: numberOption('port', values.port, (n) => Number.isInteger(n) && n >= 0 && n <= 65535) ?? 0,
    host: values.host ?? '127.0.0.1',
    scene: values['no-scene'] ? '' : values.scene === undefined ? undefined : resolve(values.scene),
    seed: numberOption('seed', values.seed, Number.isSafeInteger),
    queue: values.queue,
    external: values.external?.split(',').map((n) => n.trim()),
    net: numberOption('net', values.net, (n) => Number.isInteger(n) && n >= 0 && n <= 255),
  };
}

async function main(argv: readonly string[]): Promise<void> {
  const args = parseStartArgs(argv);
  const rootDir = fileURLToPath(new URL('../..', import.meta.url));
  const staticRoot = join(rootDir, 'dist', 'renderer');
  await ensureRendererBuilt(rootDir, staticRoot, (line) => console.log(line));

  const sceneFile = args.scene ?? join(rootDir, DEFAULT_SCENE);
  const electron = args.browser ? undefined : electronBinary();
  if (electron) {
    process.env.PITCHSIDE_SCENE = sceneFile;
    if (args.queue !== undefined) process.env.PITCHSIDE_QUEUE = args.queue;
    if (args.external !== undefined) process.env.PITCHSIDE_EXTERNAL = args.external.join(',');
    if (args.net !== undefined) process.env.PITCHSIDE_NET = String(args.net);
    process.exit(await runElectron(electron, rootDir));
  }

  const session = createDefaultSession({
    mode: 'browser',
    rootDir,
    settingsDir: join(process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'pitchside'),
    sceneFile: sceneFile || undefined,
    seed: args.seed,
    queue: args.queue,
    external: args.external,
    externalNet: args.net,
  });
  session.start();
  const server = await startWebServer({ staticRoot, host: session, bindHost: args.host, port: args.port });
  console.log(`Pitchside is running in browser mode${args.browser ? '' : ' (Electron is not installed)'}.`);
  console.log(`Open: ${server.url}`);
  console.log(
    sceneFile
      ? `Simulating ${sceneFile} (loading in the background). Ctrl+C stops.`
      : 'No scene: connect a robot with "sc <name> <address>". Ctrl+C stops.',
  );
  if (args.open) openBrowser(server.url);

  const stop = (): void => {
    void Promise.all([server.close(), session.dispose()]).finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

runAsEntry(import.meta.url, START_USAGE, main);
