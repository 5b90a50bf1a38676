import { defineRepresentation } from '../../core/representation';
import { field, t, type ValueOf } from '../../core/streamable';

/**
 * One block of microphone samples as B-Human declares it: the channel count, the rate, then the samples of all
 * channels interleaved (frame after frame, channel after channel within a frame) as 32-bit floats in [-1, 1].
 * On the wire: uint32 channels, uint32 sampleRate, uint32 sample count, the floats. A NAO V6 delivers 2 channels
 * (back left, back right) or 4 (back left, back right, front left, front right) at 48 kHz; an empty block means
 * nothing was heard (no microphones, or the game state does not listen).
 */
export const AudioData = defineRepresentation(
  'AudioData',
  {
    channels: field(t.uint32, 'Number of interleaved channels in samples.', 2),
    sampleRate: field(t.uint32, 'Samples per second and channel (Hz).', 48000),
    samples: field(
      t.vector(t.float),
      'The samples of all channels interleaved: frame i, channel c is at i * channels + c; values in [-1, 1].',
    ),
  },
  {
    doc: 'The microphone samples captured since the previous frame of the Audio thread, channels interleaved.',
    verify(audio) {
      if (audio.channels === 0 ? audio.samples.length > 0 : audio.samples.length % audio.channels !== 0)
        return `AudioData: ${audio.samples.length} samples do not fill whole frames of ${audio.channels} channels`;
      return undefined;
    },
  },
);
export type AudioData = ValueOf<typeof AudioData>;

/** The number of frames (samples per channel) in a block. */
export const audioFrames = (audio: Readonly<AudioData>): number =>
  audio.channels === 0 ? 0 : Math.floor(audio.samples.length / audio.channels);
