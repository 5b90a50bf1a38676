/**
 * @file The toy robot as a worker registry (tests): the same modules as the deterministic tests, with a
 * recording debugger that outputs the toy representations every frame.
 */
import { RecordingDebugger } from '@robot-runtime/core/threads/testing/RecordingDebugger';
import { toyModules } from '@robot-runtime/core/threads/testing/toyRobot';
import type { ThreadWorkerRegistry } from '../protocol';
import type { Message } from '@robot-runtime/protocol/messageQueue/Message';

/** Representations output every frame by the toy debugger. */
export const TOY_OUTPUTS = ['ToyPercept', 'ToyWorldModel', 'ToyJointState'];

/** Toy message ids (the toy representations have no B-Human ids). */
export const TOY_IDS: Record<string, number> = { ToyPercept: 1001, ToyWorldModel: 1002, ToyJointState: 1003 };

/** The registry workers import. */
export const registry: ThreadWorkerRegistry = {
  modules: toyModules,
  createDebugger: () => new ToyDebugger(),
};

/** Id of the echo of a received debug message (sent with the next frame). */
export const TOY_ECHO_ID = 2000;

/**
 * Sets the toy message id on outputs (the runner passes undefined for representations without an id) and
 * echoes received debug messages, so tests can see them arrive in the worker.
 */
class ToyDebugger extends RecordingDebugger {
  private echoes: Message[] = [];
  constructor() {
    super({ outputs: TOY_OUTPUTS, record: false });
  }
  override handle(message: Message): void {
    this.echoes.push({ id: TOY_ECHO_ID, payload: message.payload.slice() });
  }
  override endFrame(): Message[] {
    const out = [...super.endFrame(), ...this.echoes];
    this.echoes = [];
    return out;
  }
  override outputRepresentation<V>(
    name: string,
    _messageId: number | undefined,
    type: Parameters<RecordingDebugger['outputRepresentation']>[2],
    value: V,
  ): void {
    super.outputRepresentation(name, TOY_IDS[name], type as never, value);
  }
}
