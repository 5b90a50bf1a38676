/**
 * Turns the included `<Simulation>` tree into the instantiated scene: `ref` macros are expanded (name + element
 * type; the referencing element's attributes and children come first, so they win), placeholders are substituted
 * and every element is checked against the vocabulary (unknown elements/attributes, required attributes and
 * children, at most one of each optional child).
 */
import { SceneError } from './SceneError';
import { PlaceholderScope, substitute } from './placeholders';
import { VOCABULARY } from './vocabulary';
import type { XmlAttribute, XmlElement } from './xml/parseXml';

/** An attribute after placeholder substitution, still remembering where it was written. */
export interface SceneAttribute {
  value: string;
  file: string;
  line: number;
}

/** One element of the instantiated scene. */
export interface SceneElement {
  type: string;
  name: string | undefined;
  attributes: Map<string, SceneAttribute>;
  children: SceneElement[];
  text: string;
  /** Path in the instantiated scene, e.g. `Simulation/Scene/Compound[robots]/Body[robot3]`. */
  path: string;
  file: string;
  line: number;
}

/** Maximum elements an instantiated scene may hold (macros can multiply a small file). */
export const MAX_INSTANTIATED_ELEMENTS = 500_000;

interface SourceAttribute extends XmlAttribute {
  file: string;
}

/** Instantiates the `<Scene>` of a Simulation tree whose includes are already spliced in. */
export function instantiateScene(simulation: XmlElement): SceneElement {
  const scenes = simulation.children.filter((c) => c.name === 'Scene');
  if (scenes.length !== 1) {
    throw new SceneError(simulation.file, scenes[1]?.line ?? simulation.line, 'Simulation', scenes.length === 0 ? 'missing <Scene>' : 'more than one <Scene>');
  }
  for (const child of simulation.children) {
    if (!VOCABULARY.Simulation!.repeatable.includes(child.name)) throw new SceneError(child.file, child.line, 'Simulation', `unexpected element <${child.name}>`);
  }
  const macros = new Map<string, XmlElement>();
  const register = (e: XmlElement): void => {
    const name = e.attributes.find((a) => a.name === 'name')?.value;
    if (name !== undefined && !macros.has(`${e.name}:${name}`)) macros.set(`${e.name}:${name}`, e);
    e.children.forEach(register);
  };
  simulation.children.forEach(register);
  const state = { macros, count: 0 };
  const rootScope = new PlaceholderScope(undefined);
  for (const set of simulation.children.filter((c) => c.name === 'Set')) {
    const name = set.attributes.find((a) => a.name === 'name')?.value;
    const value = set.attributes.find((a) => a.name === 'value')?.value;
    if (name !== undefined && value !== undefined) rootScope.define(name, value);
  }
  return instantiate(scenes[0]!, 'Simulation', rootScope, [], state);
}

interface State {
  macros: Map<string, XmlElement>;
  count: number;
}

function attrsOf(e: XmlElement): SourceAttribute[] {
  return e.attributes.map((a) => ({ ...a, file: e.file }));
}

function instantiate(source: XmlElement, parentPath: string, parentScope: PlaceholderScope, macroStack: string[], state: State): SceneElement {
  if (++state.count > MAX_INSTANTIATED_ELEMENTS) throw new SceneError(source.file, source.line, parentPath, `more than ${MAX_INSTANTIATED_ELEMENTS} elements after expanding macros`);
  const spec = VOCABULARY[source.name];
  const rawName = source.attributes.find((a) => a.name === 'name')?.value;
  const provisionalPath = `${parentPath}/${source.name}${rawName !== undefined && source.name !== 'Scene' ? `[${rawName}]` : ''}`;
  if (!spec || source.name === 'Simulation' || source.name === 'Include') {
    throw new SceneError(source.file, source.line, provisionalPath, `unknown element <${source.name}>`);
  }

  // The element's own Sets come first so that they override the defaults inside a referenced macro.
  const scope = new PlaceholderScope(parentScope);
  const defineSets = (children: XmlElement[]): void => {
    for (const set of children) {
      if (set.name !== 'Set') continue;
      const name = set.attributes.find((a) => a.name === 'name');
      const value = set.attributes.find((a) => a.name === 'value');
      if (name && value) scope.define(substitute(name.value, parentScope), substitute(value.value, parentScope));
    }
  };
  defineSets(source.children);

  // Follow the ref chain: attributes and children of referenced elements are appended behind the element's own.
  const attributes: SourceAttribute[] = attrsOf(source).filter((a) => a.name !== 'ref');
  const children: XmlElement[] = [...source.children];
  const chain: string[] = [];
  let refAttr = source.attributes.find((a) => a.name === 'ref');
  let refFile = source.file;
  while (refAttr) {
    const key = `${source.name}:${substitute(refAttr.value, scope)}`;
    if (chain.includes(key) || macroStack.includes(key)) {
      throw new SceneError(refFile, refAttr.line, provisionalPath, `reference loop: ${[...macroStack, ...chain, key].join(' -> ')}`);
    }
    const macro = state.macros.get(key);
    if (!macro) throw new SceneError(refFile, refAttr.line, provisionalPath, `no <${source.name}> named '${substitute(refAttr.value, scope)}' to reference`);
    chain.push(key);
    for (const a of attrsOf(macro)) if (a.name !== 'ref' && !attributes.some((own) => own.name === a.name)) attributes.push(a);
    const ownTypes = new Set(children.map((c) => c.name));
    // An optional child (Translation, Surface, …) given by the referencing element replaces the macro's.
    children.push(...macro.children.filter((c) => !(spec.optional.includes(c.name) && ownTypes.has(c.name))));
    defineSets(macro.children);
    refAttr = macro.attributes.find((a) => a.name === 'ref');
    refFile = macro.file;
  }

  const resolved = new Map<string, SceneAttribute>();
  for (const a of attributes) {
    if (!spec.attributes[a.name]) throw new SceneError(a.file, a.line, provisionalPath, `unknown attribute '${a.name}'`);
    resolved.set(a.name, { value: substitute(a.value, scope), file: a.file, line: a.line });
  }
  const name = resolved.get('name')?.value;
  // The one Scene is not qualified by its name (paths read `Simulation/Scene/Compound[robots]/…`).
  const path = `${parentPath}/${source.name}${name !== undefined && source.name !== 'Scene' ? `[${name}]` : ''}`;
  for (const [attrName, attrSpec] of Object.entries(spec.attributes)) {
    if (attrSpec.required && !resolved.has(attrName)) throw new SceneError(source.file, source.line, path, `missing attribute '${attrName}'`);
  }

  const instantiated: SceneElement[] = [];
  const counts = new Map<string, number>();
  for (const child of children) {
    if (!spec.repeatable.includes(child.name) && !spec.optional.includes(child.name)) {
      const known = VOCABULARY[child.name] !== undefined;
      throw new SceneError(child.file, child.line, path, known ? `<${child.name}> is not allowed inside <${source.name}>` : `unknown element <${child.name}>`);
    }
    const n = (counts.get(child.name) ?? 0) + 1;
    counts.set(child.name, n);
    if (n > 1 && spec.optional.includes(child.name)) throw new SceneError(child.file, child.line, path, `at most one <${child.name}> is allowed`);
    instantiated.push(instantiate(child, path, scope, [...macroStack, ...chain], state));
  }
  for (const group of spec.required) {
    if (!instantiated.some((c) => group.includes(c.type))) {
      throw new SceneError(source.file, source.line, path, `needs ${group.length === 1 ? `a <${group[0]}>` : `one of <${group.join('>, <')}>`} child`);
    }
  }
  return { type: source.name, name, attributes: resolved, children: instantiated, text: source.text, path, file: source.file, line: source.line };
}
