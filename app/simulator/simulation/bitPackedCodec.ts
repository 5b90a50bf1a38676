/**
 * @file The simulation's team messages go through the bit-packed codec of `teamMessage.def` (formats §8.1), as on a
 * real robot: the definition is found through the configuration's search path and handed to every simulated
 * robot's modules (their context's `teamMessageCodecs`) under `bitPacked`, the name teamMessageHandler.cfg
 * selects. The simple codec is always there, so a scenario may still choose `codec = simple`.
 */
import type { TeamMessageCodecs } from '@robot-runtime/core/module/defineModule';
import {
  findTeamMessageDefinition,
  teamContentCodec,
  type ConfigReader,
} from '@robot-runtime/hosts/robot/network/teamMessageDefinition';

/**
 * Compiles the first `teamMessage.def` of `dirs`; problems come as text (a missing or broken definition leaves
 * `bitPacked` out, and robots configured for it then send nothing).
 */
export function bitPackedCodecs(
  fs: ConfigReader,
  dirs: readonly string[],
): { codecs: TeamMessageCodecs; problems: string[] } {
  const definition = findTeamMessageDefinition(fs, dirs);
  if (definition === undefined)
    return {
      codecs: new Map(),
      problems: [
        'teamMessage.def: not found in the configuration search path; the bit-packed team message codec is not available',
      ],
    };
  try {
    const codec = teamContentCodec(definition);
    return { codecs: new Map([[codec.name, codec]]), problems: [] };
  } catch (e) {
    return {
      codecs: new Map(),
      problems: [`teamMessage.def: ${(e as Error).message}; the bit-packed team message codec is not available`],
    };
  }
}
