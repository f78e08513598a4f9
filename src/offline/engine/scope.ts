/** What the engine uses of its global scope, a page (window) or the service worker; absent parts are skipped. */
export interface EventTargetLike {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

export interface RegistrationLike {
  sync?: { register(tag: string): Promise<void> };
}

export type Scope = EventTargetLike & {
  navigator?: { onLine?: boolean; serviceWorker?: { ready: Promise<RegistrationLike> } };
  document?: EventTargetLike & { visibilityState?: string };
  registration?: RegistrationLike;
};

/** The global scope, read on every call (tests replace parts of it). */
export const scope = () => globalThis as unknown as Partial<Scope>;
