/**
 * @file `npm start`: builds the renderer when it is stale, then opens the desktop app when Electron's binary is
 * installed, else serves the browser mode and prints (and tries to open) its URL with the session token.
 *
 * Options: `--browser` (browser mode even with Electron), `--port <n>`, `--host <address>` (default 127.0.0.1),
 * `--no-open` (do not start a browser).
 */
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDefaultSession } from './backend/createDefaultSession';
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
}

function parseArgs(argv: readonly string[]): StartArgs {
  const args: StartArgs = { browser: false, open: true, port: 0, host: '127.0.0.1' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--browser') args.browser = true;
    else if (arg === '--no-open') args.open = false;
    else if (arg === '--port') args.port = Number(argv[++i]);
    else if (arg === '--host') args.host = argv[++i] ?? args.host;
    else throw new Error(`Unknown option ${arg} (options: --browser --no-open --port <n> --host <address>)`);
  }
  if (!Number.isInteger(args.port) || args.port < 0 || args.port > 65535) throw new Error('--port needs a port number');
  return args;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const rootDir = fileURLToPath(new URL('../..', import.meta.url));
  const staticRoot = join(rootDir, 'dist', 'renderer');
  await ensureRendererBuilt(rootDir, staticRoot, (line) => console.log(line));

  const electron = args.browser ? undefined : electronBinary();
  if (electron) {
    process.exit(await runElectron(electron, rootDir));
  }

  const session = createDefaultSession({ mode: 'browser', rootDir, settingsDir: join(process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'pitchside') });
  session.start();
  const server = await startWebServer({ staticRoot, host: session, bindHost: args.host, port: args.port });
  console.log(`Pitchside is running in browser mode${args.browser ? '' : ' (Electron is not installed)'}.`);
  console.log(`Open: ${server.url}`);
  console.log('No simulator in this build yet: the robot list starts empty. Connect a robot with "sc <name> <address>". Ctrl+C stops.');
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
