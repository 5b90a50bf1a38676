/**
 * @file Helpers of the log view specs: a replay log provider with a demo log written by the real log writer,
 * opening views from the View menu, and reading the log player's status line.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ConsoleController } from '@app/host/console/ConsoleController';
import { logCommand } from '@app/host/log/logCommands';
import { MemoryFiles } from '@app/host/console/files';
import { LogFile } from '@app/host/log/LogFile';
import { exportMcap } from '@app/host/log/mcapExport';
import { writeDemoLog } from '@app/host/log/testing/demoLog';
import { InProcessRobot } from '@app/host/log/testing/InProcessRobot';
import { LogProvider } from '@app/host/providers/log/LogProvider';
import { ROOT_DIR } from '../../support/appServer';

/** A folder with the demo log (`demo.log`, 120 cycles = 720 frames); remove it with `fs.rmSync` after the file. */
export function demoLogFolder(): { dir: string; file: string; frames: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-e2e-log-'));
  const file = path.join(dir, 'demo.log');
  const index = writeDemoLog(file, 120);
  return { dir, file, frames: index.frameOffsets.length };
}

/** What the recorded log holds: sensor data, images, the world model and the ground truth, as a robot sends them. */
const RECORDED = [
  'FrameInfo',
  'CameraInfo',
  'CameraImage',
  'CameraMatrix',
  'GroundTruthWorldState',
  'BallPercept',
  'GameState',
  'BallModel',
  'RobotPose',
  'MotionRequest',
  'JointSensorData',
  'InertialData',
  'OdometryData',
];

/**
 * A folder with a log recorded through the console from a running robot (`recorded.log`, `seconds` of robot
 * time) and its MCAP export (`recorded.mcap`, written by the exporter `npm run log -- export --mcap` runs).
 */
export async function recordedLogFolder(
  seconds: number,
): Promise<{ dir: string; log: string; mcap: string; frames: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-e2e-mcap-'));
  const robot = new InProcessRobot('recorder');
  const controller = new ConsoleController({ files: new MemoryFiles() });
  const errors: string[] = [];
  controller.on('output', (o) => /^(Error|Syntax)/.test(o.text) && errors.push(o.text));
  controller.commands.register([logCommand]);
  controller.addRobot(robot.console);
  robot.run(500); // polling
  for (const r of RECORDED) controller.execute(`dr representation:${r}`);
  controller.execute('log start');
  robot.run(seconds * 1000);
  controller.execute('log stop');
  const log = path.join(dir, 'recorded.log');
  controller.execute(`log save ${log}`);
  if (errors.length) throw new Error(errors.join('\n'));
  const file = LogFile.open(log);
  const mcap = path.join(dir, 'recorded.mcap');
  await exportMcap(file, mcap);
  const frames = file.frameCount;
  file.close();
  return { dir, log, mcap, frames };
}

/** The provider `npm start` uses for `sl`, on the repository's config/. */
export function logProvider(): LogProvider {
  return new LogProvider({ configRoot: path.join(ROOT_DIR, 'config'), files: new MemoryFiles() });
}

/** Opens a view from the View menu by its title. */
export async function openView(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'View' }).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${title}`) }).click();
}

/** The log player's state and frame from its status line (`paused · frame 12 / 720 · …`). */
export async function playerStatus(page: Page): Promise<{ state: string; frame: number }> {
  const text = (await page.getByTestId('log-status').textContent()) ?? '';
  const m = /^(\w+) · frame (\d+) \//.exec(text);
  return { state: m?.[1] ?? '', frame: Number(m?.[2] ?? -1) };
}
