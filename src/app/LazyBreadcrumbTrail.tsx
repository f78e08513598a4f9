import { Suspense } from 'react';
import { preloadable } from '../lib/preloadable';
import type { Crumb } from '../ui/BreadcrumbTrail';
import { cx } from '../ui/cx';

/**
 * The breadcrumb trail (ui/BreadcrumbTrail: React Aria's breadcrumbs and their collection, ≈ 7 KB gzip) is a chunk of
 * its own, so that the start page, which has no breadcrumbs, does not load it (docs/decisions/0021-first-load-budget.md).
 * main.tsx fetches it at start-up on any other page and once the start page is idle, so it is there when drawn.
 */
const trail = preloadable(() => import('../ui/BreadcrumbTrail').then((m) => m.BreadcrumbTrail));

export function preloadBreadcrumbTrail(): void {
  void trail.preload().catch(() => undefined);
}

/** BreadcrumbTrail, holding its place (one line of crumbs) while its code arrives. */
export function LazyBreadcrumbTrail({ items, className }: { items: Crumb[]; className?: string }) {
  return (
    <Suspense
      fallback={
        <div aria-hidden="true" className={cx(className)}>
          <div className="h-5" />
        </div>
      }
    >
      <trail.Component items={items} className={className} />
    </Suspense>
  );
}
