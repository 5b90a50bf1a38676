import type { DrawingManagerTable } from '../../protocol/debugMessages/drawingManager';

/** Ids travel as one byte. */
const MAX_IDS = 256;

/**
 * Numbers a thread's drawings and drawing types with one-byte ids, in order of first declaration, so shapes can
 * carry a byte instead of a name. The table is sent on `automated requests:DrawingManager(3D)`.
 */
export class DrawingManager {
  private readonly typeIds = new Map<string, number>();
  private readonly drawings = new Map<string, { id: number; typeId: number }>();

  /**
   * The id of drawing `name`, declaring it (with `type`) on first sight. A drawing keeps the type it was first
   * declared with. Undefined when all 256 ids are taken (the drawing cannot be sent).
   */
  declare(name: string, type: string): number | undefined {
    const known = this.drawings.get(name);
    if (known) return known.id;
    if (this.drawings.size >= MAX_IDS) return undefined;
    let typeId = this.typeIds.get(type);
    if (typeId === undefined) {
      if (this.typeIds.size >= MAX_IDS) return undefined;
      typeId = this.typeIds.size;
      this.typeIds.set(type, typeId);
    }
    const id = this.drawings.size;
    this.drawings.set(name, { id, typeId });
    return id;
  }

  /** The id/name table of types and drawings declared so far. */
  table(): DrawingManagerTable {
    return {
      types: [...this.typeIds].map(([name, id]) => ({ id, name })),
      drawings: [...this.drawings].map(([name, d]) => ({ id: d.id, typeId: d.typeId, name })),
    };
  }
}
