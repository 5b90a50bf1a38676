import { defineRepresentation } from '../../core/representation';
import { field, t, type ValueOf } from '../../core/streamable';

/**
 * The team message this robot broadcasts in the current frame, as bytes ready for the network (the 8-byte
 * header and the codec's payload, at most 128 bytes). The host sends it when `sentAt` equals the frame's time.
 */
export const TeamMessageOutput = defineRepresentation(
  'TeamMessageOutput',
  {
    sentAt: field(t.uint32, 'Frame time (ms) at which `bytes` was produced; 0 before the first message.'),
    bytes: field(t.bytes(), 'The packet: header and payload.'),
    priority: field(t.bool, 'Sent out of turn because something important changed (e.g. the role).'),
  },
  { doc: "The team message to send (written by the team message handler, read by the host's network)." },
);
export type TeamMessageOutput = ValueOf<typeof TeamMessageOutput>;
