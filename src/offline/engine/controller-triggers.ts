import { scope } from './scope';

export interface ScopeTriggers {
  /** The network is back. */
  online(): void;
  offline(): void;
  /** The tab became visible again. */
  visible(): void;
}

/**
 * Listens to the page's (or worker's) network and visibility events that start a sync. Returns the function that
 * removes the listeners again.
 */
export function listenToScope(triggers: ScopeTriggers): () => void {
  const onOnline = () => triggers.online();
  const onOffline = () => triggers.offline();
  const onVisibility = () => {
    if (scope().document?.visibilityState === 'visible') triggers.visible();
  };
  const self = scope();
  self.addEventListener?.('online', onOnline);
  self.addEventListener?.('offline', onOffline);
  self.document?.addEventListener('visibilitychange', onVisibility);
  return () => {
    const current = scope();
    current.removeEventListener?.('online', onOnline);
    current.removeEventListener?.('offline', onOffline);
    current.document?.removeEventListener('visibilitychange', onVisibility);
  };
}
