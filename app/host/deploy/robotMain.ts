/**
 * @file The bundled robot's main thread: the usual command line, with the registry and worker entry being the
 * bundle itself and the config folder next to it.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runRobotCli } from '@robot-runtime/hosts/robot/cli';

const bundle = import.meta.url;
runRobotCli(process.argv.slice(2), {
  registryPath: bundle,
  workerUrl: new URL(bundle),
  configRoot: path.join(path.dirname(fileURLToPath(bundle)), 'config'),
});
