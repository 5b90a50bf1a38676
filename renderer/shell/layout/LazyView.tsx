/**
 * @file Renders a catalog view by id inside its panel: loads its chunk on first use, shows a placeholder while
 * loading and the error (instead of a blank panel) when it fails to load or throws. The wrapper is a labelled
 * region that can take focus itself, so entering a panel by keyboard always lands somewhere, even in a view that
 * shows only a sentence.
 */
import {
  Component,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import type { ViewParams, ViewProps } from '../../services/viewContract';
import { findView } from '../viewCatalog';
import { PANEL_ID_ATTRIBUTE, panelAttached, panelReady } from './panelFocus';

const loaded = new Map<string, LazyExoticComponent<ComponentType<ViewProps>>>();

function lazyView(id: string): LazyExoticComponent<ComponentType<ViewProps>> | undefined {
  const descriptor = findView(id);
  if (!descriptor) return undefined;
  let component = loaded.get(id);
  if (!component) loaded.set(id, (component = lazy(descriptor.load)));
  return component;
}

/** Catches a view's render errors. */
class ViewErrorBoundary extends Component<
  { children: ReactNode; viewId: string; title: string; onError: () => void },
  { error?: Error }
> {
  override state: { error?: Error } = {};

  static getDerivedStateFromError(error: Error): { error: Error } {
    return { error };
  }

  override componentDidCatch(): void {
    // A chunk that failed to load (the app was rebuilt, the host restarted) is fetched again when reopened.
    loaded.delete(this.props.viewId);
    this.props.onError();
  }

  override render(): ReactNode {
    if (this.state.error) {
      return (
        <div className="view-message error" role="alert">
          The {this.props.title} view failed: {this.state.error.message}. Close the panel (Alt+W) and open it again
          (Ctrl+Shift+P).
        </div>
      );
    }
    return this.props.children;
  }
}

/** Rendered after the view: its effect runs once the view's own effects have run (its editors exist). */
function ViewRendered({ onRendered }: { onRendered: () => void }): null {
  useEffect(onRendered, [onRendered]);
  return null;
}

/** The view `viewId` inside panel `panelId`. */
export function LazyView({
  viewId,
  panelId,
  params,
}: {
  viewId: string;
  panelId: string;
  params: ViewParams;
}): ReactNode {
  const wrapper = useRef<HTMLDivElement>(null);
  // A layout effect: it must run before the passive effect of ViewRendered in the same commit.
  useLayoutEffect(() => panelAttached(panelId, wrapper.current!), [panelId]);
  const onRendered = useCallback(() => panelReady(panelId), [panelId]);
  const View = lazyView(viewId);
  const descriptor = findView(viewId);
  const title = descriptor?.title ?? viewId;
  const label = descriptor?.titleFor && Object.keys(params).length > 0 ? descriptor.titleFor(params) : title;
  return (
    <div
      ref={wrapper}
      className="view-panel"
      role="region"
      aria-label={label}
      tabIndex={-1}
      {...{ [PANEL_ID_ATTRIBUTE]: panelId }}
    >
      {!View ? (
        <div className="view-message">
          Unknown view "{viewId}" (saved by a newer version?). Close this panel (Alt+W).
          <ViewRendered onRendered={onRendered} />
        </div>
      ) : (
        <ViewErrorBoundary viewId={viewId} title={title} onError={onRendered}>
          <Suspense fallback={<div className="view-message">Loading {title}…</div>}>
            <View panelId={panelId} params={params} />
            <ViewRendered onRendered={onRendered} />
          </Suspense>
        </ViewErrorBoundary>
      )}
    </div>
  );
}
