import { recordList, recordPayload, wire } from './recordPayload';

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

const drawingManager = recordPayload<DrawingManagerTable>('drawing manager', {
  types: recordList<DrawingTypeEntry>('int32', 'drawing type', { id: wire.uint8, name: wire.string }),
  drawings: recordList<DrawingEntry>('int32', 'drawing', { id: wire.uint8, typeId: wire.uint8, name: wire.string }),
});

/** Encodes `int nTypes, (char typeId, string typeName)×n, int nDrawings, (char id, char typeId, string name)×n`. */
export const encodeDrawingManager = drawingManager.encode;

/** Decodes an idDrawingManager(3D) payload; throws StreamError on malformed input. */
export const decodeDrawingManager = drawingManager.decode;
