import { lazy, useState, type ComponentType } from 'react';

export interface Preloadable<P extends object> {
  /** Starts fetching the component's code (once; again after a failure) and resolves when it is there. */
  preload: () => Promise<ComponentType<P>>;
  /** The component if its code is already here, without fetching it. */
  peek: () => ComponentType<P> | undefined;
  /**
   * The component: drawn at once when its code is already here, else it suspends (React.lazy) until it is, so it needs
   * a Suspense boundary above it. An instance keeps what it started with, so its state survives the code arriving.
   */
  Component: ComponentType<P>;
}

/**
 * A component whose code is a chunk of its own, fetched when first drawn or earlier by `preload()` (a route that will
 * need it, the pointer over the control that opens it, the page going idle): docs/decisions/0021-first-load-budget.md.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));

  function Component(props: P) {
    const [Ready] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Ready {...props} />;
  }
  return { preload, peek: () => loaded, Component };
}
