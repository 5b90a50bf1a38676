/**
 * @file Walks a log's messages without reading whole frames: only the 4-byte message headers of each frame and the
 * payloads of the wanted message ids are read, in large sequential blocks, so even a log of gigabytes (camera
 * images) is walked at disk speed. The timeline's markers and a game's clock alignment are read this way.
 */
import { decode } from '@robot-runtime/protocol/binary/encode';
import { InBinary } from '@robot-runtime/protocol/binary/InBinary';
import { BlockReader } from '@robot-runtime/protocol/log/ByteSource';
import { frameRange } from '@robot-runtime/protocol/log/readFrame';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { genericCodec } from '@robot-runtime/protocol/typeInfo/genericCodec';
import type { TypeInfo } from '@robot-runtime/protocol/typeInfo/TypeInfo';
import type { AnyType, TypeRef } from '@robot-runtime/protocol/types';
import type { FrameSource } from './FrameSource';

/** Called with each wanted message: its frame, the frame's thread, its id and its payload (valid during the call). */
export type MessageVisitor = (frame: number, thread: string, id: number, payload: Uint8Array) => void;

/** Calls `visit` for every message of `file` whose id is in `ids`, in file order. */
export function scanMessages(file: FrameSource, ids: ReadonlySet<number>, visit: MessageVisitor): void {
  const log = file.log;
  const reader = new BlockReader(log.source);
  const text = new TextDecoder();
  for (let i = 0; i < file.frameCount; i++) {
    const { start, end } = frameRange(log, i);
    let pos = start;
    let thread = '';
    while (pos + 4 <= end) {
      const h = reader.read(pos, 4);
      const size = h[1]! | (h[2]! << 8) | (h[3]! << 16);
      const id = log.idTable[h[0]!] ?? 0;
      if (pos + 4 + size > end) break;
      if (id === MessageID.idFrameBegin && size >= 4) thread = text.decode(reader.read(pos + 8, size - 4));
      else if (ids.has(id)) visit(i, thread, id, reader.read(pos + 4, size));
      pos += 4 + size;
    }
  }
}

/**
 * A decoder of `typeName` payloads: under the log's type info when it declares the type (an older layout still
 * decodes), else with our declaration `ours`. It throws on a malformed payload.
 */
export function payloadReader<T>(
  typeInfo: TypeInfo | undefined,
  typeName: string,
  ours: AnyType,
): (p: Uint8Array) => T {
  if (typeInfo?.classes.has(typeName)) {
    const codec = genericCodec(typeInfo, typeName);
    return (payload) => codec.read(new InBinary(payload)) as T;
  }
  return (payload) => decode(ours as TypeRef<unknown>, payload) as T;
}
