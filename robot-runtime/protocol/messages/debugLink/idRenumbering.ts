import type { Message } from '../../messageQueue/Message';
import { numOfDataMessageIDs } from '../MessageIDs';

/**
 * How ids change between this program and a debug-link peer whose data section has a different length. Data ids
 * must match by position; only infrastructure ids (at or after numOfDataMessageIDs) shift by
 * offset = local - remote (facts §2.1). Ids that have no counterpart (a data id the other side would read as
 * infrastructure, or a shift leaving the byte range) are dropped instead of being misread: we chose this over
 * B-Human's pass-through so a numbering mismatch cannot turn data into commands.
 */
export class IdRenumbering {
  /** local - remote. */
  readonly offset: number;

  constructor(
    readonly remote: number,
    readonly local = numOfDataMessageIDs,
  ) {
    this.offset = local - remote;
  }

  /** Our id for a received id, or undefined when it has no counterpart here. */
  toLocal(remoteId: number): number | undefined {
    if (remoteId < this.remote) return remoteId < this.local ? remoteId : undefined;
    const id = remoteId + this.offset;
    return id <= 255 ? id : undefined;
  }

  /** The peer's id for one of ours, or undefined when it has no counterpart there. */
  toRemote(localId: number): number | undefined {
    if (localId < this.local) return localId < this.remote ? localId : undefined;
    const id = localId - this.offset;
    return id <= 255 ? id : undefined;
  }

  /** True when nothing changes (same data-section length). */
  get isIdentity(): boolean {
    return this.offset === 0;
  }

  /** Renumbers received messages; the count of dropped ones lets callers report a mismatch. */
  messagesToLocal(messages: readonly Message[]): { messages: Message[]; dropped: number } {
    return mapIds(messages, (id) => this.toLocal(id));
  }

  /** Renumbers messages about to be sent. */
  messagesToRemote(messages: readonly Message[]): { messages: Message[]; dropped: number } {
    return mapIds(messages, (id) => this.toRemote(id));
  }
}

function mapIds(messages: readonly Message[], map: (id: number) => number | undefined): { messages: Message[]; dropped: number } {
  const result: Message[] = [];
  let dropped = 0;
  for (const m of messages) {
    const id = map(m.id);
    if (id === undefined) dropped++;
    else result.push(id === m.id ? m : { id, payload: m.payload });
  }
  return { messages: result, dropped };
}
