import type { ReactNode } from 'react';
import { RouterProvider } from 'react-aria-components';
import { useHref, useNavigate, type NavigateOptions } from 'react-router';

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

const EXTERNAL = /^[a-z][a-z\d+.-]*:/i;

function useAppHref(href: string): string {
  const resolved = useHref(href);
  return EXTERNAL.test(href) ? href : resolved;
}

/** Lets React Aria links and menu items navigate inside the app instead of reloading the page. */
export function AriaRouter({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <RouterProvider navigate={(to, options) => void navigate(to, options)} useHref={useAppHref}>
      {children}
    </RouterProvider>
  );
}
