/**
 * @file The simulation's team messages go through the bit-packed codec of `teamMessage.def` (facts §8.1), as on a
 * real robot: the definition is found through the configuration's search path and registered with
 * TeamMessageHandler's codec seam under `bitPacked`, the name teamMessageHandler.cfg selects. The simple codec
 * stays registered, so a scenario may still choose `codec = simple`.
 */
import { registerTeamMessageCodec } from '../../../robot-runtime/modules/Communication/TeamMessageHandler/codecs';
import { findTeamMessageDefinition, teamContentCodec, type ConfigReader } from '../../../robot-runtime/hosts/robot/network/teamMessageDefinition';

/**
 * Compiles the first `teamMessage.def` of `dirs` and registers it; returns problems as text (a missing or broken
 * definition leaves `bitPacked` unregistered, and robots configured for it then send nothing).
 */
export function registerBitPackedCodec(fs: ConfigReader, dirs: readonly string[]): string[] {
  const definition = findTeamMessageDefinition(fs, dirs);
  if (definition === undefined) return ['teamMessage.def: not found in the configuration search path; the bit-packed team message codec is not available'];
  try {
    registerTeamMessageCodec(teamContentCodec(definition));
    return [];
  } catch (e) {
    return [`teamMessage.def: ${(e as Error).message}; the bit-packed team message codec is not available`];
  }
}
