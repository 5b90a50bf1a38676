/**
 * Reads a scene file and splices `<Include href>` files into it: an include contributes the children of its own
 * `<Simulation>` root at the place of the Include element. Relative hrefs are resolved against the including file.
 */
import path from 'node:path';
import { SceneError } from './SceneError';
import { parseXml, type XmlElement } from './xml/parseXml';

/** Reads a file's text; throws if it does not exist (injected so tests can use in-memory files). */
export type ReadText = (file: string) => string;

/** Maximum include nesting; deeper chains are almost certainly loops through different spellings of a path. */
const MAX_INCLUDE_DEPTH = 32;

/** Parses `file` and all includes, returning the `<Simulation>` root with Include elements replaced. */
export function readSceneTree(file: string, readText: ReadText): XmlElement {
  return readFile(file, readText, [], undefined);
}

function readFile(file: string, readText: ReadText, stack: string[], includedFrom: { file: string; line: number } | undefined): XmlElement {
  const key = path.resolve(file);
  if (stack.includes(key)) {
    throw new SceneError(includedFrom!.file, includedFrom!.line, 'Simulation/Include', `include loop: ${[...stack, key].map((f) => path.basename(f)).join(' -> ')}`);
  }
  if (stack.length >= MAX_INCLUDE_DEPTH) throw new SceneError(includedFrom!.file, includedFrom!.line, 'Simulation/Include', 'includes nested too deeply');
  let text: string;
  try {
    text = readText(file);
  } catch (error) {
    if (!includedFrom) throw new SceneError(file, 1, '', `cannot read scene file: ${(error as Error).message}`);
    throw new SceneError(includedFrom.file, includedFrom.line, 'Simulation/Include', `cannot read '${file}': ${(error as Error).message}`);
  }
  const root = parseXml(text, file);
  if (root.name !== 'Simulation') throw new SceneError(file, root.line, root.name, `the root element must be <Simulation>, not <${root.name}>`);
  const children: XmlElement[] = [];
  for (const child of root.children) {
    if (child.name !== 'Include') {
      children.push(child);
      continue;
    }
    const href = child.attributes.find((a) => a.name === 'href');
    const extra = child.attributes.find((a) => a.name !== 'href');
    if (extra) throw new SceneError(file, extra.line, 'Simulation/Include', `unknown attribute '${extra.name}'`);
    if (!href || href.value === '') throw new SceneError(file, child.line, 'Simulation/Include', "missing attribute 'href'");
    const target = path.isAbsolute(href.value) ? href.value : path.join(path.dirname(file), href.value);
    const included = readFile(target, readText, [...stack, key], { file, line: child.line });
    children.push(...included.children);
  }
  return { ...root, children };
}
