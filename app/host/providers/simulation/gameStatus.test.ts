import { describe, expect, it } from 'vitest';
import { GameController } from '@app/simulator/index';
import { gameStatus } from './gameStatus';

describe('gameStatus', () => {
  it('names state, set play and penalties, and keeps only the team size', () => {
    const gc = new GameController({
      teams: [
        { number: 5, fieldPlayerColor: 'black', goalkeeperColor: 'purple' },
        { number: 70, fieldPlayerColor: 'red', goalkeeperColor: 'blue' },
      ],
    });
    gc.command('ready');
    gc.penalize(1, 3, 'manual');
    const s = gameStatus(gc.getData());
    expect(s.state).toBe('ready');
    expect(s.setPlay).toBe('none');
    expect(s.teams[0].players).toHaveLength(7);
    expect(s.teams[1].players[2]).toMatchObject({ playerNumber: 3, penalty: 'manual' });
    expect(s.teams.map((t) => t.number)).toEqual([5, 70]);
  });
});
