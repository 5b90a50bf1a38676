import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { Pose2 } from '@robot-runtime/math/types';
import { SPL_FIELD } from '../scene/extractModel';
import { loadScene } from '../scene/loadScene';
import { Penalty } from '../gameController/GameControllerData';
import { benchPose, hasLeftField, returnPose } from './penaltyPlacement';
import { Simulation } from './Simulation';

const scenes = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../scenes');
const open: Simulation[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.dispose()));
});

describe('penalty placement', () => {
  it('counts a robot as off the field once its centre is 150 mm beyond the outer edge of a line, unless it plays the ball', () => {
    expect(hasLeftField({ x: 0, y: 3000 + 25 + 140 }, SPL_FIELD)).toBe(false);
    expect(hasLeftField({ x: 0, y: -(3000 + 25 + 160) }, SPL_FIELD)).toBe(true);
    expect(hasLeftField({ x: -(4500 + 25 + 160), y: 0 }, SPL_FIELD)).toBe(true);
    // Taking a corner kick from behind the corner: playing the ball, not leaving the field. (Traced in a soak: the
    // striker that went to take a corner kick was penalized, and nobody took it for 16 s.)
    expect(hasLeftField({ x: -4750, y: -3250 }, SPL_FIELD, { x: -4500, y: -3000 })).toBe(false);
    expect(hasLeftField({ x: -4750, y: -3250 }, SPL_FIELD, { x: -3500, y: -2000 })).toBe(true);
  });

  it('waits off the carpet in the own half and comes back at the own penalty mark away from the ball', () => {
    const bench = benchPose(3, -1, SPL_FIELD);
    expect(bench.translation.x).toBeLessThan(0);
    expect(bench.translation.y).toBeLessThan(-(3000 + SPL_FIELD.borderStripWidth));
    expect(returnPose({ x: 0, y: 1000 }, -1, SPL_FIELD)).toEqual({
      rotation: Math.PI / 2,
      translation: { x: -3200, y: -3000 },
    });
    expect(returnPose({ x: 0, y: -1000 }, 1, SPL_FIELD)).toEqual({
      rotation: -Math.PI / 2,
      translation: { x: 3200, y: 3000 },
    });
  });

  it('penalizes a robot that left the field, takes it off and puts it back, and the robot knows where it is', async () => {
    // GameOracle with robot2 alone: the penalty takes 45 s of simulated time, and 14 robots made that minutes of a
    // loaded machine's time (the test timed out there); one robot is all the placement and its belief need.
    const game = loadScene(path.join(scenes, 'GameOracle.ros3'));
    const sim = await Simulation.fromScene(
      { ...game, robots: game.robots.filter((r) => r.name === 'robot2') },
      { seed: 1 },
    );
    open.push(sim);
    for (const c of ['gc ready', 'gc set', 'gc playing']) expect(sim.command(c)).toEqual({ kind: 'done' });
    const truth = (): Pose2 => sim.worldState.robots.find((r) => r.name === 'robot2')!.pose;
    // robot2's team defends the −x goal: its team frame is the field frame.
    expect(sim.robotCommand('robot2', 'mv -1000 -3400 0 0 0 90')).toEqual({ kind: 'done' });
    sim.step();
    sim.step();
    const penalty = () => sim.gc.getData().teams[0].players[1]!.penalty;
    expect(penalty()).toBe(Penalty.leavingTheField);
    expect(truth().translation.y).toBeLessThan(-4000);
    const penalizedAt = sim.time;
    while (penalty() !== Penalty.none && sim.time - penalizedAt < 60_000) sim.step();
    expect(penalty()).toBe(Penalty.none);
    sim.step();
    const back = truth();
    expect(back.translation.x).toBeCloseTo(-3200, -1);
    expect(Math.abs(back.translation.y)).toBeCloseTo(3000, -1);
    // The robot chose the sideline it stands on from what it saw (the other one is 6 m away). Without the choice it
    // kept its belief from the bench: 3.3 m and 88° off at the return, still 2.5 m off 3 s later.
    const returnedAt = sim.time;
    while (sim.time - returnedAt < 3000) sim.step();
    const belief = sim.robot('robot2')!.program.thread('Cognition')!.blackboard.get('RobotPose') as Pose2;
    const now = truth();
    expect(Math.hypot(belief.translation.x - now.translation.x, belief.translation.y - now.translation.y)).toBeLessThan(
      300,
    );
    // The steps run synchronously, so the timeout is only a guard against a hang: 48 s of simulated time took 32 to
    // 43 s at load average 24 to 30 on two cores.
  });
});
