import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeImageHeader } from '@robot-runtime/protocol/imageStream/imageStreamHeader';
import { CameraStreamHost } from './CameraStreamHost';
import { ImageStreamClient } from './ImageStreamClient';

const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((c) => c()));

/** A loopback server that writes `bytes` to each connection in small pieces. */
async function serveBytes(bytes: Uint8Array): Promise<number> {
  const server = net.createServer((socket) => {
    for (let i = 0; i < bytes.length; i += 1000) socket.write(bytes.subarray(i, i + 1000));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => server.close());
  return (server.address() as net.AddressInfo).port;
}

function image(camera: number, width: number, height: number, fill: number): Uint8Array {
  const header = encodeImageHeader({ tick: 7, camera, bytesPerPixel: 2, width, height });
  const out = new Uint8Array(header.length + width * height * 2).fill(fill);
  out.set(header);
  return out;
}

describe('the camera source reading an image stream', () => {
  it('takes images cut anywhere and hands the newest to the camera thread as CameraImage and CameraInfo', async () => {
    const two = new Uint8Array([...image(1, 320, 240, 10), ...image(1, 320, 240, 20)]);
    const client = new ImageStreamClient('127.0.0.1', await serveBytes(two));
    closers.push(() => client.stop());
    const arrived = new Promise<void>((resolve) => client.on('image', (n) => n === 2 && resolve()));
    client.start();
    await arrived;
    // The thread's clock stands at 1000 ms (a cycle count stands still between packets): a streamed image is
    // stamped when the thread gets it, since the stream does not say when it was taken.
    const host = new CameraStreamHost(client.shared.buffer, 1, () => 1000);
    const frame = host.frame();
    expect(frame.get('FrameInfo')).toEqual({ time: 1000 });
    const cameraImage = frame.get('CameraImage') as { width: number; height: number; image: Uint8Array };
    expect(cameraImage.width).toBe(160); // YUYV pixel pairs
    expect(cameraImage.height).toBe(240);
    expect(cameraImage.image.length).toBe(320 * 240 * 2);
    expect(cameraImage.image[0]).toBe(20);
    expect(frame.get('CameraInfo')).toMatchObject({ camera: 1, width: 320, height: 240 });
  });

  it('refuses a stream that is not one, or an image larger than a NAO camera takes, before allocating', async () => {
    const problems: string[] = [];
    for (const bytes of [new Uint8Array(64).fill(0x41), image(0, 4000, 3000, 0).subarray(0, 16)]) {
      const client = new ImageStreamClient('127.0.0.1', await serveBytes(bytes), 60_000);
      closers.push(() => client.stop());
      const reported = new Promise<void>((resolve) =>
        client.on('problem', (m) => {
          problems.push(m.replace(/^[^ ]+ /, ''));
          resolve();
        }),
      );
      client.start();
      await reported;
      expect(client.images).toBe(0);
    }
    expect(problems).toEqual(['not an image stream (no wbimage magic)', 'an image of 4000×3000 pixels']);
  });
});
