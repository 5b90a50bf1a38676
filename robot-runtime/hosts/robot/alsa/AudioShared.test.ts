import { describe, expect, it } from 'vitest';
import { AudioShared, RING_FRAMES } from './AudioShared';
import { MicrophoneHost } from './MicrophoneHost';

describe('the microphone ring shared with the Audio thread', () => {
  it('hands the Audio thread every frame written since its last frame, channels interleaved', () => {
    const shared = new AudioShared();
    const host = new MicrophoneHost(shared.buffer);
    shared.write(2, 48000, new Float32Array([0.1, -0.1, 0.2, -0.2]));
    shared.write(2, 48000, new Float32Array([0.3, -0.3]));
    const audio = host.frame(1000).get('AudioData') as { channels: number; sampleRate: number; samples: number[] };
    expect(audio.channels).toBe(2);
    expect(audio.sampleRate).toBe(48000);
    expect(audio.samples.map((s) => Math.round(s * 10) / 10)).toEqual([0.1, -0.1, 0.2, -0.2, 0.3, -0.3]);
    // Nothing new: the frame waits its slice and injects no AudioData.
    expect(host.frame(1100).get('AudioData')).toBeUndefined();
  });

  it('keeps only the newest second for a thread that fell behind, and refuses more channels than a NAO has', () => {
    const shared = new AudioShared();
    const host = new MicrophoneHost(shared.buffer);
    const block = new Float32Array(2048);
    for (let i = 0; i < 30; i++) shared.write(1, 48000, block.fill(i));
    const audio = host.frame(0).get('AudioData') as { samples: number[] };
    expect(audio.samples.length).toBe(RING_FRAMES);
    expect(audio.samples.at(-1)).toBe(29);
    expect(() => shared.write(5, 48000, new Float32Array(5))).toThrow(/5 channels \(at most 4\)/);
  });
});
