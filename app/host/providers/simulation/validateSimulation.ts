/**
 * @file Checks on the simulation channels' request payloads: the renderer is untrusted, so every field is
 * checked for type and size before the simulation acts on it.
 */
import type { SimulationAction, SimulationRequestChannel, SimulationRequests } from '@app/ipc/simulation';

const ACTIONS: ReadonlySet<SimulationAction> = new Set(['runPause', 'run', 'pause', 'step', 'reset']);
/** Longest robot or view name accepted. */
const MAX_NAME = 256;

function fail(message: string): never {
  throw new Error(`Bad request: ${message}`);
}

function name(r: Record<string, unknown>, key: string): string {
  const value = r[key];
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_NAME)
    fail(`${key} must be a name of at most ${MAX_NAME} characters`);
  return value;
}

/** Returns the payload typed for `channel` when well-formed; throws otherwise. */
export function validateSimulationRequest<C extends SimulationRequestChannel>(
  channel: C,
  r: Record<string, unknown>,
): SimulationRequests[C]['request'] {
  switch (channel) {
    case 'pitchside:sim.control': {
      const action = r.action as SimulationAction;
      if (!ACTIONS.has(action)) fail(`unknown action ${String(r.action)}`);
      return { action } as SimulationRequests[C]['request'];
    }
    case 'pitchside:image.frame': {
      const after = r.after;
      if (after !== undefined && (typeof after !== 'number' || !Number.isSafeInteger(after)))
        fail('after must be an integer');
      return {
        robot: name(r, 'robot'),
        view: name(r, 'view'),
        ...(after !== undefined ? { after } : {}),
      } as SimulationRequests[C]['request'];
    }
    default:
      return {} as SimulationRequests[C]['request'];
  }
}
