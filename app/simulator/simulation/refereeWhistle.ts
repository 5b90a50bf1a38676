/**
 * @file The referee's whistle in the simulation: the GameController's switch from Set to Playing (a kick-off) and
 * every goal make the referee blow, and each robot's microphones hear it (app/simulator/audio/SimulatedAudio.ts)
 * over the hall's noise, so the robots' WhistleDetectors run on audio as on a field. SimRobot's shortcut, a Whistle
 * written directly (confidence 2, two channels at a kick-off, four after a goal), is offered too: it is what a
 * robot sees with `mr Whistle LogDataProvider`.
 */
import type { Vec2 } from '@robot-runtime/math/types';
import type { Whistle } from '@robot-runtime/representations/Modeling/Whistle';
import { SimulatedAudio, type WhistleReason } from '../audio/SimulatedAudio';
import type { GameController } from '../gameController/GameController';
import { GameState } from '../gameController/GameControllerData';
import type { WorldState } from '../physics/WorldState';

/** Watches the GameController and makes the whistle heard. */
export class RefereeWhistle {
  readonly audio: SimulatedAudio;
  private state: number;
  private goals: number;
  private direct: Whistle | undefined;

  constructor(
    seed: number,
    fieldWidth: number,
    private readonly gc: GameController,
  ) {
    this.audio = new SimulatedAudio(seed, fieldWidth);
    const data = gc.getData();
    this.state = data.state;
    this.goals = data.teams[0].score + data.teams[1].score;
  }

  /** After a step ending at `time` (ms): blows the whistle if play started or a goal was scored in it. */
  afterStep(time: number): void {
    const data = this.gc.getData();
    const goals = data.teams[0].score + data.teams[1].score;
    if (this.state === GameState.set && data.state === GameState.playing) this.blow(time, 'kickOff');
    else if (goals > this.goals) this.blow(time, 'goal');
    this.state = data.state;
    this.goals = goals;
  }

  /** Blows the whistle at `time` (ms). */
  blow(time: number, reason: WhistleReason): void {
    this.audio.blow(time, reason);
    this.direct = {
      confidenceOfLastWhistleDetection: 2,
      channelsUsedForWhistleDetection: reason === 'goal' ? 4 : 2,
      lastTimeWhistleDetected: time,
    };
  }

  /** What robot `name` (the `index`th) hears up to `time` (ms) where the world has put it. */
  hear(name: string, index: number, world: WorldState, time: number): unknown {
    const robot = world.robots.find((r) => r.name === name);
    const position: Vec2 = robot ? robot.pose.translation : { x: 0, y: 0 };
    return this.audio.hear(name, index, position, time);
  }

  /** SimRobot's Whistle of the last whistle blown; undefined before the first. */
  directWhistle(): Whistle | undefined {
    return this.direct;
  }
}
