import { describe, expect, it } from 'vitest';
import { GAME_CONTROLLER_COMMANDS, GameController, NOT_ALLOWED } from './GameController';
import { GameState, NO_TEAM, Penalty, SetPlay } from './GameControllerData';

const teams = [
  { number: 5, fieldPlayerColor: 'black', goalkeeperColor: 'purple' },
  { number: 70, fieldPlayerColor: 'red', goalkeeperColor: 'blue' },
] as const;
const make = (): GameController => new GameController({ teams: [{ ...teams[0] }, { ...teams[1] }] });

/** Advances in 12 ms steps (the simulator's step) and collects the events. */
function run(gc: GameController, seconds: number): ReturnType<GameController['update']> {
  const events = [];
  for (let t = 0; t < seconds * 1000; t += 12) events.push(...gc.update(12));
  return events;
}

function toPlaying(gc: GameController): void {
  for (const s of ['ready', 'set', 'playing']) expect(gc.command(s)).toBeUndefined();
}

describe('GameController', () => {
  it('starts in initial with the packet fields of RoboCupGameControlData', () => {
    const data = make().getData();
    expect(data).toMatchObject({
      state: GameState.initial,
      setPlay: SetPlay.none,
      firstHalf: 1,
      kickingTeam: 5,
      secsRemaining: 600,
      secondaryTime: 0,
      playersPerTeam: 7,
      gamePhase: 0,
    });
    expect(data.teams[0]).toMatchObject({
      teamNumber: 5,
      fieldPlayerColour: 3,
      goalkeeperColour: 7,
      goalkeeper: 1,
      score: 0,
      messageBudget: 1200,
    });
    expect(data.teams[1]).toMatchObject({ teamNumber: 70, fieldPlayerColour: 1, goalkeeperColour: 0 });
    expect(data.teams[0].players).toHaveLength(20);
    expect(data.teams[0].players[6]!.penalty).toBe(Penalty.none);
    expect(data.teams[0].players[7]!.penalty).toBe(Penalty.substitute);
  });

  it('allows only legal transitions', () => {
    const gc = make();
    expect(gc.command('playing')).toBe(NOT_ALLOWED);
    expect(gc.command('set')).toBe(NOT_ALLOWED);
    expect(gc.command('goalByFirstTeam')).toBe(NOT_ALLOWED);
    expect(gc.command('kickInForFirstTeam')).toBe(NOT_ALLOWED);
    expect(gc.command('standby')).toBeUndefined();
    expect(gc.command('standby')).toBe(NOT_ALLOWED);
    expect(gc.command('kickOffSecondTeam')).toBeUndefined();
    expect(gc.command('ready')).toBeUndefined();
    expect(gc.getData()).toMatchObject({ state: GameState.ready, kickingTeam: 70, secondaryTime: 45 });
    expect(gc.command('playing')).toBe(NOT_ALLOWED);
    expect(gc.command('set')).toBeUndefined();
    expect(gc.command('playing')).toBeUndefined();
    expect(gc.command('initial')).toBe(NOT_ALLOWED);
    expect(gc.command('halfSecond')).toBe(NOT_ALLOWED);
    expect(gc.command('gamePenaltyShootout')).toBe(NOT_ALLOWED);
    expect(gc.command('finished')).toBeUndefined();
    expect(gc.command('bogus')).toMatch(/Unknown/);
  });

  it('switches ready → set → playing automatically and runs the clocks only while playing', () => {
    const gc = make();
    gc.command('ready');
    run(gc, 44.9);
    expect(gc.getData().state).toBe(GameState.ready);
    const events = run(gc, 0.2);
    expect(events).toContainEqual({ type: 'state', state: GameState.set });
    expect(gc.getData().secsRemaining).toBe(600);
    run(gc, 5);
    expect(gc.getData()).toMatchObject({ state: GameState.playing, secondaryTime: 10 });
    run(gc, 10);
    expect(gc.getData()).toMatchObject({ secondaryTime: 0 });
    expect(gc.getData().secsRemaining).toBeLessThanOrEqual(590);
    gc.automaticReferee(['switchToSet'], false);
    gc.command('goalByFirstTeam');
    run(gc, 60);
    expect(gc.getData().state).toBe(GameState.ready);
  });

  it('counts goals, gives the kick-off to the conceding team and finishes the half', () => {
    const gc = make();
    toPlaying(gc);
    expect(gc.command('goalByFirstTeam')).toBeUndefined();
    expect(gc.getData()).toMatchObject({ state: GameState.ready, kickingTeam: 70 });
    expect(gc.getData().teams[0].score).toBe(1);
    run(gc, 50.1);
    expect(gc.getData().state).toBe(GameState.playing);
    run(gc, 600);
    expect(gc.getData()).toMatchObject({ state: GameState.finished, secsRemaining: 0 });
    gc.command('initial');
    expect(gc.command('halfSecond')).toBeUndefined();
    expect(gc.getData()).toMatchObject({ firstHalf: 0, secsRemaining: 600, kickingTeam: 70 });
    expect(gc.defendsNegativeX).toBe(1);
  });

  it('runs set plays with their 30 s timers and completes free kicks on touch', () => {
    const gc = make();
    toPlaying(gc);
    expect(gc.command('cornerKickForSecondTeam')).toBeUndefined();
    expect(gc.getData()).toMatchObject({ setPlay: SetPlay.cornerKick, kickingTeam: 70, secondaryTime: 30 });
    run(gc, 30.1);
    expect(gc.getData()).toMatchObject({ setPlay: SetPlay.none, secondaryTime: 0 });
    gc.command('kickInForFirstTeam');
    gc.ballTouched(1, 'robot22');
    expect(gc.getData().setPlay).toBe(SetPlay.kickIn);
    gc.ballTouched(0, 'robot2');
    expect(gc.getData().setPlay).toBe(SetPlay.none);
    expect(gc.command('penaltyKickForFirstTeam')).toBeUndefined();
    expect(gc.getData()).toMatchObject({ state: GameState.ready, setPlay: SetPlay.penaltyKick, kickingTeam: 5 });
    run(gc, 50.1);
    expect(gc.getData()).toMatchObject({ state: GameState.playing, setPlay: SetPlay.penaltyKick, secondaryTime: 30 });
    expect(gc.command('goalKickForFirstTeam')).toBe(NOT_ALLOWED);
  });

  it('penalizes with timers, increasing per team penalty, and unpenalizes', () => {
    const gc = make();
    expect(gc.penalize(0, 3, 'playerPushing')).toBe(NOT_ALLOWED);
    expect(gc.penalize(0, 3, 'manual')).toBeUndefined();
    expect(gc.getData().teams[0].players[2]).toEqual({ penalty: Penalty.manual, secsTillUnpenalised: 0 });
    expect(gc.penalize(0, 3, 'none')).toBeUndefined();
    toPlaying(gc);
    expect(gc.penalize(0, 3, 'playerPushing')).toBeUndefined();
    expect(gc.getData().teams[0].players[2]).toEqual({ penalty: Penalty.playerPushing, secsTillUnpenalised: 45 });
    expect(gc.penalize(0, 4, 'leavingTheField')).toBeUndefined();
    expect(gc.getData().teams[0].players[3]!.secsTillUnpenalised).toBe(55);
    expect(gc.penalize(0, 5, 'illegalMotionInSet')).toBe(NOT_ALLOWED);
    expect(gc.penalize(0, 5, 'nonsense')).toMatch(/Unknown penalty/);
    run(gc, 20);
    expect(gc.getData().teams[0].players[2]!.secsTillUnpenalised).toBe(25);
    run(gc, 25.1);
    expect(gc.getData().teams[0].players[2]).toEqual({ penalty: Penalty.none, secsTillUnpenalised: 0 });
    expect(gc.getData().teams[0].players[3]!.penalty).toBe(Penalty.leavingTheField);
    gc.automaticReferee(['unpenalize'], false);
    run(gc, 20);
    expect(gc.getData().teams[0].players[3]).toEqual({ penalty: Penalty.leavingTheField, secsTillUnpenalised: 0 });
    // A foul: pushing penalty and a pushing free kick for the opponents.
    expect(gc.penalize(1, 2, 'foul')).toBeUndefined();
    expect(gc.getData()).toMatchObject({ setPlay: SetPlay.pushingFreeKick, kickingTeam: 5 });
    expect(gc.getData().teams[1].players[1]!.penalty).toBe(Penalty.playerPushing);
  });

  it('detects goals from the ball position, but not straight from a kick-off unless directGoals is on', () => {
    const gc = make();
    toPlaying(gc);
    gc.ballTouched(0, 'robot6');
    // The first team attacks +x in the first half.
    const inGoal = { x: 4700, y: 0, z: 50 };
    expect(gc.ballMoved(inGoal)).toEqual([
      { type: 'goal', team: 0, counted: false },
      { type: 'setPlay', setPlay: SetPlay.goalKick, team: 1, placement: { x: 3900, y: 0 } },
    ]);
    expect(gc.getData().teams[0].score).toBe(0);
    gc.ballTouched(1, 'robot21');
    // The second team attacks −x: its goal counts and the first team kicks off.
    expect(gc.ballMoved({ x: -4700, y: 300, z: 50 })).toContainEqual({ type: 'goal', team: 1, counted: true });
    expect(gc.getData()).toMatchObject({ state: GameState.ready, kickingTeam: 5 });
    expect(gc.getData().teams[1].score).toBe(1);
    // Over the crossbar or beside the posts is no goal.
    const direct = make();
    direct.automaticReferee(['directGoals'], true);
    toPlaying(direct);
    direct.ballTouched(0, 'robot6');
    expect(direct.ballMoved({ x: 4700, y: 0, z: 900 })).not.toContainEqual(expect.objectContaining({ type: 'goal' }));
    direct.ballMoved({ x: 0, y: 0, z: 50 });
    expect(direct.ballMoved({ x: 4700, y: -100, z: 50 })).toContainEqual({ type: 'goal', team: 0, counted: true });
    expect(direct.getData().teams[0].score).toBe(1);
  });

  it('turns a ball out into a kick-in, corner kick or goal kick with a placement', () => {
    const gc = make();
    toPlaying(gc);
    gc.ballTouched(0, 'robot2');
    expect(gc.ballMoved({ x: 1000, y: 3200, z: 50 })).toEqual([
      { type: 'setPlay', setPlay: SetPlay.kickIn, team: 1, placement: { x: 1000, y: 3000 } },
    ]);
    // Still out: decided only once.
    expect(gc.ballMoved({ x: 1000, y: 3300, z: 50 })).toEqual([]);
    gc.ballMoved({ x: 1000, y: 3000, z: 50 });
    gc.ballTouched(1, 'robot23');
    // Second team (defending +x) plays it over its own goal line: corner kick for the first team.
    expect(gc.ballMoved({ x: 4700, y: -2000, z: 50 })).toEqual([
      { type: 'setPlay', setPlay: SetPlay.cornerKick, team: 0, placement: { x: 4500, y: -3000 } },
    ]);
    gc.ballMoved({ x: 0, y: 0, z: 50 });
    gc.ballTouched(1, 'robot23');
    expect(gc.ballMoved({ x: -4700, y: 2000, z: 50 })).toEqual([
      { type: 'setPlay', setPlay: SetPlay.goalKick, team: 0, placement: { x: -3900, y: 1100 } },
    ]);
    gc.automaticReferee(['ballOut'], false);
    gc.ballMoved({ x: 0, y: 0, z: 50 });
    expect(gc.ballMoved({ x: 0, y: -3500, z: 50 })).toEqual([]);
  });

  it('drop ball and global game stuck restart in ready', () => {
    const gc = make();
    toPlaying(gc);
    expect(gc.command('dropBall')).toBeUndefined();
    expect(gc.getData()).toMatchObject({ state: GameState.ready, kickingTeam: NO_TEAM });
    run(gc, 50.1);
    expect(gc.getData()).toMatchObject({ state: GameState.playing, secondaryTime: 0 });
    expect(gc.command('globalGameStuck')).toBeUndefined();
    // The last kick-off was the first team's: the second team restarts.
    expect(gc.getData()).toMatchObject({ state: GameState.ready, kickingTeam: 70 });
  });

  it('enforces the message budget and counts packets at 2 Hz', () => {
    const gc = make();
    let sent = 0;
    for (let i = 0; i < 1300; i++) if (gc.teamMessageSent(1)) sent++;
    expect(sent).toBe(1200);
    expect(gc.getData().teams[1].messageBudget).toBe(0);
    expect(gc.getData().teams[0].messageBudget).toBe(1200);
    run(gc, 2);
    expect(gc.getData().packetNumber).toBe(4);
    expect(gc.getDataForRobot().timeLastPacketReceived).toBe(2000);
  });

  it('is deterministic', () => {
    const script = (gc: GameController): string => {
      toPlaying(gc);
      const trace: string[] = [];
      for (let i = 0; i < 2000; i++) {
        gc.update(12);
        if (i === 500) gc.penalize(1, 4, 'illegalPosition');
        if (i === 900) gc.command('kickInForSecondTeam');
        if (i % 100 === 0) trace.push(JSON.stringify(gc.getData()));
      }
      return trace.join('\n');
    };
    expect(script(make())).toBe(script(make()));
  });

  it('knows every gc word the console declares (its completion list)', () => {
    const gc = make();
    for (const word of GAME_CONTROLLER_COMMANDS) expect(gc.command(word) ?? '', word).not.toMatch(/Unknown/);
    expect(gc.command('nonsense')).toMatch(/Unknown/);
  });
});
