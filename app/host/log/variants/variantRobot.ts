/**
 * @file The replay robot a variant runs in: a second replay of its original's log (the file opened again, so the
 * two players read independently), built from the same modules, with the configuration the original runs now and
 * the parameters of each module it runs as the original holds them now (its `set`s included; the other modules'
 * come from the config tree), so that before the variant's own lines the two programs compute the same bytes.
 */
import { decode, encode } from '@robot-runtime/protocol/binary/encode';
import type { TypeRef } from '@robot-runtime/protocol/types';
import { openFrameSource } from '../openFrameSource';
import { replayRobotOf } from '../openReplay';
import type { ReplayRobot } from '../ReplayRobot';

/** Snapshots of a variant (its seeks within the window): a quarter of an original's budget. */
const VARIANT_SNAPSHOTS = { budgetBytes: 64 * 1024 * 1024, intervalFrames: 30 };

/** Opens the log of `original` again as the variant robot `name`; `configRoot` holds its networks. */
export function variantRobot(original: ReplayRobot, name: string, configRoot: string): ReplayRobot {
  const parameters: Record<string, unknown> = {};
  for (const runner of original.program.threads)
    for (const [module, live] of runner.modules) {
      const type = live.definition.parameters as TypeRef<unknown> | undefined;
      // Through the codec: parameter objects are class instances, and the copy must not share them.
      if (type && live.params !== undefined) parameters[module] = decode(type, encode(type, live.params));
    }
  return replayRobotOf(name, openFrameSource(original.file.path), {
    configRoot,
    configuration: original.currentConfiguration,
    parameterOverrides: parameters,
    modules: original.modules,
    playing: false,
    snapshots: VARIANT_SNAPSHOTS,
  });
}
