// External robots (see docs/simulation.md, "Your own robot program"): what serving one simulated NAO's boundary
// costs the simulator's thread, and how fast lock-step runs. One NAO (Articulated.ros3) driven by the minimal Python
// robot of the tests (it answers every LoLA map, reads both image streams), in lock-step. Rows: the simulator
// thread's CPU per simulated second with the program answering LoLA (no image readers), with both image streams
// read at 30 Hz, the bare scene with the robot limp and unserved as the baseline of both, the same robot run
// in-process (its whole program on the simulator's thread) for comparison, the Python program's own CPU, the
// lock-step real-time factor, and Pitchside's own program as deployed driving the NAO: in real time with both image
// streams (its process's CPU and the boundary's) against the same program in-process perceiving from images, and in
// lock-step (its real-time factor). Times are main-thread CPU (mainThreadCpu.ts); the
// programs' from /proc.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runHeadless } from '../../simulator/simulation/headless';
import { Simulation } from '../../simulator/simulation/Simulation';
import {
  serveOneNao,
  startPitchsideRobot,
  startPythonRobot,
} from '../../simulator/external/testing/externalTestSupport';
import type { BenchRow } from './BenchRow';
import { mainThreadCpuMs as cpuMs } from './mainThreadCpu';

const here = path.dirname(fileURLToPath(import.meta.url));
const scene = path.resolve(here, '../../../scenes/Articulated.ros3');
/** Simulated seconds per measurement. */
const SECONDS = 6;

/** CPU ms of a process (user + system) from /proc, or NaN where /proc is missing. */
function processCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

interface Measured {
  cpuPerSimSecond: number;
  realTimeFactor: number;
  programCpuPerSimSecond: number;
}

/** One external NAO for SECONDS in lock-step; `program`: with the Python robot, `images`: it reads the cameras. */
async function externalRun(program: boolean, images: boolean): Promise<Measured> {
  const served = await serveOneNao({ lockStep: true });
  try {
    const { boundary, sim } = served;
    const cycles = Math.ceil(((SECONDS + 1) * 1000) / 12) + 10;
    const done = program ? startPythonRobot(boundary, cycles, images ? [] : ['--no-images']) : undefined;
    if (program) await boundary.waitForPrograms(20_000);
    if (images)
      while (!boundary.robots[0]!.cameras.every((c) => c.hasReaders)) await new Promise((r) => setTimeout(r, 5));
    const run = (seconds: number) =>
      runHeadless(sim, { duration: seconds, speed: 'max', startGame: false, afterStep: () => boundary.answers() });
    await run(1); // warm-up
    const pid = program ? findChildPid() : undefined;
    const programBefore = pid === undefined ? 0 : processCpuMs(pid);
    const before = cpuMs();
    const from = sim.time;
    const result = await run(SECONDS);
    const simSeconds = (sim.time - from) / 1000;
    const measured = {
      cpuPerSimSecond: (cpuMs() - before) / simSeconds,
      realTimeFactor: result.realTimeFactor,
      programCpuPerSimSecond: pid === undefined ? 0 : (processCpuMs(pid) - programBefore) / simSeconds,
    };
    boundary.robots[0]!.lola.disconnect('bench over');
    await done;
    return measured;
  } finally {
    await served.close();
  }
}

/** The newest child process of this one (the Python robot just started). */
function findChildPid(): number | undefined {
  try {
    const children = fs.readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8').trim().split(/\s+/);
    const pid = Number(children.at(-1));
    return Number.isFinite(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** How Pitchside's program runs external in the bench. */
interface PitchsideRunOptions {
  /** Lock-step (its clock counting LoLA cycles, `--lola-clock`) instead of real time. */
  lockStep: boolean;
  /** Its camera threads read the simulator's image streams (and perceive from them). */
  images: boolean;
}

/**
 * Pitchside's own program as deployed (`npm run robot --lola`, worker threads) driving the NAO: the robot process's
 * CPU (all its threads) plus the simulator thread's above the bare scene, per simulated second, and the real-time
 * factor. In real time its clock is the wall clock; in lock-step it counts LoLA cycles and the simulation runs as
 * fast as it answers.
 */
async function pitchsideRun(
  bare: number,
  options: PitchsideRunOptions,
): Promise<{ cpu: number; realTimeFactor: number }> {
  const served = await serveOneNao({ lockStep: options.lockStep });
  const e = served.boundary.robots[0]!.endpoints!;
  const robot = startPitchsideRobot(served.boundary, [
    ...(options.lockStep ? ['--lola-clock'] : []),
    ...(options.images ? ['--camera-stream', `${e.address}:${e.imagePorts[0]},${e.imagePorts[1]}`] : []),
  ]);
  const run = (duration: number) =>
    runHeadless(served.sim, {
      duration,
      speed: options.lockStep ? 'max' : 1,
      startGame: false,
      afterStep: options.lockStep ? () => served.boundary.answers() : undefined,
    });
  try {
    const r = served.boundary.robots[0]!;
    await served.boundary.waitForPrograms(30_000);
    while (r.received < 2 || (options.images && !r.cameras.every((c) => c.hasReaders))) await run(0.1);
    await run(1); // warm-up
    const pid = robot.process.pid!;
    const programBefore = processCpuMs(pid);
    const before = cpuMs();
    const from = served.sim.time;
    const result = await run(SECONDS);
    const simSeconds = (served.sim.time - from) / 1000;
    return {
      cpu: (processCpuMs(pid) - programBefore) / simSeconds + (cpuMs() - before) / simSeconds - bare,
      realTimeFactor: result.realTimeFactor,
    };
  } finally {
    robot.process.kill('SIGTERM');
    await robot.exited;
    await served.close();
  }
}

/**
 * The same NAO with its program in-process, without the scene's start script: threads.cfg's configuration, which
 * renders both cameras' images and perceives from them, as the external program with image streams does.
 */
async function inProcessRun(): Promise<number> {
  const sim = await Simulation.load(scene, { seed: 1, startScript: false });
  try {
    sim.runFor(1000);
    const before = cpuMs();
    const from = sim.time;
    sim.runFor(SECONDS * 1000);
    return (cpuMs() - before) / ((sim.time - from) / 1000);
  } finally {
    await sim.dispose();
  }
}

/** Runs the external robot benchmark. */
export async function runExternalBench(): Promise<BenchRow[]> {
  const group = 'external robots';
  const bare = await externalRun(false, false);
  const lola = await externalRun(true, false);
  const withImages = await externalRun(true, true);
  const inProcess = await inProcessRun();
  const withStreams = await pitchsideRun(bare.cpuPerSimSecond, { lockStep: false, images: true });
  const lockStep = await pitchsideRun(bare.cpuPerSimSecond, { lockStep: true, images: false });
  const baseline = { name: 'the scene with the NAO limp and unserved', value: bare.cpuPerSimSecond };
  return [
    {
      group,
      name: "Pitchside's program external with both image streams (npm run robot --lola --camera-stream, real time): its process + the boundary above the bare scene, CPU per simulated s",
      value: withStreams.cpu,
      unit: 'ms',
      baseline: {
        name: 'the same program in-process, rendering and perceiving both cameras (in-process minus the bare scene)',
        value: inProcess - bare.cpuPerSimSecond,
      },
      goal: '≤ 1.1× (issue 42)',
    },
    {
      group,
      name: "lock-step, Pitchside's program external (--lola-clock, no image streams): real-time factor",
      value: lockStep.realTimeFactor,
      unit: '×',
      goal: '≥ 3× (issue 42)',
    },
    {
      group,
      name: 'one external NAO, LoLA only (Python program): simulator CPU per simulated s',
      value: lola.cpuPerSimSecond,
      unit: 'ms',
      baseline,
    },
    {
      group,
      name: 'one external NAO, LoLA and both image streams at 30 Hz: simulator CPU per simulated s',
      value: withImages.cpuPerSimSecond,
      unit: 'ms',
      baseline,
    },
    {
      group,
      name: 'the same NAO in-process (its program on the simulator thread): CPU per simulated s',
      value: inProcess,
      unit: 'ms',
      baseline,
    },
    {
      group,
      name: 'the Python program itself (LoLA and images): CPU per simulated s',
      value: withImages.programCpuPerSimSecond,
      unit: 'ms',
    },
    {
      group,
      name: 'lock-step, one external NAO answering LoLA (no images): real-time factor',
      value: lola.realTimeFactor,
      unit: '×',
      goal: '≥ 3× (issue 42, with oracle perception)',
    },
    {
      group,
      name: 'lock-step, one external NAO with both image streams: real-time factor',
      value: withImages.realTimeFactor,
      unit: '×',
    },
  ];
}
