import { expect, type Page } from '@playwright/test';

/** The little of the browser read inside the page (e2e is typed for Node). */
type WorkerScope = { navigator: { serviceWorker?: { controller: { state: string } | null } } };

/**
 * Whether the app's service worker controls the page — needed to load the app with no network. Waits a little for
 * the first take-over; false (not a failure) when it never comes, so a journey can skip only its offline reload.
 */
export async function serviceWorkerControls(page: Page): Promise<boolean> {
  try {
    await expect
      .poll(
        () =>
          page.evaluate(
            () => (globalThis as unknown as WorkerScope).navigator.serviceWorker?.controller?.state ?? null,
          ),
        { timeout: 15_000 },
      )
      .toBe('activated');
    return true;
  } catch {
    return false;
  }
}
