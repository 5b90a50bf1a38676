/**
 * The camera code against the kernel's own virtual camera: Debian's kernel boots in QEMU with vivid (two devices,
 * each with one S-Video input, which scales to any size and runs at PAL's 25 frames per second), and
 * robot-runtime/hosts/robot/v4l2/testing/cameraProbe.ts runs inside it on the host's node. Fails (never skips) without QEMU.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { runInVm, type VmResult } from './runInVm';

/** vivid with two capture devices (/dev/video0, /dev/video1), each with one S-Video input. */
export const VIVID_SETUP = 'modprobe vivid n_devs=2 node_types=0x1,0x1 num_inputs=1,1 input_types=0x2,0x2';

let vm: VmResult;
const probes: Record<string, unknown>[] = [];

beforeAll(async () => {
  vm = await runInVm({
    setup: VIVID_SETUP,
    command:
      'node --import tsx robot-runtime/hosts/robot/v4l2/testing/cameraProbe.ts ' +
      'capture /dev/video0 640 480 25 -- capture /dev/video1 320 240 25 -- controls /dev/video0 -- ' +
      'disconnect /dev/video1',
    timeoutMs: 480_000,
  });
  for (const line of vm.output.split('\n'))
    if (line.startsWith('PROBE ')) probes.push(JSON.parse(line.slice(6)) as Record<string, unknown>);
}, 600_000);

function probe(mode: string, index = 0): Record<string, unknown> {
  const found = probes.filter((p) => p.mode === mode)[index];
  if (!found) throw new Error(`no '${mode}' result from the VM (exit ${vm.exitCode}):\n${vm.console.slice(-3000)}`);
  return found;
}

describe('a V4L2 camera on vivid in a VM', () => {
  it('captures YUYV at 640×480 and 320×240 at the configured rate, with the colour bars in the image', () => {
    expect(vm.exitCode).toBe(0);
    const bars = ['white', 'yellow', 'cyan', 'green', 'magenta', 'red', 'blue', 'black'];
    for (const [index, size] of [
      [0, [640, 480]],
      [1, [320, 240]],
    ] as const) {
      const p = probe('capture', index) as {
        driver: string;
        width: number;
        height: number;
        fps: number;
        driverFrames: number;
        driverSeconds: number;
        received: number;
        colours: string[];
      };
      expect(p.driver).toBe('vivid');
      expect([p.width, p.height]).toEqual(size);
      expect(p.fps).toBe(25);
      // The driver's frame counter over its own time stamps: 25 per second of the VM's clock.
      expect(p.driverSeconds).toBeGreaterThanOrEqual(2);
      expect(p.driverFrames / p.driverSeconds).toBeGreaterThan(23);
      expect(p.driverFrames / p.driverSeconds).toBeLessThan(27);
      expect(p.received).toBeGreaterThan(3);
      expect(p.colours).toEqual(bars);
    }
  });

  it('writes controls and reads them back, clamped to the driver range; a control vivid lacks is refused', () => {
    const p = probe('controls') as {
      controls: Record<string, { written: number; readBack: number; before: number }>;
      missing: string;
    };
    expect(p.controls.brightness).toEqual({ before: 128, written: 100, readBack: 100 });
    expect(p.controls.contrast).toMatchObject({ written: 150, readBack: 150 });
    expect(p.controls.saturation).toMatchObject({ written: 90, readBack: 90 });
    expect(p.controls.hue).toMatchObject({ written: -20, readBack: -20 });
    expect(p.controls.autogain).toMatchObject({ before: 1, written: 0, readBack: 0 });
    expect(p.controls.gain).toMatchObject({ written: 40, readBack: 40 });
    expect(p.controls['brightness (clamped)']).toEqual({ before: 100, written: 255, readBack: 255 });
    expect(p.missing).toMatch(/has no control 0x9a0901/);
  });

  it('reports a device that vivid disconnects and opens it again when it returns', () => {
    const p = probe('disconnect') as {
      imagesBefore: number;
      images: number;
      opens: number;
      events: { kind: string; reason?: string; atMs: number }[];
    };
    const kinds = p.events.map((e) => e.kind);
    expect(kinds[0]).toBe('opened');
    expect(kinds).toContain('lost');
    expect(kinds.indexOf('reopened')).toBeGreaterThan(kinds.indexOf('lost'));
    expect(p.opens).toBe(2);
    expect(p.images).toBeGreaterThanOrEqual(p.imagesBefore + 10);
  });
});
