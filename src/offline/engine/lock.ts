/** The name of the Web Lock every drain holds: one drain at a time across tabs and the service worker. */
export const DRAIN_LOCK = 'skafferi-drain';

/** Runs `task` while holding the named lock. */
export type LockProvider = <T>(name: string, task: () => Promise<T>) => Promise<T>;

interface LockManagerLike {
  request<T>(name: string, options: { mode: 'exclusive' }, callback: () => Promise<T>): Promise<T>;
}

const tails = new Map<string, Promise<unknown>>();

/** An in-process mutex: the fallback where the Web Locks API is missing (old Safari, Node). */
export const inProcessLock: LockProvider = async <T>(name: string, task: () => Promise<T>): Promise<T> => {
  const previous = tails.get(name) ?? Promise.resolve();
  const run = previous.then(task, task);
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  tails.set(name, tail);
  try {
    return await run;
  } finally {
    if (tails.get(name) === tail) tails.delete(name);
  }
};

/** `navigator.locks` when the context has it (pages and service workers in current browsers), else the mutex. */
export const defaultLock: LockProvider = <T>(name: string, task: () => Promise<T>): Promise<T> => {
  const locks = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
  if (locks && typeof locks.request === 'function') return locks.request(name, { mode: 'exclusive' }, task);
  return inProcessLock(name, task);
};
