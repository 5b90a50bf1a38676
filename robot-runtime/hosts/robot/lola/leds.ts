/**
 * @file LED values for LoLA (formats §9.3): each LED group is off, on, half bright, blinking (toggles every 400 ms)
 * or blinking fast (every 80 ms), in a colour where the group has colours.
 */
import { ACTUATOR_BASE } from './ActuatorPacket';

/** How an LED group lights. */
export type LedMode = 'off' | 'on' | 'half' | 'blinking' | 'fastBlinking';

/** What the LEDs show. Colours are RGB in 0..1. */
export interface LedRequest {
  ears: LedMode;
  eyes: { mode: LedMode; color: [number, number, number] };
  chest: { mode: LedMode; color: [number, number, number] };
  feet: { mode: LedMode; color: [number, number, number] };
  skull: LedMode;
}

/** Brightness factor of `mode` at `timeMs`. */
export function ledLevel(mode: LedMode, timeMs: number): number {
  switch (mode) {
    case 'off':
      return 0;
    case 'on':
      return 1;
    case 'half':
      return 0.5;
    case 'blinking':
      return Math.floor(timeMs / 400) % 2 ? 0 : 1;
    case 'fastBlinking':
      return Math.floor(timeMs / 80) % 2 ? 0 : 1;
  }
}

/** Writes the LED part of the flat actuator vector. */
export function writeLeds(request: LedRequest, timeMs: number, out: Float32Array): void {
  const fill = (base: number, count: number, value: number): void => {
    out.fill(value, base, base + count);
  };
  fill(ACTUATOR_BASE.REar, 10, ledLevel(request.ears, timeMs));
  fill(ACTUATOR_BASE.LEar, 10, ledLevel(request.ears, timeMs));
  fill(ACTUATOR_BASE.Skull, 12, ledLevel(request.skull, timeMs));
  const rgb = (base: number, { mode, color }: { mode: LedMode; color: [number, number, number] }): void => {
    const l = ledLevel(mode, timeMs);
    for (let c = 0; c < 3; c++) out[base + c] = color[c]! * l;
  };
  rgb(ACTUATOR_BASE.Chest, request.chest);
  rgb(ACTUATOR_BASE.LFoot, request.feet);
  rgb(ACTUATOR_BASE.RFoot, request.feet);
  // Eyes: 8 red values, then 8 green, then 8 blue.
  const eye = ledLevel(request.eyes.mode, timeMs);
  for (const base of [ACTUATOR_BASE.LEye, ACTUATOR_BASE.REye])
    for (let c = 0; c < 3; c++) fill(base + 8 * c, 8, request.eyes.color[c]! * eye);
}

/** What a robot without a behaviour-set LED request shows: ears on (LoLA is up), blue eyes, chest by link health. */
export function defaultLeds(sensorsFresh: boolean): LedRequest {
  return {
    ears: 'on',
    eyes: { mode: 'half', color: [0, 0, 1] },
    chest: sensorsFresh ? { mode: 'on', color: [0, 1, 0] } : { mode: 'fastBlinking', color: [1, 0, 0] },
    feet: { mode: 'off', color: [0, 0, 0] },
    skull: 'off',
  };
}
