/**
 * @file Typed playback control of a replayed robot (the log player view's `pitchside:log.control`): each action
 * calls the LogPlayer method the matching `log …` console command calls, on the same players — the robot's own
 * for seeking and stepping, every log opened together with it (`sml`) for play, pause, stop, loop and speed. A robot
 * of a replayed game goes through the game's clock instead: every action moves all its robots to one game time.
 */
import type { PlaybackAction } from '../../ipc/logPlayer';
import type { GameClock } from './GameClock';
import type { LogPlayer } from './LogPlayer';

/** Applies `action` to `player`, or to all of `group` (which includes it) where the console command does. */
export function applyPlayback(player: LogPlayer, group: readonly LogPlayer[], action: PlaybackAction): void {
  const all = group.length ? group : [player];
  switch (action.kind) {
    case 'play':
      for (const p of all) p.play();
      break;
    case 'pause':
      for (const p of all) p.pause();
      break;
    case 'stop':
      for (const p of all) p.stop();
      break;
    case 'loop':
      for (const p of all) p.setLoop(action.loop);
      break;
    case 'speed':
      for (const p of all) p.setSpeed(action.speed);
      break;
    case 'repeat':
      player.repeat();
      break;
    case 'seek':
      player.goto(action.frame);
      break;
    case 'step':
      if (action.frames >= 0) player.forward(action.frames);
      else player.backward(-action.frames);
      break;
    case 'stepImage':
      if (action.direction > 0) player.nextImage();
      else player.previousImage();
      break;
  }
}

/**
 * Applies `action` to the game `clock` on behalf of its robot `robot`: play, pause, stop and speed act on the clock;
 * a seek or step moves `robot` to its frame and every other robot to that frame's game time.
 */
export function applyGamePlayback(clock: GameClock, robot: string, action: PlaybackAction): void {
  const player = clock.member(robot)?.player;
  switch (action.kind) {
    case 'play':
      clock.play();
      break;
    case 'pause':
      clock.pause();
      break;
    case 'stop':
      clock.stop();
      break;
    case 'speed':
      clock.setSpeed(action.speed);
      break;
    case 'loop':
      // The clock loops the game (a log looping on its own would leave the game's clock).
      clock.loop = action.loop;
      break;
    case 'repeat':
      player?.repeat();
      break;
    case 'seek':
      clock.step(robot, action.frame - (player?.current ?? 0));
      break;
    case 'step':
      clock.step(robot, action.frames);
      break;
    case 'stepImage':
      clock.step(robot, action.direction, true);
      break;
  }
}
