/**
 * @file A React hook that listens to one bridge event channel while the component is mounted.
 */
import { useEffect, useRef } from 'react';
import type { EventChannel } from '../../app/ipc/channels';
import type { EventOf } from '../../app/ipc/messages';
import { useServices } from './ServicesContext';

/** Calls `listener` for every event on `channel` (the latest listener, without resubscribing on each render). */
export function useBridgeEvent<C extends EventChannel>(channel: C, listener: (payload: EventOf<C>) => void): void {
  const { bridge } = useServices();
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => bridge.on(channel, (payload) => latest.current(payload)), [bridge, channel]);
}
