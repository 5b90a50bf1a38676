/**
 * @file One frame of the simulation's ground truth for the renderer: robot poses (with measured joint angles of
 * controlled robots), the ball, the game state and the pace. Numbers are rounded to what a view can show (0.1 mm,
 * 0.1 mrad) so the 30 Hz stream stays small.
 */
import type { Simulation } from '@app/simulator/index';
import type { RobotFrame, SimulationFrame } from '@app/ipc/simulation';
import { gameStatus } from './gameStatus';
import { linkBodies } from './sceneAppearance';

const round = (v: number, digits: number): number => Math.round(v * digits) / digits;

/** The frame for the simulation's current state (physics is read directly so moves show while paused). */
export function simulationFrame(
  sim: Simulation,
  status: { running: boolean; realTimeFactor: number },
): SimulationFrame {
  const state = sim.physics.getState();
  const links = linkBodies(sim);
  const robots = state.robots.map((r): RobotFrame => {
    const joints = sim.robot(r.name)?.body.jointAngles;
    return {
      name: r.name,
      x: round(r.pose.translation.x, 10),
      y: round(r.pose.translation.y, 10),
      rotation: round(r.pose.rotation, 1e4),
      fallen: r.fallen,
      ...(joints ? { joints: joints.map((a) => round(a, 1e4)) } : {}),
      ...(r.torso
        ? { torso: { z: round(r.torso.z, 10), roll: round(r.torso.roll, 1e4), pitch: round(r.torso.pitch, 1e4) } }
        : {}),
      ...linksOf(sim, links?.get(r.name)),
    };
  });
  const ball = state.ball?.position;
  const ballBody = sim.articulated?.ballBody;
  const ballRotation = ballBody !== undefined ? sim.articulated!.bodyPoses([ballBody]).slice(3) : undefined;
  return {
    running: status.running,
    time: state.time,
    steps: state.step,
    realTimeFactor: round(status.realTimeFactor, 100),
    robots,
    ...(ball
      ? {
          ball: {
            x: round(ball.x, 10),
            y: round(ball.y, 10),
            z: round(ball.z, 10),
            ...(ballRotation
              ? { rotation: ballRotation.map((v) => round(v, 1e4)) as [number, number, number, number] }
              : {}),
          },
        }
      : {}),
    game: gameStatus(sim.gc.getData()),
  };
}

/** The poses of a robot's drawn bodies (positions to 0.1 mm, quaternions to 1e-4). */
function linksOf(sim: Simulation, bodies: number[] | undefined): { links?: number[] } {
  if (!bodies || bodies.length === 0 || !sim.articulated) return {};
  const poses = sim.articulated.bodyPoses(bodies);
  for (let i = 0; i < poses.length; i++) poses[i] = round(poses[i]!, i % 7 < 3 ? 10 : 1e4);
  return { links: poses };
}
