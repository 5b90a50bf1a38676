/**
 * @file `npm start`: builds the renderer when it is stale, then opens the desktop app when Electron's binary is
 * installed, else serves the browser mode and prints (and tries to open) its URL with the session token.
 *
 * Options: `--browser` (browser mode even with Electron), `--port <n>`, `--host <address>` (default 127.0.0.1),
 * `--no-open` (do not start a browser), `--scene <file.ros3>` (default scenes/Game.ros3, the 7 vs 7 game),
 * `--no-scene` (no simulation: only remote robots), `--seed <n>`.
 */
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDefaultSession, DEFAULT_SCENE } from '../host/session/createDefaultSession';
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
}

function parseArgs(argv: readonly string[]): StartArgs {
  const args: StartArgs = { browser: false, open: true, port: 0, host: '127.0.0.1', scene: undefined, seed: undefined };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--browser') args.browser = true;
    else if (arg === '--no-open') args.open = false;
    else if (arg === '--port') args.port = Number(argv[++i]);
    else if (arg === '--host') args.host = argv[++i] ?? args.host;
    else if (arg === '--scene') args.scene = resolve(argv[++i] ?? '');
    else if (arg === '--no-scene') args.scene = '';
    else if (arg === '--seed') args.seed = Number(argv[++i]);
    else throw new Error(`Unknown option ${arg} (options: --browser --no-open --port <n> --host <address> --scene <file> --no-scene --seed <n>)`);
  }
  if (!Number.isInteger(args.port) || args.port < 0 || args.port > 65535) throw new Error('--port needs a port number');
  if (args.seed !== undefined && !Number.isSafeInteger(args.seed)) throw new Error('--seed needs an integer');
  return args;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const rootDir = fileURLToPath(new URL('../..', import.meta.url));
  const staticRoot = join(rootDir, 'dist', 'renderer');
  await ensureRendererBuilt(rootDir, staticRoot, (line) => console.log(line));

  const sceneFile = args.scene ?? join(rootDir, DEFAULT_SCENE);
  const electron = args.browser ? undefined : electronBinary();
  if (electron) {
    process.env.PITCHSIDE_SCENE = sceneFile;
    process.exit(await runElectron(electron, rootDir));
  }

  const session = createDefaultSession({
    mode: 'browser',
    rootDir,
    settingsDir: join(process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'pitchside'),
    sceneFile: sceneFile || undefined,
    seed: args.seed,
  });
  session.start();
  const server = await startWebServer({ staticRoot, host: session, bindHost: args.host, port: args.port });
  console.log(`Pitchside is running in browser mode${args.browser ? '' : ' (Electron is not installed)'}.`);
  console.log(`Open: ${server.url}`);
  console.log(sceneFile ? `Simulating ${sceneFile} (loading in the background). Ctrl+C stops.` : 'No scene: connect a robot with "sc <name> <address>". Ctrl+C stops.');
  if (args.open) openBrowser(server.url);

  const stop = (): void => {
    void Promise.all([server.close(), session.dispose()]).finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
