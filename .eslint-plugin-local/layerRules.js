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

/**
 * The floors of app/host, lowest first: a folder may import the folders on its own floor and below, never one
 * above, so the host's import graph has no cycle between folders (docs/architecture.md says what lives on each).
 */
export const HOST_FLOORS = [
  ['transport', 'network', 'serving', 'browser', 'deploy', 'images', 'perception'],
  ['console'],
  ['log', 'viewData'],
  ['testRuns', 'fuzz'],
  ['session'],
  ['providers'],
  ['composition', 'cli'],
  ['bench'],
];

/**
 * Layers, most specific prefix first. `may` lists layer names this layer may import (its own layer is always
 * allowed unless `siblings` says otherwise). `node`/`ui`/`electron` say which package kinds are allowed.
 * `siblings: 'isolated'` means each direct sub-folder is its own island (modules/X, views/X).
 */
export const LAYERS = [
  {
    name: 'rr/hosts/robot',
    prefix: 'robot-runtime/hosts/robot/',
    may: [
      'rr/math',
      'rr/protocol',
      'rr/core',
      'rr/representations',
      'rr/modules',
      'rr/threads',
      'rr/hosts/sim',
      'rr/hosts/node',
    ],
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
    may: ['rr/math', 'rr/protocol', 'rr/core', 'rr/representations', 'rr/modules', 'rr/threads'],
  },
  {
    name: 'rr/threads',
    prefix: 'robot-runtime/threads/',
    may: ['rr/math', 'rr/protocol', 'rr/core', 'rr/representations', 'rr/modules'],
  },
  {
    name: 'rr/modules',
    prefix: 'robot-runtime/modules/',
    may: ['rr/math', 'rr/core', 'rr/representations'],
    siblings: 'isolated',
    depth: 2,
  },
  { name: 'rr/representations', prefix: 'robot-runtime/representations/', may: ['rr/math', 'rr/protocol', 'rr/core'] },
  { name: 'rr/core', prefix: 'robot-runtime/core/', may: ['rr/math', 'rr/protocol'] },
  { name: 'rr/protocol', prefix: 'robot-runtime/protocol/', may: ['rr/math'] },
  { name: 'rr/math', prefix: 'robot-runtime/math/', may: [] },
  { name: 'rr/other', prefix: 'robot-runtime/', may: ['rr/math', 'rr/protocol', 'rr/core', 'rr/representations'] },
  { name: 'app/ipc', prefix: 'app/ipc/', may: [], typeOnly: ['rr/protocol'] },
  { name: 'app/preload', prefix: 'app/preload/', may: ['app/ipc'], electron: true },
  { name: 'app/main', prefix: 'app/main/', may: [...hostFolders(), 'app/ipc'], node: true, electron: true },
  { name: 'app/simulator', prefix: 'app/simulator/', may: [...rr(), 'app/ipc'], node: true },
  ...hostFloorLayers(),
  { name: 'app/web', prefix: 'app/web/', may: [...rr(), 'app/ipc', 'app/simulator', ...hostFolders()], node: true },
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
    may: [
      'renderer/lib',
      'renderer/components',
      'renderer/render3d',
      'renderer/services',
      'renderer/data',
      ...rrPure(),
    ],
    ui: true,
    typeOnly: ['app/ipc'],
    siblings: 'isolated',
    depth: 1,
  },
  {
    name: 'renderer/shell',
    prefix: 'renderer/shell/',
    may: [
      'renderer/lib',
      'renderer/components',
      'renderer/render3d',
      'renderer/services',
      'renderer/data',
      'renderer/views',
      ...rrPure(),
    ],
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
    may: ['app/ipc', ...hostFolders(), 'app/web', 'app/simulator', ...rr(), 'tooling'],
    node: true,
  },
  // The build tools' shared table of layer aliases (read by the Vite and Vitest configs).
  { name: 'tooling', prefix: 'pathAliases.mjs', may: [], node: true },
  { name: 'data', prefix: 'scenes/', may: [] },
  { name: 'data', prefix: 'config/', may: [] },
];

/** The layer names of every host folder: what the host's users (Electron, the browser mode, e2e) may import. */
function hostFolders() {
  return HOST_FLOORS.flat().map((folder) => `app/host/${folder}`);
}

/** One layer per folder of app/host; its floor and the floors below are what it may import. */
function hostFloorLayers() {
  const below = [];
  const layers = HOST_FLOORS.flatMap((floor, level) => {
    below.push(...floor.map((folder) => `app/host/${folder}`));
    return floor.map((folder) => ({
      name: `app/host/${folder}`,
      prefix: `app/host/${folder}/`,
      may: [...rr(), 'app/ipc', 'app/simulator', ...below],
      node: true,
      hostFloor: level + 1,
    }));
  });
  // A file of app/host outside every floor's folder: checkImport asks for its folder to be given a floor.
  return [...layers, { name: 'app/host', prefix: 'app/host/', may: [], node: true, unfloored: true }];
}

function rr() {
  return [
    'rr/math',
    'rr/protocol',
    'rr/core',
    'rr/representations',
    'rr/modules',
    'rr/threads',
    'rr/hosts/sim',
    'rr/hosts/node',
    'rr/hosts/robot',
    'rr/other',
  ];
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

const TEST_FILE = /\.test\.tsx?$/;

/** `app/host/<folder>` of a path inside app/host. */
function hostFolderOf(relPath) {
  return relPath.split('/').slice(0, 3).join('/');
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
  const unfloored = [from, target].find((p) => layerOf(p).unfloored);
  if (unfloored) return `${hostFolderOf(unfloored)} is on no floor: give it one in HOST_FLOORS (layerRules.js)`;
  if (layer.hostFloor && targetLayer.hostFloor > layer.hostFloor) {
    // A test is imported by nothing, so reaching up from it (to drive its subject through a higher floor that
    // uses it) cannot make a floor depend on a higher one; the helpers tests share (testing/) are held to floors.
    if (TEST_FILE.test(from)) return undefined;
    return (
      `${layer.name} (floor ${layer.hostFloor}) must not import ${targetLayer.name} (floor ${targetLayer.hostFloor}): ` +
      `the import runs back up ('${spec}'); move the code to the floor it belongs on`
    );
  }
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
