import { startTransition, useLayoutEffect, useState, type ReactNode } from 'react';
import type { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * The router's screens, for a first render made in a transition (main.tsx): React then yields between components
 * instead of drawing the layout, header, cookie banner and page in one task of 200 ms or more on a phone's CPU, which
 * Lighthouse counts as blocking time (issue #17, decision 0084).
 *
 * React Router's `RouterProvider` reads `router.state` when it renders and subscribes to the router in a layout effect.
 * A route whose code or data arrives in between — likely while a sliced render yields — would be missed, and the page
 * would stay on its fallback until the next navigation. This component's layout effect runs after the provider's (a
 * parent's effects follow its children's), so the provider is subscribed by then: if the router has moved on since
 * this render began, the provider is drawn afresh from the router's present state. Anything later reaches it through
 * its subscription.
 */
export function SlicedRouterProvider({ router }: { router: Router }): ReactNode {
  const [generation, setGeneration] = useState(0);
  const drawnFrom = router.state;
  useLayoutEffect(() => {
    if (router.state !== drawnFrom) startTransition(() => setGeneration((n) => n + 1));
  }, [router, drawnFrom, generation]);
  return <RouterProvider key={generation} router={router} />;
}
