/**
 * AudioData and Whistle must be the bytes a B-Human robot writes (they travel in logs and, for the Whistle, in
 * SimRobot's "Audio" frames): the payloads below are written field by field as B-Human's streaming does.
 */
import { describe, expect, it } from 'vitest';
import { decode, encode, OutBinary } from '../../protocol/binary';
import { messageIdForRepresentation } from '../../protocol/messages/MessageIDs';
import { typeInfoFromTypes } from '../../protocol/typeInfo';
import { Whistle } from '../Modeling/Whistle';
import { AudioData, audioFrames } from './AudioData';

describe('AudioData', () => {
  it("is B-Human's layout: channels, sampleRate, then a counted vector of floats", () => {
    const samples = [0.5, -0.25, 0.125, -1, 1, 0];
    const out = new OutBinary();
    out.uint32(2);
    out.uint32(48000);
    out.uint32(samples.length);
    for (const s of samples) out.float(s);
    const bytes = out.toBytes();
    expect(bytes.length).toBe(12 + 4 * samples.length);
    expect(encode(AudioData, { channels: 2, sampleRate: 48000, samples })).toEqual(bytes);
    expect(decode(AudioData, bytes)).toEqual({ channels: 2, sampleRate: 48000, samples });
    expect(audioFrames({ channels: 2, sampleRate: 48000, samples })).toBe(3);
  });

  it('is declared in TypeInfo with the vector as float* and logged as idAudioData', () => {
    const info = typeInfoFromTypes([AudioData, Whistle]);
    expect(info.classes.get('AudioData')).toEqual([
      { name: 'channels', type: 'unsigned int' },
      { name: 'sampleRate', type: 'unsigned int' },
      { name: 'samples', type: 'float*' },
    ]);
    expect(info.classes.get('Whistle')).toEqual([
      { name: 'confidenceOfLastWhistleDetection', type: 'float' },
      { name: 'channelsUsedForWhistleDetection', type: 'unsigned char' },
      { name: 'lastTimeWhistleDetected', type: 'unsigned int' },
    ]);
    expect(messageIdForRepresentation('AudioData')).toBe(16);
    expect(messageIdForRepresentation('Whistle')).toBe(89);
  });

  it('refuses samples that do not fill whole frames', () => {
    expect(AudioData.hooks.verify!({ channels: 2, sampleRate: 48000, samples: [0, 0, 0] })).toMatch(/whole frames/);
    expect(AudioData.hooks.verify!({ channels: 4, sampleRate: 48000, samples: [0, 0, 0, 0] })).toBeUndefined();
  });
});

describe('Whistle', () => {
  it("is B-Human's layout: float confidence, unsigned char channels, unsigned int time", () => {
    const out = new OutBinary();
    out.float(2);
    out.uint8(2);
    out.uint32(12345);
    const value = {
      confidenceOfLastWhistleDetection: 2,
      channelsUsedForWhistleDetection: 2,
      lastTimeWhistleDetected: 12345,
    };
    expect(encode(Whistle, value)).toEqual(out.toBytes());
    expect(out.toBytes().length).toBe(9);
    expect(decode(Whistle, out.toBytes())).toEqual(value);
  });
});
