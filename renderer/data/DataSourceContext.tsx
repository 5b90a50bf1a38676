/**
 * @file How views get the data source: a React context the shell (or a test) may provide; without a provider
 * one bridge-backed source per bridge is created on first use, so the shell's composition root stays unchanged.
 */
import { createContext, useContext } from 'react';
import type { PitchsideBridge } from '../../app/ipc/bridge';
import { useServices } from '../services/ServicesContext';
import { BridgeDataSource } from './BridgeDataSource';
import type { RobotDataSource } from './DataSource';

/** An explicitly provided data source (tests, log players). */
export const DataSourceContext = createContext<RobotDataSource | undefined>(undefined);

const perBridge = new WeakMap<PitchsideBridge, RobotDataSource>();

/** The bridge-backed data source of `bridge` (one per bridge; for the shell, which sits above the context). */
export function dataSourceFor(bridge: PitchsideBridge): RobotDataSource {
  let source = perBridge.get(bridge);
  if (!source) perBridge.set(bridge, (source = new BridgeDataSource(bridge)));
  return source;
}

/** The data source of this UI. */
export function useDataSource(): RobotDataSource {
  const provided = useContext(DataSourceContext);
  const { bridge } = useServices();
  return provided ?? dataSourceFor(bridge);
}
