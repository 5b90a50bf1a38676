/**
 * @file This runtime's team message definition: `teamMessage.def` found through the configuration search path,
 * compiled with the runtime's enums (the definition names them by their streamed type names).
 */
import { createContentCodec, type ContentCodec } from '@robot-runtime/protocol/teamMessage/contentCodec';
import { BehaviorActivity, BehaviorRole } from '@robot-runtime/representations/BehaviorControl/BehaviorStatus';
import { GameStateState } from '@robot-runtime/representations/Infrastructure/GameState';
import { LocalizationQuality } from '@robot-runtime/representations/Modeling/RobotPose';
import { MotionType } from '@robot-runtime/representations/MotionControl/MotionRequest';

/** The enums a definition may name, by their streamed names. */
export function teamMessageEnums(): Record<string, readonly string[]> {
  return Object.fromEntries(
    [BehaviorRole, BehaviorActivity, GameStateState, LocalizationQuality, MotionType].map((e) => [e.typeName, e.names]),
  );
}

/** Something that reads config files by search path (first match wins). */
export interface ConfigReader {
  readText(relative: string): string | undefined;
}

/** The definition's text from the first search-path folder that has one. */
export function findTeamMessageDefinition(fs: ConfigReader, dirs: readonly string[]): string | undefined {
  for (const dir of dirs) {
    const text = fs.readText(`${dir}${dir && !dir.endsWith('/') ? '/' : ''}teamMessage.def`);
    if (text !== undefined) return text;
  }
  return undefined;
}

/** The bit-packed content codec of `definition`. */
export function teamContentCodec(definition: string): ContentCodec {
  return createContentCodec(definition, teamMessageEnums());
}
