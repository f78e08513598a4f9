import { expect, type Page } from '@playwright/test';

/** The little of the browser read inside the page (e2e is typed for Node). */
type WorkerScope = { navigator: { serviceWorker?: { controller: { state: string } | null } } };

const controllerState = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as WorkerScope).navigator.serviceWorker?.controller?.state ?? null);

/**
 * Whether the app's service worker controls the page — needed to load the app with no network. Waits a little for
 * the first take-over; false (not a failure) when it never comes, so a journey can skip only its offline reload.
 */
export async function serviceWorkerControls(page: Page): Promise<boolean> {
  try {
    await expect.poll(() => controllerState(page), { timeout: 15_000 }).toBe('activated');
    return true;
  } catch {
    return false;
  }
}

/**
 * Waits until the app's code is on the device (its worker installed the precache and controls the page), for a
 * journey that opens a screen it has not opened yet after the network goes. A fresh browser installs the precache in
 * the background; on a busy machine that took longer than logging in and opening a list, and the screen opened offline
 * showed "En del av appen kunde inte laddas" (CI). The bound is for a hang, not for speed.
 */
export async function expectAppOnDevice(page: Page): Promise<void> {
  await expect
    .poll(() => controllerState(page), { timeout: 90_000, message: 'the app’s service worker controls the page' })
    .toBe('activated');
}
