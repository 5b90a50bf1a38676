/**
 * @file The decoder the team monitor reads B-Human-format payloads with: this runtime's `teamMessage.def`,
 * found through the configuration search path of settings.cfg's location and scenario (the file the simulated and
 * standalone robots encode with).
 */
import { SettingsType } from '@robot-runtime/core/config/Settings';
import { searchPath } from '@robot-runtime/core/config/searchPath';
import { findTeamMessageDefinition, teamContentCodec } from '@robot-runtime/hosts/robot/network/teamMessageDefinition';
import { NodeFileSystem } from '@robot-runtime/hosts/node/NodeFileSystem';
import { parseTyped } from '@robot-runtime/protocol/configMap';
import type { ContentCodec } from '@robot-runtime/protocol/teamMessage/contentCodec';

/** The codec, or why there is none (the monitor then shows headers only). */
export interface MonitorCodec {
  readonly codec?: ContentCodec;
  readonly problem?: string;
}

/** Compiles the configuration's team message definition under `configRoot`. */
export function monitorCodec(configRoot: string): MonitorCodec {
  const fs = new NodeFileSystem(configRoot);
  const settingsText = fs.readText('settings.cfg');
  const settings =
    settingsText === undefined
      ? SettingsType.defaultValue()
      : parseTyped(SettingsType, settingsText, 'settings.cfg').value;
  const definition = findTeamMessageDefinition(
    fs,
    searchPath({ headName: 'Nao', bodyName: 'Nao', location: settings.location, scenario: settings.scenario }),
  );
  if (definition === undefined)
    return { problem: 'teamMessage.def not found: team messages are shown without their content' };
  try {
    return { codec: teamContentCodec(definition) };
  } catch (e) {
    return { problem: `teamMessage.def: ${(e as Error).message}; team messages are shown without their content` };
  }
}
