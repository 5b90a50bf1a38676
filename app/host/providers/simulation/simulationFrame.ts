/**
 * @file One frame of the simulation's ground truth for the renderer: robot poses (with measured joint angles of
 * controlled robots), the ball, the game state and the pace. Numbers are rounded to what a view can show (0.1 mm,
 * 0.1 mrad) so the 30 Hz stream stays small.
 */
import type { Simulation } from '../../../simulator/index';
import type { RobotFrame, SimulationFrame } from '../../../ipc/simulation';
import { gameStatus } from './gameStatus';

const round = (v: number, digits: number): number => Math.round(v * digits) / digits;

/** The frame for the simulation's current state (physics is read directly so moves show while paused). */
export function simulationFrame(
  sim: Simulation,
  status: { running: boolean; realTimeFactor: number },
): SimulationFrame {
  const state = sim.physics.getState();
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
    };
  });
  const ball = state.ball?.position;
  return {
    running: status.running,
    time: state.time,
    steps: state.step,
    realTimeFactor: round(status.realTimeFactor, 100),
    robots,
    ...(ball ? { ball: { x: round(ball.x, 10), y: round(ball.y, 10), z: round(ball.z, 10) } } : {}),
    game: gameStatus(sim.gc.getData()),
  };
}
