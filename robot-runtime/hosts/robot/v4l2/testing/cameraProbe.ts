/**
 * @file Run inside the test VM (V4L2Camera.vm.test.ts starts it there): exercises the camera code against the
 * kernel's vivid driver and prints one `PROBE {json}` line per result for the test on the host to check.
 * `capture DEVICE W H FPS`: frames over two seconds of driver time, the format and the colours of the bars;
 * `controls DEVICE`: controls written and read back; `disconnect DEVICE`: vivid's Disconnect button pressed while
 * the supervisor captures, and what the supervisor reported.
 */
import fs from 'node:fs';
import { CameraSupervisor, type CameraEvent } from '../CameraSupervisor';
import { closeDevice, ioctl, monotonicMicroseconds, openDevice } from '../libc';
import { V4L2Camera } from '../V4L2Camera';
import { barColours } from './barColours';
import { encodeStruct, v4l2Control, V4L2_CID, VIDIOC } from '../v4l2Structs';

const print = (value: unknown) => console.log(`PROBE ${JSON.stringify(value)}`);

function capture(device: string, width: number, height: number, fps: number): void {
  const camera = V4L2Camera.open(device, { width, height, fps });
  const frames: { timestampUs: number; sequence: number }[] = [];
  let colours: string[] = [];
  let firstColours: string[] = [];
  const started = monotonicMicroseconds();
  // Two seconds of the driver's time stamps (the VM's clock), at most 30 s of waiting on a slow emulator.
  while (monotonicMicroseconds() - started < 30e6) {
    const frame = camera.capture(1000);
    if (!frame) continue;
    frames.push({ timestampUs: frame.timestampUs, sequence: frame.sequence });
    if (frames.length === 1) firstColours = barColours(frame.bytes, camera.width, camera.height);
    if (frame.timestampUs - frames[0]!.timestampUs >= 2e6) {
      colours = barColours(frame.bytes, camera.width, camera.height);
      // The image stays in the job folder (YUYV) for a person to look at.
      const job = process.env.PITCHSIDE_JOB;
      if (job) fs.writeFileSync(`${job}/${device.replace(/\W/g, '')}-${width}x${height}.yuyv`, frame.bytes);
      break;
    }
  }
  camera.close();
  const first = frames[0]!;
  const last = frames.at(-1)!;
  print({
    mode: 'capture',
    driver: camera.driver,
    width: camera.width,
    height: camera.height,
    fps: camera.fps,
    received: frames.length,
    driverFrames: last.sequence - first.sequence,
    driverSeconds: (last.timestampUs - first.timestampUs) / 1e6,
    colours,
    firstColours,
  });
}

function controls(device: string): void {
  const camera = V4L2Camera.open(device, { width: 640, height: 480, fps: 25 });
  const wanted: [string, number, number][] = [
    ['brightness', V4L2_CID.BRIGHTNESS, 100],
    ['contrast', V4L2_CID.CONTRAST, 150],
    ['saturation', V4L2_CID.SATURATION, 90],
    ['hue', V4L2_CID.HUE, -20],
    // Gain holds only with automatic gain off (as B-Human writes gain only with manual exposure).
    ['autogain', V4L2_CID.AUTOGAIN, 0],
    ['gain', V4L2_CID.GAIN, 40],
    // Beyond the driver's range (0..255): written clamped, as B-Human clamps its settings to the driver's.
    ['brightness (clamped)', V4L2_CID.BRIGHTNESS, 400],
  ];
  const result: Record<string, { written: number; readBack: number; before: number }> = {};
  for (const [name, id, value] of wanted) {
    const before = camera.getControl(id);
    const written = camera.setControl(id, value);
    result[name] = { before, written, readBack: camera.getControl(id) };
  }
  let missing = '';
  try {
    camera.setControl(V4L2_CID.EXPOSURE_AUTO, 1);
  } catch (error) {
    missing = String(error instanceof Error ? error.message : error);
  }
  camera.close();
  print({ mode: 'controls', controls: result, missing });
}

function disconnect(device: string): void {
  const events: (CameraEvent & { atMs: number })[] = [];
  const t0 = monotonicMicroseconds() / 1000;
  const supervisor = new CameraSupervisor(device, { width: 640, height: 480, fps: 25 }, (event) =>
    events.push({ ...event, atMs: Math.round(monotonicMicroseconds() / 1000 - t0) }),
  );
  let imagesBefore = 0;
  let pressed = false;
  while (monotonicMicroseconds() / 1000 - t0 < 60_000) {
    supervisor.step();
    if (!pressed && supervisor.images >= 10) {
      pressed = true;
      imagesBefore = supervisor.images;
      const fd = openDevice(device);
      const id = [...supervisor.current!.controls.values()].find((c) => c.name === 'Disconnect')!.id;
      ioctl(fd, VIDIOC.S_CTRL, encodeStruct(v4l2Control, { id, value: 0 }), 'press Disconnect');
      closeDevice(fd);
    }
    if (pressed && events.some((e) => e.kind === 'reopened') && supervisor.images >= imagesBefore + 10) break;
  }
  supervisor.close();
  print({ mode: 'disconnect', imagesBefore, images: supervisor.images, opens: supervisor.opens, events });
}

// Several probes in one process (`--` between them): a node start costs seconds on an emulated CPU.
const argv = process.argv.slice(2);
for (let start = 0; start < argv.length;) {
  const end = argv.indexOf('--', start) < 0 ? argv.length : argv.indexOf('--', start);
  const [mode, device, ...rest] = argv.slice(start, end);
  start = end + 1;
  if (mode === 'capture') capture(device!, Number(rest[0]), Number(rest[1]), Number(rest[2]));
  else if (mode === 'controls') controls(device!);
  else if (mode === 'disconnect') disconnect(device!);
  else throw new Error('usage: cameraProbe capture DEVICE W H FPS | controls DEVICE | disconnect DEVICE [-- …]');
}
