/**
 * The mesh of a `ComplexAppearance`: its `Vertices` (scaled by their `unit`), optional `Normals` and `TexCoords`,
 * and all `Triangles` and `Quads` as one triangle index list. Meshes of the same source elements (every robot
 * referencing the same NAO part) are built once and shared.
 */
import type { SceneElement } from './instantiate';
import { MeshDataCache, type Mesh, type NumberListError } from './meshData';
import { SceneError } from './SceneError';
import { UNITS } from './units';

/** Per-load state: parsed number lists and finished meshes by their source elements. */
export class MeshBuilder {
  private readonly data = new MeshDataCache();
  private readonly meshes = new Map<string, Mesh>();
  private readonly ids = new WeakMap<object, number>();

  private idOf(source: object): number {
    let id = this.ids.get(source);
    if (id === undefined) this.ids.set(source, (id = nextId++));
    return id;
  }

  /** The mesh of the instantiated ComplexAppearance `e`; throws SceneError at the offending data. */
  meshOf(e: SceneElement): Mesh {
    const parts = e.children.filter(
      (c) =>
        c.type === 'Vertices' ||
        c.type === 'Normals' ||
        c.type === 'TexCoords' ||
        c.type === 'Triangles' ||
        c.type === 'Quads',
    );
    const unit = e.children.find((c) => c.type === 'Vertices')?.attributes.get('unit');
    const sources = parts.map((p) => `${p.type}${p.textSource ? this.idOf(p.textSource) : '-'}`);
    const key = `${sources.join(',')}|${unit?.value ?? ''}`;
    let mesh = this.meshes.get(key);
    if (!mesh) this.meshes.set(key, (mesh = this.build(e, parts)));
    return mesh;
  }

  private build(e: SceneElement, parts: SceneElement[]): Mesh {
    const floats = (p: SceneElement, perItem: number): Float32Array => {
      const values = p.textSource ? this.data.floatsOf(p.textSource) : new Float32Array(0);
      if (!(values instanceof Float32Array)) return fail(p, values);
      if (values.length % perItem !== 0) throw located(p, `${values.length} numbers are not a multiple of ${perItem}`);
      return values;
    };
    const verticesEl = parts.find((p) => p.type === 'Vertices')!;
    let vertices = floats(verticesEl, 3);
    const unit = verticesEl.attributes.get('unit');
    if (unit) {
      const factor = UNITS.length[unit.value];
      if (factor === undefined)
        throw new SceneError(
          unit.file,
          unit.line,
          verticesEl.path,
          `unknown length unit '${unit.value}' (expected one of ${Object.keys(UNITS.length).join(', ')})`,
        );
      if (factor !== 1) vertices = vertices.map((v) => v * factor);
    }
    const vertexCount = vertices.length / 3;
    const perVertex = (type: string, perItem: number): Float32Array | undefined => {
      const el = parts.find((p) => p.type === type);
      if (!el) return undefined;
      const values = floats(el, perItem);
      if (values.length / perItem !== vertexCount)
        throw located(el, `${values.length / perItem} ${type.toLowerCase()} for ${vertexCount} vertices`);
      return values;
    };
    const lists: Uint32Array[] = [];
    for (const p of parts) {
      if (p.type !== 'Triangles' && p.type !== 'Quads') continue;
      const indices = p.textSource ? this.data.indicesOf(p.textSource) : new Uint32Array(0);
      if (!(indices instanceof Uint32Array)) return fail(p, indices);
      const perItem = p.type === 'Triangles' ? 3 : 4;
      if (indices.length % perItem !== 0)
        throw located(p, `${indices.length} indices are not a multiple of ${perItem}`);
      for (let i = 0; i < indices.length; i++) {
        if (indices[i]! >= vertexCount)
          throw located(p, `index ${indices[i]} (number ${i + 1}) is not below the vertex count ${vertexCount}`);
      }
      lists.push(perItem === 3 ? indices : quadsToTriangles(indices));
    }
    return {
      vertices,
      normals: perVertex('Normals', 3),
      texCoords: perVertex('TexCoords', 2),
      triangles: lists.length === 1 ? lists[0]! : concat(lists),
    };
  }
}

let nextId = 1;

/** Error at the element the data was written in (a macro's line when the data is referenced). */
function located(p: SceneElement, detail: string): SceneError {
  return new SceneError(p.textSource?.file ?? p.file, p.textSource?.line ?? p.line, p.path, detail);
}

function fail(p: SceneElement, error: NumberListError): never {
  const expected = p.type === 'Triangles' || p.type === 'Quads' ? 'an index' : 'a number';
  throw located(p, `number ${error.index + 1} ('${error.found}') is not ${expected}`);
}

function quadsToTriangles(q: Uint32Array): Uint32Array {
  const out = new Uint32Array((q.length / 4) * 6);
  for (let i = 0, k = 0; i < q.length; i += 4, k += 6) {
    out[k] = q[i]!;
    out[k + 1] = q[i + 1]!;
    out[k + 2] = q[i + 2]!;
    out[k + 3] = q[i]!;
    out[k + 4] = q[i + 2]!;
    out[k + 5] = q[i + 3]!;
  }
  return out;
}

function concat(lists: Uint32Array[]): Uint32Array {
  const out = new Uint32Array(lists.reduce((n, l) => n + l.length, 0));
  let offset = 0;
  for (const l of lists) {
    out.set(l, offset);
    offset += l.length;
  }
  return out;
}
