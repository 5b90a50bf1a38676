/**
 * @file Builds the self-contained robot folder: one bundled JavaScript file (esbuild; every dependency's JavaScript
 * inside), the native parts a bundle cannot hold (koffi's FFI binary for cameras and microphones, ONNX Runtime for
 * the neural networks; both for the NAO's x86-64 Linux) in node_modules beside it, the config tree, and a start
 * script. Nothing else needs to be installed on the robot except Node (see docs/robot.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { MIN_NODE_MAJOR, NODE_BUNDLE_OPTIONS } from './nodeBundle';

/** The bundle's file name. */
export const BUNDLE_NAME = 'pitchside-robot.mjs';
/** The start script's file name. */
export const START_SCRIPT = 'start.sh';

const REPO = path.resolve(import.meta.dirname, '../../..');

/**
 * The native packages' files for the NAO (x86-64 Linux), copied to node_modules beside the bundle, where the bundle
 * requires them at run time: koffi's prebuilt binary, and ONNX Runtime's binding with the JavaScript it loads.
 */
const NATIVE_FILES = [
  '@koromix/koffi-linux-x64',
  'onnxruntime-node/package.json',
  'onnxruntime-node/dist',
  'onnxruntime-node/bin/napi-v6/linux/x64',
  'onnxruntime-common',
];

/** What was built. */
export interface RobotBundle {
  dir: string;
  bundle: string;
  startScript: string;
  bytes: number;
}

/** The start script: checks Node, then starts the robot on LoLA with team communication. Extra arguments pass on. */
export function startScriptText(): string {
  return [
    '#!/bin/sh',
    '# Starts Pitchside on the robot: LoLA on /tmp/robocup drives Motion, team communication and GameController on.',
    '# Extra arguments go to the robot program (try --help).',
    'cd "$(dirname "$0")" || exit 1',
    `if ! node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= ${MIN_NODE_MAJOR} ? 0 : 1)' 2>/dev/null; then`,
    `  echo "pitchside needs Node ${MIN_NODE_MAJOR} or newer on the robot (found: $(node --version 2>/dev/null || echo none))" >&2`,
    '  exit 1',
    'fi',
    `exec node ${BUNDLE_NAME} --lola "\${LOLA_SOCKET:-/tmp/robocup}" --network "$@"`,
    '',
  ].join('\n');
}

/** Builds into `outDir` (emptied first). */
export async function buildRobotBundle(outDir: string, configRoot = path.join(REPO, 'config')): Promise<RobotBundle> {
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  const bundle = path.join(outDir, BUNDLE_NAME);
  await build({
    entryPoints: [path.join(REPO, 'app/host/deploy/robotEntry.ts')],
    outfile: bundle,
    ...NODE_BUNDLE_OPTIONS,
  });
  for (const file of NATIVE_FILES)
    fs.cpSync(path.join(REPO, 'node_modules', file), path.join(outDir, 'node_modules', file), { recursive: true });
  fs.cpSync(configRoot, path.join(outDir, 'config'), { recursive: true });
  const startScript = path.join(outDir, START_SCRIPT);
  fs.writeFileSync(startScript, startScriptText(), { mode: 0o755 });
  return { dir: outDir, bundle, startScript, bytes: fs.statSync(bundle).size };
}
