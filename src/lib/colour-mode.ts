/** SPEC §1: colour-mode preference system, light or dark, stored locally. index.html applies it before first paint. */
export const COLOUR_MODES = ['system', 'light', 'dark'] as const;
export type ColourMode = (typeof COLOUR_MODES)[number];

export const COLOUR_MODE_STORAGE_KEY = 'skafferi.colourMode';

type Listener = (mode: ColourMode) => void;
const listeners = new Set<Listener>();

function isColourMode(value: unknown): value is ColourMode {
  return COLOUR_MODES.includes(value as ColourMode);
}

export function readColourMode(): ColourMode {
  try {
    const stored = localStorage.getItem(COLOUR_MODE_STORAGE_KEY);
    return isColourMode(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

export function isDark(mode: ColourMode): boolean {
  return mode === 'dark' || (mode === 'system' && darkQuery().matches);
}

export function applyColourMode(mode: ColourMode): void {
  document.documentElement.classList.toggle('dark', isDark(mode));
}

export function setColourMode(mode: ColourMode): void {
  try {
    if (mode === 'system') localStorage.removeItem(COLOUR_MODE_STORAGE_KEY);
    else localStorage.setItem(COLOUR_MODE_STORAGE_KEY, mode);
  } catch {
    // storage unavailable (private mode): the choice lasts for this page only
  }
  applyColourMode(mode);
  for (const listener of listeners) listener(mode);
}

export function subscribeColourMode(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Follows the operating system while the preference is 'system'; call once at start-up. */
export function watchSystemColourScheme(): () => void {
  const query = darkQuery();
  const onChange = () => applyColourMode(readColourMode());
  query.addEventListener('change', onChange);
  window.addEventListener('storage', onChange);
  applyColourMode(readColourMode());
  return () => {
    query.removeEventListener('change', onChange);
    window.removeEventListener('storage', onChange);
  };
}
