import { OutBinary } from '../binary/OutBinary';
import { expectEnd, payloadReader, readIntCount } from './payload';

/** A drawing type (drawingOnField, drawingOnImage; field, robot, camera, … for 3-D) and its char id. */
export interface DrawingTypeEntry {
  id: number;
  name: string;
}

/** A declared drawing: its char id (the `drawingId` of shapes), its type id and its name. */
export interface DrawingEntry {
  id: number;
  typeId: number;
  name: string;
}

/** Payload of idDrawingManager / idDrawingManager3D: how a thread numbers its drawings. */
export interface DrawingManagerTable {
  types: DrawingTypeEntry[];
  drawings: DrawingEntry[];
}

/** Encodes `int nTypes, (char typeId, string typeName)×n, int nDrawings, (char id, char typeId, string name)×n`. */
export function encodeDrawingManager(table: DrawingManagerTable): Uint8Array {
  const out = new OutBinary(64);
  out.int32(table.types.length);
  for (const t of table.types) {
    out.uint8(t.id);
    out.string(t.name);
  }
  out.int32(table.drawings.length);
  for (const d of table.drawings) {
    out.uint8(d.id);
    out.uint8(d.typeId);
    out.string(d.name);
  }
  return out.toBytes();
}

/** Decodes an idDrawingManager(3D) payload; throws StreamError on malformed input. */
export function decodeDrawingManager(payload: Uint8Array, baseOffset = 0): DrawingManagerTable {
  const inp = payloadReader(payload, baseOffset);
  const types: DrawingTypeEntry[] = [];
  const nTypes = readIntCount(inp, 5, 'drawing type');
  for (let i = 0; i < nTypes; i++) {
    const id = inp.uint8();
    types.push({ id, name: inp.string() });
  }
  const drawings: DrawingEntry[] = [];
  const nDrawings = readIntCount(inp, 6, 'drawing');
  for (let i = 0; i < nDrawings; i++) {
    const id = inp.uint8();
    const typeId = inp.uint8();
    drawings.push({ id, typeId, name: inp.string() });
  }
  expectEnd(inp, 'drawing manager');
  return { types, drawings };
}
