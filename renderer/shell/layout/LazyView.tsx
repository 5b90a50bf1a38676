/**
 * @file Renders a catalog view by id: loads its chunk on first use, shows a placeholder while loading and the
 * error (instead of a blank panel) when it fails to load or throws.
 */
import { Component, lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { ViewParams, ViewProps } from '../../services/viewContract';
import { findView } from '../viewCatalog';

const loaded = new Map<string, LazyExoticComponent<ComponentType<ViewProps>>>();

function lazyView(id: string): LazyExoticComponent<ComponentType<ViewProps>> | undefined {
  const descriptor = findView(id);
  if (!descriptor) return undefined;
  let component = loaded.get(id);
  if (!component) loaded.set(id, (component = lazy(descriptor.load)));
  return component;
}

/** Catches a view's render errors. */
class ViewErrorBoundary extends Component<{ children: ReactNode; title: string }, { error?: Error }> {
  override state: { error?: Error } = {};

  static getDerivedStateFromError(error: Error): { error: Error } {
    return { error };
  }

  override render(): ReactNode {
    if (this.state.error) {
      return (
        <div className="view-message error" role="alert">
          The {this.props.title} view failed: {this.state.error.message}
        </div>
      );
    }
    return this.props.children;
  }
}

/** The view `viewId` inside panel `panelId`. */
export function LazyView({ viewId, panelId, params }: { viewId: string; panelId: string; params: ViewParams }): ReactNode {
  const View = lazyView(viewId);
  const title = findView(viewId)?.title ?? viewId;
  if (!View) return <div className="view-message">Unknown view "{viewId}" (saved by a newer version?). Close this panel.</div>;
  return (
    <ViewErrorBoundary title={title}>
      <Suspense fallback={<div className="view-message">Loading {title}…</div>}>
        <View panelId={panelId} params={params} />
      </Suspense>
    </ViewErrorBoundary>
  );
}
