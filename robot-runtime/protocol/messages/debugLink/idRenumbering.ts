import type { Message } from '../../messageQueue/Message';
import { messageIdByName, numOfDataMessageIDs } from '../MessageIDs';

/**
 * How ids change between this program and a debug-link peer. Infrastructure ids (at or after
 * numOfDataMessageIDs) shift by offset = local - remote (formats §2.1). Data ids match by position until the peer's
 * id names are known (`useRemoteNames`, from the `MessageID` enum of its TypeInfo); then they match by name, as
 * B-Human matches the ids of a log, so a team fork that added or removed ids is read correctly. Ids that have no
 * counterpart (a data id the other side does not have, or a shift leaving the byte range) are dropped instead of
 * being misread: we chose this over B-Human's pass-through so a numbering mismatch cannot turn data into commands.
 */
export class IdRenumbering {
  /** local - remote. */
  readonly offset: number;
  /** The peer's data id -> ours by name, -1 where we have none; undefined while data ids match by position. */
  private dataToLocal: Int16Array | undefined;
  /** Our data id -> the peer's by name, -1 where it has none. */
  private dataToRemote: Int16Array | undefined;

  constructor(
    readonly remote: number,
    readonly local = numOfDataMessageIDs,
  ) {
    this.offset = local - remote;
  }

  /**
   * Matches data ids by name from now on. `names` are the peer's id names indexed by its ids (the constants of
   * the `MessageID` enum in its TypeInfo); only its data section (ids below `remote`) is used.
   */
  useRemoteNames(names: readonly string[]): void {
    const toLocal = new Int16Array(256).fill(-1);
    const toRemote = new Int16Array(256).fill(-1);
    for (let id = 0; id < Math.min(this.remote, names.length, 256); id++) {
      const local = messageIdByName(names[id]!);
      if (local === undefined || local >= this.local) continue;
      toLocal[id] = local;
      if (toRemote[local]! < 0) toRemote[local] = id;
    }
    this.dataToLocal = toLocal;
    this.dataToRemote = toRemote;
  }

  /** Whether data ids are matched by name (the peer's names are known). */
  get byName(): boolean {
    return this.dataToLocal !== undefined;
  }

  /** Our id for a received id, or undefined when it has no counterpart here. */
  toLocal(remoteId: number): number | undefined {
    if (remoteId < this.remote) {
      if (this.dataToLocal) return this.dataToLocal[remoteId]! >= 0 ? this.dataToLocal[remoteId] : undefined;
      return remoteId < this.local ? remoteId : undefined;
    }
    const id = remoteId + this.offset;
    return id <= 255 ? id : undefined;
  }

  /** The peer's id for one of ours, or undefined when it has no counterpart there. */
  toRemote(localId: number): number | undefined {
    if (localId < this.local) {
      if (this.dataToRemote) return this.dataToRemote[localId]! >= 0 ? this.dataToRemote[localId] : undefined;
      return localId < this.remote ? localId : undefined;
    }
    const id = localId - this.offset;
    return id <= 255 ? id : undefined;
  }

  /** True when nothing changes (same data-section length, data ids by position). */
  get isIdentity(): boolean {
    return this.offset === 0 && !this.byName;
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

function mapIds(
  messages: readonly Message[],
  map: (id: number) => number | undefined,
): { messages: Message[]; dropped: number } {
  const result: Message[] = [];
  let dropped = 0;
  for (const m of messages) {
    const id = map(m.id);
    if (id === undefined) dropped++;
    else result.push(id === m.id ? m : { id, payload: m.payload });
  }
  return { messages: result, dropped };
}
