/**
 * @file The services every part of the UI may use, provided once by the shell through React context (plain
 * constructor injection underneath; no global lookups).
 */
import { createContext, useContext } from 'react';
import type { PitchsideBridge } from '../../app/ipc/bridge';
import type { SessionInfo } from '../../app/ipc/messages';
import type { CommandBus } from './CommandBus';
import type { LayoutService } from './LayoutService';

/** The renderer's services. */
export interface Services {
  readonly bridge: PitchsideBridge;
  readonly commands: CommandBus;
  readonly layouts: LayoutService;
  /** What the host runs (scene, mode, notice). */
  readonly session: SessionInfo;
}

/** Context carrying the services. */
export const ServicesContext = createContext<Services | undefined>(undefined);

/** The services; throws outside the shell (a view rendered without them is a wiring bug). */
export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices() outside <ServicesContext.Provider>');
  return services;
}
