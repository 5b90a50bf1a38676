/**
 * @file The renderer's composition root: connect the bridge, ask the host what it runs, create the services and
 * render the shell. Nothing else happens here.
 */
import 'dockview/dist/styles/dockview.css';
import { createRoot } from 'react-dom/client';
import { connectBridge } from '../services/bridge/connectBridge';
import { CommandBus } from '../services/CommandBus';
import { LayoutService } from '../services/LayoutService';
import { App } from './App';
import './styles.css';

async function start(): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  const { bridge, onState } = connectBridge(window);
  try {
    const session = await bridge.invoke('pitchside:session.info', {});
    const services = {
      bridge,
      session,
      commands: new CommandBus(),
      layouts: new LayoutService(bridge, window.localStorage),
    };
    root.render(
      <App
        services={services}
        onLinkState={onState as ((listener: (state: string) => void) => () => void) | undefined}
      />,
    );
  } catch (error) {
    root.render(
      <div className="view-message error" role="alert">
        Cannot reach the Pitchside host: {error instanceof Error ? error.message : String(error)}. Open the URL printed
        by npm start (it carries the session token).
      </div>,
    );
  }
}

void start();
