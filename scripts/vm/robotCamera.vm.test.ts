/**
 * The robot program as on a NAO, in the VM: LoLA stand-in, vivid's /dev/video0 as the upper camera
 * (`--camera`), the ALSA loopback as its microphone (`--microphone default`), and a console's debug link client receiving the Upper thread's CameraImage
 * (robotCameraProbe.ts runs inside the VM). The image is kept as upper.png in the job folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { buildRobotBundle } from '@app/host/deploy/buildRobotBundle';
import { vmCacheDir } from './kernelPackage';
import { runInVm } from './runInVm';

it('runs the Upper thread on vivid frames and sends them over the debug link', async () => {
  // The robot folder `npm run deploy` copies to a NAO, built here (the VM sees the host's files, but not its /tmp).
  const robotFolder = await buildRobotBundle(fs.mkdtempSync(path.join(vmCacheDir(), 'robot-')));
  const vm = await runInVm({
    setup: 'modprobe vivid n_devs=1 node_types=0x1 num_inputs=1 input_types=0x2\nmodprobe snd-aloop',
    command: 'node --import tsx scripts/vm/robotCameraProbe.ts',
    env: { PITCHSIDE_ROBOT_BUNDLE: robotFolder.bundle },
    timeoutMs: 1_500_000,
  });
  fs.rmSync(robotFolder.dir, { recursive: true, force: true });
  const line = vm.output.split('\n').find((l) => l.startsWith('PROBE '));
  if (!line) throw new Error(`no result from the VM (exit ${vm.exitCode}):\n${vm.console.slice(-4000)}`);
  const result = JSON.parse(line.slice(6)) as {
    image: { width: number; height: number; colours: string[] } | null;
    robotLog: string[];
  };
  console.log(result.robotLog.join('\n'));
  console.log(vm.accelerator, JSON.stringify({ ...result, robotLog: undefined }));
  expect(result.image).toEqual({
    width: 640,
    height: 480,
    colours: ['white', 'yellow', 'cyan', 'green', 'magenta', 'red', 'blue', 'black'],
  });
  const log = result.robotLog.join('\n');
  // vivid's S-Video input runs at PAL's 25 frames per second whatever is asked; the controls it has are read back.
  expect(log).toMatch(/camera \/dev\/video0: opened .*"width":640,"height":480,"fps":25/);
  expect(log).toMatch(
    /camera \/dev\/video0: controls .*"readBack":\{"Brightness":128,"Hue":0,"Saturation":128,"Contrast":128\}/,
  );
  // The Audio thread hears the loopback through the robot's microphone worker.
  expect(log).toMatch(/microphone default: capturing 2 channels at 48000 Hz/);
  expect(fs.existsSync(path.join(vm.jobDir, 'upper.png'))).toBe(true);
}, 1_800_000);
