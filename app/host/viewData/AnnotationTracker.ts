/**
 * @file The annotations a robot makes while it runs, for the annotation view (B-Human shows them live per
 * thread): every idAnnotation a robot console receives, per thread, the newest MAX_ANNOTATIONS kept. An
 * annotation named CLEAR empties its thread's list, as in B-Human's view.
 */
import { decodeAnnotation } from '@robot-runtime/protocol/debugMessages/annotation';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import type { AnnotationsData, LiveAnnotation } from '../../ipc/viewData';
import type { RobotConsole } from '../console/RobotConsole';

/** Annotations kept per thread (older ones are dropped). */
export const MAX_ANNOTATIONS = 1000;

/** The name that clears a thread's annotations. */
const CLEAR = 'CLEAR';

interface ThreadAnnotations {
  entries: LiveAnnotation[];
  /** Frames of the thread received so far. */
  frames: number;
  /** Bumped on every change, so unchanged lists are not sent again. */
  version: number;
}

/** The live annotations of one robot. */
export class AnnotationTracker {
  private readonly threads = new Map<string, ThreadAnnotations>();

  /** Starts tracking `robot`; returns the function that stops it. */
  attach(robot: RobotConsole): () => void {
    const offMessage = robot.on('message', ({ thread, message }) => {
      if (message.id !== MessageID.idAnnotation) return;
      try {
        const a = decodeAnnotation(message.payload);
        this.add(thread, a.number, a.name, a.description);
      } catch {
        // The console's model reports malformed messages already.
      }
    });
    const offFrame = robot.on('frame', ({ thread }) => {
      this.of(thread).frames++;
    });
    return () => {
      offMessage();
      offFrame();
    };
  }

  /** Adds one annotation of `thread`. */
  add(thread: string, number: number, name: string, description: string): void {
    const t = this.of(thread);
    t.version++;
    if (name === CLEAR) {
      t.entries = [];
      return;
    }
    t.entries.push({ number, frame: t.frames, name, description });
    if (t.entries.length > MAX_ANNOTATIONS) t.entries.splice(0, t.entries.length - MAX_ANNOTATIONS);
  }

  /** Threads that sent annotations. */
  get threadNames(): string[] {
    return [...this.threads.keys()].filter((t) => this.threads.get(t)!.version > 0);
  }

  /** A number that changes whenever `thread`'s list does. */
  version(thread: string): number {
    return this.threads.get(thread)?.version ?? 0;
  }

  /** The stream item of `thread`. */
  data(thread: string): AnnotationsData {
    return { kind: 'annotations', thread, entries: [...(this.threads.get(thread)?.entries ?? [])] };
  }

  private of(thread: string): ThreadAnnotations {
    let t = this.threads.get(thread);
    if (!t) this.threads.set(thread, (t = { entries: [], frames: 0, version: 0 }));
    return t;
  }
}
