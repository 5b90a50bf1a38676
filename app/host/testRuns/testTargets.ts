/**
 * @file When a situation run has reached its target (formats §1.3), read from the simulation's ground truth and
 * GameController after each step. Team A is the first team (robot numbers up to 20); a zone suffixed `A` or `B`
 * lies at the end that team defends now (teams change ends at half time). `robotInSkill` names one of the
 * activities of Pitchside's behaviour (BehaviorStatus), which stands in for B-Human's skills. An expression holds
 * when its targets, each judged as it stands after the step, make it true; `goalTeamA`/`goalTeamB` stay true once
 * a goal was scored in the run, `robotTouch` holds in the step of the touch.
 */
import { BehaviorActivity } from '@robot-runtime/representations/BehaviorControl/BehaviorStatus';
import type { Simulation } from '../../simulator/simulation/Simulation';
import { formatExpression, type TargetExpression, type TestTarget, type Zone } from './testSpec';

/** Checks a target after a step: a sentence saying what happened once reached, undefined before. */
export type TargetCheck = () => string | undefined;

/** A target that cannot apply to this simulation (unknown robot, unknown activity). */
export class TargetError extends Error {}

const teamIndex = (team: 'A' | 'B'): 0 | 1 => (team === 'A' ? 0 : 1);

/** Whether a field-frame point lies in `zone`. */
export function inZone(sim: Simulation, zone: Zone, x: number, y: number): boolean {
  if (zone.kind === 'rect')
    return (
      x >= Math.min(zone.x1, zone.x2) &&
      x <= Math.max(zone.x1, zone.x2) &&
      y >= Math.min(zone.y1, zone.y2) &&
      y <= Math.max(zone.y1, zone.y2)
    );
  const f = sim.scene.field;
  const ends: number[] =
    zone.team === undefined ? [-1, 1] : [sim.gc.defendsNegativeX === teamIndex(zone.team) ? -1 : 1];
  return ends.some((end) => {
    const depth = end * x;
    switch (zone.name) {
      case 'fieldHalf':
        return depth >= 0 && depth <= f.length / 2 && Math.abs(y) <= f.width / 2;
      case 'centerCircle':
        return Math.hypot(x, y) <= f.centerCircleDiameter / 2 && (zone.team === undefined || depth >= 0);
      case 'penaltyArea':
        return (
          depth >= f.length / 2 - f.penaltyAreaLength && depth <= f.length / 2 && Math.abs(y) <= f.penaltyAreaWidth / 2
        );
      case 'goalArea':
        return depth >= f.length / 2 - f.goalAreaLength && depth <= f.length / 2 && Math.abs(y) <= f.goalAreaWidth / 2;
    }
  });
}

function robotDef(sim: Simulation, name: string) {
  const def = [...sim.scene.robots, ...sim.scene.extras].find((r) => r.name === name);
  if (!def) throw new TargetError(`the scene has no robot '${name}'`);
  return def;
}

/** The check of `target` in `sim`, starting now; throws TargetError when it cannot apply. */
export function targetCheck(sim: Simulation, target: TestTarget): TargetCheck {
  const ball = () => sim.worldState.ball;
  switch (target.kind) {
    case 'goalTeamA':
    case 'goalTeamB': {
      const team = target.kind === 'goalTeamA' ? 0 : 1;
      const before = sim.score[team];
      return () => (sim.score[team] > before ? `team ${team === 0 ? 'A' : 'B'} scored` : undefined);
    }
    case 'ballInZone':
      return () => {
        const b = ball();
        return b && inZone(sim, target.zone, b.position.x, b.position.y) ? 'the ball is in the zone' : undefined;
      };
    case 'robotInZone': {
      robotDef(sim, target.robot);
      return () => {
        const r = sim.worldState.robots.find((x) => x.name === target.robot);
        return r && inZone(sim, target.zone, r.pose.translation.x, r.pose.translation.y)
          ? `${target.robot} is in the zone`
          : undefined;
      };
    }
    case 'penalized': {
      const def = robotDef(sim, target.robot);
      return () => {
        const penalty = sim.gc.getData().teams[def.team].players[def.playerNumber - 1]?.penalty ?? 0;
        return penalty !== 0 ? `${target.robot} was penalized` : undefined;
      };
    }
    case 'robotTouch': {
      robotDef(sim, target.robot);
      let previous = ball()?.lastTouchedBy;
      return () => {
        const toucher = ball()?.lastTouchedBy;
        const touched = toucher === target.robot && previous !== target.robot;
        previous = toucher;
        return touched ? `${target.robot} touched the ball` : undefined;
      };
    }
    case 'teamPossession': {
      const team = teamIndex(target.team);
      return () => {
        const toucher = ball()?.lastTouchedBy;
        const r = toucher === undefined ? undefined : sim.worldState.robots.find((x) => x.name === toucher);
        return r?.team === team ? `team ${target.team} has the ball (${toucher} touched it last)` : undefined;
      };
    }
    case 'budget': {
      const team = teamIndex(target.team);
      const compare = {
        '<': (a: number, b: number) => a < b,
        '>': (a: number, b: number) => a > b,
        '<=': (a: number, b: number) => a <= b,
        '>=': (a: number, b: number) => a >= b,
      }[target.op];
      return () => {
        const budget = sim.gc.getData().teams[team].messageBudget;
        return compare(budget, target.value) ? `team ${target.team}'s message budget is ${budget}` : undefined;
      };
    }
    case 'robotInSkill': {
      const activity = BehaviorActivity.valueOf(target.skill);
      if (activity === undefined)
        throw new TargetError(
          `'${target.skill}' is not an activity of BehaviorStatus (${BehaviorActivity.names.join(', ')})`,
        );
      const robot = sim.robot(target.robot);
      if (!robot) throw new TargetError(`'${target.robot}' is not a controlled robot of the scene`);
      return () => {
        const status = robot.program.thread('Cognition')?.blackboard.get('BehaviorStatus') as
          { activity: number } | undefined;
        return status?.activity === activity ? `${target.robot} is in ${target.skill}` : undefined;
      };
    }
  }
}

/**
 * The check of a target expression: every target is checked after every step (some remember what they saw
 * before, so none is skipped by short-circuiting), then the expression is evaluated; once true, the sentence
 * says which targets held. Throws TargetError when a target cannot apply.
 */
export function expressionCheck(sim: Simulation, expression: TargetExpression): TargetCheck {
  const leaves: TargetCheck[] = [];
  const build = (e: TargetExpression): ((said: (string | undefined)[]) => boolean) => {
    if (e.op === 'target') {
      const index = leaves.push(targetCheck(sim, e.target)) - 1;
      return (said) => said[index] !== undefined;
    }
    if (e.op === 'not') {
      const operand = build(e.operand);
      return (said) => !operand(said);
    }
    const operands = e.operands.map(build);
    return e.op === 'and' ? (said) => operands.every((o) => o(said)) : (said) => operands.some((o) => o(said));
  };
  const holds = build(expression);
  if (expression.op === 'target') return leaves[0]!;
  return () => {
    const said = leaves.map((leaf) => leaf());
    if (!holds(said)) return undefined;
    const reasons = said.filter((s): s is string => s !== undefined);
    return `${formatExpression(expression)} holds` + (reasons.length ? ` (${reasons.join('; ')})` : '');
  };
}
