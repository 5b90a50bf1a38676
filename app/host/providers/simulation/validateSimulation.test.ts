import { describe, expect, it } from 'vitest';
import { validateSimulationRequest } from './validateSimulation';

describe('validateSimulationRequest', () => {
  it('accepts well-formed requests and drops unknown fields', () => {
    expect(validateSimulationRequest('pitchside:sim.control', { action: 'step', extra: 1 })).toEqual({
      action: 'step',
    });
    expect(validateSimulationRequest('pitchside:image.frame', { robot: 'robot1', view: 'upper', after: 3 })).toEqual({
      robot: 'robot1',
      view: 'upper',
      after: 3,
    });
  });

  it('rejects bad actions, names and sequence numbers', () => {
    expect(() => validateSimulationRequest('pitchside:sim.control', { action: 'explode' })).toThrow(/Bad request/);
    expect(() => validateSimulationRequest('pitchside:image.frame', { robot: '', view: 'upper' })).toThrow(/robot/);
    expect(() => validateSimulationRequest('pitchside:image.frame', { robot: 'r', view: 'v', after: 1.5 })).toThrow(
      /after/,
    );
  });
});
