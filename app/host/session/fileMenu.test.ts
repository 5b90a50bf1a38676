// The host side of the File menu: folder listings for the browser mode's file dialog, and File → Open log, which
// replays a real log written by the log writer through the console's `sl` (and reports what went wrong).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryFiles } from '../console/files';
import { writeDemoLog } from '../log/testing/demoLog';
import { LogProvider } from '../providers/log/LogProvider';
import { listFolder, MAX_LISTED_ENTRIES } from './fileListing';
import { HostSession } from './HostSession';
import { MemoryLayoutStore } from './LayoutStore';
import { logRobotName } from './openLog';

const CONFIG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../config');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-files-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('folder listing', () => {
  it('lists sub-folders first, then the files of the purpose, without hidden entries', async () => {
    fs.mkdirSync(path.join(dir, 'logs'));
    fs.mkdirSync(path.join(dir, '.git'));
    for (const f of ['b.log', 'a.MCAP', 'notes.txt', '.hidden.log']) fs.writeFileSync(path.join(dir, f), 'x');
    const listing = await listFolder(dir, ['.log', '.mcap']);
    expect(listing.dir).toBe(dir);
    expect(listing.parent).toBe(path.dirname(dir));
    expect(listing.entries.map((e) => `${e.name}${e.directory ? '/' : ''}`)).toEqual(['logs/', 'a.MCAP', 'b.log']);
    expect(listing.entries[2]!.path).toBe(path.join(dir, 'b.log'));
    expect(MAX_LISTED_ENTRIES).toBeGreaterThan(100);
  });

  it('says which folder it cannot list', async () => {
    await expect(listFolder(path.join(dir, 'missing'), ['.log'])).rejects.toThrow(
      /Cannot list .*missing: no such folder/,
    );
    await expect(listFolder(path.join(dir, 'b.log'), ['.log'])).rejects.toThrow(/not a folder/);
  });
});

describe('File → Open log', () => {
  const session = new HostSession({
    mode: 'browser',
    files: new MemoryFiles(),
    layouts: new MemoryLayoutStore(),
    providers: [new LogProvider({ configRoot: CONFIG, files: new MemoryFiles() })],
    scene: 'test',
    scriptDir: dir,
  });
  const connection = session.connect(() => undefined);
  afterAll(() => session.dispose());

  it('names the replay after the file, never after a robot that is not a replay', () => {
    expect(logRobotName('/x/2024-07-19 game-1.log', () => false)).toBe('2024_07_19_game_1'.replace(/^2/, 'log_2'));
    expect(logRobotName('/x/robot1.log', (n) => n === 'robot1')).toBe('robot1_2');
  });

  it('replays a log file as a robot, and reports a file that is no log without adding a robot', async () => {
    const file = path.join(dir, 'demo.log');
    writeDemoLog(file, 20);
    const { robot } = await connection.request('pitchside:log.open', { file });
    expect(robot).toBe('demo');
    expect(session.robotList().robots).toEqual([expect.objectContaining({ name: 'demo', kind: 'log' })]);

    const bad = path.join(dir, 'notes.log');
    fs.writeFileSync(bad, 'this is not a log');
    await expect(connection.request('pitchside:log.open', { file: bad })).rejects.toThrow(/notes\.log|log/i);
    await expect(connection.request('pitchside:log.open', { file: path.join(dir, 'gone.log') })).rejects.toThrow(
      /gone\.log/,
    );
    expect(session.robotList().robots.map((r) => r.name)).toEqual(['demo']);
  });

  it('opens a folder as one game with sml, and says when a folder holds no logs', async () => {
    const game = path.join(dir, 'game');
    fs.mkdirSync(game);
    writeDemoLog(path.join(game, 'robotA.log'), 10);
    writeDemoLog(path.join(game, 'robotB.log'), 10);
    const { robot } = await connection.request('pitchside:log.open', { file: game });
    expect(robot).toBe('robotA');
    const names = session.robotList().robots.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['robotA', 'robotB']));
    const players = await connection.request('pitchside:log.players', {});
    expect(players.players.find((p) => p.robot === 'robotB')!.game).toEqual(['robotA', 'robotB']);
    const empty = path.join(dir, 'empty');
    fs.mkdirSync(empty);
    await expect(connection.request('pitchside:log.open', { file: empty })).rejects.toThrow(/no logs in it/);
  });

  it('lists the host folder the dialog starts in, and has no native dialog in the browser mode', async () => {
    const listing = await connection.request('pitchside:files.list', { purpose: 'log' });
    expect(listing.dir).toBe(dir);
    expect((await connection.request('pitchside:session.info', {})).nativeFileDialog).toBeUndefined();
    await expect(connection.request('pitchside:files.choose', { purpose: 'log' })).rejects.toThrow(/no file dialog/);
    await expect(connection.request('pitchside:files.list', { purpose: 'nonsense' } as never)).rejects.toThrow(
      /Bad request on pitchside:files.list: purpose must be one of "scene", "log"/,
    );
    await expect(connection.request('pitchside:scene.open', { file: '/x.ros3' })).rejects.toThrow(/simulates no scene/);
  });
});
