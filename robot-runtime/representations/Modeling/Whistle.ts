import { defineRepresentation } from '../../core/representation';
import { field, t, type ValueOf } from '../../core/streamable';

/**
 * The last referee whistle this robot heard, as B-Human declares it (float, unsigned char, unsigned int). The
 * confidence is the detector's ratio of its best combined confidence to its threshold, so a value above 1 was
 * heard clearly; the channel count says how well the robot could listen (0: deaf), which the team vote weighs.
 */
export const Whistle = defineRepresentation(
  'Whistle',
  {
    confidenceOfLastWhistleDetection: field(
      t.float,
      'Confidence of the last detection: its combined confidence divided by the threshold (above 1: clear).',
    ),
    channelsUsedForWhistleDetection: field(
      t.uint8,
      'Number of microphone channels the robot listened with; 0 means it was deaf (no usable audio).',
    ),
    lastTimeWhistleDetected: field(t.uint32, 'Time (ms) at which the last whistle was heard; 0 if never.'),
  },
  { doc: "The referee's whistle as this robot last heard it: when, how sure, and how well it could listen." },
);
export type Whistle = ValueOf<typeof Whistle>;
