import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { GameState, Penalty } from '../gameController/GameControllerData';
import { Simulation } from './Simulation';

const scenes = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../scenes');
const open: Simulation[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.dispose()));
});

async function load(scene: string, seed: number): Promise<Simulation> {
  const sim = await Simulation.load(path.join(scenes, scene), { seed });
  open.push(sim);
  return sim;
}

/** Ground-truth poses and ball every 10 steps while running `ms` from the start of the game. */
function trajectory(sim: Simulation, ms: number): number[] {
  sim.command('gc ready');
  const samples: number[] = [];
  while (sim.time < ms) {
    sim.step();
    if (sim.worldState.step % 10 !== 0) continue;
    for (const r of sim.worldState.robots) samples.push(r.pose.translation.x, r.pose.translation.y, r.pose.rotation);
    samples.push(sim.worldState.ball!.position.x, sim.worldState.ball!.position.y);
  }
  return samples;
}

describe('Simulation', () => {
  it('repeats a game exactly from its seed and plays a different one with another seed', async () => {
    // GameOracle: percepts with noise and self-localization, so the seed matters from the first steps.
    // 3 s of ready: every robot walks, perceives and localizes, so noise and seeds act on every step.
    const a = trajectory(await load('GameOracle.ros3', 7), 3_000);
    const b = trajectory(await load('GameOracle.ros3', 7), 3_000);
    const c = trajectory(await load('GameOracle.ros3', 8), 3_000);
    expect(a.length).toBeGreaterThan(250);
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
  });

  it('starts the game: ready positions, then set and playing with the ball on the centre spot', async () => {
    const sim = await load('GameFast.ros3', 1);
    sim.physics.moveBall({ x: 1500, y: 800 });
    sim.command('gc ready');
    expect(sim.gc.getData().state).toBe(GameState.ready);
    while (sim.gc.getData().state !== GameState.playing && sim.time < 45_000) sim.step();
    // The robots reached their kick-off positions and stood still, so the referee ended ready early.
    expect(sim.gc.getData().state).toBe(GameState.playing);
    expect(sim.time).toBeLessThan(40_000);
    const keeper = sim.worldState.robots.find((r) => r.name === 'robot1')!;
    expect(keeper.pose.translation.x).toBeLessThan(-3800);
    expect(Math.hypot(sim.worldState.ball!.position.x, sim.worldState.ball!.position.y)).toBeLessThan(10);
  });

  it('sends team messages within the budget and robots learn about their teammates', async () => {
    const sim = await load('GameFast.ros3', 2);
    sim.command('gc ready');
    // Both hold from 8 s of simulated time on (seed 2, 2026-12-07); 12 s leaves a margin for changes of behaviour.
    sim.runFor(12_000);
    const sent = sim.network.counters.sent;
    expect(sent[0]).toBeGreaterThan(7);
    expect(sim.gc.getData().teams[0].messageBudget).toBe(1200 - sent[0]);
    const teamData = sim.robot('robot3')!.program.thread('Cognition')!.blackboard.get('TeamData') as {
      teammates: { number: number }[];
    };
    expect(teamData.teammates.map((m) => m.number)).toEqual(expect.arrayContaining([1, 2, 4, 5, 6, 7]));
  });

  it('runs the console commands: gc, pr, mv, mvb, dt, st, ci, mvo and net', async () => {
    const sim = await load('GameFast.ros3', 3);
    expect(sim.command('gc set')).toMatchObject({ code: 'refused', message: 'Not allowed in this game state' });
    expect(sim.command('gc ready')).toEqual({ kind: 'done' });
    expect(sim.robotCommand('robot22', 'pr manual')).toEqual({ kind: 'done' });
    expect(sim.gc.getData().teams[1].players[1]!.penalty).toBe(Penalty.manual);
    // The referee carries a penalized robot off the field at once, beside the carpet.
    expect(sim.worldState.robots.find((r) => r.name === 'robot22')!.pose.translation.y).toBeLessThan(-3700);
    // Team frame: robot21's team defends +x, so its x = 1000 is the field's x = -1000.
    expect(sim.robotCommand('robot21', 'mv 1000 500 0 0 0 90')).toEqual({ kind: 'done' });
    sim.step();
    const moved = sim.worldState.robots.find((r) => r.name === 'robot21')!;
    expect(moved.pose.translation.x).toBeCloseTo(-1000, -1);
    expect(moved.pose.translation.y).toBeCloseTo(-500, -1);
    expect(sim.robotCommand('robot1', 'mvb 300 200 50')).toEqual({ kind: 'done' });
    sim.step();
    expect(sim.worldState.ball!.position.x).toBeCloseTo(300, -1);
    expect(sim.command('dt off')).toEqual({ kind: 'done' });
    expect(sim.pacing).toEqual({ kind: 'off' });
    expect(sim.command('dt 50')).toEqual({ kind: 'done' });
    expect(sim.pacing).toEqual({ kind: 'fps', fps: 50 });
    expect(sim.command('st on')).toEqual({ kind: 'done' });
    expect(sim.command('ci 30')).toEqual({ kind: 'done' });
    expect(sim.cameraImages.rate).toBe(30);
    expect(sim.command('mvo RoboCup.balls.ball 0 0 50')).toEqual({ kind: 'done' });
    expect(sim.command('net loss 0.5')).toEqual({ kind: 'done' });
    expect(sim.network.options.loss).toBe(0.5);
    expect(sim.command('mv 1 2 3')).toMatchObject({ code: 'unknownCommand' });
  });
});
