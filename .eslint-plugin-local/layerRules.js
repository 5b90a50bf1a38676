// The layer rules of docs/architecture.md as data, plus the pure check the ESLint rule and its test share.
// A file's layer is the first rule whose prefix matches its repo-relative path; the rule lists which layers
// (and which kinds of packages) it may import. No per-file exemptions exist by design.
import { builtinModules } from 'node:module';

const NODE_BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/** Packages that pull UI or Electron into whatever imports them. */
const UI_PACKAGES = [
  'react',
  'react-dom',
  'three',
  'uplot',
  'monaco-editor',
  'electron',
  'dockview',
  '@xyflow',
  'elkjs',
];

/** The runtime's floors from the bottom up: each may import the ones below it (modules skip protocol). */
const RR_FLOORS = ['rr/math', 'rr/protocol', 'rr/core', 'rr/representations', 'rr/modules', 'rr/threads'];

/** The runtime floors below `floor`. */
function rrBelow(floor) {
  return RR_FLOORS.slice(0, RR_FLOORS.indexOf(floor));
}

/** What the renderer's views build on (the shell has these and the views). */
const BELOW_VIEWS = ['renderer/lib', 'renderer/components', 'renderer/render3d', 'renderer/services', 'renderer/data'];

/**
 * Layers, most specific prefix first. `may` lists layer names this layer may import (its own layer is always
 * allowed unless `siblings` says otherwise). `node`/`ui`/`electron` say which package kinds are allowed.
 * `siblings: 'isolated'` means each direct sub-folder is its own island (modules/X, views/X).
 */
export const LAYERS = [
  {
    name: 'rr/hosts/robot',
    prefix: 'robot-runtime/hosts/robot/',
    may: [...RR_FLOORS, 'rr/hosts/sim', 'rr/hosts/node'],
    node: true,
  },
  {
    name: 'rr/hosts/node',
    prefix: 'robot-runtime/hosts/node/',
    may: ['rr/math', 'rr/protocol', 'rr/core'],
    node: true,
  },
  {
    name: 'rr/hosts/sim',
    prefix: 'robot-runtime/hosts/sim/',
    may: RR_FLOORS,
  },
  {
    name: 'rr/threads',
    prefix: 'robot-runtime/threads/',
    may: rrBelow('rr/threads'),
  },
  {
    name: 'rr/modules',
    prefix: 'robot-runtime/modules/',
    may: ['rr/math', 'rr/core', 'rr/representations'],
    siblings: 'isolated',
    depth: 2,
  },
  { name: 'rr/representations', prefix: 'robot-runtime/representations/', may: rrBelow('rr/representations') },
  { name: 'rr/core', prefix: 'robot-runtime/core/', may: rrBelow('rr/core') },
  { name: 'rr/protocol', prefix: 'robot-runtime/protocol/', may: rrBelow('rr/protocol') },
  { name: 'rr/math', prefix: 'robot-runtime/math/', may: [] },
  { name: 'rr/other', prefix: 'robot-runtime/', may: ['rr/math', 'rr/protocol', 'rr/core', 'rr/representations'] },
  { name: 'app/ipc', prefix: 'app/ipc/', may: [], typeOnly: ['rr/protocol'] },
  { name: 'app/preload', prefix: 'app/preload/', may: ['app/ipc'], electron: true },
  { name: 'app/main', prefix: 'app/main/', may: ['app/host', 'app/ipc'], node: true, electron: true },
  { name: 'app/simulator', prefix: 'app/simulator/', may: [...rr(), 'app/ipc'], node: true },
  { name: 'app/host', prefix: 'app/host/', may: [...rr(), 'app/ipc', 'app/simulator'], node: true },
  { name: 'app/web', prefix: 'app/web/', may: [...rr(), 'app/ipc', 'app/simulator', 'app/host'], node: true },
  { name: 'renderer/lib', prefix: 'renderer/lib/', may: [...rrPure()], ui: true, typeOnly: ['app/ipc'] },
  {
    name: 'renderer/components',
    prefix: 'renderer/components/',
    may: ['renderer/lib', ...rrPure()],
    ui: true,
    typeOnly: ['app/ipc'],
  },
  {
    name: 'renderer/render3d',
    prefix: 'renderer/render3d/',
    may: ['renderer/lib', ...rrPure()],
    ui: true,
    typeOnly: ['app/ipc'],
  },
  {
    name: 'renderer/services',
    prefix: 'renderer/services/',
    may: ['renderer/lib', ...rrPure()],
    ui: true,
    typeOnly: ['app/ipc'],
  },
  {
    name: 'renderer/data',
    prefix: 'renderer/data/',
    may: ['renderer/lib', 'renderer/services', ...rrPure()],
    ui: true,
    typeOnly: ['app/ipc'],
  },
  {
    name: 'renderer/views',
    prefix: 'renderer/views/',
    may: [...BELOW_VIEWS, ...rrPure()],
    ui: true,
    typeOnly: ['app/ipc'],
    siblings: 'isolated',
    depth: 1,
  },
  {
    name: 'renderer/shell',
    prefix: 'renderer/shell/',
    may: [...BELOW_VIEWS, 'renderer/views', ...rrPure()],
    ui: true,
    typeOnly: ['app/ipc'],
  },
  {
    name: 'renderer/other',
    prefix: 'renderer/',
    may: ['renderer/shell', ...rrPure()],
    ui: true,
    typeOnly: ['app/ipc'],
  },
  {
    name: 'e2e',
    prefix: 'e2e/',
    may: ['app/ipc', 'app/host', 'app/web', 'app/simulator', ...rr(), 'tooling'],
    node: true,
  },
  // The build tools' shared table of layer aliases (read by the Vite and Vitest configs).
  { name: 'tooling', prefix: 'pathAliases.mjs', may: [], node: true },
  { name: 'data', prefix: 'scenes/', may: [] },
  { name: 'data', prefix: 'config/', may: [] },
];

function rr() {
  return [...RR_FLOORS, 'rr/hosts/sim', 'rr/hosts/node', 'rr/hosts/robot', 'rr/other'];
}
function rrPure() {
  return ['rr/math', 'rr/protocol', 'rr/representations'];
}

/** The layer of a repo-relative path, or undefined for files outside every layer (root configs, tools). */
export function layerOf(relPath) {
  return LAYERS.find((l) => relPath.startsWith(l.prefix));
}

/** For isolated layers: the island a file belongs to (e.g. `robot-runtime/modules/Modeling/BallLocator/`). */
function islandOf(layer, relPath) {
  const rest = relPath.slice(layer.prefix.length).split('/');
  const parts = rest.slice(0, Math.min(layer.depth ?? 1, rest.length - 1));
  return layer.prefix + parts.join('/') + '/';
}

function packageName(spec) {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * Checks one import. `from` and `target` are repo-relative paths (target undefined for packages).
 * Returns a message when the import breaks a layer rule, else undefined.
 */
export function checkImport({ from, spec, target, typeOnly }) {
  const layer = layerOf(from);
  if (!layer) return undefined;
  if (target === undefined) {
    const pkg = packageName(spec);
    if (NODE_BUILTINS.has(spec) || NODE_BUILTINS.has(pkg)) {
      return layer.node ? undefined : `${layer.name} must not import Node built-in '${spec}' (only Node layers may)`;
    }
    if (pkg === 'electron') return layer.electron ? undefined : `${layer.name} must not import electron`;
    if (UI_PACKAGES.some((p) => pkg === p || pkg.startsWith(`${p}/`))) {
      return layer.ui ? undefined : `${layer.name} must not import UI package '${pkg}'`;
    }
    return undefined;
  }
  const targetLayer = layerOf(target);
  if (!targetLayer) return `${layer.name} must not import '${spec}' from outside the layered folders`;
  if (targetLayer.name === 'data')
    return `${layer.name} must not import data from '${target}' (scenes/ and config/ are read by path)`;
  if (targetLayer === layer) {
    if (layer.siblings === 'isolated' && islandOf(layer, from) !== islandOf(layer, target)) {
      return `${islandOf(layer, from)} must not import its sibling ${islandOf(layer, target)} (they talk through ${layer.name === 'rr/modules' ? 'representations' : 'data sources and services'})`;
    }
    return undefined;
  }
  if (layer.may.includes(targetLayer.name)) return undefined;
  if (typeOnly && (layer.typeOnly ?? []).includes(targetLayer.name)) return undefined;
  const hint = (layer.typeOnly ?? []).includes(targetLayer.name) ? ' except as `import type`' : '';
  return `${layer.name} must not import ${targetLayer.name}${hint} ('${spec}')`;
}
