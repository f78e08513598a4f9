import { createStore } from './store';

/** Chromium's install prompt event (not in TypeScript's DOM lib). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

/** A dismissed offer stays away this long (then the user is asked once more). */
export const INSTALL_DISMISS_MS = 90 * 24 * 60 * 60 * 1000;
const DISMISSED_KEY = 'skafferi.installDismissedAt';

export interface InstallState {
  /** Chromium offered installation (beforeinstallprompt) and we may show our button. */
  canPrompt: boolean;
  /** iOS/iPadOS in the browser (not from the home screen): installing is "Dela → Lägg till på hemskärmen". */
  iosHint: boolean;
  /** The user said "Inte nu" within INSTALL_DISMISS_MS. */
  dismissed: boolean;
  /** Running as an installed app. */
  standalone: boolean;
}

let deferred: BeforeInstallPromptEvent | null = null;
let captured = false;

function readDismissed(now = Date.now()): boolean {
  try {
    const at = Number(localStorage.getItem(DISMISSED_KEY) ?? 0);
    return now - at < INSTALL_DISMISS_MS;
  } catch {
    return false;
  }
}

export function isStandalone(): boolean {
  const iosStandalone = (navigator as { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

/** iPhone, iPod and iPad (iPadOS says "Macintosh", but has a touch screen). */
export function isIos(userAgent = navigator.userAgent, maxTouchPoints = navigator.maxTouchPoints ?? 0): boolean {
  return /iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/i.test(userAgent) && maxTouchPoints > 1);
}

export const installState = createStore<InstallState>({
  canPrompt: false,
  iosHint: false,
  dismissed: false,
  standalone: false,
});

const patch = (next: Partial<InstallState>) => installState.set((previous) => ({ ...previous, ...next }));

/**
 * Listens for Chromium's install offer from the first moment (it may come before React renders) and works out the
 * iOS hint. Once per page.
 */
export function captureInstallPrompt(): void {
  if (captured || typeof window === 'undefined') return;
  captured = true;
  const standalone = isStandalone();
  patch({ standalone, dismissed: readDismissed(), iosHint: !standalone && isIos() });
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // our own, discreet offer instead of the browser's mini-infobar
    deferred = event as BeforeInstallPromptEvent;
    patch({ canPrompt: true });
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    patch({ canPrompt: false, iosHint: false });
  });
}

/** Shows the browser's install dialog; the offer can be used once. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  deferred = null;
  patch({ canPrompt: false });
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === 'dismissed') dismissInstall();
  return outcome;
}

/** "Inte nu": remembered on this device for INSTALL_DISMISS_MS. */
export function dismissInstall(): void {
  try {
    localStorage.setItem(DISMISSED_KEY, String(Date.now()));
  } catch {
    // storage blocked: hidden for this page only
  }
  patch({ dismissed: true });
}
