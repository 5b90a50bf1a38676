// Issue 35: a replay shows what the recorded robot believed. robot1 of the default scene (Game.ros3, its start
// script choosing BallAndPenaltyMarkPerceptor for robot1) is recorded through its console, saved, and opened again with `sl`
// alone: the replay starts from the module configuration the log records and takes every logged representation
// from the log, so its BallModel, RobotPose and ObstacleModel equal the recorded ones in every frame.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Configuration } from '@robot-runtime/core/config/Configuration';
import { LogChunk } from '@robot-runtime/protocol/log/chunks';
import { messageIdNames } from '@robot-runtime/protocol/messages/MessageIDs';
import { ConsoleController } from '../console/ConsoleController';
import { logCommand } from './logCommands';
import { NodeFiles } from '../console/nodeFiles';
import { SimulationProvider } from '../providers/simulation/SimulationProvider';
import { controllerHost } from '../session/testing/controllerHost';
import { LogFile } from './LogFile';
import { logSession } from './LogSession';
import { CONFIGURATION_MESSAGE_ID, recordedConfiguration } from './recordedConfiguration';
import { CONFIG_ROOT } from './testing/InProcessRobot';
import { SCENES } from './testing/recordingScene';
import { replayLog } from './testing/replayLog';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-beliefs-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Simulated seconds recorded after kick-off. */
const SECONDS = 4;
const BELIEFS = ['BallModel', 'RobotPose', 'ObstacleModel'];

interface Recording {
  file: string;
  /** robot1's configuration while it was recorded, as its console knew it. */
  configuration: Configuration;
}

async function record(): Promise<Recording> {
  const controller = new ConsoleController({ files: new NodeFiles() });
  const output: string[] = [];
  controller.on('output', (o) => output.push(o.text));
  controller.commands.register([logCommand]);
  const provider = new SimulationProvider({ sceneFile: path.join(SCENES, 'Game.ros3'), run: false });
  provider.start(controllerHost(controller));
  try {
    await provider.whenLoaded();
    controller.execute('robot robot1');
    for (const r of ['FrameInfo', 'GameState', ...BELIEFS]) controller.execute(`dr representation:${r}`);
    controller.execute('gc ready');
    for (let i = 0; i < 200 && controller.busy; i++) controller.execute('sim step 5');
    controller.execute('log start');
    for (let i = 0; i < (SECONDS * 1000) / 60; i++) controller.execute('sim step 5');
    controller.execute('log stop');
    const file = path.join(dir, 'robot1.log');
    controller.execute(`log save ${file}`);
    expect(output.at(-1)).toMatch(/^Saved \d+ frames/);
    const console = controller.robotConsole('robot1')!;
    expect(logSession(console).recorder.configuration).toEqual(console.model.moduleTable!.configuration);
    return { file, configuration: console.model.moduleTable!.configuration };
  } finally {
    await provider.dispose();
  }
}

describe('a replay shows the recorded beliefs', () => {
  let recording: Recording;
  beforeAll(async () => {
    recording = await record();
  }, 240_000);

  it('records the module configuration in the first frame, under an id name B-Human does not know', () => {
    const log = LogFile.open(recording.file);
    try {
      expect(log.problems).toEqual([]);
      expect(log.log.idNames[CONFIGURATION_MESSAGE_ID]).toBe('idPitchsideConfiguration');
      expect(log.readFrame(0).messages[0]!.id).toBe(CONFIGURATION_MESSAGE_ID);
      expect(recordedConfiguration(log)).toEqual({
        kind: 'recorded',
        configuration: recording.configuration,
        frame: 0,
      });
      // The header holds only B-Human's chunks (nothing its reader stops at): message ids first, as no settings
      // arrived from a simulated robot; the names of B-Human's table keep their places before Pitchside's.
      expect(fs.readFileSync(recording.file)[0]).toBe(LogChunk.messageIds);
      expect(log.log.idNames.slice(0, CONFIGURATION_MESSAGE_ID)).toEqual(messageIdNames);
    } finally {
      log.close();
    }
    // robot1 ran the start script's BallAndPenaltyMarkPerceptor in its camera threads, not threads.cfg's OracledPerceptsProvider.
    const upper = recording.configuration.threads.find((t) => t.name === 'Upper')!;
    expect(upper.representationProviders).toContainEqual({
      representation: 'BallPercept',
      provider: 'BallAndPenaltyMarkPerceptor',
    });
  });

  it('sl alone replays with that configuration and the logged beliefs equal the recorded ones in every frame', async () => {
    const texts: string[] = [];
    const result = await replayLog(recording.file, {
      configRoot: CONFIG_ROOT,
      logMr: false,
      onText: (t) => texts.push(t),
    });
    const { robot } = result;
    expect(texts.filter((t) => /Error|Replay:/.test(t))).toEqual([]);
    const provider = (thread: string, rep: string) =>
      robot.currentConfiguration.threads
        .find((t) => t.name === thread)!
        .representationProviders.find((p) => p.representation === rep)?.provider;
    expect(provider('Upper', 'BallPercept')).toBe('BallAndPenaltyMarkPerceptor');
    for (const belief of BELIEFS) expect(provider('Cognition', belief)).toBe('LogDataProvider');
    expect(provider('Cognition', 'MotionRequest')).toBe('BehaviorControl'); // not logged: computed again
    expect(result.different.slice(0, 20)).toEqual([]);
    const cognitionFrames = LogFile.open(recording.file);
    const frames = Array.from({ length: cognitionFrames.frameCount }, (_, i) => cognitionFrames.readFrame(i)).filter(
      (f) => f.thread === 'Cognition',
    ).length;
    cognitionFrames.close();
    for (const belief of BELIEFS) expect(result.provided.get(belief)).toBe(frames);
    expect(frames).toBeGreaterThan(SECONDS * 55);
    expect(result.recomputed.size).toBe(0);
    // `log mr list` names every logged belief (B-Human's behaviour); the replay applied them already.
    texts.length = 0;
    result.controller.execute('log mr list');
    for (let i = 0; i < 50 && result.controller.busy; i++) result.controller.update();
    for (const belief of BELIEFS) expect(texts.join('\n')).toContain(`for Cognition mr ${belief} LogDataProvider`);
  });
});
