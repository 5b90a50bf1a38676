/**
 * Pitchside's `config/` files must be readable by B-Human's readers and B-Human's by ours. B-Human reads these
 * files into typed objects and rejects what does not fit the declared field types; the types below restate
 * B-Human's declarations (Settings: int, TeamColor ×2, int, string ×2, unsigned char; robots.cfg: a list of
 * `{name; robotType; headId; bodyId}` under `robotsIds`; threads.cfg: Configuration) and read every file strictly.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedCorpus } from '@robot-runtime/hosts/node/testing/sharedCorpus';
import { ConfigurationType } from '@robot-runtime/core/config/Configuration';
import { SettingsType, TeamColor } from '@robot-runtime/core/config/Settings';
import { parseTyped } from '@robot-runtime/protocol/configMap/parseTyped';
import { defineClass, field, t, type AnyType, type TypeRef } from '@robot-runtime/protocol/types';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
/** B-Human's own configuration files (outside the repository, next to it). */
const CORPUS_CONFIG = sharedCorpus('bhuman', 'Config');

/** B-Human's Settings as its reader declares them. */
const BHumanSettings = defineClass('BHumanConfigTest::Settings', {
  teamNumber: field(t.int32, 'int'),
  fieldPlayerColor: field(TeamColor, 'Settings::TeamColor'),
  goalkeeperColor: field(TeamColor, 'Settings::TeamColor'),
  playerNumber: field(t.int32, 'int'),
  location: field(t.string, 'std::string'),
  scenario: field(t.string, 'std::string'),
  magicNumber: field(t.uint8, 'unsigned char'),
});

/** One entry of B-Human's robots.cfg (the robot type is an enum there; its constant is read as text here). */
const BHumanRobotId = defineClass('BHumanConfigTest::RobotId', {
  name: field(t.string, 'std::string'),
  robotType: field(t.string, 'robot type constant'),
  headId: field(t.string, 'std::string'),
  bodyId: field(t.string, 'std::string'),
});
const BHumanRobots = defineClass('BHumanConfigTest::Robots', {
  robotsIds: field(t.vector(BHumanRobotId), 'std::vector<RobotId>'),
});

/** Reads `file` as `type` and returns every diagnostic (B-Human's reader reports missing and unknown keys too). */
function diagnostics(type: AnyType, file: string): string[] {
  const result = parseTyped(type as TypeRef<unknown>, fs.readFileSync(file, 'utf8'), file);
  return result.diagnostics.map((d) => `${d.severity}: ${d.message}`);
}

describe("config files in B-Human's form", () => {
  it("settings.cfg: ours reads with B-Human's field types (magicNumber 0..255), and theirs with ours", () => {
    expect(diagnostics(BHumanSettings, path.join(REPO_ROOT, 'config/settings.cfg'))).toEqual([]);
    expect(diagnostics(SettingsType, path.join(CORPUS_CONFIG, 'settings.cfg'))).toEqual([]);
    // B-Human's reader refuses -1 for the unsigned char, so ours must too.
    const refused = parseTyped(SettingsType, 'magicNumber = -1;', 'settings.cfg').diagnostics;
    expect(refused.some((d) => d.severity === 'error' && d.path === 'magicNumber')).toBe(true);
  });

  it("robots.cfg: ours is B-Human's robotsIds list, theirs reads with the same declaration", () => {
    expect(diagnostics(BHumanRobots, path.join(REPO_ROOT, 'config/Robots/robots.cfg'))).toEqual([]);
    expect(diagnostics(BHumanRobots, path.join(CORPUS_CONFIG, 'Robots/robots.cfg'))).toEqual([]);
  });

  it('threads.cfg: ours and theirs read as Configuration both ways', () => {
    expect(diagnostics(ConfigurationType, path.join(REPO_ROOT, 'config/Scenarios/Default/threads.cfg'))).toEqual([]);
    expect(diagnostics(ConfigurationType, path.join(CORPUS_CONFIG, 'Scenarios/Default/threads.cfg'))).toEqual([]);
  });
});
