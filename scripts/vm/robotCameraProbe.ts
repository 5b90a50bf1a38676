/**
 * @file Run inside the test VM (robotCamera.vm.test.ts starts it there): the robot program started as on a NAO,
 * with the LoLA stand-in on a Unix socket, vivid's /dev/video0 as its upper camera and the ALSA loopback as its
 * microphone, then a console's debug link
 * client asks for `representation:CameraImage` and takes the first upper-camera-sized image. The robot reads its
 * camera settings from a copy of the config whose cameraSettings.cfg is neutral for vivid (brightness, contrast
 * and saturation at vivid's defaults; a NAO's values darken vivid's bars to black). Prints `PROBE {json}` and
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
const robot = startRobotWith(socket, ['--camera', '/dev/video0', '--microphone', 'default', '--config', config]);
// An emulated CPU compiles and starts the robot's threads in minutes, not seconds.
const started = await robot.waitFor((l) => l.startsWith('robot '), 720_000);
const port = Number(/debug link on [^:]+:(\d+)/.exec(started)![1]);

const client = new DebugLinkClient();
const image = new Promise<{ width: number; height: number; bytes: Uint8Array }>((resolve) =>
  client.on('messages', (messages) => {
    for (const m of messages) {
      if (m.id !== MessageID.idCameraImage) continue;
      const decoded = decode(CameraImage, m.payload);
      if (decoded.width * 2 === 640 && decoded.height === 480)
        resolve({ width: decoded.width * 2, height: decoded.height, bytes: decoded.image });
    }
  }),
);
await client.connect('127.0.0.1', port);
client.sendDebugRequest('representation:CameraImage', true);
const got = await Promise.race([image, new Promise<undefined>((r) => setTimeout(() => r(undefined), 120_000))]);
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
  })}`,
);
process.exit(0);
