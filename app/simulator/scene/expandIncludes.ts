/**
 * Reads a scene file and splices `<Include href>` files into it: an include contributes the children of its own
 * `<Simulation>` root at the place of the Include element. Relative hrefs are resolved against the including file.
 * Each file is read and parsed once however often it is included, and the spliced tree is bounded: a file that
 * includes another twice, which includes the next twice, … (2^n leaves from n small files) stops at the limit
 * with the include that crossed it, before anything that large is built. All includes of a file are read before
 * any of them is parsed, so a missing include is named even when an earlier one is broken.
 */
import path from 'node:path';
import { SceneError } from './SceneError';
import { parseXml, XML_LIMITS, type XmlElement } from './xml/parseXml';

/** Reads a file's text; throws if it does not exist (injected so tests can use in-memory files). */
export type ReadText = (file: string) => string;

/** Maximum include nesting; deeper chains are almost certainly loops through different spellings of a path. */
const MAX_INCLUDE_DEPTH = 32;

/** Bounds of one scene with all its includes. */
export const INCLUDE_LIMITS = {
  /** Elements of the spliced tree (every inclusion of a file counts its elements again). */
  maxElements: XML_LIMITS.maxElements,
  /** Bytes of all distinct files read. */
  maxTotalBytes: 64 * 1024 * 1024,
};

/** A parsed file with the size of its spliced tree. */
interface ReadFile {
  root: XmlElement;
  /** Elements of the root's children after splicing, counted recursively. */
  elements: number;
}

interface IncludeState {
  readText: ReadText;
  /** Parsed files by absolute path (a DAG of includes reads every file once). */
  files: Map<string, ReadFile>;
  /** Texts read ahead (the includes of a file being read), by absolute path. */
  pending: Map<string, string>;
  bytes: number;
}

/** Parses `file` and all includes, returning the `<Simulation>` root with Include elements replaced. */
export function readSceneTree(file: string, readText: ReadText): XmlElement {
  return readFile(file, { readText, files: new Map(), pending: new Map(), bytes: 0 }, [], undefined).root;
}

const countElements = (e: XmlElement): number => {
  let n = 1;
  for (const c of e.children) n += countElements(c);
  return n;
};

function readFile(
  file: string,
  state: IncludeState,
  stack: string[],
  includedFrom: { file: string; line: number } | undefined,
): ReadFile {
  const key = path.resolve(file);
  const at = (detail: string): SceneError =>
    includedFrom
      ? new SceneError(includedFrom.file, includedFrom.line, 'Simulation/Include', detail)
      : new SceneError(file, 1, '', detail);
  if (stack.includes(key)) throw at(`include loop: ${[...stack, key].map((f) => path.basename(f)).join(' -> ')}`);
  const known = state.files.get(key);
  if (known) return known;
  if (stack.length >= MAX_INCLUDE_DEPTH) throw at('includes nested too deeply');
  const text = state.pending.get(key) ?? readText(file, state, includedFrom);
  state.pending.delete(key);
  const root = parseXml(text, file);
  if (root.name !== 'Simulation')
    throw new SceneError(file, root.line, root.name, `the root element must be <Simulation>, not <${root.name}>`);
  for (const child of root.children) {
    if (child.name !== 'Include') continue;
    const target = includeTarget(file, child);
    const targetKey = path.resolve(target);
    if (
      !state.files.has(targetKey) &&
      !state.pending.has(targetKey) &&
      !stack.includes(targetKey) &&
      targetKey !== key
    ) {
      state.pending.set(targetKey, readText(target, state, { file, line: child.line }));
    }
  }
  const children: XmlElement[] = [];
  let elements = 0;
  for (const child of root.children) {
    if (child.name !== 'Include') {
      children.push(child);
      elements += countElements(child);
    } else {
      const included = readFile(includeTarget(file, child), state, [...stack, key], { file, line: child.line });
      elements += included.elements;
      if (elements > INCLUDE_LIMITS.maxElements) {
        throw new SceneError(
          file,
          child.line,
          'Simulation/Include',
          `more than ${INCLUDE_LIMITS.maxElements} elements with all includes spliced in`,
        );
      }
      for (const c of included.root.children) children.push(c);
    }
    if (elements > INCLUDE_LIMITS.maxElements)
      throw new SceneError(file, child.line, 'Simulation', `more than ${INCLUDE_LIMITS.maxElements} elements`);
  }
  const result = { root: { ...root, children }, elements };
  state.files.set(key, result);
  return result;
}

/** Reads one file's text, charging its size to the scene's byte budget; errors point at the include. */
function readText(file: string, state: IncludeState, includedFrom: { file: string; line: number } | undefined): string {
  const at = (detail: string): SceneError =>
    includedFrom
      ? new SceneError(includedFrom.file, includedFrom.line, 'Simulation/Include', detail)
      : new SceneError(file, 1, '', detail);
  let text: string;
  try {
    text = state.readText(file);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw at(includedFrom ? `cannot read the include '${file}': ${reason}` : `cannot read scene file: ${reason}`);
  }
  state.bytes += text.length;
  if (state.bytes > INCLUDE_LIMITS.maxTotalBytes)
    throw at(`the scene's files together are larger than ${INCLUDE_LIMITS.maxTotalBytes} bytes`);
  return text;
}

/** The file an `<Include>` names, relative to the including file. */
function includeTarget(file: string, include: XmlElement): string {
  const href = include.attributes.find((a) => a.name === 'href');
  const extra = include.attributes.find((a) => a.name !== 'href');
  if (extra) throw new SceneError(file, extra.line, 'Simulation/Include', `unknown attribute '${extra.name}'`);
  if (!href || href.value === '')
    throw new SceneError(file, include.line, 'Simulation/Include', "missing attribute 'href'");
  return path.isAbsolute(href.value) ? href.value : path.join(path.dirname(file), href.value);
}
