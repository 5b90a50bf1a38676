import { describe, expect, it } from 'vitest';
import { jointRows } from './jointRows';

describe('jointRows', () => {
  it('shows degrees, hand percent, sentinels, load, temperature and stiffness', () => {
    const angles = new Array(27).fill(0);
    angles[0] = Math.PI / 2;
    angles[1] = 10000;
    angles[8] = 0.5;
    const stiffnesses = new Array(27).fill(80);
    stiffnesses[1] = -1;
    const rows = jointRows(
      { angles, stiffnesses },
      { angles, currents: new Array(27).fill(120), temperatures: new Array(27).fill(41) },
    );
    expect(rows[0]).toEqual({
      joint: 'headYaw',
      request: '90.0°',
      sensor: '90.0°',
      load: '120 mA',
      temperature: '41 °C',
      stiffness: '80 %',
    });
    expect(rows[1]).toMatchObject({ request: 'off', stiffness: 'default' });
    expect(rows[8]).toMatchObject({ joint: 'lHand', request: '50 %' });
    expect(jointRows(undefined, undefined)[0]).toEqual({
      joint: 'headYaw',
      request: '',
      sensor: '',
      load: '',
      temperature: '',
      stiffness: '',
    });
  });
});
