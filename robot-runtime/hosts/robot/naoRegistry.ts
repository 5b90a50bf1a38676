/**
 * @file What every worker thread of the standalone robot loads: the robot's modules, a ThreadDebugger per
 * thread and, on a PC, the minimal simulated body (on a NAO, LoLA takes its place).
 */
import { ThreadDebugger } from '../../core/debug/ThreadDebugger';
import { allModules } from '../../threads/allModules';
import { MinimalBody, defaultBodySettings, type BodySettings } from '../sim/minimalBody/MinimalBody';
import { MinimalWorld } from '../sim/minimalBody/MinimalWorld';
import type { ThreadWorkerRegistry } from './workers/protocol';

export const registry: ThreadWorkerRegistry = {
  modules: allModules,
  createDebugger: (threadName, clock) => new ThreadDebugger({ clock, threadName }),
  createHost: (threadName, shared, options) => {
    const body = new MinimalBody(new MinimalWorld(shared), { ...defaultBodySettings, ...(options as Partial<BodySettings> | undefined) });
    return { frame: (timeMs, blackboard) => body.frame(threadName, timeMs, blackboard) };
  },
};
