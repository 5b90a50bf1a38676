import fs from 'node:fs';
import { V4L2Camera } from '../V4L2Camera';
const cam = V4L2Camera.open('/dev/video0', { width: 640, height: 480, fps: 25 });
let f;
for (let i = 0; i < 10; i++) f = cam.capture(2000) ?? f;
fs.writeFileSync(process.env.PITCHSIDE_JOB + '/frame.yuyv', f!.bytes);
console.log('fmt', cam.width, cam.height, cam.bytesPerLine);
cam.close();
