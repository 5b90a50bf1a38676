/**
 * The mesh of a `ComplexAppearance`: its `Vertices` (scaled by their `unit`), optional `Normals` and `TexCoords`,
 * and all `Triangles` and `Quads` as one triangle index list. With `Normals`, every corner of a triangle or quad is
 * written as two indices, its vertex's and its normal's (B-Human's NAO feet and shoulders are written so: read as
 * single indices they made every triangle degenerate, and the NAOs had no feet); texture coordinates share the
 * vertex's index. Normals are kept per vertex when every corner names its vertex's own normal, as all of B-Human's
 * do; otherwise they are left out and computed from the faces. Meshes of the same source elements (every robot
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
    const normalsEl = parts.find((p) => p.type === 'Normals');
    const normalCount = normalsEl ? floats(normalsEl, 3).length / 3 : 0;
    /** Indices per corner: the vertex's, then (with Normals) the normal's. */
    const stride = normalsEl ? 2 : 1;
    let normalsPerVertex = normalCount === vertexCount;
    const lists: Uint32Array[] = [];
    for (const p of parts) {
      if (p.type !== 'Triangles' && p.type !== 'Quads') continue;
      const written = p.textSource ? this.data.indicesOf(p.textSource) : new Uint32Array(0);
      if (!(written instanceof Uint32Array)) return fail(p, written);
      const perItem = (p.type === 'Triangles' ? 3 : 4) * stride;
      if (written.length % perItem !== 0)
        throw located(
          p,
          `${written.length} indices are not a multiple of ${perItem}${stride === 2 ? ' (a vertex and a normal index per corner)' : ''}`,
        );
      const indices = stride === 1 ? written : new Uint32Array(written.length / 2);
      // Integer indices and one load per number: this runs over every corner of B-Human's NAO at each scene load.
      for (let i = 0, k = 0; i < written.length; i += stride, k++) {
        const vertex = written[i]!;
        if (vertex >= vertexCount)
          throw located(p, `index ${vertex} (number ${i + 1}) is not below the vertex count ${vertexCount}`);
        if (stride === 1) continue;
        const normal = written[i + 1]!;
        if (normal >= normalCount)
          throw located(p, `normal index ${normal} (number ${i + 2}) is not below the normal count ${normalCount}`);
        if (normal !== vertex) normalsPerVertex = false;
        indices[k] = vertex;
      }
      lists.push(p.type === 'Triangles' ? indices : quadsToTriangles(indices));
    }
    return {
      vertices,
      normals: normalsPerVertex ? perVertex('Normals', 3) : undefined,
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
