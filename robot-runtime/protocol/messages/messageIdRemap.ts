import { MessageID, messageIdByName } from './MessageIDs';

/** A table from foreign ids (index) to ours; 256 entries because an id is one byte on the wire. */
export type MessageIdRemapTable = Uint8Array;

/** Result of building a remap table: the table and the foreign names we do not know (they map to 0). */
export interface MessageIdRemap {
  table: MessageIdRemapTable;
  unknownNames: string[];
}

/**
 * Builds the table that renumbers messages recorded or sent under `foreignNames` (index = their id, as in a log's
 * message-id chunk) into our numbering. Names are matched exactly, including the legacy names idProcessBegin/
 * idProcessFinished; unknown names and ids past the list map to 0 ('undefined'), which consumers skip.
 */
export function buildMessageIdRemap(foreignNames: readonly string[]): MessageIdRemap {
  const table = new Uint8Array(256); // zero-filled: everything unknown maps to 'undefined'
  const unknownNames: string[] = [];
  const n = Math.min(foreignNames.length, table.length);
  for (let i = 0; i < n; i++) {
    const name = foreignNames[i]!;
    const id = messageIdByName(name);
    if (id === undefined) unknownNames.push(name);
    else table[i] = id;
  }
  return { table, unknownNames };
}

/** True when `table` maps every id to itself for the first `count` ids (remapping can be skipped). */
export function isIdentityRemap(table: MessageIdRemapTable, count: number): boolean {
  for (let i = 0; i < count; i++) if (table[i] !== i) return false;
  return true;
}

/** The id 'undefined' that unknown names map to, exported for readability at call sites. */
export const unknownMessageId = MessageID.undefined;
