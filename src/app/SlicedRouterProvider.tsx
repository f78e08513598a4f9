import { useMemo, type ReactNode } from 'react';
import type { createBrowserRouter, RouterState, RouterSubscriber } from 'react-router';
import { RouterProvider } from 'react-router/dom';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * The router's screens, for a first render made in a transition (main.tsx): React then yields between components
 * instead of drawing the layout, header, cookie banner and page in one task of 200 ms or more on a phone's CPU, which
 * Lighthouse counts as blocking time (issue #17, decision 0084).
 *
 * React Router's `RouterProvider` reads `router.state` when it renders and subscribes to the router in a layout effect.
 * A route whose code or data arrives in between — likely while a sliced render yields — would be missed, and the page
 * would stay on its fallback until the next navigation. (The router replays such an update to its first subscriber,
 * but the app subscribes before the render: main.tsx, redirects.ts.) So the provider is given a view of the router
 * that hands the present state to its subscription at once when the router moved on since the provider read it — what
 * the router's own replay does — instead of drawing the whole tree again.
 */
export function SlicedRouterProvider({ router }: { router: Router }): ReactNode {
  const view = useMemo(() => catchingUp(router), [router]);
  return <RouterProvider router={view} />;
}

function catchingUp(router: Router): Router {
  let read: RouterState | undefined;
  const subscribe = (subscriber: RouterSubscriber) => {
    const stop = router.subscribe(subscriber);
    if (read !== undefined && read !== router.state)
      subscriber(router.state, { deletedFetchers: [], newErrors: null, flushSync: false });
    return stop;
  };
  // Everything else is the router's own (its getters and methods do not use `this`).
  return Object.create(router, {
    state: {
      get: () => {
        read = router.state;
        return read;
      },
    },
    subscribe: { value: subscribe },
  }) as Router;
}
