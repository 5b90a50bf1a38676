import { beforeAll, describe, expect, it } from 'vitest';
import { loadScene } from '../scene/loadScene';
import type { SceneModel } from '../scene/SceneModel';
import { GET_UP_DURATION } from './fallModel';
import { PhysicsWorld } from './PhysicsWorld';
import { initPhysics } from './rapier';
import { clipWalkSpeed, NAO_WALK_LIMITS } from './walkLimits';
import type { WorldState } from './WorldState';

let game: SceneModel;
let bh: SceneModel;
beforeAll(async () => {
  await initPhysics();
  game = loadScene('scenes/GameFast.ros3');
  bh = loadScene('scenes/BH.ros3');
});

const pose = (x: number, y: number, rotation = 0) => ({ rotation, translation: { x, y } });
const stepFor = (world: PhysicsWorld, seconds: number): void => {
  const n = Math.round(seconds / world.scene.stepLength);
  for (let i = 0; i < n; i++) world.step();
};

/** A scripted game: every robot walks towards the ball and kicks when it can; `variant` changes one command. */
function runScript(variant: number): WorldState[] {
  const world = new PhysicsWorld(game);
  const trace: WorldState[] = [];
  for (let i = 0; i < 300; i++) {
    const state = world.getState();
    const ball = state.ball!.position;
    for (const r of state.robots) {
      const dx = ball.x - r.pose.translation.x,
        dy = ball.y - r.pose.translation.y;
      const bearing = Math.atan2(dy, dx) - r.pose.rotation;
      const c = Math.cos(-r.pose.rotation),
        s = Math.sin(-r.pose.rotation);
      world.setWalk(r.name, {
        rotation: 2 * Math.atan2(Math.sin(bearing), Math.cos(bearing)),
        translation: { x: c * dx - s * dy + (r.name === 'robot3' ? variant : 0), y: s * dx + c * dy },
      });
      if (i % 25 === 0) world.kick(r.name, 0.6, r.team === 0 ? -r.pose.rotation : Math.PI - r.pose.rotation);
    }
    world.step();
    if (i % 20 === 0) trace.push(world.getState());
  }
  world.dispose();
  return trace;
}

describe('PhysicsWorld', () => {
  it('is deterministic: identical inputs give identical trajectories, a different input a different one', () => {
    const a = runScript(0);
    const b = runScript(0);
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    const moved = a
      .at(-1)!
      .robots.filter(
        (r, i) =>
          Math.hypot(
            r.pose.translation.x - game.robots[i]!.pose2.translation.x,
            r.pose.translation.y - game.robots[i]!.pose2.translation.y,
          ) > 500,
      );
    expect(moved.length).toBeGreaterThan(10);
    const c = runScript(100);
    expect(JSON.stringify(c)).not.toBe(JSON.stringify(a));
  });

  it('a rolling ball slows down and stops after a few metres', () => {
    const world = new PhysicsWorld(bh);
    world.moveBall({ x: 0, y: 1500 }, { x: 2000, y: 0, z: 0 });
    stepFor(world, 1);
    const rolling = world.getState().ball!;
    expect(rolling.velocity.x).toBeGreaterThan(500);
    expect(rolling.velocity.x).toBeLessThan(1600);
    stepFor(world, 4);
    const stopped = world.getState().ball!;
    expect(Math.hypot(stopped.velocity.x, stopped.velocity.y)).toBeLessThan(1);
    expect(stopped.position.x).toBeGreaterThan(1500);
    expect(stopped.position.x).toBeLessThan(3000);
    expect(stopped.position.z).toBeCloseTo(50, 0);
    world.dispose();
  });

  it('the ball bounces off a goal post', () => {
    const world = new PhysicsWorld(bh);
    // The opponent goal's left post stands at (4525, 800) mm.
    world.moveBall({ x: 3900, y: 800 }, { x: 3000, y: 0, z: 0 });
    stepFor(world, 0.6);
    const ball = world.getState().ball!;
    expect(ball.velocity.x).toBeLessThan(-300);
    expect(ball.position.x).toBeLessThan(4470);
    world.dispose();
  });

  it('the ball bounces off a standing robot', () => {
    const world = new PhysicsWorld(bh);
    world.moveRobot('robot1', pose(0, -2000));
    world.moveBall({ x: -800, y: -2000 }, { x: 2000, y: 0, z: 0 });
    stepFor(world, 0.8);
    const state = world.getState();
    // It came back (its topspin and rolling resistance eat most of the rebound quickly, as with a real ball).
    expect(state.ball!.velocity.x).toBeLessThan(-30);
    expect(state.ball!.position.x).toBeLessThan(-150);
    expect(state.ball!.lastTouchedBy).toBe('robot1');
    expect(state.robots[0]!.fallen).toBe(false);
    world.dispose();
  });

  it('walking respects the speed and acceleration limits', () => {
    expect(clipWalkSpeed(pose(1000, 0)).translation.x).toBe(250);
    expect(clipWalkSpeed(pose(-1000, 0)).translation.x).toBe(-150);
    expect(clipWalkSpeed(pose(0, 1000)).translation.y).toBe(200);
    expect(clipWalkSpeed(pose(0, 0, 10)).rotation).toBeCloseTo(NAO_WALK_LIMITS.turn);
    const combined = clipWalkSpeed(pose(250, 200));
    expect(Math.hypot(combined.translation.x / 250, combined.translation.y / 200)).toBeCloseTo(1);

    const world = new PhysicsWorld(bh);
    world.moveBall({ x: 0, y: 2500 });
    world.setWalk('robot1', pose(1000, 0));
    stepFor(world, 0.24);
    expect(world.getState().robots[0]!.velocity.translation.x).toBeLessThan(0.24 * NAO_WALK_LIMITS.accelerationX + 10);
    stepFor(world, 2);
    const r = world.getState().robots[0]!;
    expect(r.velocity.translation.x).toBeCloseTo(250, 0);
    // 0.5 s ramp (avg 125 mm/s) + 1.74 s at 250 mm/s from x = -1000.
    expect(r.pose.translation.x).toBeGreaterThan(-1000 + 0.5 * 125 + 1.7 * 250 - 20);
    expect(r.pose.translation.x).toBeLessThan(-1000 + 0.5 * 125 + 1.74 * 250 + 20);
    world.setWalk('robot1', pose(0, 0, 5));
    stepFor(world, 2);
    expect(world.getState().robots[0]!.velocity.rotation).toBeCloseTo(NAO_WALK_LIMITS.turn, 3);
    world.dispose();
  });

  it('kicks move the ball only when it lies in front of a foot', () => {
    const world = new PhysicsWorld(bh);
    world.moveRobot('robot1', pose(0, 0, Math.PI / 2));
    world.moveBall({ x: 0, y: -200 });
    expect(world.kick('robot1', 1)).toBe(false);
    world.moveBall({ x: -50, y: 180 });
    world.step();
    expect(world.kick('robot1', 0.5, 0)).toBe(true);
    world.step();
    const ball = world.getState().ball!;
    expect(ball.velocity.y).toBeCloseTo(2000, -2);
    expect(Math.abs(ball.velocity.x)).toBeLessThan(100);
    expect(ball.lastTouchedBy).toBe('robot1');
    expect(world.getState().robots[0]!.kicks).toBe(1);
    world.dispose();
  });

  it('robots collide; a robot pushed hard falls and gets up after a delay', () => {
    const world = new PhysicsWorld(bh);
    world.moveBall({ x: 0, y: 2500 });
    world.moveRobot('robot1', pose(-1000, -1000));
    world.moveRobot('robot21', pose(-600, -1000, Math.PI));
    world.setWalk('robot1', pose(250, 0));
    let fellAt: number | undefined;
    for (let i = 0; i < 500 && fellAt === undefined; i++) {
      world.step();
      const dummy = world.getState().robots.find((r) => r.name === 'robot21')!;
      if (dummy.fallen) fellAt = world.time;
    }
    const state = world.getState();
    const [pusher, dummy] = [
      state.robots.find((r) => r.name === 'robot1')!,
      state.robots.find((r) => r.name === 'robot21')!,
    ];
    expect(fellAt).toBeDefined();
    expect(dummy.pose.translation.x).toBeGreaterThan(-600);
    expect(dummy.falls).toBe(1);
    expect(pusher.fallen).toBe(false);
    // Bodies never overlap.
    expect(dummy.pose.translation.x - pusher.pose.translation.x).toBeGreaterThan(190);
    world.setWalk('robot1', pose(0, 0));
    stepFor(world, GET_UP_DURATION - 0.1);
    expect(world.getState().robots.find((r) => r.name === 'robot21')!.fallen).toBe(true);
    stepFor(world, 0.2);
    expect(world.getState().robots.find((r) => r.name === 'robot21')!.fallen).toBe(false);
    world.dispose();
  });

  it('robots cannot walk through goal posts', () => {
    const world = new PhysicsWorld(bh);
    world.moveBall({ x: 0, y: 2500 });
    world.moveRobot('robot1', pose(4000, 800));
    world.setWalk('robot1', pose(250, 0));
    stepFor(world, 4);
    expect(world.getState().robots[0]!.pose.translation.x).toBeLessThan(4525 - 50 - 100 + 5);
    world.dispose();
  });
});
