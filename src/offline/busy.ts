import { useEffect } from 'react';
import { DRAIN_LOCK } from './engine/lock';

/**
 * What must not be interrupted by an app update (a reload): a count screen that is open, a drain of the outbox. Screens
 * mark themselves (`useBusy('count')` while mounted); the sync controller is tracked as a source; and a drain in any
 * context (another tab, the service worker) is seen through the Web Lock it holds.
 */

interface Source {
  isBusy(): boolean;
  subscribe(listener: () => void): () => void;
}

const marks = new Map<symbol, string>();
const sources = new Map<string, Source>();
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of [...listeners]) listener();
}

/** Marks the app busy for `reason` until the returned function is called. */
export function markBusy(reason: string): () => void {
  const mark = Symbol(reason);
  marks.set(mark, reason);
  emit();
  return () => {
    if (marks.delete(mark)) emit();
  };
}

/** Keeps the app busy while the calling component is mounted (and `active`), e.g. a count screen. */
export function useBusy(reason: string, active = true): void {
  useEffect(() => (active ? markBusy(reason) : undefined), [reason, active]);
}

/** Follows an external busy flag, e.g. the sync controller's `draining`. Returns a function that stops following. */
export function trackBusySource(name: string, source: Source): () => void {
  const unsubscribe = source.subscribe(emit);
  sources.set(name, source);
  emit();
  return () => {
    unsubscribe();
    if (sources.get(name) === source) sources.delete(name);
    emit();
  };
}

/** The reasons the app is busy now, in this page (marks and tracked sources). */
export function busyReasons(): string[] {
  const reasons = [...marks.values()];
  for (const [name, source] of sources) if (source.isBusy()) reasons.push(name);
  return reasons;
}

/** True while something in this page must not be interrupted. */
export function isBusy(): boolean {
  return busyReasons().length > 0;
}

export function subscribeBusy(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

interface LockManagerLike {
  query(): Promise<{ held?: { name?: string }[]; pending?: { name?: string }[] }>;
}

/** True while a drain holds (or waits for) the drain lock anywhere in this origin: a tab or the service worker. */
export async function isDrainRunning(): Promise<boolean> {
  const locks = (navigator as { locks?: LockManagerLike }).locks;
  if (!locks?.query) return false;
  try {
    const { held = [], pending = [] } = await locks.query();
    return [...held, ...pending].some((lock) => lock.name === DRAIN_LOCK);
  } catch {
    return false;
  }
}

/** True when nothing forbids a reload now: nothing marked here and no drain anywhere. */
export async function isIdle(): Promise<boolean> {
  return !isBusy() && !(await isDrainRunning());
}

/** Resolves once the app is idle (checks on every change here, and every `pollMs` for drains elsewhere). */
export function whenIdle(pollMs = 500): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let unsubscribe = () => {};
    const check = async () => {
      if (done) return;
      if (await isIdle()) {
        if (done) return;
        done = true;
        clearTimeout(timer);
        unsubscribe();
        resolve();
        return;
      }
      clearTimeout(timer);
      timer = setTimeout(() => void check(), pollMs);
    };
    unsubscribe = subscribeBusy(() => void check());
    void check();
  });
}
