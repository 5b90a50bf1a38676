/**
 * Turns the included `<Simulation>` tree into the instantiated scene: `ref` macros are expanded (name + element
 * type; the referencing element's attributes and children come first, so they win), placeholders are substituted
 * and every element is checked against the vocabulary of the scene's flavour (unknown elements/attributes,
 * required attributes and children, at most one of each optional child). ODE-only attributes of a `.ros2` scene
 * are dropped with one warning per name.
 *
 * Work is bounded before it is done: the size every macro expands to is computed from the source once (a chain of
 * macros that each reference the previous one twice is refused at the reference that crosses the limit, without
 * building anything), and the instantiation itself counts elements, nesting and placeholder text as it goes
 * (references whose target is only known after substitution).
 */
import { formatLocated, SceneError, type SceneWarning } from './SceneError';
import { ExpansionBudget, ExpansionError, PlaceholderScope, substitute } from './placeholders';
import { VOCABULARY, type ElementSpec } from './vocabulary';
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
  /**
   * The source element `text` was written in (the element itself or a macro it references); mesh data parsed from
   * it is shared by every instance, and its errors point there.
   */
  textSource: XmlElement | undefined;
  /** Path in the instantiated scene, e.g. `Simulation/Scene/Compound[robots]/Body[robot3]`. */
  path: string;
  file: string;
  line: number;
}

/**
 * Which of SimRobot's 3-D vocabularies a scene uses: `ros3` (MuJoCo, B-Human 2025) is strict; `ros2` also accepts
 * the ODE era's elements and attributes.
 */
export type SceneFlavour = 'ros3' | 'ros2';

/** Maximum elements an instantiated scene may hold (macros can multiply a small file; B-Human's 7 vs 7 has 7,000). */
export const MAX_INSTANTIATED_ELEMENTS = 25_000;
/** Maximum nesting of the instantiated scene (macros inside macros can nest deeper than one file). */
export const MAX_INSTANTIATED_DEPTH = 1024;
/** Maximum length of one `ref` chain (an element referencing a macro that references a macro …). */
export const MAX_REF_CHAIN = 256;

/** Lookups derived from an ElementSpec once, instead of per instantiated element. */
interface SpecIndex {
  children: Set<string>;
  optional: Set<string>;
  requiredAttributes: string[];
}

const SPEC_INDEX = new Map<string, SpecIndex>(
  Object.entries(VOCABULARY).map(([type, spec]) => [
    type,
    {
      children: new Set([...spec.repeatable, ...spec.optional]),
      optional: new Set(spec.optional),
      requiredAttributes: Object.entries(spec.attributes)
        .filter(([, a]) => a.required)
        .map(([name]) => name),
    },
  ]),
);

/** What instantiating one scene produces besides the element tree. */
export interface InstantiateResult {
  scene: SceneElement;
  /** Ignored constructs, one per attribute or element name. */
  warnings: SceneWarning[];
}

interface State {
  macros: Map<string, XmlElement>;
  count: number;
  flavour: SceneFlavour;
  budget: ExpansionBudget;
  warnings: SceneWarning[];
  /** Names already warned about. */
  warned: Set<string>;
}

const nameOf = (e: XmlElement): string | undefined => e.attributes.find((a) => a.name === 'name')?.value;

/** Instantiates the `<Scene>` of a Simulation tree whose includes are already spliced in. */
export function instantiateScene(simulation: XmlElement, flavour: SceneFlavour = 'ros3'): InstantiateResult {
  const scenes = simulation.children.filter((c) => c.name === 'Scene');
  if (scenes.length !== 1) {
    throw new SceneError(
      simulation.file,
      scenes[1]?.line ?? simulation.line,
      'Simulation',
      scenes.length === 0 ? 'missing <Scene>' : 'more than one <Scene>',
    );
  }
  const topLevel = new Set(VOCABULARY.Simulation!.repeatable);
  for (const child of simulation.children) {
    if (!topLevel.has(child.name))
      throw new SceneError(child.file, child.line, 'Simulation', `unexpected element <${child.name}>`);
  }
  const macros = new Map<string, XmlElement>();
  const register = (e: XmlElement): void => {
    const name = nameOf(e);
    if (name !== undefined && !macros.has(`${e.name}:${name}`)) macros.set(`${e.name}:${name}`, e);
    for (const c of e.children) register(c);
  };
  for (const c of simulation.children) register(c);
  checkExpandedSize(scenes[0]!, macros);
  const state: State = { macros, count: 0, flavour, budget: new ExpansionBudget(), warnings: [], warned: new Set() };
  const rootScope = new PlaceholderScope(undefined);
  for (const set of simulation.children) {
    if (set.name !== 'Set') continue;
    const name = set.attributes.find((a) => a.name === 'name')?.value;
    const value = set.attributes.find((a) => a.name === 'value')?.value;
    if (name !== undefined && value !== undefined) rootScope.define(name, value);
  }
  const scene = instantiate(scenes[0]!, 'Simulation', rootScope, undefined, state, 0);
  return { scene, warnings: state.warnings };
}

/**
 * Refuses a scene whose macros expand to more than {@link MAX_INSTANTIATED_ELEMENTS} elements, from the source
 * alone: each element's expanded size is computed once (memoized), so doubling chains cost their source size.
 * References with placeholders are not followed here (their target depends on the scope); the instantiation
 * counts those. Loops are left to the instantiation, which reports them with the chain.
 */
function checkExpandedSize(scene: XmlElement, macros: Map<string, XmlElement>): void {
  const sizes = new Map<XmlElement, number>();
  const active = new Set<XmlElement>();
  const sizeOf = (e: XmlElement, depth: number): number => {
    const known = sizes.get(e);
    if (known !== undefined) return known;
    if (active.has(e)) return 0;
    const ref = e.attributes.find((a) => a.name === 'ref');
    if (depth > MAX_INSTANTIATED_DEPTH + MAX_REF_CHAIN)
      throw new SceneError(e.file, ref?.line ?? e.line, '', 'macros nested too deeply');
    active.add(e);
    let n = 1;
    for (const c of e.children) n += sizeOf(c, depth + 1);
    const macro = ref && !ref.value.includes('$') ? macros.get(`${e.name}:${ref.value}`) : undefined;
    // The macro's children (and their references) are instantiated inside this element.
    if (macro) n += sizeOf(macro, depth + 1) - 1;
    active.delete(e);
    if (n > MAX_INSTANTIATED_ELEMENTS) {
      const label = nameOf(e) ? ` name="${nameOf(e)}"` : '';
      throw new SceneError(
        e.file,
        ref?.line ?? e.line,
        '',
        `<${e.name}${label}> expands to more than ${MAX_INSTANTIATED_ELEMENTS} elements`,
      );
    }
    sizes.set(e, n);
    return n;
  };
  sizeOf(scene, 0);
}

/** Records a warning once per `key`. */
function warnOnce(state: State, key: string, file: string, line: number, elementPath: string, detail: string): void {
  if (state.warned.has(key)) return;
  state.warned.add(key);
  state.warnings.push({ file, line, elementPath, message: formatLocated(file, line, elementPath, detail) });
}

/** The macros being expanded around an element, innermost first (shared by siblings, never copied). */
interface MacroStack {
  key: string;
  below: MacroStack | undefined;
}

function onStack(stack: MacroStack | undefined, key: string): boolean {
  for (let s = stack; s; s = s.below) if (s.key === key) return true;
  return false;
}

/** The keys outermost first. */
function stackKeys(stack: MacroStack | undefined): string[] {
  const keys: string[] = [];
  for (let s = stack; s; s = s.below) keys.unshift(s.key);
  return keys;
}

/** Substitutes placeholders, turning a crossed expansion bound into a located SceneError. */
function substituteAt(
  value: string,
  scope: PlaceholderScope,
  state: State,
  file: string,
  line: number,
  path: string,
): string {
  try {
    return substitute(value, scope, state.budget);
  } catch (error) {
    if (error instanceof ExpansionError) throw new SceneError(file, line, path, error.message);
    throw error;
  }
}

/** Defines the `<Set>`s among `children` in `scope`, their names and values substituted in `parentScope`. */
function defineSets(
  children: XmlElement[],
  file: string,
  scope: PlaceholderScope,
  parentScope: PlaceholderScope,
  state: State,
  path: string,
): void {
  for (const set of children) {
    if (set.name !== 'Set') continue;
    const name = set.attributes.find((a) => a.name === 'name');
    const value = set.attributes.find((a) => a.name === 'value');
    if (name && value)
      scope.define(
        substituteAt(name.value, parentScope, state, file, name.line, path),
        substituteAt(value.value, parentScope, state, file, value.line, path),
      );
  }
}

function instantiate(
  source: XmlElement,
  parentPath: string,
  parentScope: PlaceholderScope,
  macroStack: MacroStack | undefined,
  state: State,
  depth: number,
): SceneElement {
  if (++state.count > MAX_INSTANTIATED_ELEMENTS)
    throw new SceneError(
      source.file,
      source.line,
      parentPath,
      `more than ${MAX_INSTANTIATED_ELEMENTS} elements after expanding macros`,
    );
  if (depth > MAX_INSTANTIATED_DEPTH)
    throw new SceneError(
      source.file,
      source.line,
      parentPath,
      `elements nested deeper than ${MAX_INSTANTIATED_DEPTH} after expanding macros`,
    );
  const spec: ElementSpec | undefined = VOCABULARY[source.name];
  const index = SPEC_INDEX.get(source.name)!;
  const rawName = nameOf(source);
  const qualifier = rawName !== undefined && source.name !== 'Scene' ? `[${rawName}]` : '';
  const provisionalPath = `${parentPath}/${source.name}${qualifier}`;
  if (!spec || source.name === 'Simulation' || source.name === 'Include') {
    throw new SceneError(source.file, source.line, provisionalPath, `unknown element <${source.name}>`);
  }
  // The element's own Sets come first so that they override the defaults inside a referenced macro.
  const scope = new PlaceholderScope(parentScope);
  defineSets(source.children, source.file, scope, parentScope, state, provisionalPath);

  // Follow the ref chain: attributes and children of referenced elements are appended behind the element's own.
  const attributes: XmlAttribute[] = [];
  for (const a of source.attributes) if (a.name !== 'ref') attributes.push(a);
  let refAttr = source.attributes.find((a) => a.name === 'ref');
  // Copied only when macros add to it.
  const children: XmlElement[] = refAttr ? [...source.children] : source.children;
  let textSource: XmlElement | undefined = source.text !== '' ? source : undefined;
  const chain: string[] = [];
  let refFile = source.file;
  while (refAttr) {
    const target = substituteAt(refAttr.value, scope, state, refFile, refAttr.line, provisionalPath);
    const key = `${source.name}:${target}`;
    if (chain.includes(key) || onStack(macroStack, key)) {
      throw new SceneError(
        refFile,
        refAttr.line,
        provisionalPath,
        `reference loop: ${[...stackKeys(macroStack), ...chain, key].join(' -> ')}`,
      );
    }
    const macro = state.macros.get(key);
    if (!macro)
      throw new SceneError(
        refFile,
        refAttr.line,
        provisionalPath,
        `no <${source.name}> named '${target}' to reference`,
      );
    chain.push(key);
    if (chain.length > MAX_REF_CHAIN)
      throw new SceneError(refFile, refAttr.line, provisionalPath, `reference chain longer than ${MAX_REF_CHAIN}`);
    for (const a of macro.attributes)
      if (a.name !== 'ref' && !attributes.some((own) => own.name === a.name)) attributes.push(a);
    // An optional child (Translation, Surface, …) given by the referencing element replaces the macro's.
    const before = children.length;
    const given = (name: string): boolean => {
      for (let i = 0; i < before; i++) if (children[i]!.name === name) return true;
      return false;
    };
    for (const c of macro.children) if (!(index.optional.has(c.name) && given(c.name))) children.push(c);
    textSource ??= macro.text !== '' ? macro : undefined;
    defineSets(macro.children, macro.file, scope, parentScope, state, provisionalPath);
    refAttr = macro.attributes.find((a) => a.name === 'ref');
    refFile = macro.file;
  }

  const resolved = new Map<string, SceneAttribute>();
  for (const a of attributes) {
    const attrSpec = spec.attributes[a.name];
    if (attrSpec?.ode && state.flavour === 'ros2') {
      warnOnce(
        state,
        `attribute:${a.name}`,
        a.file,
        a.line,
        provisionalPath,
        `ODE-only attribute '${a.name}' of <${source.name}> ignored (MuJoCo has no counterpart)`,
      );
      continue;
    }
    if (!attrSpec) throw new SceneError(a.file, a.line, provisionalPath, `unknown attribute '${a.name}'`);
    if (attrSpec.ode)
      throw new SceneError(
        a.file,
        a.line,
        provisionalPath,
        `unknown attribute '${a.name}' (an ODE-only attribute of .ros2 scenes)`,
      );
    resolved.set(a.name, {
      value: substituteAt(a.value, scope, state, a.file, a.line, provisionalPath),
      file: a.file,
      line: a.line,
    });
  }
  const name = resolved.get('name')?.value;
  // The one Scene is not qualified by its name (paths read `Simulation/Scene/Compound[robots]/…`).
  const path = `${parentPath}/${source.name}${name !== undefined && source.name !== 'Scene' ? `[${name}]` : ''}`;
  for (const attrName of index.requiredAttributes) {
    if (!resolved.has(attrName))
      throw new SceneError(source.file, source.line, path, `missing attribute '${attrName}'`);
  }

  const instantiated: SceneElement[] = [];
  let optionalSeen: Set<string> | undefined;
  let childMacroStack = macroStack;
  for (const key of chain) childMacroStack = { key, below: childMacroStack };
  for (const child of children) {
    if (!index.children.has(child.name)) {
      const known = VOCABULARY[child.name] !== undefined;
      throw new SceneError(
        child.file,
        child.line,
        path,
        known ? `<${child.name}> is not allowed inside <${source.name}>` : `unknown element <${child.name}>`,
      );
    }
    const flavour = VOCABULARY[child.name]!.flavour;
    if (flavour && state.flavour === 'ros3') {
      throw new SceneError(child.file, child.line, path, `<${child.name}> exists only in ODE-era .ros2 scenes`);
    }
    if (flavour === 'odeIgnored') {
      warnOnce(
        state,
        `element:${child.name}`,
        child.file,
        child.line,
        path,
        `ODE-only element <${child.name}> ignored (MuJoCo has no counterpart)`,
      );
      continue;
    }
    if (index.optional.has(child.name)) {
      optionalSeen ??= new Set();
      if (optionalSeen.has(child.name))
        throw new SceneError(child.file, child.line, path, `at most one <${child.name}> is allowed`);
      optionalSeen.add(child.name);
    }
    instantiated.push(instantiate(child, path, scope, childMacroStack, state, depth + 1));
  }
  for (const group of spec.required) {
    if (!instantiated.some((c) => group.includes(c.type))) {
      throw new SceneError(
        source.file,
        source.line,
        path,
        `needs ${group.length === 1 ? `a <${group[0]}>` : `one of <${group.join('>, <')}>`} child`,
      );
    }
  }
  return {
    type: source.name,
    name,
    attributes: resolved,
    children: instantiated,
    text: textSource?.text ?? '',
    textSource,
    path,
    file: source.file,
    line: source.line,
  };
}
