/**
 * @file The docking area (dockview): views as tabs in resizable, rearrangeable groups. The layout is restored
 * for the session's scene on start and saved (debounced) whenever it changes; the `view.open`, `layout.reset`
 * and panel commands (F6 / Shift+F6 move between panels, Alt+W closes one) act on it.
 */
import { DockviewReact, type DockviewApi, type DockviewReadyEvent, type IDockviewPanelProps } from 'dockview';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import type { LayoutJson } from '@app/ipc/messages';
import type { ViewParams } from '../../services/viewContract';
import { Commands, type OpenViewOptions } from '../../services/CommandBus';
import { errorText } from '../../services/hostErrors';
import { useServices } from '../../services/ServicesContext';
import { downloadText } from '../../components/download';
import { findView } from '../viewCatalog';
import { EmptyDock } from './EmptyDock';
import { LazyView } from './LazyView';
import { layoutFileText, parseLayoutFile, pickTextFile } from './layoutFile';
import { focusPanel } from './panelFocus';
import { closeFocusedPanel, focusAdjacentPanel } from './panelNavigation';

/** Parameters stored with each panel. */
interface PanelParams {
  viewId: string;
  /** The view's own parameters (robot, name …); absent for unparameterised views. */
  view?: ViewParams;
}

/** Views open in a fresh layout; a simulated scene is shown in 3-D too, as SimRobot opens its scene view. */
const DEFAULT_VIEWS = ['console'];
const DEFAULT_SIMULATION_VIEWS = ['console', 'scene3d'];
/** Delay before a changed layout is saved (dragging a splitter changes it many times a second). */
const SAVE_DELAY_MS = 400;

function ViewPanel(props: IDockviewPanelProps<PanelParams>): ReactNode {
  return <LazyView viewId={props.params.viewId} panelId={props.api.id} params={props.params.view ?? NO_PARAMS} />;
}

const COMPONENTS = { view: ViewPanel };
const NO_PARAMS: ViewParams = {};

/** The panel id of a view instance: the view id, plus its parameters in a stable order. */
export function panelIdOf(viewId: string, params?: ViewParams): string {
  const entries = Object.entries(params ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return entries.length === 0 ? viewId : `${viewId}?${entries.map(([k, v]) => `${k}=${v}`).join('&')}`;
}

/**
 * Where a new panel goes: beside the console (which must stay visible while commands open views), then into
 * the group of the most recently opened view.
 */
function placeFor(api: DockviewApi, id: string): Parameters<DockviewApi['addPanel']>[0]['position'] {
  if (id === 'console') return undefined;
  const others = api.panels.filter((p) => p.id !== 'console');
  if (others.length > 0) return { referencePanel: others[others.length - 1]!.id };
  return api.getPanel('console') ? { referencePanel: 'console', direction: 'right' } : undefined;
}

/**
 * Opens `viewId` with `params` (or activates that instance when already open); with `options.focus` the
 * keyboard focus moves into it.
 */
export function openView(api: DockviewApi, viewId: string, params?: ViewParams, options?: OpenViewOptions): void {
  const descriptor = findView(viewId);
  if (!descriptor) return;
  const id = panelIdOf(viewId, params);
  const existing = api.getPanel(id);
  if (existing) {
    if (!options?.background) existing.api.setActive();
  } else {
    const hasParams = params !== undefined && Object.keys(params).length > 0;
    const title = hasParams && descriptor.titleFor ? descriptor.titleFor(params) : descriptor.title;
    const position = placeFor(api, id);
    api.addPanel<PanelParams>({
      id,
      component: 'view',
      title,
      params: hasParams ? { viewId, view: { ...params } } : { viewId },
      position,
      // A start script's views go behind the panel in front of the group they join: a fresh layout keeps the 3-D
      // scene in front. A panel that starts a group of its own is shown.
      inactive: options?.background === true && position !== undefined && !('direction' in position),
    });
  }
  if (options?.focus) focusPanel(id);
}

/** What `view.open` asks for: view id, parameters, options. */
type ViewRequest = [viewId: string, params?: ViewParams, options?: OpenViewOptions];

/** The argument of a command as an object, or undefined. */
function objectArg<T>(arg: unknown): T | undefined {
  return typeof arg === 'object' && arg !== null ? (arg as T) : undefined;
}

function applyDefault(api: DockviewApi, simulation: boolean): void {
  api.clear();
  for (const id of simulation ? DEFAULT_SIMULATION_VIEWS : DEFAULT_VIEWS) openView(api, id);
}

/** Applies `layout`; when the dock refuses it, the layout before stays (and the error is thrown on). */
function importLayout(api: DockviewApi, layout: LayoutJson): void {
  const before = api.toJSON();
  try {
    api.fromJSON(layout as unknown as Parameters<DockviewApi['fromJSON']>[0]);
  } catch (e) {
    api.fromJSON(before);
    throw new Error(`the dock refused it (${errorText(e)})`);
  }
  if (api.panels.length === 0) {
    api.fromJSON(before);
    throw new Error('it has no panels');
  }
}

/** The dock area. */
export function DockArea(): ReactNode {
  const { commands, layouts, session } = useServices();
  const simulation = session.simulation === true;
  const apiRef = useRef<DockviewApi | undefined>(undefined);
  /**
   * Views asked for before the saved layout was restored (the start script's, from a console that was faster
   * than the layout store): opened once it is, since a restore replaces every panel. Undefined once restored.
   */
  const pending = useRef<ViewRequest[] | undefined>([]);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const onReady = useCallback(
    (event: DockviewReadyEvent) => {
      const api = event.api;
      apiRef.current = api;
      void layouts.load(session.scene).then((saved) => {
        try {
          if (saved) api.fromJSON(saved as unknown as Parameters<DockviewApi['fromJSON']>[0]);
          else applyDefault(api, simulation);
        } catch {
          applyDefault(api, simulation); // a layout from an incompatible version: start fresh rather than fail
        }
        if (api.panels.length === 0) applyDefault(api, simulation);
        for (const request of pending.current ?? []) openView(api, ...request);
        pending.current = undefined;
        api.onDidLayoutChange(() => {
          clearTimeout(saveTimer.current);
          saveTimer.current = setTimeout(
            () => void layouts.save(session.scene, api.toJSON() as unknown as LayoutJson),
            SAVE_DELAY_MS,
          );
        });
      });
    },
    [layouts, session.scene, simulation],
  );

  useEffect(() => {
    const withApi = (action: (api: DockviewApi) => void) => () => {
      if (apiRef.current) action(apiRef.current);
    };
    const disposers = [
      commands.register(Commands.openView, (viewId, params, options) => {
        if (typeof viewId !== 'string') return;
        const request: ViewRequest = [viewId, objectArg<ViewParams>(params), objectArg<OpenViewOptions>(options)];
        if (pending.current) pending.current.push(request);
        else if (apiRef.current) openView(apiRef.current, ...request);
      }),
      commands.register(Commands.resetLayout, async () => {
        if (!apiRef.current || pending.current) return;
        applyDefault(apiRef.current, simulation);
        // The default layout of a scene shows the views its start script (and the consoles since) created.
        await commands.execute(Commands.openConsoleViews);
        const first = apiRef.current.panels[0];
        if (first) focusPanel(first.id);
      }),
      commands.register(
        Commands.focusNextPanel,
        withApi((api) => focusAdjacentPanel(api, 1)),
      ),
      commands.register(
        Commands.focusPreviousPanel,
        withApi((api) => focusAdjacentPanel(api, -1)),
      ),
      commands.register(Commands.closePanel, withApi(closeFocusedPanel)),
      commands.register(
        Commands.exportLayout,
        withApi((api) => {
          downloadText(
            `${session.scene}.layout.json`,
            layoutFileText(session.scene, api.toJSON() as unknown as LayoutJson),
            'application/json',
          );
          void commands.execute(Commands.showMessage, `Layout exported as ${session.scene}.layout.json`);
        }),
      ),
      commands.register(Commands.importLayout, async () => {
        const api = apiRef.current;
        if (!api) return;
        const say = (text: string) => void commands.execute(Commands.showMessage, text);
        let name = 'the file';
        try {
          const file = await pickTextFile('.json,application/json');
          if (!file) return;
          name = file.name;
          importLayout(api, parseLayoutFile(file.text));
          say(`Layout imported from ${name}`);
        } catch (e) {
          say(`Cannot import ${name}: ${errorText(e)}`);
        }
      }),
    ];
    return () => disposers.forEach((d) => d());
  }, [commands, simulation, session.scene]);

  return (
    <DockviewReact
      className="dock-area dockview-theme-dark"
      components={COMPONENTS}
      onReady={onReady}
      watermarkComponent={EmptyDock}
    />
  );
}
