/**
 * @file Which thread pairs exchange which representations, derived from the module graph. Senders and
 * receivers (possibly in different workers) compute the same layout from the same graph, so the package
 * format needs no names on the wire.
 */
import type { TypeRef } from '@robot-runtime/protocol/types';
import type { ModuleGraph } from '../../module/ModuleGraph';
import type { ChannelEntry } from './RepresentationChannel';

/** One directed thread pair and what it carries, in package order. */
export interface ChannelLayout {
  readonly from: string;
  readonly to: string;
  readonly entries: readonly ChannelEntry[];
}

/** All channels of a graph, ordered by sender then receiver (configuration order). */
export function channelLayout(graph: ModuleGraph): ChannelLayout[] {
  const channels: ChannelLayout[] = [];
  for (const plan of graph.threads) {
    const receivers: string[] = [];
    for (const s of plan.sent) if (!receivers.includes(s.to)) receivers.push(s.to);
    for (const to of receivers) {
      const entries = plan.sent
        .filter((s) => s.to === to)
        .map((s) => ({
          name: s.representation,
          type: graph.representations.get(s.representation)! as TypeRef<unknown>,
        }));
      channels.push({ from: plan.name, to, entries });
    }
  }
  return channels;
}

/** A stable key for a channel, e.g. for naming shared buffers passed to workers. */
export function channelKey(from: string, to: string): string {
  return `${from}->${to}`;
}
