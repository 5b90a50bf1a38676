import { defineRepresentation } from '../../core/representation';
import { field, t, type ValueOf } from '../../core/streamable';

/** When the data of the current frame was taken; every thread has its own. */
export const FrameInfo = defineRepresentation(
  'FrameInfo',
  {
    time: field(t.uint32, 'Time stamp of the data processed in this frame (ms since the robot started).'),
  },
  { doc: 'The time of the current frame of a thread.' },
);
export type FrameInfo = ValueOf<typeof FrameInfo>;

/** Milliseconds from `timestamp` to this frame (negative for a time stamp in the future). */
export const timeSince = (frameInfo: Readonly<FrameInfo>, timestamp: number): number => frameInfo.time - timestamp;
