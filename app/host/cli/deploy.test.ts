import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startNode } from '@robot-runtime/hosts/robot/lola/testing/processes';
import { copyCommand } from '../deploy/copyToRobot';
import { deploy } from './deploy';

describe('npm run deploy', () => {
  it('--dry-run builds one bundled JS file, its native parts, the config and a start script whose --help works', async () => {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-deploy-')), 'robot');
    const lines: string[] = [];
    expect(await deploy(['--dry-run', '--out', out], { out: (l) => lines.push(l), err: (l) => lines.push(l) })).toBe(0);
    expect(lines.join('\n')).toMatch(/built .*pitchside-robot\.mjs/);
    expect(fs.readdirSync(out).sort()).toEqual(['config', 'node_modules', 'pitchside-robot.mjs', 'start.sh']);
    expect(fs.existsSync(path.join(out, 'config/Scenarios/Default/threads.cfg'))).toBe(true);
    expect(fs.existsSync(path.join(out, 'config/Scenarios/Default/teamMessage.def'))).toBe(true);
    // Self-contained: run from a folder without node_modules.
    const run = spawnSync('sh', [path.join(out, 'start.sh'), '--help'], {
      cwd: os.tmpdir(),
      encoding: 'utf8',
      timeout: 200_000,
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/usage: robot [^]*--lola/);
    // The native parts load from the folder: ONNX Runtime's binding (as the bundle requires it) starts.
    const ort = spawnSync(
      process.execPath,
      ['-e', "require('onnxruntime-node/dist/binding.js').initOrt(); console.log('onnxruntime ready')"],
      { cwd: out, encoding: 'utf8', timeout: 200_000 },
    );
    expect(ort.stderr).toBe('');
    expect(ort.stdout).toBe('onnxruntime ready\n');
    // The bundle is also its device workers' entry: a camera's capture worker starts from it and reports.
    const robot = startNode([path.join(out, 'pitchside-robot.mjs'), '--port', '0', '--camera', '/dev/pitchside-none']);
    try {
      expect(await robot.waitFor((l) => l.startsWith('camera '), 200_000)).toMatch(
        /^camera \/dev\/pitchside-none: openFailed .*No such file or directory/,
      );
    } finally {
      robot.process.kill('SIGKILL');
      await robot.exited;
    }
  });

  it('refuses to deploy without an address and copies with rsync or scp', async () => {
    const lines: string[] = [];
    expect(await deploy([], { out: (l) => lines.push(l), err: (l) => lines.push(`ERR ${l}`) })).toBe(2);
    expect(lines[0]).toMatch(/^ERR error: a robot address is needed/);
    expect(await deploy(['--help'], { out: (l) => lines.push(l), err: (l) => lines.push(`ERR ${l}`) })).toBe(0);
    expect(await deploy(['host', '--frobnicate'], { out: () => {}, err: () => {} })).toBe(2);
    expect(copyCommand('/tmp/x', { address: '10.0.5.1', user: 'nao', dest: '/home/nao/pitchside' }, true)).toEqual([
      'rsync',
      '-az',
      '--delete',
      '/tmp/x/',
      'nao@10.0.5.1:/home/nao/pitchside/',
    ]);
    expect(copyCommand('/tmp/x', { address: '10.0.5.1', user: 'nao', dest: '/home/nao/pitchside' }, false)[0]).toBe(
      'scp',
    );
  });
});
