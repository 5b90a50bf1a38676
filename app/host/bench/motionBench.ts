// Motion (docs/motion.md): the WalkingEngine on the articulated (MuJoCo) NAO. Top speeds reached: the true speed over
// 10 s after a 3 s start at the full request per axis, the engine's configured maximum as the baseline; the same on
// B-Human's NAO model with Pitchside's model as the baseline ("On B-Human's NAO model"). The engine's
// cost per Motion frame (CPU time of its updates), the robot's physics step as the baseline. Falls
// per robot per simulated hour in GameArticulated (7 vs 7, full module stack, oracle perception) over 120 s of play,
// split by whether the robot touched another robot within the second before (ground truth).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Pose2 } from '@robot-runtime/math/types';
import { MotionType } from '@robot-runtime/representations/MotionControl/MotionRequest';
import { WalkHarness, type NaoModel } from '../../simulator/motion/walkHarness';
import { Simulation } from '../../simulator/simulation/Simulation';
import { fallRates } from '../testRuns/robotStatistics';
import type { BenchRow } from './BenchRow';

const scenes = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../scenes');
/**
 * A whole half: falls come a few per robot-hour, and 120 s measured 0 in runs whose halves measured 0.4–3.4 per
 * robot per hour (docs/motion.md).
 */
const GAME_SECONDS = 600;

/** True speed along one axis (mm/s or rad/s) at the full request, after a start. */
async function topSpeed(
  request: Pose2,
  axis: (p: Pose2) => number,
  model: NaoModel = 'pitchside',
): Promise<{ reached: number; max: Pose2; engineMs: number; stepMs: number }> {
  const h = await WalkHarness.create({ odometryNoise: 0 }, undefined, false, model);
  try {
    h.run(1);
    h.request.motion = MotionType.walkAtRelativeSpeed;
    h.request.walkSpeed = request;
    h.run(3);
    let moved = 0;
    let last = h.pose;
    const engine0 = h.engineMs;
    const frames0 = h.frames;
    const begin = process.cpuUsage();
    h.run(10, () => {
      const p = h.pose;
      const dx = p.translation.x - last.translation.x,
        dy = p.translation.y - last.translation.y;
      // Along the robot's own axes, so a slowly drifting heading does not count against it.
      const c = Math.cos(-last.rotation),
        s = Math.sin(-last.rotation);
      const rotation = Math.atan2(Math.sin(p.rotation - last.rotation), Math.cos(p.rotation - last.rotation));
      moved += axis({ rotation, translation: { x: c * dx - s * dy, y: s * dx + c * dy } });
      last = p;
    });
    const used = process.cpuUsage(begin);
    const cpu = (used.user + used.system) / 1000;
    const frames = h.frames - frames0;
    const engineMs = (h.engineMs - engine0) / frames;
    return { reached: moved / 10, max: h.params.maxSpeed as Pose2, engineMs, stepMs: cpu / frames - engineMs };
  } finally {
    h.dispose();
  }
}

/**
 * Sums the CPU time every robot's `thread` spends in its frames from now on (the process's CPU time around each
 * frame: on a busy machine, wall time would also count the frames during which the process waited for a core).
 */
function timeFrames(sim: Simulation, thread: string): { ms: number; frames: number } {
  const total = { ms: 0, frames: 0 };
  for (const robot of sim.robots) {
    const runner = robot.program.thread(thread);
    if (!runner) continue;
    const run = runner.runFrame.bind(runner);
    runner.runFrame = (...args) => {
      const begin = process.cpuUsage();
      try {
        return run(...args);
      } finally {
        const used = process.cpuUsage(begin);
        total.ms += (used.user + used.system) / 1000;
        total.frames++;
      }
    };
  }
  return total;
}

export async function runMotionBench(): Promise<BenchRow[]> {
  const group = 'motion';
  const rows: BenchRow[] = [];
  const forward = await topSpeed({ rotation: 0, translation: { x: 1, y: 0 } }, (d) => d.translation.x);
  rows.push({
    group,
    name: 'top forward speed reached on the articulated NAO (true, 10 s)',
    value: forward.reached,
    unit: 'mm/s',
    baseline: { name: 'configured maximum', value: forward.max.translation.x },
    goal: '≥ 250 mm/s',
  });
  const sideways = await topSpeed({ rotation: 0, translation: { x: 0, y: 1 } }, (d) => d.translation.y);
  rows.push({
    group,
    name: 'top sideways speed reached on the articulated NAO (true, 10 s)',
    value: sideways.reached,
    unit: 'mm/s',
    baseline: { name: 'configured maximum', value: sideways.max.translation.y },
    goal: '≥ 150 mm/s',
  });
  const turning = await topSpeed({ rotation: 1, translation: { x: 0, y: 0 } }, (d) => d.rotation);
  const deg = (r: number): number => (r * 180) / Math.PI;
  rows.push({
    group,
    name: 'top turning speed reached on the articulated NAO (true, 10 s)',
    value: deg(turning.reached),
    unit: '°/s',
    baseline: { name: 'configured maximum', value: deg(turning.max.rotation) },
    goal: '≥ 60 °/s',
  });
  const onBHuman = [
    { axis: 'forward', unit: 'mm/s', pitchside: forward.reached, request: { x: 1, y: 0, r: 0 } },
    { axis: 'sideways', unit: 'mm/s', pitchside: sideways.reached, request: { x: 0, y: 1, r: 0 } },
    { axis: 'turning', unit: '°/s', pitchside: deg(turning.reached), request: { x: 0, y: 0, r: 1 } },
  ];
  for (const { axis, unit, pitchside, request } of onBHuman) {
    const measured = await topSpeed(
      { rotation: request.r, translation: { x: request.x, y: request.y } },
      (d) => (request.r ? d.rotation : request.x ? d.translation.x : d.translation.y),
      'bhuman',
    );
    rows.push({
      group,
      name: `top ${axis} speed reached on B-Human's NAO model (true, 10 s; the same walk parameters)`,
      value: request.r ? deg(measured.reached) : measured.reached,
      unit,
      baseline: { name: "Pitchside's model", value: pitchside },
    });
  }
  rows.push({
    group,
    name: 'motion modules (walk, keyframe engine, combinator) cost per Motion frame while walking forward (CPU time)',
    value: forward.engineMs,
    unit: 'ms/frame',
    baseline: { name: 'one physics step of the robot (MuJoCo, motors, sensors)', value: forward.stepMs },
    goal: '< 0.5 ms',
  });

  const sim = await Simulation.load(path.join(scenes, 'GameArticulated.ros3'), { seed: 1 });
  try {
    const motion = timeFrames(sim, 'Motion');
    const cognition = timeFrames(sim, 'Cognition');
    sim.command('gc ready');
    sim.runFor(GAME_SECONDS * 1000);
    rows.push({
      group,
      name: 'Motion thread cost per frame in the 7 vs 7 game (every module of the thread, CPU time)',
      value: motion.ms / Math.max(1, motion.frames),
      unit: 'ms/frame',
      baseline: { name: 'a Cognition frame (oracle perception)', value: cognition.ms / Math.max(1, cognition.frames) },
      goal: '< 0.5 ms',
    });
    const { alone, contact } = fallRates(sim.statistics(), GAME_SECONDS);
    const game = `GameArticulated 7 vs 7, ${GAME_SECONDS} s from ready`;
    rows.push({
      group,
      name: `falls per robot per simulated hour without a contact with another robot (${game})`,
      value: alone,
      unit: '/h',
      goal: '< 3 /h',
    });
    rows.push({
      group,
      name: `falls per robot per simulated hour within 1 s after a contact with another robot (${game})`,
      value: contact,
      unit: '/h',
    });
  } finally {
    await sim.dispose();
  }
  return rows;
}
