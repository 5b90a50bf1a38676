/**
 * @file Run inside the test VM (robotCamera.vm.test.ts starts it there): the robot program started as on a NAO
 * (the deployed folder's bundle, which the test built), with the LoLA stand-in on a Unix socket, vivid's
 * /dev/video0 as its upper camera and the ALSA loopback as its microphone, then a console's debug link client asks
 * for `representation:CameraImage` and takes the first upper-camera-sized image. The robot reads its camera
 * settings from a copy of the config whose cameraSettings.cfg is neutral for vivid (brightness, contrast and
 * saturation at vivid's defaults; a NAO's values darken vivid's bars to black). Prints `PROBE {json}` (with the
 * link's states and the messages received, to tell a link that never came up from a thread that sent nothing) and
 * writes the image as PNG into the job folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DebugLinkClient } from '@app/host/transport/DebugLinkClient';
import { yuyvToPng } from '@app/host/images/png';
import { decode } from '@robot-runtime/protocol/binary';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { CameraImage } from '@robot-runtime/representations/Infrastructure/CameraImage';
import { barColours } from '@robot-runtime/hosts/robot/v4l2/testing/barColours';
import { startRobotWith, startStandIn } from '@robot-runtime/hosts/robot/lola/testing/processes';

const SETTINGS = `cameras = {
  upper = { autoExposure = true; autoExposureBrightness = 128; autoWhiteBalance = true; autoHue = false; hue = 0;
            saturation = 128; contrast = 128; };
  lower = { autoExposure = true; autoExposureBrightness = 128; saturation = 128; contrast = 128; };
};
`;

const config = '/tmp/config';
fs.cpSync('config', config, { recursive: true });
fs.writeFileSync(path.join(config, 'Locations/Default/cameraSettings.cfg'), SETTINGS);
const socket = '/tmp/robocup';
const standIn = startStandIn(socket);
await standIn.waitFor((l) => l.includes('"listening"'), 60_000);
// The deployed robot folder's bundle (robotCamera.vm.test.ts builds it), started as start.sh starts it on a NAO.
const robot = startRobotWith(
  socket,
  ['--camera', '/dev/video0', '--microphone', 'default', '--config', config],
  [process.env.PITCHSIDE_ROBOT_BUNDLE!],
);
// An emulated CPU starts the robot's threads in minutes, not seconds.
const started = await robot.waitFor((l) => l.startsWith('robot '), 720_000);
const startedAt = performance.now();
let firstMessageS: number | undefined;
const port = Number(/debug link on [^:]+:(\d+)/.exec(started)![1]);

// An emulated CPU on a busy host answers slowly: generous connection and handshake times.
const client = new DebugLinkClient({ handshakeTimeoutMs: 30_000 });
const received = new Map<number, number>();
const image = new Promise<{ width: number; height: number; bytes: Uint8Array }>((resolve) =>
  client.on('messages', (messages) => {
    for (const m of messages) {
      received.set(m.id, (received.get(m.id) ?? 0) + 1);
      firstMessageS ??= (performance.now() - startedAt) / 1000;
      if (m.id !== MessageID.idCameraImage) continue;
      const decoded = decode(CameraImage, m.payload);
      if (decoded.width * 2 === 640 && decoded.height === 480)
        resolve({ width: decoded.width * 2, height: decoded.height, bytes: decoded.image });
    }
  }),
);
const linkEvents: string[] = [];
const at = () => `${Math.round((performance.now() - startedAt) / 1000)} s`;
client.on('state', (e) => linkEvents.push(`${at()} state ${JSON.stringify(e)}`));
client.on('error', (e) => linkEvents.push(`${at()} error ${JSON.stringify(e)}`));
client.on('handshake', (e) => linkEvents.push(`${at()} handshake ${JSON.stringify(e)}`));
const connected = await client.connect('127.0.0.1', port, { timeoutMs: 300_000, retryDelayMs: 500 });
client.sendDebugRequest('representation:CameraImage', true);
// Each thread's first frames run unoptimized code on the emulated CPU: the first image takes minutes. A link that
// cannot connect ends the wait at once.
const lost = new Promise<undefined>((r) => {
  if (!connected) r(undefined);
  client.on('state', (e) => e.state === 'disconnected' && r(undefined));
});
const timeout = new Promise<undefined>((r) => setTimeout(() => r(undefined), 480_000));
const got = await Promise.race([image, lost, timeout]);
if (got && process.env.PITCHSIDE_JOB)
  fs.writeFileSync(path.join(process.env.PITCHSIDE_JOB, 'upper.png'), yuyvToPng(got.bytes, got.width, got.height));
await client.close();
robot.process.kill('SIGINT');
await Promise.race([robot.exited, new Promise((r) => setTimeout(r, 20_000))]);
standIn.process.kill('SIGKILL');
console.log(
  `PROBE ${JSON.stringify({
    image: got ? { width: got.width, height: got.height, colours: barColours(got.bytes, got.width, got.height) } : null,
    robotLog: robot.lines.filter((l) => /camera|microphone|robot |stopping/.test(l)),
    received: Object.fromEntries(received),
    linkEvents,
    firstMessageS,
    imageS: got ? (performance.now() - startedAt) / 1000 : undefined,
    tail: robot.lines.slice(-30),
  })}`,
);
process.exit(0);
