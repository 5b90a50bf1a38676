/**
 * @file Typed playback control of a replayed robot (the log player view's `pitchside:log.control`): each action
 * calls the LogPlayer method the matching `log …` console command calls, on the same players — the robot's own
 * for seeking and stepping, every log opened together with it (`sml`) for play, pause, stop, loop and speed.
 */
import type { PlaybackAction } from '../../ipc/logPlayer';
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
